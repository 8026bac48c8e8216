"""What must hold at a table whatever raced there, for the race tests: every commit changed
something, the seats are consistent, and the Taler follow the games."""

from __future__ import annotations

from shared import keys, store
from shared.wallets import START_BALANCE


def total_money(r, players) -> int:
    """All wallets (a wallet not opened yet: the starting amount) plus all open pots."""
    opened = r.hgetall(keys.BALANCES)
    wallets = sum(int(value) for value in opened.values())
    pots = sum(int(value) for value in r.hvals(keys.POTS))
    return wallets + pots + START_BALANCE * len(set(players) - set(opened))


def assert_money_follows_the_games(r, players: list[str], stake: int) -> None:
    """No Taler made or lost; every open pot is a dealt game's and holds the stakes of exactly
    the humans that game dealt in (its record's deal); no reservation is left pending."""
    assert total_money(r, players) == START_BALANCE * len(players)
    assert r.zcard(keys.STAKES_PENDING) == 0, r.zrange(keys.STAKES_PENDING, 0, -1)
    for game_id, amount in r.hgetall(keys.POTS).items():
        table_id, number = game_id.rsplit("-", 1)
        deal = store.game_moves(r, table_id, int(number))
        assert deal and deal[0]["kind"] == "deal", f"{game_id}: a pot without its game"
        dealt = [seat["player"] for seat in deal[0]["seats"] if seat["kind"] == "human"]
        paid = r.hgetall(keys.pot(game_id))
        assert paid == {player: str(stake) for player in dealt}, (game_id, paid, dealt)
        assert int(amount) == stake * len(dealt)
        assert r.get(keys.stakes_collected(game_id)) == "collected"


class Lobby:
    """A table's lobby state (seats, waiting list, settings, status) replayed from its
    commits' events, each of which must change it: a commit that changes nothing fails."""

    def __init__(self, doc: dict):
        self.seats = [self._seat(seat) for seat in doc["seats"]]
        self.waiting = [waiting["name"] for waiting in doc["waiting"]]
        self.settings = (doc["options"], doc["settings"])
        self.status = doc["status"]

    @staticmethod
    def _seat(seat: dict) -> dict:
        return {"kind": seat["kind"], "name": seat["name"], "back": bool(seat.get("back")),
                "left": bool(seat.get("left"))}  # fmt: skip

    def sitting(self, name: str) -> bool:
        return any(s["kind"] == "human" and s["name"] == name and not s["left"] for s in self.seats)

    def apply(self, event: dict) -> None:  # noqa: C901 - one branch per event, read as a table
        kind, seat = event["type"], event.get("seat")
        here = self.seats[seat] if isinstance(seat, int) else None
        if kind == "table.joined":
            assert here["kind"] == "empty", event
            self.seats[seat] = {**here, "kind": "human", "name": event["name"]}
        elif kind == "table.waiting":
            assert event["name"] not in self.waiting and not self.sitting(event["name"]), event
            self.waiting.append(event["name"])
        elif kind == "table.left" and here is None:
            assert event["name"] in self.waiting, event
            self.waiting.remove(event["name"])
        elif kind in ("table.left", "table.freed"):
            assert here["kind"] == "human" and here["name"] == event["name"], event
            self.seats[seat] = {"kind": "empty", "name": None, "back": False, "left": False}
        elif kind == "table.seat":
            assert (here["kind"], here["name"]) != (event["kind"], event["name"]), event
            self.seats[seat] = {**here, "kind": event["kind"], "name": event["name"]}
        elif kind == "table.settings":
            settings = (event["options"], event["settings"])
            assert settings != self.settings, event
            self.settings = settings
        elif kind == "table.game_started":
            self.seats = [self._seat(seat) for seat in event["seats"]]
            self.waiting = [name for name in self.waiting if not self.sitting(name)]
            self.status = "playing"
        elif kind == "table.back":
            assert not here["back"], event
            here["back"] = True
        elif kind == "table.left_game":
            assert here["kind"] == "human" and not here["left"], event
            here["left"] = True
        elif kind == "table.game_over":
            self.status = "over"
        elif kind == "table.closed":
            self.status = "closed"

    def matches(self, doc: dict) -> None:
        """The replayed state is the table's."""
        assert [(s["kind"], s["name"]) for s in self.seats] == [
            (s["kind"], s["name"]) for s in doc["seats"]
        ]
        assert self.waiting == [waiting["name"] for waiting in doc["waiting"]]
        assert self.settings == (doc["options"], doc["settings"])


def assert_every_commit_changed_something(r, before: dict, after_id: str) -> dict:
    """Replay the table's commits after stream entry ``after_id`` on its state ``before``:
    one version each, none without events, each event a change (:class:`Lobby`); the table
    as it is now."""
    lobby, version = Lobby(before), before["version"]
    for _, entry_version, events in store.read_events(r, before["id"], after_id):
        if all(event["type"] == "chat" for event in events):
            continue
        version += 1
        assert entry_version == version and events, (entry_version, version, events)
        for event in events:
            lobby.apply(event)
    doc = store.load(r, before["id"])
    assert doc["version"] == version
    lobby.matches(doc)
    return doc


def assert_seats_are_consistent(doc: dict) -> None:
    """Each human sits at most once, nobody sits and waits, the opener sits at an open table."""
    names = [s["name"] for s in doc["seats"] if s["kind"] == "human" and not s.get("left")]
    assert len(names) == len(set(names)), doc["seats"]
    assert not set(names) & {waiting["name"] for waiting in doc["waiting"]}, doc
    if doc["status"] == "open":
        assert doc["opener"] in [s["player"] for s in doc["seats"] if s["kind"] == "human"]
    if doc["status"] == "playing":
        players = [(p["kind"], p["name"]) for p in doc["current"]["players"]]
        assert players == [(s["kind"], s["name"]) for s in doc["seats"]]
