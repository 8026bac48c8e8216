"""Scoring a finished round, the target that ends the game, and the final places."""

from __future__ import annotations

from shared.games.base import Event, State, leavers_last
from shared.games.speedone.cards import hand_points
from shared.games.speedone.seating import active_seats, team


def team_totals(state: State) -> list[int] | None:
    """Team totals in partner mode (team 0 = seats 0+2, team 1 = seats 1+3), else None."""
    if not state["settings"]["partners"]:
        return None
    totals = state["totals"]
    return [totals[0] + totals[2], totals[1] + totals[3]]


def opponents(state: State, seat: int) -> list[int]:
    """The seats playing against ``seat``: everyone else, in partner mode the other team
    only (a team never scores its own partner's cards, DECISIONS §16)."""
    partners = state["settings"]["partners"]
    return [
        other
        for other in range(state["seats"])
        if other != seat and not (partners and team(other) == team(seat))
    ]


def score_round(state: State, winner: int | None) -> list[Event]:
    """Reveal the losers' hands and credit the round's points; the hands stay where they are.
    Under winner_collects the winner is credited the opponents' hands (in partner mode not
    the partner's, which is shown but counts for nothing). ``winner`` None: a round without
    a winner (ROUND_TURNS), where every hand counts and, under winner_collects, nobody is
    credited."""
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
    if state["settings"]["scoring"] == "each_their_own":
        scored = points
    else:
        scored = [0] * state["seats"]
        if winner is not None:
            scored[winner] = sum(points[seat] for seat in opponents(state, winner))
    state["totals"] = [total + gain for total, gain in zip(state["totals"], scored, strict=True)]
    end: Event = {
        "type": "round_end",
        "round": state["round"],
        "winner": winner,
        "points": points,
        "scored": scored,
        "totals": list(state["totals"]),
        "team_totals": team_totals(state),
    }
    if winner is None:
        end["turns"] = state["turns"]
    else:
        state["rounds_won"][winner] += 1
    # the round's line of the public history
    state["history"].append(
        {key: end[key] for key in ("round", "winner", "points", "scored", "totals")}
    )
    events.append(end)
    return events


def target_reached(state: State) -> bool:
    """Whether a player (in partner mode: a team) has reached the target."""
    totals = team_totals(state) or state["totals"]
    return max(totals) >= state["settings"]["target"]


def places(state: State) -> list[int]:
    """Place per seat. Alone: those still in by total (highest first under winner_collects,
    lowest under each_their_own; equal totals share a place, the next place skips as many),
    then those who left, the last to leave first (DECISIONS "All games" §8). Partners
    (DECISIONS §14): every seat still in takes its team's place, 1 or 2 (a tie shares 1; a
    team with nobody left in comes second), and those who left follow on the places after
    the teams', the last to leave first."""
    if state["settings"]["partners"]:
        return _team_places(state)
    rank = [_sign(state) * total for total in state["totals"]]
    return leavers_last(rank, state["left"])


def _team_places(state: State) -> list[int]:
    teams = team_totals(state)
    still_in = {team(seat) for seat in active_seats(state)}
    rank = [(side not in still_in, _sign(state) * teams[side]) for side in range(2)]
    team_place = [1 + (rank[side] > rank[1 - side]) for side in range(2)]
    placed = [team_place[team(seat)] for seat in range(state["seats"])]
    after = max((placed[seat] for seat in active_seats(state)), default=0)
    for behind, seat in enumerate(reversed(state["left"])):
        placed[seat] = after + 1 + behind
    return placed


def _sign(state: State) -> int:
    """-1 where the highest total is best (winner_collects), else 1: lower rank is better."""
    return -1 if state["settings"]["scoring"] == "winner_collects" else 1


def game_over(state: State, end: str) -> Event:
    """End the game (nobody is to move any more, nothing is pending); the closing event.
    ``end``: "target" (reached), "rounds" (MAX_ROUNDS played) or "left" (one side left)."""
    state["over"] = True
    state["turn"] = None
    state["pending"] = None
    state["called"] = False
    return {
        "type": "game_over",
        "end": end,
        "places": places(state),
        "totals": list(state["totals"]),
        "team_totals": team_totals(state),
    }
