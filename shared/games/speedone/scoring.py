"""Scoring a finished round, the target that ends the game, and the final places."""

from __future__ import annotations

from shared.games.base import Event, State
from shared.games.speedone.cards import hand_points
from shared.games.speedone.seating import active_seats, team


def team_totals(state: State) -> list[int] | None:
    """Team totals in partner mode (team 0 = seats 0+2, team 1 = seats 1+3), else None."""
    if not state["settings"]["partners"]:
        return None
    totals = state["totals"]
    return [totals[0] + totals[2], totals[1] + totals[3]]


def score_round(state: State, winner: int) -> list[Event]:
    """Reveal the losers' hands and credit the round's points; the hands stay where they are."""
    hands = state["hands"]
    points = [0] * state["seats"]
    events = []
    for seat in active_seats(state):
        if seat != winner:
            points[seat] = hand_points(hands[seat])
            events.append(
                {
                    "type": "hand",
                    "seat": seat,
                    "points": points[seat],
                    "revealed": sorted(hands[seat]),
                }
            )
    if state["settings"]["scoring"] == "winner_collects":
        scored = [0] * state["seats"]
        scored[winner] = sum(points)
    else:
        scored = points
    state["totals"] = [total + gain for total, gain in zip(state["totals"], scored, strict=True)]
    state["rounds_won"][winner] += 1
    events.append(
        {
            "type": "round_end",
            "round": state["round"],
            "winner": winner,
            "points": points,
            "scored": scored,
            "totals": list(state["totals"]),
            "team_totals": team_totals(state),
        }
    )
    return events


def target_reached(state: State) -> bool:
    """Whether a player (in partner mode: a team) has reached the target."""
    totals = team_totals(state) or state["totals"]
    return max(totals) >= state["settings"]["target"]


def places(state: State) -> list[int]:
    """Place per seat: those still in by total (team total in partner mode; highest first under
    winner_collects, lowest under each_their_own; equal totals share a place, the next place
    skips as many), then those who left, the last to leave first."""
    teams = team_totals(state)
    totals = state["totals"]
    sign = -1 if state["settings"]["scoring"] == "winner_collects" else 1
    rank = [sign * (teams[team(seat)] if teams else totals[seat]) for seat in range(state["seats"])]
    remaining = active_seats(state)
    placed = [0] * state["seats"]
    for seat in remaining:
        placed[seat] = 1 + sum(1 for other in remaining if rank[other] < rank[seat])
    for behind, seat in enumerate(reversed(state["left"])):
        placed[seat] = len(remaining) + 1 + behind
    return placed


def game_over(state: State) -> Event:
    """End the game (nobody is to move any more); the closing event."""
    state["over"] = True
    state["turn"] = None
    return {
        "type": "game_over",
        "places": places(state),
        "totals": list(state["totals"]),
        "team_totals": team_totals(state),
    }
