"""One request to the house: what it is (:class:`Call`), its headers, and how its answer is
read (JSON, or the problem it raises)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from speedgamez_client.problems import problem


def _same(data):
    return data


@dataclass
class Call:
    """One request: the route, its JSON body or query, how to read the answer, and whether a
    repeat after a lost answer is harmless (``repeatable``)."""

    method: str
    path: str
    body: dict | None = None
    query: dict | None = None
    parse: Callable[[Any], Any] = _same
    repeatable: bool = False

    def request(self, headers: dict) -> dict:
        """The keywords of ``http.request`` for it."""
        return {
            "method": self.method,
            "url": self.path,
            "json": self.body,
            "params": self.query,
            "headers": headers,
        }


def headers(token: str | None) -> dict:
    head = {"Accept": "application/json"}
    if token:
        head["Authorization"] = f"Bearer {token}"
    return head


def answer(response: httpx.Response) -> Any:
    """The JSON of a read answer (None when it has no body); an error answer raises its
    problem."""
    if response.is_error:
        try:
            body = response.json()
        except ValueError:
            body = {}
        if not isinstance(body, dict):
            body = {}
        body.setdefault("detail", response.text[:200] or response.reason_phrase)
        retry_after = response.headers.get("Retry-After")
        raise problem(
            response.status_code,
            body,
            float(retry_after) if retry_after and retry_after.isdigit() else None,
        )
    return response.json() if response.content else None
