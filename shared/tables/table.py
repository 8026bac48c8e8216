"""The table document: who sits where, with which settings, and the games played at it.

Every function here changes a document in memory and returns the events it caused; the caller
commits the document (shared.store.commit) and schedules what follows (shared.tables.jobs).
Seats are numbered from 0 everywhere, as in the engines.
"""

from __future__ import annotations

import secrets

from shared.games import get_game, names
from shared.games.base import IllegalSettings, seats_refused, settle
from shared.tables import house
from shared.tables.errors import BadRequest, Conflict, NotAllowed

OPEN, PLAYING, OVER, CLOSED = "open", "playing", "over", "closed"


def empty_seat() -> dict:
    return {"kind": "empty", "player": None, "name": None, "strength": None}


def public_seat(seat: dict) -> dict:
    """A seat as it may leave the house: who sits there by name, never by player id."""
    return {"kind": seat["kind"], "name": seat["name"], "strength": seat["strength"]}


def computer_seat(seat: int, strength: str) -> dict:
    name = house.computer_name(seat, strength)
    return {"kind": "computer", "player": None, "name": name, "strength": strength}


def human_seat(player: dict) -> dict:
    return {"kind": "human", "player": player["id"], "name": player["name"], "strength": None}


def create(table_id: str, opener: dict, game: str, seats: int, options: dict, settings: dict,
           now: float) -> dict:  # fmt: skip
    """A new table with the opener in seat 0; solo tables are filled with computers."""
    if game not in names():
        raise BadRequest(f"unknown game {game!r}; the house offers {', '.join(names())}",
                         code="invalid_settings",
                         refused=[{"setting": "game", "reason": "unknown"}])  # fmt: skip
    settings = {**house.DEFAULTS, **settings}
    options = settled_options(game, seats, options, settings)
    doc = {
        "id": table_id,
        "game": game,
        "options": options,
        "settings": settings,
        "opener": opener["id"],
        "status": OPEN,
        "seats": [empty_seat() for _ in range(seats)],
        "waiting": [],
        "games_played": 0,
        "last_first": None,
        "current": None,
        "held_until": None,
        "created_at": now,
    }
    doc["seats"][0] = human_seat(opener)
    for seat in range(1, seats):
        if settings["solo"] or house.computer_only(game, seat):
            doc["seats"][seat] = computer_seat(seat, settings["strength"])
    return doc


def settled_options(game: str, seats: int, options: dict, settings: dict) -> dict:
    """The game's options with the defaults filled in, or one invalid_settings problem that
    names every refused setting (``refused``: the engine's, the seat count, humans only)."""
    engine = get_game(game)
    messages: list[str] = []
    refused: list[dict] = []

    def refuse(error: IllegalSettings) -> None:
        messages.append(str(error))
        refused.extend(error.refused)

    try:
        settle(engine.OPTIONS, options)
    except IllegalSettings as error:
        refuse(error)
        wrong = {entry["setting"] for entry in error.refused}
        options = {name: value for name, value in options.items() if name not in wrong}
    settled = None
    if not engine.MIN_SEATS <= seats <= engine.MAX_SEATS:
        refuse(seats_refused(game, engine.MIN_SEATS, engine.MAX_SEATS, seats))
    else:
        try:
            settled = engine.new(options, seats, 0)["settings"]
        except IllegalSettings as error:
            refuse(error)
    if settings["humans_only"] and (settings["solo"] or house.computer_only(game, seats - 1)):
        messages.append(f"this {game} table cannot be played by humans only")
        refused.append({"setting": "humans_only",
                        "reason": "solo" if settings["solo"] else "computer_seats"})  # fmt: skip
    if refused:
        raise BadRequest("; ".join(messages), code="invalid_settings", refused=refused)
    return settled


def seat_of(doc: dict, player_id: str | None) -> int | None:
    """The seat a player sits at (a human who left a running game sits nowhere)."""
    for index, seat in enumerate(doc["seats"]):
        if player_id is not None and seat["player"] == player_id and not seat.get("left"):
            return index
    return None


