"""The Speedlaunch cards: tokens, the 120-card deck, piles kept as counts by kind, the deal."""

from __future__ import annotations

from shared.games.base import Rng

SAT, AST, HOLE = "SAT", "AST", "HOLE"
COUNTDOWN = tuple(str(value) for value in range(1, 11))
KINDS = (*COUNTDOWN, SAT, AST, HOLE)
TOTAL = {**dict.fromkeys(COUNTDOWN, 10), SAT: 7, AST: 7, HOLE: 6}
DECK = tuple(kind for kind in KINDS for _ in range(TOTAL[kind]))
VALUE = {token: int(token) for token in COUNTDOWN}
ORDER = {kind: index for index, kind in enumerate(KINDS)}  # canonical order of hand tokens

STACKS = 4
DEALT = 20  # per seat: four stacks of three and eight in hand
MAX_SEATS = len(DECK) // DEALT  # six: then every card is in play
# A stack is [blind, standing, open] from the bottom up, None where there is no card: the
# lying blind card, the standing card (face down), the open card on top.
BLIND, STANDING, OPEN = 0, 1, 2


def add(hand: dict[str, int], token: str) -> None:
    hand[token] = hand.get(token, 0) + 1


def remove(hand: dict[str, int], token: str) -> None:
    left = hand[token] - 1
    if left:
        hand[token] = left
    else:
        del hand[token]


def forget(known: dict[str, int], token: str) -> None:
    """One card of ``token`` left a hand: one fewer of that kind known in it, down to none."""
    if token in known:
        remove(known, token)


_ALL_OF = {kind: [kind] * TOTAL[kind] for kind in KINDS}


def tokens(counts: dict[str, int]) -> list[str]:
    """Cards kept as counts by kind, as tokens (their order means nothing)."""
    cards: list[str] = []
    for kind, count in counts.items():
        cards += _ALL_OF[kind][:count]
    return cards


def counted(cards: list[str]) -> dict[str, int]:
    """Cards as counts keyed by kind, in deck order."""
    counts: dict[str, int] = {}
    for card in cards:
        add(counts, card)
    return grouped(counts)


def grouped(hand: dict[str, int]) -> dict[str, int]:
    """A hand as counts keyed by kind, in deck order."""
    return {kind: hand[kind] for kind in KINDS if kind in hand}


def cards_left(state: dict, seat: int) -> int:
    """Cards a seat still holds in hand and stacks (its minus points if the round ended now)."""
    in_stacks = sum(card is not None for stack in state["stacks"][seat] for card in stack)
    return sum(state["hands"][seat].values()) + in_stacks


def deal(rng: Rng, seats: int) -> tuple[list[dict[str, int]], list[list[list]], dict[str, int]]:
    """Shuffle all 120 cards and give every seat 20: hands, stacks, and the rest for the box
    (hands and box as counts by kind: their order means nothing)."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands, stacks = [], []
    for seat in range(seats):
        own = cards[seat * DEALT : (seat + 1) * DEALT]
        stacks.append([[own[k], own[STACKS + k], own[2 * STACKS + k]] for k in range(STACKS)])
        hands.append(counted(own[3 * STACKS :]))
    return hands, stacks, counted(cards[seats * DEALT :])
