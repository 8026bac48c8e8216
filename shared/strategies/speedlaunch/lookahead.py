"""stark's look-ahead: the judge's best few moves, each played out in the same few sampled
worlds (see ``world``) until stark's next decision — or, once a seat is close to going out,
on towards the round's end — every seat playing as normal does. A move's worth is the
judge's score plus how well off stark is at the play-outs' end, on average: a few play-outs
alone are too noisy to overrule a clear judgement, but they settle the close ones. Each
world's play-outs share one random seed, so that the moves meet the same answers."""

from __future__ import annotations

import random

import shared.games.speedlaunch as engine
from shared.games.speedlaunch.cards import AST, HOLE, SAT
from shared.strategies.speedlaunch import world
from shared.strategies.speedlaunch.judge import (
    BLIND,
    COST,
    OUT,
    PRESS_AT_A_CROWD,
    PRESS_HEAD_TO_HEAD,
    WIN,
    Judge,
)
from shared.strategies.speedlaunch.odds import Odds
from shared.strategies.speedlaunch.position import Position

WIDTH = 2  # how many of the judge's best moves are played out
WORLDS = 4  # in how many sampled worlds
PLIES = 8  # the longest play-out, in moves after stark's (at most 64 moves a decision)
ENDGAME = 4  # with a seat this close to going out, play on past stark's next decision
TRUST = 1.0  # the judge's score beside the play-outs' average: few play-outs are noisy


def look_ahead(view: dict, judge: Judge, ranked: list[dict], rng: random.Random) -> dict:
    """The best of ``ranked`` (best first by the judge's score) after playing it out."""
    ranked = ranked[:WIDTH]
    if len(ranked) == 1:
        return ranked[0]
    seat = view["seat"]
    endgame = min(player["cards"] for player in view["players"]) <= ENDGAME
    worlds = [(world.sample(view, rng), rng.getrandbits(32)) for _ in range(WORLDS)]

    def outlook(move: dict) -> float:
        return sum(
            _play_out(state, seat, move, endgame, random.Random(seed)) for state, seed in worlds
        )

    return max(ranked, key=lambda move: TRUST * judge.score(move) + outlook(move) / WORLDS)


def _play_out(state: dict, seat: int, move: dict, endgame: bool, rng: random.Random) -> float:
    """``move`` played in a copy of ``state``, then at most PLIES moves more: to stark's next
    decision, or in the endgame towards the round's end; how well off stark is then."""
    state = world.copy(state)
    engine.apply(state, seat, move)
    answered = False
    for _ in range(PLIES):
        mover = engine.to_move(state)
        if state["record"] or (mover == seat and answered and not endgame):
            break
        answered = answered or mover != seat
        position = world.seen_by(state, mover)
        moves = _plausible(position, engine.legal_moves(state, mover))
        engine.apply(state, mover, Judge(position, Odds.prior()).ranked(moves, rng)[0])
    if state["record"]:
        return _final(state["record"][0], seat)
    return _value(state, seat)


def _plausible(position: Position, legal: list[dict]) -> list[dict]:
    """The moves a play-out weighs: of each countdown value only the biggest play, with and
    without satellites (preferring stack cards); every other move as listed."""
    biggest: dict[tuple[str, bool], tuple[int, int, dict]] = {}
    others = []
    for move in legal:
        stacks = move.get("stacks", [])
        cards = move.get("hand", []) + [position.opens[k] for k in stacks]
        if move["type"] != "play" or cards[0] in (SAT, AST, HOLE):
            others.append(move)
            continue
        key = (cards[0], SAT in cards)
        if key not in biggest or (len(cards), len(stacks)) > biggest[key][:2]:
            biggest[key] = (len(cards), len(stacks), move)
    return others + [move for _, _, move in biggest.values()]


def _final(record: dict, seat: int) -> float:
    """How well off ``seat`` is when the round is over."""
    left = record["remaining"]
    return _standing(left, seat, left[seat], OUT if record["winner"] == seat else -OUT)


def _value(state: dict, seat: int) -> float:
    """How well off ``seat`` is in a play-out cut short: what its cards cost, plus the best it
    can do now if it is to move (a move that goes out counts as the round won)."""
    position = world.seen_by(state, seat)
    cards = [player["cards"] for player in position.players]
    mine = sum(COST[card] * count for card, count in position.holdings().items())
    mine += sum(position.face_down) * (1.0 + BLIND)
    if engine.to_move(state) != seat:
        return _standing(cards, seat, mine, 0.0)
    judge = Judge(position, Odds.prior())
    moves = _plausible(position, engine.legal_moves(state, seat))
    best = max(map(judge.score, judge.candidates(moves)))
    if best >= WIN:
        return _standing(cards, seat, 0.0, OUT)
    return _standing(cards, seat, mine, 0.0) + best


def _standing(cards: list[int], seat: int, mine: float, out: float) -> float:
    """``seat``'s standing: ``out`` (it went out, or another did) and its own cards' cost
    ``mine`` against the opponents' cards, the leader's counting most."""
    others = [cards[other] for other in range(len(cards)) if other != seat]
    press = PRESS_HEAD_TO_HEAD if len(cards) == 2 else PRESS_AT_A_CROWD
    return out + press * (sum(others) / len(others) + min(others)) / 2 - mine