def humans(doc: dict) -> list[int]:
    return [i for i, s in enumerate(doc["seats"]) if s["kind"] == "human" and not s.get("left")]


def _require_opener(doc: dict, player: dict) -> None:
    if doc["opener"] != player["id"]:
        raise NotAllowed("only the player who opened the table may do that", code="not_opener")


def _require_status(doc: dict, *statuses: str) -> None:
    if doc["status"] not in statuses:
        raise Conflict(f"the table is {doc['status']}; that is only possible while it is "
                       f"{' or '.join(statuses)}", code="wrong_table_status",
                       table_status=doc["status"])  # fmt: skip


def join(doc: dict, player: dict, seat: int | None = None, balance: int | None = None):
    """Sit down (a free seat, or the one asked for); while a game runs, wait for the next.
    Sitting (or waiting) where one sits (or waits) already changes nothing. At a staked
    table ``balance`` is the player's: who cannot pay the stake does not sit down."""
    sitting = seat_of(doc, player["id"])
    if sitting is not None:
        if seat in (None, sitting):
            return []
        raise Conflict("you already sit at this table", code="already_seated")
    if doc["settings"]["solo"]:
        raise NotAllowed("this is a solo table", code="solo_table")
    if doc["status"] in (PLAYING, OVER) or doc["status"] == CLOSED:
        _require_status(doc, PLAYING, OVER)
        return _wait_for_next_game(doc, player)
    stake = doc["settings"]["stakes"]
    if stake and balance is not None and balance < stake:
        raise Conflict(f"You cannot pay the stake of {stake} Taler: you have {balance}.",
                       code="stake_unaffordable", stake=stake, balance=balance,
                       name=player["name"], names=[player["name"]])  # fmt: skip
    seat = _free_seat(doc, seat)
    doc["seats"][seat] = human_seat(player)
    return [{"type": "table.joined", "seat": seat, "name": player["name"]}]


def _wait_for_next_game(doc: dict, player: dict) -> list[dict]:
    if player["id"] in waiting_players(doc):
        return []
    doc["waiting"].append({"player": player["id"], "name": player["name"]})
    return [{"type": "table.waiting", "name": player["name"]}]


def _free_seat(doc: dict, seat: int | None) -> int:
    """The seat asked for if a human may take it, else the first free one (None asked)."""
    free = [i for i, s in enumerate(doc["seats"]) if s["kind"] == "empty"]
    if seat is None:
        if not free:
            raise Conflict("every seat is taken", code="table_full")
        seat = free[0]
    if not 0 <= seat < len(doc["seats"]) or seat not in free:
        raise Conflict(f"seat {seat} is not free", code="seat_taken", seat=seat)
    if house.computer_only(doc["game"], seat):
        raise Conflict(f"seat {seat} is always a computer's", code="computer_seat", seat=seat)
    return seat


def waiting_players(doc: dict) -> list[str]:
    """The ids of those who wait for the next game."""
    return [waiting["player"] for waiting in doc["waiting"]]


def belongs(doc: dict, player_id: str) -> bool:
    """Whether the player sits or waits at the table."""
    return seat_of(doc, player_id) is not None or player_id in waiting_players(doc)


def leave_seat(doc: dict, player: dict) -> list[dict]:
    """Stand up before a game starts (or while waiting); the last human closes the table.
    Who neither sits nor waits here has nothing to leave (409 not_at_table)."""
    seat = seat_of(doc, player["id"])
    if seat is None:
        if player["id"] not in waiting_players(doc):
            raise Conflict("you neither sit nor wait at this table", code="not_at_table")
        doc["waiting"] = [w for w in doc["waiting"] if w["player"] != player["id"]]
        return [{"type": "table.left", "seat": None, "name": player["name"]}]
    _require_status(doc, OPEN, OVER)
    doc["seats"][seat] = empty_seat()
    events = [{"type": "table.left", "seat": seat, "name": player["name"]}]
    remaining = humans(doc)
    if not remaining:
        doc["status"] = CLOSED
        events.append({"type": "table.closed"})
    elif doc["opener"] == player["id"]:
        doc["opener"] = doc["seats"][remaining[0]]["player"]
    return events


