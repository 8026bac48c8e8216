"""Setting the scene over the house's REST API (other players, their tables) so that a browser
test only clicks what it is about."""

from __future__ import annotations

import json
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

    def open_table(self, token: str, game: str, seats: int = 2, **settings) -> str:
        body = {"game": game, "seats": seats, "settings": {"solo": False, "clock": 0, **settings}}
        return self.call("POST", "/api/lobby/tables", token, body)["id"]

    def join(self, token: str, table: str) -> None:
        self.call("POST", f"/api/lobby/tables/{table}/seats", token, {})

    def start(self, token: str, table: str) -> None:
        self.call("POST", f"/api/lobby/tables/{table}/start", token)

    def leave(self, token: str, table: str) -> None:
        self.call("POST", f"/api/table/tables/{table}/leave", token)

    def status(self, token: str, table: str) -> str:
        return self.call("GET", f"/api/table/tables/{table}", token)["status"]

    def wait_status(self, token: str, table: str, status: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.status(token, table) != status:
            assert time.monotonic() < deadline, f"table {table} never became {status}"
            time.sleep(0.2)
