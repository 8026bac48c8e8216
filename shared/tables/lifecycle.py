"""Everything that happens to a table besides a move: open, sit, start, leave, rematch,
turbo, chat, and the jobs that prompt computers and clocks. Each runs through transaction.change."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from shared import chat_lines, keys, store, wallets
from shared.games import get_game
from shared.tables import guide as guides
from shared.tables import table
from shared.tables.errors import (
    Conflict,
    NoSuchTable,
    NotAllowed,
    TooSoon,
    no_such_table,
)
from shared.tables.referee import (
    Pending,
    clock_of,
    computer_move,
    controlled_by_computer,
    decide,
    finish,
    next_decision,
    turn_of,
)
from shared.tables.stakes import Stakes
from shared.tables.transaction import Context, change, commit

CHAT_LOCK_MS = 2000
COMPUTER_BATCH = 200  # computer decisions due at once that one job makes in one commit


def new_table_id() -> str:
    return secrets.token_hex(5)


def start_game(doc: dict, ctx: Context, pending: Pending, player: dict | None,
               stakes: Stakes) -> None:  # fmt: skip
    """Fill the seats, reserve the stakes of exactly the humans dealt in (shared/tables/
    stakes.py), deal, and set up the first decision."""
    waiting = table.waiting_players(doc) if doc["settings"]["stakes"] else []
    table.prepare_start(doc, player, wallets.balances(ctx.r, waiting))
    stakes.take(doc)
    pending.events.extend(table.deal(doc, ctx.now))
    game = doc["current"]
    pending.record.append({
        "kind": "deal", "at": ctx.now, "seed": game["seed"], "first": game["first"],
        "options": doc["options"], "seats": game["players"],
    })  # fmt: skip
    next_decision(doc, ctx, pending)


def open_table(ctx: Context, opener: dict, game: str, seats: int, options: dict,
               settings: dict) -> dict:  # fmt: skip
    doc = table.create(new_table_id(), opener, game, seats, options, settings, ctx.now)
    pending = Pending(events=[{"type": "table.opened", "game": game, "name": opener["name"]}])
    with starting(ctx) as stakes:
        if doc["settings"]["solo"]:
            start_game(doc, ctx, pending, opener, stakes)
        commit(ctx, doc, None, pending)
        stakes.done = doc
    pipe = ctx.r.pipeline(transaction=False)
    if not doc["settings"]["solo"]:
        pipe.zadd(keys.OPEN_TABLES, {doc["id"]: ctx.now})
    store.note_player_table(pipe, opener["id"], doc["id"], doc["version"])
    pipe.execute()
    return doc


@contextmanager
def starting(ctx: Context) -> Iterator[Stakes]:
    """Around an action that may start a game: the stakes its attempts reserve, settled when
    it is done (``stakes.done``: the table it committed; else read)."""
    stakes = Stakes(ctx.r, ctx.now)
    try:
        yield stakes
    finally:
        stakes.settle(stakes.done)


def _run(ctx: Context, table_id: str, operation) -> dict:
    doc, _ = change(ctx, table_id, operation)
    if doc["status"] == table.CLOSED:
        ctx.r.zrem(keys.OPEN_TABLES, table_id)
    return doc


def join(ctx: Context, table_id: str, player: dict, seat: int | None = None) -> dict:
    def operation(doc, pending):
        staked = doc["settings"]["stakes"] and doc["status"] == table.OPEN
        balance = wallets.balance(ctx.r, player["id"]) if staked else None
        pending.events.extend(table.join(doc, player, seat, balance))

    doc = _run(ctx, table_id, operation)
    store.note_player_table(ctx.r, player["id"], table_id, doc["version"])
    return doc


def set_seat(ctx, table_id, player, seat, kind, strength=None) -> dict:
    """The opener sets a seat (a freed human's table is no longer theirs)."""

    def operation(doc, pending):
        before = doc["seats"][seat] if 0 <= seat < len(doc["seats"]) else None
        pending.events.extend(table.set_seat(doc, player, seat, kind, strength))
        return before["player"] if pending.events and before["kind"] == "human" else None

    doc, freed = change(ctx, table_id, operation)
    if freed:
        store.forget_player_table(ctx.r, freed, table_id, doc["version"])
    return doc


def change_settings(ctx, table_id, player, options=None, settings=None) -> dict:
    return _run(
        ctx, table_id,
        lambda d, p: p.events.extend(table.change_settings(d, player, options, settings)),
    )  # fmt: skip


def start(ctx: Context, table_id: str, player: dict) -> dict:
    with starting(ctx) as stakes:
        stakes.done = _run(ctx, table_id, lambda d, p: start_game(d, ctx, p, player, stakes))
    return stakes.done


def leave(ctx: Context, table_id: str, player: dict) -> dict:
    """Leave the table; during a game the player is out of it (Speedone drops the player and
    deals the round again, elsewhere a computer plays on in the seat)."""

    def operation(doc, pending):
        seat = table.seat_of(doc, player["id"])
        if doc["status"] != table.PLAYING or seat is None:
            pending.events.extend(table.leave_seat(doc, player))
            return
        leave_running_game(doc, seat, ctx, pending)

    doc = _run(ctx, table_id, operation)
    store.forget_player_table(ctx.r, player["id"], table_id, doc["version"])
    return doc


def leave_running_game(doc: dict, seat: int, ctx: Context, pending: Pending) -> None:
    engine = get_game(doc["game"])
    game = doc["current"]
    doc["seats"][seat]["left"] = True
    game["players"][seat]["left"] = True
    pending.events.append(
        {"type": "table.left_game", "seat": seat, "name": doc["seats"][seat]["name"]}
    )
    events = engine.leave(game["state"], seat)
    if events is not None:
        pending.events.extend(events)
    pending.record.append({"kind": "leave", "seat": seat, "at": ctx.now, "events": events or []})
    if not table.humans(doc):
        game["turbo"] = True
    if engine.to_move(game["state"]) is None:
        finish(doc, ctx, pending)
    next_decision(doc, ctx, pending)


def rematch(ctx: Context, table_id: str, player: dict) -> dict:
    """ "Nochmal": alone, the next game starts at once; with others, when all are back."""

    def operation(doc, pending):
        first_back = doc["held_until"] is None
        everyone_back = table.rematch(doc, player, ctx.now)
        if everyone_back is None:
            return  # back already
        pending.events.append({"type": "table.back", "seat": table.seat_of(doc, player["id"]),
                               "name": player["name"]})  # fmt: skip
        if everyone_back and table.enough_for_next_game(doc):
            start_game(doc, ctx, pending, None, stakes)
        elif everyone_back:
            pending.events.extend(table.release_held_seats(doc))
        elif first_back:
            pending.new_decision = True  # schedules the hold's expiry

    with starting(ctx) as stakes:
        stakes.done = _run(ctx, table_id, operation)
    return stakes.done


def hold_expiry(ctx: Context, table_id: str, game_no: int) -> None:
    """The rematch hold ran out: free the seats of those not back (stale-safe)."""

    def operation(doc, pending):
        current = doc["current"]
        if doc["status"] != table.OVER or not current or current["no"] != game_no:
            return
        if doc["held_until"] is None or ctx.now < doc["held_until"]:
            return
        pending.events.extend(table.release_held_seats(doc))
        pending.events.append({"type": "table.hold_over"})

    _run(ctx, table_id, operation)


def turbo(ctx: Context, table_id: str, player: dict) -> dict:
    """Solo tables: the computers move without pauses for the rest of the game."""

    def operation(doc, pending):
        if not doc["settings"]["solo"]:
            raise Conflict("turbo is only for solo tables", code="not_solo")
        if table.seat_of(doc, player["id"]) is None:
            raise NotAllowed("you do not sit at this table", code="not_seated")
        if doc["status"] != table.PLAYING:
            raise Conflict("no game is running at this table", code="no_game_running")
        if not doc["current"]["turbo"]:
            doc["current"]["turbo"] = True
            pending.events.append({"type": "table.turbo"})
            next_decision(doc, ctx, pending)

    return _run(ctx, table_id, operation)


def guide(ctx: Context, table_id: str, player: dict, is_open: bool) -> dict:
    """The first game's guide opened or closed: alone among computers the player's clock
    waits while it is open (shared/tables/guide.py); with other humans it waits for nobody."""

    def operation(doc, pending):
        seat = table.seat_of(doc, player["id"])
        if seat is None:
            raise NotAllowed("you do not sit at this table", code="not_seated")
        if doc["status"] != table.PLAYING:
            raise Conflict("no game is running at this table", code="no_game_running")
        if table.humans(doc) != [seat]:
            raise Conflict("other people play at this table; the guide does not stop their "
                           "clock", code="not_alone")  # fmt: skip
        game = doc["current"]
        if (guides.open_guide if is_open else guides.close_guide)(game, ctx.now):
            pending.events.append({"type": "table.guide", "open": is_open})

    return _run(ctx, table_id, operation)


def computer_turn(ctx: Context, table_id: str, turn: str) -> None:
    """Job body: the computer in the seat to move decides, if the table still waits for
    exactly that decision (otherwise the job is stale and does nothing). Decisions that are
    due at once (turbo, or no pace) are made in one go, up to COMPUTER_BATCH of them."""

    def operation(doc, pending):
        if turn_of(doc) != turn:
            return
        for _ in range(COMPUTER_BATCH):
            seat = get_game(doc["game"]).to_move(doc["current"]["state"])
            if seat is None or not controlled_by_computer(doc, seat):
                return
            if pending.record and doc["current"]["bot_due"] > ctx.now:
                return  # paced: the next decision gets its own job
            strength = doc["seats"][seat]["strength"] or "normal"
            decide(doc, seat, computer_move(doc, seat, strength), "computer", ctx, pending)

    try:
        change(ctx, table_id, operation)
    except NoSuchTable:
        return


def clock_expiry(ctx: Context, table_id: str, turn: str, at: float | None = None) -> None:
    """Job body: the table's clock prompt (armed for the deadline ``at`` of decision
    ``turn``), or the watchdog's (``at`` None).

    Loading the table applies every overdue deadline, once, whoever else touches it. A
    prompt that fired before the table's current deadline (it came early, or the player
    decided since it was armed and later decisions enqueued no job of their own) arms the
    table's prompt again for that deadline, unless another one still to come fires no later
    — this one has fired, so it counts as none."""
    try:
        doc, _ = change(ctx, table_id)
    except NoSuchTable:
        return
    deadline = clock_of(doc)
    fired = max(ctx.now, at or 0.0)
    if deadline is not None and store.arm_clock(ctx.r, table_id, deadline, fired,
                                                ctx.retention):  # fmt: skip
        ctx.jobs.clock_expiry(table_id, turn_of(doc), deadline)


def chat(ctx: Context, table_id: str, player: dict, text: str,
         texts: dict | None = None) -> dict:  # fmt: skip
    """Post a chat line (``texts``: an exclamation's line per language); the sender's chat is
    locked for two seconds after each line."""
    doc = store.load(ctx.r, table_id)
    if doc is None:
        raise no_such_table(table_id)
    seat = table.seat_of(doc, player["id"])
    waiting = player["id"] in table.waiting_players(doc)
    if seat is None and not waiting:
        raise NotAllowed("only players at this table can chat here", code="not_seated")
    lock = keys.chat_lock(table_id, player["id"])
    if not ctx.r.set(lock, 1, nx=True, px=CHAT_LOCK_MS):
        wait = max(ctx.r.pttl(lock), 1) / 1000
        raise TooSoon(f"your chat is locked for {wait:.1f} s more", code="rate_limited",
                      retry_after=wait)  # fmt: skip
    line = {"type": "chat", "seat": seat, "name": player["name"], "text": text, "at": ctx.now}
    if texts:
        line["texts"] = texts
    chat_lines.append_chat(ctx.r, table_id, line)
    return line
