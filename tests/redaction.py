"""Test helpers that prove a payload shows a seat no card hidden from it.

A payload's cards are the string values (never dict keys) equal to a deck token. A payload is
clean for a seat when that multiset fits inside the multiset of cards the seat may see in the
snapshot, by the engine's own zone declarations.
"""

from __future__ import annotations

from collections import Counter

from shared.games.base import HIDDEN, OWNER, PUBLIC, TOP

SECRET_KEYS = {"rng", "seed", "draw_order"}


def visible_cards(game, state, seat) -> Counter:
    """The cards ``seat`` (None: a spectator) may see in the current state."""
    return visible_by_seat(game, state)[seat]


def visible_by_seat(game, state) -> dict:
    """For every seat and the spectator (None), the cards it may see — one snapshot."""
    public: Counter = Counter()
    owned: dict = {seat: Counter() for seat in range(state["seats"])}
    for zone, cards in game.snapshot(state)["zones"].items():
        visibility = game.zone_visibility(zone)
        if visibility.kind == PUBLIC:
            public.update(cards)
        elif visibility.kind == TOP:
            if cards:
                public[cards[-1]] += 1
        elif visibility.kind == OWNER:
            owned[visibility.owner].update(cards)
        else:
            assert visibility.kind == HIDDEN, f"unknown visibility {visibility}"
    seen = {seat: public + cards for seat, cards in owned.items()}
    seen[None] = public
    return seen


def payload_cards_and_keys(payload, deck: frozenset) -> tuple[Counter, set]:
    """Every card token among the string values of a JSON payload, and every dict key
    anywhere in it (one walk: the contract checks walk every view of every position)."""
    cards: list = []
    keys: set = set()
    stack = [payload]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in deck:
                cards.append(item)
        elif isinstance(item, dict):
            keys.update(item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return Counter(cards), keys


def assert_hides(payload, allowed: Counter, deck: frozenset, what: str) -> None:
    """Fail when ``payload`` shows more of any card than ``allowed`` lets it."""
    cards, keys = payload_cards_and_keys(payload, deck)
    excess = cards - allowed
    assert not excess, f"{what} shows hidden cards {dict(excess)}"
    leaked = keys & SECRET_KEYS
    assert not leaked, f"{what} carries secret fields {leaked}"