def set_seat(doc: dict, player: dict, seat: int, kind: str, strength: str | None) -> list[dict]:
    """The opener puts a computer on a free seat or takes one away, or frees the seat of
    another human, before the start. A seat that is already so changes nothing."""
    _require_opener(doc, player)
    _require_status(doc, OPEN)
    if not 0 <= seat < len(doc["seats"]):
        raise BadRequest(f"there is no seat {seat}", code="no_such_seat", seat=seat)
    current = doc["seats"][seat]
    if current["kind"] == "human":
        if kind == "empty" and current["player"] != player["id"]:
            doc["seats"][seat] = empty_seat()
            return [{"type": "table.freed", "seat": seat, "name": current["name"]}]
        raise Conflict(f"seat {seat} is taken by {current['name']}", code="seat_taken",
                       seat=seat, name=current["name"])  # fmt: skip
    if kind == "computer":
        if doc["settings"]["humans_only"]:
            raise Conflict("this table is for humans only", code="humans_only")
        new = computer_seat(seat, strength or doc["settings"]["strength"])
    else:
        if house.computer_only(doc["game"], seat):
            raise Conflict(f"seat {seat} is always a computer's", code="computer_seat",
                           seat=seat)  # fmt: skip
        new = empty_seat()
    if new == current:
        return []
    doc["seats"][seat] = new
    return [{"type": "table.seat", "seat": seat, "kind": kind, "name": new["name"]}]


def change_settings(doc: dict, player: dict, options: dict | None, settings: dict | None):
    """The opener changes the game options or house settings before the start; the same
    ones again change nothing."""
    _require_opener(doc, player)
    _require_status(doc, OPEN)
    settings = settings or {}
    if "solo" in settings and settings["solo"] != doc["settings"]["solo"]:
        raise BadRequest("solo or open is chosen when the table is opened",
                         code="invalid_settings",
                         refused=[{"setting": "solo", "reason": "fixed"}])  # fmt: skip
    new_settings = {**doc["settings"], **settings}
    new_options = settled_options(
        doc["game"], len(doc["seats"]), {**doc["options"], **(options or {})}, new_settings
    )
    if (new_options, new_settings) == (doc["options"], doc["settings"]):
        return []
    doc["options"], doc["settings"] = new_options, new_settings
    return [{"type": "table.settings", "options": doc["options"], "settings": doc["settings"]}]


def prepare_start(doc: dict, player: dict | None, balances: dict | None = None) -> None:
    """Check a start is allowed and fill or drop the free seats (no game dealt yet); at a
    staked table ``balances`` has the Taler of those waiting (who cannot pay waits on)."""
    if player is not None and doc["settings"]["solo"] is False:
        if doc["status"] == OPEN:
            _require_opener(doc, player)
        elif seat_of(doc, player["id"]) is None:
            raise NotAllowed("only a seated player may start the next game", code="not_seated")
    _require_status(doc, OPEN, OVER)
    _seat_waiting_players(doc, balances or {})
    seats = next_seats(doc)
    engine = get_game(doc["game"])
    if len(seats) < engine.MIN_SEATS:
        raise Conflict(f"{doc['game']} needs at least {engine.MIN_SEATS} players",
                       code="too_few_players", game=doc["game"],
                       min_players=engine.MIN_SEATS)  # fmt: skip
    if doc["options"].get("partners"):
        if len(seats) != 4:
            raise Conflict("partner mode is played by exactly four", code="partners_need_four")
        seats.sort(key=lambda seat: seat["name"])  # case-sensitive: code-point order
    doc["seats"] = seats


def next_seats(doc: dict) -> list[dict]:
    """The seats the next game would be dealt to: free seats filled as the table was set
    (or dropped), humans who left the last game no longer counted."""
    fill = doc["settings"]["fill"] == "computer" and not doc["settings"]["humans_only"]
    seats = []
    for index, seat in enumerate(doc["seats"]):
        if seat["kind"] == "human" and seat.get("left"):
            seat = empty_seat()
        if seat["kind"] == "empty" and fill:
            seat = computer_seat(index, doc["settings"]["strength"])
        if seat["kind"] != "empty":
            seats.append({k: seat[k] for k in ("kind", "player", "name", "strength")})
    return seats


