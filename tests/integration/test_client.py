"""The Python client (clients/python) against the real services over HTTP: signing in, tables,
invitations, the events iterator across a dropped connection, moves repeated with their key,
429 waited out, problem codes as exceptions, and the asyncio flavour."""

from __future__ import annotations

import asyncio
import queue
import random
import threading

import pytest
from speedgamez_client import AsyncClient, Client, Table
from speedgamez_client import problems as p
from speedgamez_client.bot import strategy

from tests.integration.wire import Relay, Wire

WAIT = 15  # seconds any awaited event may take


@pytest.fixture
def url(serve):
    return serve()


@pytest.fixture
def clients(url):
    made = []

    def make(name=None, base=url, **kwargs):
        client = Client(base, **kwargs)
        if name:
            client.guest(name)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


def two_player_table(ann, bob, game="speedone", options=None) -> Table:
    """Ann opens a table for two humans, Bob sits down, Ann starts it."""
    table = ann.open_table(game, 2, options or {"target": 200}, fill="empty", clock=0)
    bob.join(table)
    return ann.start(table)


def move_once(players: dict[int, Client], table_id: str, rng: random.Random) -> int:
    """Whoever's turn it is makes a random legal move; returns the new version."""
    seat = players[0].table(table_id).current.to_move
    mine = players[seat].table(table_id)
    return players[seat].play(mine, rng.choice(mine.current.legal)).version


def test_a_guest_and_an_account_sign_in(clients):
    guest = clients()
    player = guest.guest("Robo")
    assert (player.name, player.guest) == ("Robo", True) and guest.token
    assert guest.me() == player

    owner = clients()
    owner.register("Ada Bot", "correct horse")
    again = clients()
    signed = again.sign_in("ada bot", "correct horse")
    assert (signed.name, signed.guest, signed.id) == ("Ada Bot", False, owner.player.id)
    assert again.me().id == owner.player.id

    with pytest.raises(p.BadPassword) as wrong:
        clients().sign_in("Ada Bot", "wrong password")
    assert wrong.value.status == 401 and isinstance(wrong.value, p.Unauthorized)
    with pytest.raises(p.NameTaken) as taken:
        clients().guest("ROBO")
    assert taken.value.params["name"] == "ROBO"


def test_open_list_join_and_start_a_table(clients):
    ann, bob, cid = clients("Ann"), clients("Bob"), clients("Cid")
    speedone = next(game for game in ann.games() if game.name == "speedone")
    target = next(option for option in speedone.options if option.name == "target")
    assert (target.default, speedone.max_seats) == (500, 6) and 200 in target.choices
    opened = ann.open_table("speedone", 2, {"target": 200}, fill="empty", clock=0)
    assert (opened.status, opened.you, opened.you_open) == ("open", 0, True)
    assert opened.id in [listing.id for listing in bob.tables(game="speedone")]

    joined = bob.join(opened.id)
    assert joined.you == 1 and [seat.name for seat in joined.seats] == ["Ann", "Bob"]
    assert [listing.id for listing in bob.my_tables()] == [opened.id]
    with pytest.raises(p.NotOpener):
        bob.start(opened)
    with pytest.raises(p.TableFull):
        cid.join(opened)

    started = ann.start(opened)
    assert started.status == "playing" and started.current.to_move in (0, 1)
    mover = (ann, bob)[started.current.to_move]
    assert mover.table(opened).my_turn and mover.table(opened).current.legal


def test_invitations(clients):
    ann, bob = clients("Ann"), clients("Bob")
    table = ann.open_table("speedtower", 2, {"stock": 10}, fill="empty", clock=0)
    sent = ann.invite("Bob", table)
    assert (sent.sender, sent.to, sent.table, sent.game) == ("Ann", "Bob", table.id, "speedtower")
    assert sent.id is None, "its id names Bob's player id: Bob's to read, not Ann's"
    [pending] = bob.invitations()
    assert (pending.sender, pending.table) == ("Ann", table.id) and pending.id
    accepted = bob.accept(pending)
    assert (accepted.table, accepted.seat) == (table.id, 1)
    assert bob.invitations() == []
    with pytest.raises(p.NoSuchInvitation):
        bob.accept(pending)

    other = ann.open_table("speedone", 2, fill="empty", clock=0)
    ann.invite("Bob", other)
    [again] = bob.invitations()
    bob.decline(again.id)
    with pytest.raises(p.NoSuchInvitation):
        bob.accept(again.id)
    assert ann.start(table).status == "playing"


def test_events_resume_after_a_dropped_connection(clients, url):
    ann, bob = clients("Ann"), clients("Bob")
    table = two_player_table(ann, bob, "speedtower", {"stock": 10})
    players, rng = {0: ann, 1: bob}, random.Random(3)
    relay = Relay(int(url.rsplit(":", 1)[1]))
    watcher = clients(base=f"http://127.0.0.1:{relay.port}", token=ann.token, max_wait=10)
    received, stop = queue.Queue(), threading.Event()

    def follow():
        for event in watcher.events(table):
            received.put(event)
            if stop.is_set():
                return

    reader = threading.Thread(target=follow, daemon=True)
    reader.start()
    first = received.get(timeout=WAIT)
    assert first.kind == "state" and first.table.version == table.version

    versions = []
    for _ in range(2):
        move_once(players, table.id, rng)
        versions.append(received.get(timeout=WAIT).version)
    relay.cut()
    for _ in range(3):  # while it is cut off: its reconnections are refused
        move_once(players, table.id, rng)
    relay.mend()
    last = move_once(players, table.id, rng)
    while not versions or versions[-1] < last:
        event = received.get(timeout=WAIT)
        assert event.kind == "update"
        versions.append(event.version)

    assert versions == list(range(table.version + 1, last + 1))  # none lost, none twice
    assert relay.accepted >= 2  # it did connect again
    stop.set()
    move_once(players, table.id, rng)  # one more event: the reader sees the stop
    reader.join(timeout=WAIT)
    assert not reader.is_alive()
    relay.close()


