"""Setting the scene over the house's REST API (other players, their tables) so that a browser
test only clicks what it is about. Players are named by their tokens; each token's requests go
through a client of the house's Python library (clients/python), kept for the session."""

from __future__ import annotations

import contextlib
import random
import time

from speedgamez_client import Client, ProblemError
from speedgamez_client.problems import NotYourTurn, StaleVersion

TIMEOUT = 10.0


class House:
    def __init__(self, url: str):
        self.url = url
        self.clients: dict[str | None, Client] = {}

    def client(self, token: str | None = None) -> Client:
        """The library's client for ``token`` (None: signed in as nobody)."""
        if token not in self.clients:
            self.clients[token] = Client(self.url, token, timeout=TIMEOUT)
        return self.clients[token]

    def call(self, method: str, path: str, token: str | None = None, body: dict | None = None):
        """Any route by its path; the answer's JSON. A problem fails the test."""
        try:
            return self.client(token).request(method, path, body)
        except ProblemError as error:
            raise AssertionError(f"{method} {path}: {error}") from None

    def guest(self, name: str) -> str:
        client = Client(self.url, timeout=TIMEOUT)
        client.guest(name)
        self.clients[client.token] = client
        return client.token

    def open_table(
        self, token: str, game: str, seats: int = 2, options: dict | None = None, **settings
    ) -> str:
        settings = {"solo": False, "clock": 0, **settings}
        return self.client(token).open_table(game, seats, options, **settings).id

    def start_against(
        self, token: str, game: str, opponent: str, options: dict | None = None, **settings
    ) -> tuple[str, str]:
        """A two-seat table of ``game`` opened by ``token``, joined by a new guest named
        ``opponent`` and started; returns the table and the guest's token."""
        other = self.guest(opponent)
        table = self.open_table(token, game, seats=2, options=options, **settings)
        self.join(other, table)
        self.start(token, table)
        return table, other

    def play_solo(self, token: str, game: str, seed: int = 1, **options) -> str:
        """A solo table of ``game`` played to its end at Turbo with random legal moves."""
        table = self.open_table(token, game, options=options, solo=True)
        self.client(token).turbo(table)
        self.play_seats([token], table, seed=seed, prefer=())
        return table

    def join(self, token: str, table: str) -> None:
        self.client(token).join(table)

    def start(self, token: str, table: str) -> None:
        self.client(token).start(table)

    def leave(self, token: str, table: str) -> None:
        self.client(token).leave(table)

    def status(self, token: str, table: str) -> str:
        return self.client(token).table(table).status

    def play_seats(
        self, tokens: list[str], table: str, until=None, seed: int = 1, prefer=("play", "one")
    ) -> dict:
        """Plays every seat of ``tokens`` (random legal moves, those of a type in ``prefer``
        first) until the game is over or ``until(table)`` holds (on the table's JSON); returns
        the JSON of the last table read."""
        rnd = random.Random(seed)
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            moved = False
            for token in tokens:
                client = self.client(token)
                doc = client.table(table)
                if doc.status != "playing" or (until and until(doc.raw)):
                    return doc.raw
                if not doc.my_turn:
                    continue
                legal = doc.current.legal
                move = rnd.choice([m for m in legal if m["type"] in prefer] or legal)
                with contextlib.suppress(StaleVersion, NotYourTurn):  # read it again
                    client.play(doc, move)
                moved = True
            if not moved:
                time.sleep(0.05)
        raise AssertionError(f"table {table} did not get there")

    def wait_status(self, token: str, table: str, status: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.status(token, table) != status:
            assert time.monotonic() < deadline, f"table {table} never became {status}"
            time.sleep(0.2)