def enough_for_next_game(doc: dict) -> bool:
    """Whether the next game could be dealt now: enough players, and in partner mode four."""
    players = len(next_seats(doc))
    if doc["options"].get("partners"):
        return players == 4
    return players >= get_game(doc["game"]).MIN_SEATS


def _seat_waiting_players(doc: dict, balances: dict) -> None:
    """Those who waited for the next game take free seats, then computers' seats; at a
    staked table only those who can pay the stake (the others wait on)."""
    stake = doc["settings"]["stakes"]
    for waiting in list(doc["waiting"]):
        if stake and balances.get(waiting["player"], 0) < stake:
            continue
        free = [i for i, s in enumerate(doc["seats"]) if s["kind"] == "empty" or s.get("left")]
        free += [
            i for i, s in enumerate(doc["seats"])
            if s["kind"] == "computer" and not house.computer_only(doc["game"], i)
        ]  # fmt: skip
        if not free:
            break
        doc["seats"][free[0]] = human_seat({"id": waiting["player"], "name": waiting["name"]})
        doc["waiting"].remove(waiting)


def deal(doc: dict, now: float) -> list[dict]:
    """Deal a new game at a prepared table; who begins is drawn by lot, then rotates."""
    engine = get_game(doc["game"])
    count = len(doc["seats"])
    seed = secrets.randbits(63)
    first = seed % count if doc["last_first"] is None else (doc["last_first"] + 1) % count
    state = engine.new(doc["options"], count, seed, first)
    number = doc["games_played"] + 1
    doc["games_played"] = number
    doc["last_first"] = first
    doc["status"] = PLAYING
    doc["held_until"] = None
    doc["current"] = {
        "no": number,
        "id": f"{doc['id']}-{number}",
        "seed": seed,
        "first": first,
        "state": state,
        "moves": 0,
        "started_at": now,
        "ended_at": None,
        "deadline": None,
        "bot_due": None,
        "turbo": False,
        "takeover": None,
        "result": None,
        "players": [dict(seat) for seat in doc["seats"]],
    }
    for seat in doc["seats"]:
        seat.pop("back", None)
    seats = [public_seat(seat) for seat in doc["seats"]]
    return [{"type": "table.game_started", "no": number, "first": first, "seats": seats}]


def stake_payers(doc: dict) -> list[str]:
    return [seat["player"] for seat in doc["seats"] if seat["kind"] == "human"]


def rematch(doc: dict, player: dict, now: float) -> bool | None:
    """Mark the player back for another game; True when everyone is back (start now), None
    when the player was back already (nothing changes)."""
    _require_status(doc, OVER)
    seat = seat_of(doc, player["id"])
    if seat is None:
        raise NotAllowed("you did not play the last game at this table",
                         code="not_in_last_game")  # fmt: skip
    if doc["seats"][seat].get("back"):
        return None
    doc["seats"][seat]["back"] = True
    if doc["held_until"] is None:
        doc["held_until"] = now + house.HOLD_SECONDS
    return all(doc["seats"][i].get("back") for i in humans(doc))


def release_held_seats(doc: dict) -> list[dict]:
    """The rematch hold ran out (or nobody else can come back): the seats of those not back
    are freed, and the table is open for others until the next start."""
    events = []
    for index, seat in enumerate(doc["seats"]):
        if seat["kind"] == "human" and (seat.get("left") or not seat.get("back")):
            doc["seats"][index] = empty_seat()
            events.append({"type": "table.left", "seat": index, "name": seat["name"]})
    doc["held_until"] = None
    doc["status"] = OPEN if humans(doc) else CLOSED
    if humans(doc) and doc["opener"] not in [doc["seats"][i]["player"] for i in humans(doc)]:
        doc["opener"] = doc["seats"][humans(doc)[0]]["player"]
    return events
