"""Stakes for ledger tests that are not about how a start takes them: a game's pot filled at
once (reserved for a start from version 0 and confirmed, as a start does it)."""

from __future__ import annotations

from shared.wallets import confirm_stakes, reserve_stakes


def pay_in(r, game_id: str, players: list[str], stake: int) -> None:
    """``stake`` from every player into the pot of ``game_id`` (``<table>-<no>``), all or
    nothing (InsufficientFunds)."""
    table_id = game_id.rsplit("-", 1)[0]
    reserve_stakes(r, table_id, game_id, 0, players, stake, 0.0)
    confirm_stakes(r, table_id, game_id, 0)
