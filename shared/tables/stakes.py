"""The stakes of a game: taken from exactly the humans dealt in, by the start that deals it,
or from nobody.

A table's keys and the wallets live on different shards of a Redis Cluster, so no one script
can commit a start and move the money. Instead, each start reserves and then settles:

1. **reserve** (one ledger script, all or nothing): the stake of every human the start deals
   in moves into the game's pot, marked ``pending:<tag>``, where the tag is the table version
   the start is about to be committed from. A start tried again after losing its
   compare-and-set reserves anew for the version it now starts from; the script first gives
   back a reservation of an older tag, since that start can never be committed any more.
2. **commit** the start (the table's compare-and-set) from version ``tag``.
3. **settle**: the commit from a version is unique, and once the table has moved past
   ``tag`` it is final whether that commit dealt the game. So the reservation is confirmed
   when the table has the game (``games_played`` reached its number), given back otherwise —
   by the start itself right after its commit, or, should the starter die in between, by the
   watchdog (:func:`settle_stale`) once the table has moved on or is gone. Whoever settles,
   the decision is the same, and a settled reservation is never settled again (the marker
   names the tag it holds).

So a game is dealt only with its pot in place, the pot holds the stakes of exactly the seats
dealt in, and a pot without its game lives only until the table moves on (docs/ledger.md).
"""

from __future__ import annotations

from shared import store, wallets
from shared.tables import table
from shared.tables.errors import stake_unaffordable

SETTLE_AFTER = 30.0  # seconds before the watchdog settles a reservation its start left
SETTLE_BATCH = 100  # reservations one watchdog round settles at most


def game_id_of(doc: dict) -> str:
    """The id of the next game dealt at the table (table.deal numbers them so)."""
    return f"{doc['id']}-{doc['games_played'] + 1}"


def decided(doc: dict | None, game_id: str, tag: int) -> bool | None:
    """Whether the start committed from version ``tag`` dealt ``game_id`` (True), did not
    (False), or cannot be known yet: the table is still at ``tag`` (None)."""
    if doc is None:
        return False  # gone: no start will come
    if doc["version"] <= tag:
        return None
    return doc["games_played"] >= int(game_id.rsplit("-", 1)[1])


def settle(r, table_id: str, game_id: str, tag: int, doc: dict | None = None) -> bool | None:
    """Confirm or give back the reservation ``tag`` of ``game_id`` once that is decided (the
    table ``doc`` when the caller holds it, else read); what was decided."""
    outcome = decided(store.load(r, table_id) if doc is None else doc, game_id, tag)
    if outcome:
        wallets.confirm_stakes(r, table_id, game_id, tag)
    elif outcome is False:
        wallets.release_stakes(r, table_id, game_id, tag)
    return outcome


def settle_stale(r, now: float) -> int:
    """The watchdog's part: settle reservations left by starts that did not settle them
    (their process died between reserving and settling); returns how many were decided."""
    stale = wallets.pending_stakes(r, now - SETTLE_AFTER, SETTLE_BATCH)
    return sum(settle(r, *reservation) is not None for reservation in stale)


class Stakes:
    """The stakes one lobby action (a start, a rematch, a solo table's opening) may take: the
    reservation of its latest attempt, settled when the action is done."""

    def __init__(self, r, now: float):
        self.r, self.now = r, now
        self.reserved: tuple[str, str, int] | None = None  # (table id, game id, tag)
        self.done: dict | None = None  # the table as the action committed it

    def take(self, doc: dict) -> None:
        """Reserve the stake of every human seated at the prepared ``doc`` (its version: the
        tag; a new table has none: 0). Raises 409 stake_unaffordable naming who cannot pay,
        or VersionConflict when the document is out of date (the change tries again)."""
        stake = doc["settings"]["stakes"]
        if not stake:
            return
        game_id, tag = game_id_of(doc), doc.get("version", 0)
        payers = table.stake_payers(doc)
        try:
            taken = wallets.reserve_stakes(self.r, doc["id"], game_id, tag, payers, stake,
                                           self.now)  # fmt: skip
        except wallets.InsufficientFunds as error:
            raise stake_unaffordable(doc["seats"], error.players, stake) from error
        if not taken:
            raise store.VersionConflict(None)
        self.reserved = (doc["id"], game_id, tag)

    def settle(self, doc: dict | None = None) -> None:
        """After the action: confirm the reservation if its start was committed, else give it
        back (``doc``: the table as the action left it, when it committed)."""
        if self.reserved is not None:
            settle(self.r, *self.reserved, doc)
