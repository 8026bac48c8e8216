"""A world the seat cannot tell from the real one: an engine state built from its view, the
cards it cannot see dealt from its card count: each opponent's known cards (seen taken into
its hand) to that opponent, the rest at random (opponents' hands, face-down stack cards, the
box). Only worlds like these are ever simulated, never the real state."""

from __future__ import annotations

import random

from shared.games.speedlaunch import ramp
from shared.games.speedlaunch.cards import BLIND, OPEN, STANDING, counted, tokens
from shared.strategies.speedlaunch.position import STANDING_UNDER, Position


def sample(view: dict, rng: random.Random) -> dict:
    """One engine state consistent with everything ``view`` shows: each opponent's known
    cards (seen taken into its hand) dealt to it first, the other unseen cards shuffled and
    dealt to the rest of the opponents' hands, every face-down card, then the box."""
    seat = view["seat"]
    players = view["players"]
    known = [dict(player["known"]) for player in players]
    unseen = tokens(unplaced(view))
    rng.shuffle(unseen)
    dealt = iter(unseen)
    hands, stacks = [], []
    for other, player in enumerate(players):
        if other == seat:
            hands.append(dict(view["hand"]))
        else:
            hidden = player["hand"] - sum(known[other].values())
            hands.append(counted(tokens(known[other]) + [next(dealt) for _ in range(hidden)]))
        own = []
        for card, face_down in zip(player["open"], player["face_down"], strict=True):
            blind = next(dealt) if face_down else None
            standing = next(dealt) if face_down == STANDING_UNDER else None
            own.append([blind, standing, card])
        stacks.append(own)
    box = counted(list(dealt))
    return {
        "settings": dict(view["settings"]),
        "seats": len(view["players"]),
        "rng": rng.getrandbits(64),
        "round": view["round"],
        "round_count": view["rounds"],
        "minus": list(view["minus"]),
        "won": list(view["rounds_won"]),
        "record": [],
        "first": view["first"],
        "turn": view["turn"],
        "turns": 0,  # a play-out counts its round's turns from the sample on
        "left": [],
        "phase": view["phase"],
        "over": view["over"],
        "hands": hands,
        "known": known,
        "stacks": stacks,
        "box": box,
        "ramp": [entry["card"] for entry in view["ramp"]],
        "carried": [entry["value"] for entry in view["ramp"]],
        "burned": {kind: count for kind, count in view["card_count"]["burned"].items() if count},
    }


def unplaced(view: dict) -> dict[str, int]:
    """The card count's unknown cards less those known to be in an opponent's hand: the
    cards that may lie anywhere unseen (the seat's own known cards are in its hand)."""
    pool = dict(view["card_count"]["unknown"])
    for other, player in enumerate(view["players"]):
        if other != view["seat"]:
            for kind, count in player["known"].items():
                pool[kind] -= count
    return pool


def copy(state: dict) -> dict:
    """A copy of a world deep enough for ``apply`` to change freely."""
    return {
        **state,
        "hands": [dict(hand) for hand in state["hands"]],
        "known": [dict(known) for known in state["known"]],
        "stacks": [[list(stack) for stack in own] for own in state["stacks"]],
        "ramp": list(state["ramp"]),
        "carried": list(state["carried"]),
        "burned": dict(state["burned"]),
        "box": dict(state["box"]),
        "minus": list(state["minus"]),
        "won": list(state["won"]),
        "record": list(state["record"]),
    }


def seen_by(state: dict, seat: int) -> Position:
    """The position ``seat`` sees in this world (what its view would show, built directly)."""
    players = []
    for hand, own in zip(state["hands"], state["stacks"], strict=True):
        opens = [stack[OPEN] for stack in own]
        face_down = [(stack[BLIND] is not None) + (stack[STANDING] is not None) for stack in own]
        held = sum(hand.values())
        cards = held + sum(face_down) + len(opens) - opens.count(None)
        players.append({"cards": cards, "hand": held, "open": opens, "face_down": face_down})
    top, lamps = ramp.top(state)
    return Position(
        seat=seat,
        seats=state["seats"],
        hand=state["hands"][seat],
        opens=players[seat]["open"],
        face_down=players[seat]["face_down"],
        top=top,
        lamps=lamps,
        ramp=state["ramp"],
        players=players,
    )
