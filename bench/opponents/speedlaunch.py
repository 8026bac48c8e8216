"""The Shithead AI "TakeShit" of masters-of-shithead for Speedlaunch.

Source: github.com/trachwo/masters-of-shithead, file ``src/shithead/player.py`` (class
``TakeShit``, with ``Player.find_cheapest_play``, ``estimate_turns_per_hand``,
``take_discard_or_not`` and ``rank_to_play``). Re-implemented, not copied.

The original's rule: if three equal cards lie on top, play the fourth when it holds one (the
pile burns); take the pile voluntarily when that saves turns; otherwise play the cheapest
card that fits, every card of that rank (with the talon empty, as Speedlaunch always is),
face-down cards at random once hand and face-up cards are gone. Cheap means playable on
little: Shithead's low ranks first, then the high ones, then the burning 10 and the specials.

Adaptations to the house's rules (docs/rules/speedlaunch.md):

* Countdown cards go onto equal or higher values, so the cheapest is the highest value: 10 is
  Shithead's 4, 1 its ace. The black hole (burns the ramp, the player goes again) ranks as
  Shithead's 10; the asteroid, which Shithead lacks, next; the satellite (it takes the value
  on top) as Shithead's transparent 3, dearest of all.
* Shithead plays one rank at a time and may play its equals after; Speedlaunch plays a group
  in one move. The port plays the biggest legal group of the cheapest kind, satellites left
  out of countdown plays (they rank apart); Speedlaunch has no talon, so the original's
  "hold back high cards while the talon lasts" never applies.
* Shithead must empty its hand before its face-up cards; Speedlaunch mixes them, so hand and
  open stack cards are one supply. A blind card is risked, at random among those allowed,
  only when no hand or open card is left, as Shithead plays face-down cards last.
* Voluntary taking: only with more than three cards in hand (the original's case without a
  talon), when the ramp's cards cut the estimated turns by more than the turn spent taking.
  The estimate: one turn per kind held, one less for black holes and for each kind held four
  times or more (both give another turn).
* After a fitting blind card the follow-up is played whenever a play fits (no talon).
* Asteroids, which Shithead lacks, go to the opponent with the fewest cards; the first in
  turn order of equals.
* Swapping cards before the start (Shithead's first phase) does not exist in Speedlaunch.
"""

from __future__ import annotations

import random
from collections import Counter

NAME = "masters-of-shithead TakeShit"
SPECIALS = {"HOLE": 10, "AST": 11, "SAT": 12}


def cost(kind: str) -> int:
    """How dear a kind is to play (lower: play it first)."""
    return SPECIALS[kind] if kind in SPECIALS else 10 - int(kind)


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    if len(legal) == 1:
        return legal[0]
    if view["phase"] == "aim":
        return min(legal, key=lambda move: _target_rank(view, move["target"]))
    plays = [move for move in legal if move["type"] == "play"]
    kinds = [(_kind(view, move), move) for move in plays]
    if view["lamps"] == 3 and view["top"] is not None:
        fourth = [move for kind, move in kinds if kind == str(view["top"])]
        if fourth:
            return min(fourth, key=lambda move: len(_cards(view, move)))
    take = next((move for move in legal if move["type"] == "take"), None)
    if take and _take_pays(view):
        return take
    if plays:
        return _cheapest(view, kinds)
    me = view["players"][view["seat"]]
    blinds = [move for move in legal if move["type"] == "blind"]
    if blinds and not sum(view["hand"].values()) and not any(me["open"]):
        return rng.choice(blinds)
    return take or next((m for m in legal if m["type"] == "end"), None) or rng.choice(blinds)


def _cards(view: dict, move: dict) -> list[str]:
    own = view["players"][view["seat"]]["open"]
    return list(move.get("hand", [])) + [own[stack] for stack in move.get("stacks", [])]


def _kind(view: dict, move: dict) -> str:
    cards = _cards(view, move)
    return next((card for card in cards if card not in SPECIALS), cards[0])


def _cheapest(view: dict, kinds: list[tuple[str, dict]]) -> dict:
    """The biggest group of the cheapest kind, satellites only when they are the kind."""
    least = min(cost(kind) for kind, _ in kinds)
    group = [move for kind, move in kinds if cost(kind) == least]
    if least == SPECIALS["AST"]:
        return min(group, key=lambda move: _target_rank(view, move.get("target")))
    pure = [move for move in group if "SAT" not in _cards(view, move)] or group
    return max(pure, key=lambda move: len(_cards(view, move)))


def _target_rank(view: dict, target: int | None) -> tuple[int, int]:
    if target is None:
        return (0, 0)
    seats = len(view["players"])
    return (view["players"][target]["cards"], (target - view["seat"]) % seats)


def _turns(hand: Counter) -> int:
    """Turns to play a hand out: one per kind, one less for holes and for fours."""
    turns = len(hand)
    for kind, count in hand.items():
        if kind == "HOLE" or count >= 4:
            turns -= 1
    return turns


def _take_pays(view: dict) -> bool:
    hand = Counter({kind: count for kind, count in view["hand"].items() if count})
    if sum(hand.values()) <= 3 or not view["ramp"]:
        return False
    taken = hand + Counter(card["card"] for card in view["ramp"])
    return _turns(taken) + 1 < _turns(hand)
