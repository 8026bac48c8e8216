"""Dealing a game and its rounds, ending a round, and a player leaving."""

from __future__ import annotations

from typing import Any

from shared.games.base import (
    Event,
    IllegalMove,
    IllegalSettings,
    Rng,
    State,
    seats_refused,
    seed_state,
    settle,
    upgrade_state,
)
from shared.games.speedone.cards import DECK, HAND_SIZE, NUMBER_CARDS, shuffle
from shared.games.speedone.options import MAX_SEATS, MIN_SEATS, NAME, OPTIONS
from shared.games.speedone.scoring import game_over, score_round, target_reached
from shared.games.speedone.seating import active_seats, next_seat, team

# A round that reaches this many turns (plays and draws) ends without a winner, and the game
# ends after this many rounds at the latest: nothing else stops players who only draw.
ROUND_TURNS = 1000
MAX_ROUNDS = 100


# kept since: the round's turns (ROUND_TURNS), the colours drawn on (view.drew_on), the
# rounds ended (view.round_history)
ADDED_LATER = {
    "turns": lambda state: 0,
    "drew_on": lambda state: [{} for _ in state["hands"]],
    "history": lambda state: [],
}


def upgrade(state: State) -> State:
    return upgrade_state(state, ADDED_LATER)


def new(settings: dict[str, Any], seats: int, seed: int | str, first: int | None = None) -> State:
    """Deal round 1. The first dealer is drawn by lot, unless ``first`` (the seat that begins)
    is given: then the dealer is the seat before it."""
    settings = settle(OPTIONS, settings)
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise seats_refused(NAME, MIN_SEATS, MAX_SEATS, seats)
    if settings["partners"] and seats != 4:
        raise IllegalSettings(
            "partners needs exactly 4 seats", {"setting": "partners", "reason": "four_seats"}
        )
    rng = Rng(seed_state(seed))
    if first is None:
        dealer = rng.below(seats)
    elif type(first) is int and 0 <= first < seats:
        dealer = (first - 1) % seats
    else:
        raise IllegalSettings(f"first must be a seat from 0 to {seats - 1}, not {first!r}")
    state = {
        "settings": settings,
        "seats": seats,
        "rng": rng.state,
        "round": 1,
        "dealer": dealer,
        "totals": [0] * seats,
        "rounds_won": [0] * seats,
        "left": [],
        "over": False,
        "history": [],
    }
    deal(state)
    return state


def deal(state: State) -> list[Event]:
    """Shuffle all 108 cards, deal seven to each seat still in and turn the first card: turned
    action and wild cards are shuffled back in (at a random place) until a number shows. The
    seat after the dealer begins, clockwise."""
    rng = Rng(state["rng"])
    cards = list(DECK)
    shuffle(cards, rng)
    hands: list[list[str]] = [[] for _ in range(state["seats"])]
    for seat in active_seats(state):
        hands[seat] = cards[-HAND_SIZE:]
        del cards[-HAND_SIZE:]
    events = []
    top = cards.pop()
    while top not in NUMBER_CARDS:
        events.append({"type": "turn_up", "revealed": [top]})
        cards.insert(rng.below(len(cards) + 1), top)
        top = cards.pop()
    turn = next_seat(state, state["dealer"], 1)
    state.update(
        rng=rng.state,
        hands=hands,
        draw=cards,
        discard=[top],
        color=top[0],
        direction=1,
        pending=None,
        turn=turn,
        turns=0,
        called=False,
        drew_on=[{} for _ in hands],
    )
    events.append(
        {
            "type": "deal",
            "round": state["round"],
            "dealer": state["dealer"],
            "turn": turn,
            "top": top,
            "hand_sizes": [len(hand) for hand in hands],
            "private": {str(seat): {"hand": sorted(hands[seat])} for seat in active_seats(state)},
        }
    )
    return events


def end_round(state: State, winner: int | None, card: str | None = None) -> list[Event]:
    """``winner`` has played out ``card`` (None: the round reached ROUND_TURNS without one):
    score the round, then end the game or deal the next round (the dealer moves on one seat).
    The last card is reported under "revealed" since the next deal hides it again."""
    state["pending"] = None  # a draw card played out puts no penalty on anyone
    events = [] if winner is None else [{"type": "out", "seat": winner, "revealed": [card]}]
    events.extend(score_round(state, winner))
    if target_reached(state) or state["round"] >= MAX_ROUNDS:
        events.append(game_over(state, "target" if target_reached(state) else "rounds"))
        return events
    state["round"] += 1
    state["dealer"] = next_seat(state, state["dealer"], 1)
    events.extend(deal(state))
    return events


def gathered(events: list[Event]) -> None:
    """The events of a turn that ends the round without a winner: the next deal gathers up
    the card played and the cards drawn, so they are named under "revealed" (shown, then
    hidden again), the drawn ones still only to the drawer."""
    for event in events:
        if "card" in event:
            event["revealed"] = [event.pop("card")]
        for private in event.get("private", {}).values():
            if "cards" in private:
                private["revealed"] = private.pop("cards")


def leave(state: State, seat: int) -> list[Event]:
    """``seat`` leaves for good: it is skipped from now on, the running round is abandoned and
    dealt again among the others (same dealer, or the next one in if the dealer left), totals
    kept. With one player, or in partner mode one team, left, the game ends."""
    if type(seat) is not int or not 0 <= seat < state["seats"]:
        raise IllegalMove(f"there is no seat {seat!r}")
    if state["over"] or seat in state["left"]:
        return []
    state["left"].append(seat)
    events: list[Event] = [{"type": "leave", "seat": seat}]
    remaining = active_seats(state)
    sides = {team(other) for other in remaining} if state["settings"]["partners"] else remaining
    if len(sides) < 2:
        events.append(game_over(state, "left"))
        return events
    events.append({"type": "round_abandoned", "round": state["round"]})
    if state["dealer"] == seat:
        state["dealer"] = next_seat(state, seat, 1)
    events.extend(deal(state))
    return events
