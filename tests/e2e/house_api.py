"""Setting the scene over the house's REST API (other players, their tables) so that a browser
test only clicks what it is about."""

from __future__ import annotations

import contextlib
import json
import random
import time
import urllib.error
import urllib.request


class House:
    def __init__(self, url: str):
        self.url = url

    def call(self, method: str, path: str, token: str | None = None, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}{path}", data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                raw = response.read()
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path}: {error.code} {error.read()[:300]!r}") from None
        return json.loads(raw) if raw else None

    def guest(self, name: str) -> str:
        return self.call("POST", "/api/lobby/accounts/guest", body={"name": name})["token"]

    def open_table(
        self, token: str, game: str, seats: int = 2, options: dict | None = None, **settings
    ) -> str:
        body = {"game": game, "seats": seats, "settings": {"solo": False, "clock": 0, **settings}}
        if options:
            body["options"] = options
        return self.call("POST", "/api/lobby/tables", token, body)["id"]

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
        self.call("POST", f"/api/table/tables/{table}/turbo", token)
        self.play_seats([token], table, seed=seed, prefer=())
        return table

    def join(self, token: str, table: str) -> None:
        self.call("POST", f"/api/lobby/tables/{table}/seats", token, {})

    def start(self, token: str, table: str) -> None:
        self.call("POST", f"/api/lobby/tables/{table}/start", token)

    def leave(self, token: str, table: str) -> None:
        self.call("POST", f"/api/table/tables/{table}/leave", token)

    def status(self, token: str, table: str) -> str:
        return self.call("GET", f"/api/table/tables/{table}", token)["status"]

    def play_seats(
        self, tokens: list[str], table: str, until=None, seed: int = 1, prefer=("play", "one")
    ) -> dict:
        """Plays every seat of ``tokens`` (random legal moves, those of a type in ``prefer``
        first) until the game is over or ``until(table)`` holds; returns the last table read."""
        rnd = random.Random(seed)
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            moved = False
            for token in tokens:
                doc = self.call("GET", f"/api/table/tables/{table}", token)
                if doc["status"] != "playing" or (until and until(doc)):
                    return doc
                current = doc["current"]
                if current["to_move"] != doc["you"] or not current["legal"]:
                    continue
                preferred = [m for m in current["legal"] if m["type"] in prefer]
                move = rnd.choice(preferred or current["legal"])
                with contextlib.suppress(AssertionError):  # the table moved on: read it again
                    self.call("POST", f"/api/table/tables/{table}/moves", token,
                              {"move": move, "version": doc["version"]})  # fmt: skip
                moved = True
            if not moved:
                time.sleep(0.05)
        raise AssertionError(f"table {table} did not get there")

    def wait_status(self, token: str, table: str, status: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.status(token, table) != status:
            assert time.monotonic() < deadline, f"table {table} never became {status}"
            time.sleep(0.2)
