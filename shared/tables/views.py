"""A table as one player (or a spectator) may see it: the only way a table leaves the server.

The game part is the engine's ``view`` for the caller's seat — redaction stays the engine's —
plus the caller's own legal moves. The seed, the state and other players' ids never leave.
"""

from __future__ import annotations

from shared.games import get_game
from shared.tables import guide, house
from shared.tables.table import PLAYING, seat_of


def _seat_view(index: int, seat: dict, mine: int | None) -> dict:
    return {
        "seat": index,
        "kind": seat["kind"],
        "name": seat["name"],
        "strength": seat["strength"],
        "left": bool(seat.get("left")),
        "back": bool(seat.get("back")),
        "you": index == mine,
    }


def game_view(doc: dict, seat: int | None) -> dict | None:
    game = doc["current"]
    if game is None:
        return None
    engine = get_game(doc["game"])
    state = game["state"]
    running = doc["status"] == PLAYING
    to_move = engine.to_move(state) if running else None
    deadline = game["deadline"]
    legal = engine.legal_moves(state, seat) if running and seat is not None else []
    return {
        "no": game["no"],
        "first": game["first"],
        "to_move": to_move,
        "turn": f"{game['no']}:{game['moves']}",
        "moves": game["moves"],
        "clock_ends": deadline - house.GRACE if deadline else None,
        "deadline": deadline,
        "turbo": game["turbo"],
        "guide_until": guide.until(game) if running else None,
        "started_at": game["started_at"],
        "ended_at": game["ended_at"],
        "view": engine.view(state, seat),
        "legal": legal,
        "preview": engine.previews(state, seat, legal) if running and legal else None,
        "result": game["result"],
    }


def table_view(doc: dict, player_id: str | None, now: float) -> dict:
    """The whole table as ``player_id`` may see it (anyone not seated sees a spectator's)."""
    seat = seat_of(doc, player_id)
    opener = next((s["name"] for s in doc["seats"] if s["player"] == doc["opener"]), None)
    return {
        "id": doc["id"],
        "game": doc["game"],
        "version": doc["version"],
        "status": doc["status"],
        "options": doc["options"],
        "settings": doc["settings"],
        "opener": opener,
        "you_open": player_id is not None and doc["opener"] == player_id,
        "you": seat,
        "seats": [_seat_view(i, s, seat) for i, s in enumerate(doc["seats"])],
        "waiting": [w["name"] for w in doc["waiting"]],
        "held_until": doc["held_until"],
        "games_played": doc["games_played"],
        "server_time": now,
        "current": game_view(doc, seat),
    }


def listing(doc: dict) -> dict:
    """A table as the lobby lists it."""
    return {
        "id": doc["id"],
        "game": doc["game"],
        "status": doc["status"],
        "options": doc["options"],
        "settings": doc["settings"],
        "seats": [_seat_view(i, s, None) for i, s in enumerate(doc["seats"])],
        "free": sum(1 for s in doc["seats"] if s["kind"] == "empty"),
        "waiting": len(doc["waiting"]),
    }