def turn_of(client: Client, players: dict[int, Client], table: Table) -> Table:
    """Random moves until it is ``client``'s turn; the table as it sees it then."""
    rng = random.Random(7)
    while not (state := client.table(table)).my_turn:
        move_once(players, table.id, rng)
    return state


def test_a_move_repeated_after_a_lost_answer_is_made_once(clients):
    wire = Wire()
    ann, bob = clients(transport=wire), clients("Bob")
    ann.guest("Ann")
    table = two_player_table(ann, bob)
    before = turn_of(ann, {0: ann, 1: bob}, table)
    wire.lose_next = "/moves"
    answer = ann.play(before, before.current.legal[0])

    assert wire.statuses("/moves")[-2:] == [200, 200]  # sent twice, with the same key
    assert answer.version == before.version + 1
    after = ann.table(table)
    assert (after.version, after.current.moves) == (before.version + 1, before.current.moves + 1)


def test_a_429_is_waited_out(serve):
    url = serve(MOVE_RATE_LIMIT=1, MOVE_RATE_WINDOW=1.0)
    wire = Wire()
    with Client(url, transport=wire) as ann, Client(url) as bob:
        ann.guest("Ann")
        bob.guest("Bob")
        table = two_player_table(ann, bob, "speedone")
        mine = turn_of(ann, {0: ann, 1: bob}, table)
        wire.seen.clear()
        with pytest.raises(p.StaleVersion) as stale:  # uses up Ann's one move this second
            ann.play(table, mine.current.legal[0], version=mine.version - 1)
        assert stale.value.params["current_version"] == mine.version
        answer = ann.play(mine, mine.current.legal[0])
        assert answer.version == mine.version + 1
        assert wire.statuses("/moves") == [409, 429, 200]

        impatient = Client(url, token=ann.token, max_wait=0)
        with pytest.raises(p.RateLimited) as limited:
            for _ in range(2):
                impatient.chat(table, "hello")  # the chat lock: 2 s
        assert 0 < limited.value.retry_after <= 2 and limited.value.status == 429
        impatient.close()


def test_problem_codes_are_exceptions(clients):
    ann, bob, cid = clients("Ann"), clients("Bob"), clients("Cid")
    with pytest.raises(p.NoSuchTable) as missing:
        ann.table("nosuchtable")
    assert missing.value.params["table"] == "nosuchtable" and missing.value.status == 404
    table = two_player_table(ann, bob)
    waiting = {0: bob, 1: ann}[table.current.to_move]
    state = waiting.table(table)
    with pytest.raises(p.NotYourTurn):
        waiting.play(state, {"type": "draw"})
    mover = {0: ann, 1: bob}[table.current.to_move]
    with pytest.raises(p.IllegalMove) as illegal:
        mover.play(table, {"type": "play", "card": "XX"})
    assert illegal.value.status == 422 and illegal.value.detail
    with pytest.raises(p.NotSeated):
        cid.play(table, {"type": "draw"})
    with pytest.raises(p.NotAlone):  # the first game's guide holds no clock of others
        ann.guide(table, True)
    solo = cid.open_table("speedone", 2, solo=True, clock=30)
    assert cid.guide(solo, True).current.guide_until is not None
    assert cid.guide(solo, False).current.guide_until is None
    with pytest.raises(p.TicketInvalid):
        ann.request("GET", f"/api/table/tables/{table.id}/events", query={"ticket": "used"})
    with pytest.raises(p.InvalidRequest) as invalid:
        ann.request("POST", "/api/lobby/tables", {"game": "speedone", "colour": "red"})
    assert "colour" in invalid.value.params["errors"]["json"]
    with pytest.raises(p.TokenInvalid):
        Client(ann.url, token="forged").me()


def test_the_asyncio_flavour_plays_a_game_between_two_bots(url):
    bot = strategy("speedgamez_client.examples.speedtower:choose")

    async def game():
        async with AsyncClient(url) as ann, AsyncClient(url) as bob:
            await ann.guest("Ann")
            await bob.guest("Bob")
            table = await ann.open_table("speedtower", 2, {"stock": 10}, fill="empty", clock=0)
            await bob.join(table)
            await ann.start(table)
            ends = ann.play_game(table, bot), bob.play_game(table, bot)
            return await asyncio.wait_for(asyncio.gather(*ends), WAIT * 4)

    ann_end, bob_end = asyncio.run(game())
    assert ann_end.finished and bob_end.finished and ann_end.version == bob_end.version
    assert sorted([ann_end.place, bob_end.place]) in ([1, 2], [1, 1])
