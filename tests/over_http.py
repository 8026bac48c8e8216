"""Black-box players of a house served on a real socket (the ``serve`` fixture): guests
signed in through the lobby, and every route called by its public path over HTTP."""

from __future__ import annotations

from dataclasses import dataclass

import httpx

from shared.problems import CODES

PROBLEM_JSON = "application/problem+json"


@dataclass(frozen=True)
class Player:
    name: str
    id: str
    token: str

    @property
    def auth(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}


class HttpHouse:
    """The house at ``url``; one connection pool, safe to share between threads."""

    def __init__(self, url: str, timeout: float = 30.0):
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def guest(self, name: str) -> Player:
        answer = self.http.post("/api/lobby/accounts/guest", json={"name": name})
        assert answer.status_code == 201, answer.text
        body = answer.json()
        return Player(name, body["player"]["id"], body["token"])

    def call(self, player: Player | None, method: str, path: str, **kwargs) -> httpx.Response:
        """``path`` under the house's origin (``/api/<service>/…``)."""
        headers = {**(player.auth if player else {}), **kwargs.pop("headers", {})}
        return self.http.request(method, path, headers=headers, **kwargs)

    def ok(self, player: Player | None, method: str, path: str, **kwargs) -> dict | None:
        """A call that must succeed; its JSON (None for 204)."""
        answer = self.call(player, method, path, **kwargs)
        assert answer.is_success, (method, path, answer.status_code, answer.text)
        return answer.json() if answer.content else None

    def open(self, player: Player, game: str, seats: int, options=None, **settings) -> dict:
        body = {"game": game, "seats": seats, "options": options or {}, "settings": settings}
        return self.ok(player, "POST", "/api/lobby/tables", json=body)

    def table(self, player: Player, table_id: str) -> dict:
        return self.ok(player, "GET", f"/api/table/tables/{table_id}")


def problem_of(answer: httpx.Response, status: int | None = None, code: str | None = None):
    """The problem body of a 4xx answer (with ``status`` and ``code`` when given): of the
    catalogued codes, with the status of its code."""
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:300])
    assert status is None or answer.status_code == status, (answer.status_code, answer.text)
    assert answer.headers["content-type"].startswith(PROBLEM_JSON), answer.headers
    body = answer.json()
    assert body["status"] == answer.status_code and body["title"] and body["detail"], body
    assert body["code"] in CODES and CODES[body["code"]].status in (answer.status_code, None)
    assert code is None or body["code"] == code, body
    return body
