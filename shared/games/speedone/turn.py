"""A turn: the legal moves of the seat to move, and applying one (play, draw, ONE).

This is the hot path of random play and bots' look-ahead: it reads the state directly and
keeps the work per move small.
"""

from __future__ import annotations

from shared.games.base import Event, IllegalMove, Move, Rng, State
from shared.games.speedone.cards import (
    EFFECT,
    HAND_LIMIT,
    MATCHING,
    PENALTY,
    STACKABLE,
    shuffle,
)
from shared.games.speedone.moves import DRAW, ONE, PLAYS, LegalMove, parse
from shared.games.speedone.options import STACK_OPTION
from shared.games.speedone.rounds import ROUND_TURNS, end_round, gathered
from shared.games.speedone.seating import next_seat

NOTHING: frozenset[str] = frozenset()
SEAT_KEYS = tuple(str(seat) for seat in range(8))  # "private" keys, made once


def to_move(state: State) -> int | None:
    return state["turn"]  # None once the game is over


def playable(state: State) -> frozenset[str]:
    """The cards that may be played now, held or not."""
    pending = state["pending"]
    if pending is None:
        return MATCHING[state["discard"][-1]][state["color"]]
    kind = pending["kind"]
    return STACKABLE[kind] if state["settings"][STACK_OPTION[kind]] else NOTHING


def legal_moves(state: State, seat: int) -> list[Move]:
    """Plays (each held card once, in token order; a wild card once per colour), then draw,
    then ONE where it may be called."""
    if state["turn"] != seat or seat is None:
        return []
    hand = state["hands"][seat]
    cards = playable(state).intersection(hand)
    moves: list[Move] = []
    for card in sorted(cards) if len(cards) > 1 else cards:  # one card needs no sorting
        moves += PLAYS[card]
    moves.append(DRAW)
    if len(hand) == 2 and not state["called"]:
        moves.append(ONE)
    return moves


def apply(state: State, seat: int, move: Move) -> list[Event]:
    if state["over"]:
        raise IllegalMove("the game is over")
    if state["turn"] != seat:
        raise IllegalMove("it is not your turn")
    kind, card, colour = move.parsed if type(move) is LegalMove else parse(move)
    if kind == "play":
        return _play(state, seat, card, colour)
    if kind == "draw":
        return _take(state, seat)
    return _call_one(state, seat)


def _play(state: State, seat: int, card: str, colour: str) -> list[Event]:
    hand = state["hands"][seat]
    if card not in playable(state):
        raise IllegalMove(_refusal(state, card) if card in hand else f"you do not hold {card}")
    try:
        hand.remove(card)
    except ValueError:
        raise IllegalMove(f"you do not hold {card}") from None

    state["discard"].append(card)
    state["color"] = colour
    called = state["called"]
    state["called"] = False
    if not hand:
        return end_round(state, seat, card)
    event: Event = {"type": "play", "seat": seat, "card": card, "color": colour}
    step = state["direction"]
    effect = EFFECT[card]
    if effect == "number" or effect == "wild":
        turn = next_seat(state, seat, step)
    elif effect == "skip":
        skipped = event["skipped"] = next_seat(state, seat, step)
        turn = seat if _two_left(state) else next_seat(state, skipped, step)
    elif effect == "reverse":
        step = state["direction"] = event["direction"] = -step
        turn = seat if _two_left(state) else next_seat(state, seat, step)
    else:
        pending = state["pending"]
        amount = PENALTY[effect] + (pending["amount"] if pending else 0)
        state["pending"] = {"kind": effect, "amount": amount}
        event["pending"] = {"kind": effect, "amount": amount}
        turn = next_seat(state, seat, step)
    state["turn"] = turn
    if turn == seat:
        event["again"] = True  # skip or reverse with two players left
    events = [event]
    if len(hand) == 1 and not called:
        _draw(state, seat, 2, "one", events)
    return _turn_over(state, events)


def _refusal(state: State, card: str) -> str:
    """Why a held ``card`` may not be played now."""
    pending = state["pending"]
    if pending is None:
        return (
            f"{card} matches neither the colour {state['color']} "
            f"nor the symbol of {state['discard'][-1]}"
        )
    kind, amount = pending["kind"], pending["amount"]
    answer = "draw-two" if kind == "draw_two" else "draw-four"
    if state["settings"][STACK_OPTION[kind]]:
        return f"a {answer} is pending: stack a {answer} or draw {amount} cards"
    return f"a {answer} is pending and stacking is off: draw {amount} cards"


def _two_left(state: State) -> bool:
    """Two players left: skip and reverse let the same player play again."""
    return state["seats"] - len(state["left"]) == 2


def _take(state: State, seat: int) -> list[Event]:
    """Draw one card, or the whole pending penalty; either ends the turn."""
    pending = state["pending"]
    state["called"] = False
    state["turn"] = next_seat(state, seat, state["direction"])
    if pending is None:
        state["drew_on"][seat][state["color"]] = 0  # _draw counts the card drawn now
        return _turn_over(state, _draw(state, seat, 1, "draw", []))
    state["pending"] = None
    return _turn_over(state, _draw(state, seat, pending["amount"], pending["kind"], []))


def _turn_over(state: State, events: list[Event]) -> list[Event]:
    """Count the turn just played; the round's ROUND_TURNS-th ends it without a winner."""
    turns = state["turns"] = state["turns"] + 1
    if turns >= ROUND_TURNS:
        gathered(events)
        events.extend(end_round(state, None))
    return events


def _call_one(state: State, seat: int) -> list[Event]:
    if len(state["hands"][seat]) != 2:
        raise IllegalMove("ONE may only be called holding exactly two cards")
    if state["called"]:
        raise IllegalMove("you have already called ONE")
    state["called"] = True
    return [{"type": "one", "seat": seat}]


def _draw(state: State, seat: int, count: int, reason: str, events: list[Event]) -> list[Event]:
    """``seat`` draws ``count`` cards; those beyond the hand limit, or beyond what the draw
    pile holds even after reshuffling the discard pile, are forfeited. Counts the cards in
    the seat's "drew_on" record. Returns ``events`` with the draw (and any reshuffle) added."""
    hand, pile = state["hands"][seat], state["draw"]
    room = HAND_LIMIT - len(hand)
    if count < room:
        room = count
    if room > len(pile):
        _reshuffle(state, events)
        room = min(room, len(pile))
    if room == 1:  # the common case: one card off the top
        drawn = [pile.pop()]
    else:  # off the top, in the order drawn
        drawn = pile[len(pile) - room :]
        del pile[len(pile) - room :]
        drawn.reverse()
    hand += drawn
    seen = state["drew_on"][seat]
    for colour in seen:
        seen[colour] += room
    events.append(
        {
            "type": "draw",
            "seat": seat,
            "count": room,
            "forfeited": count - room,
            "reason": reason,
            "private": {SEAT_KEYS[seat]: {"cards": drawn}},
        }
    )
    return events


def _reshuffle(state: State, events: list[Event]) -> None:
    """Shuffle the discard pile below its top card under the draw pile (the cards still in
    the draw pile are drawn first)."""
    discard = state["discard"]
    if len(discard) < 2:
        return
    below = discard[:-1]
    del discard[:-1]
    rng = Rng(state["rng"])
    shuffle(below, rng)
    state["rng"] = rng.state
    state["draw"][:0] = below
    events.append({"type": "reshuffle", "count": len(below)})
