"""Speedone's computer players, following the rules' tips ("Tipps").

* leicht: plays a card when it has one, picked at random; sometimes forgets ONE.
* normal: calls ONE; answers a penalty by stacking when it can; keeps wild cards for when
  nothing else fits; stays in the colour it holds most of; aims skips, draw-twos and wild
  draw-fours at a next player who is close to going out; sheds high-value cards once someone
  is close to going out (so it is not caught holding them).
* stark: all of normal, and it looks at the table as a whole: it saves its wild draw-four for
  a next player with few cards, plays a reverse when the player after it is the one close to
  going out, and names the colour it holds most of weighed by what it would keep.
"""

from __future__ import annotations

import random

ACTION_POINTS, WILD_POINTS = 20, 50
DRAW_CARDS = {"D", "W4"}


def points(card: str) -> int:
    if card in ("W", "W4"):
        return WILD_POINTS
    symbol = card[1:]
    return int(symbol) if symbol.isdigit() else ACTION_POINTS


def symbol(card: str) -> str:
    return card if card in ("W", "W4") else card[1:]


def next_seat(view: dict, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in play direction, skipping those who left."""
    seats = len(view["hand_sizes"])
    for _ in range(steps):
        for _ in range(seats):
            seat = (seat + view["direction"]) % seats
            if seat not in view["left"]:
                break
    return seat


def colour_counts(hand: list[str]) -> dict[str, int]:
    counts = {c: 0 for c in "RGBY"}
    for card in hand:
        if card[0] in counts and card not in ("W", "W4"):
            counts[card[0]] += 1
    return counts


def choose(view: dict, legal: list[dict], strength: str, rng: random.Random) -> dict:
    plays = [m for m in legal if m["type"] == "play"]
    one = next((m for m in legal if m["type"] == "one"), None)
    draw = next((m for m in legal if m["type"] == "draw"), None)
    if strength == "leicht":
        if one and rng.random() < 0.7:
            return one
        return rng.choice(plays) if plays else draw or one
    if one:
        return one
    if not plays:
        return draw or legal[0]
    return max(plays, key=lambda move: _score(view, move, strength == "stark", rng))


def _score(view: dict, move: dict, stark: bool, rng: random.Random) -> float:
    hand = view["hand"]
    card = move["card"]
    me = view["turn"]
    after = next_seat(view, me)
    danger = min((n for s, n in enumerate(view["hand_sizes"]) if s != me and n > 0), default=7)
    rest = list(hand)
    rest.remove(card)
    counts = colour_counts(rest)
    score = rng.random() * 0.01  # ties broken at random, reproducibly
    if view["pending"]:
        return score + 100  # stacking passes the penalty on
    colour = move.get("color") or card[0]
    score += 2 * counts.get(colour, 0)  # stay in a colour we can follow
    if card in ("W", "W4"):
        score -= 8  # keep wild cards for when nothing else fits
        if stark and card == "W4" and view["hand_sizes"][after] > 2 and len(hand) > 2:
            score -= 10  # a draw-four is worth most against a player about to go out
    hurts = symbol(card) in ("S", "D", "W4") or (
        symbol(card) == "R" and len(view["hand_sizes"]) == 2
    )
    if hurts and view["hand_sizes"][after] <= 2:
        score += 15
    if stark and symbol(card) == "R" and len(view["hand_sizes"]) > 2:
        behind = next_seat({**view, "direction": -view["direction"]}, me)
        if view["hand_sizes"][after] <= 2 < view["hand_sizes"][behind]:
            score += 12  # turn away from the player about to go out
    if danger <= 3:
        score += points(card) / 10  # shed what would count against us
    elif symbol(card) == "S":
        score -= 1  # the tips: skips are best kept for the end
    return score
