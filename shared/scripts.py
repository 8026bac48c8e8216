"""Lua scripts on the house's Redis: registered once per client, run alone or in one round
trip with other commands, and — for the table's commit — with their keys, arguments and
answers named in one place (:class:`NamedScript`).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from enum import IntEnum
from typing import Any, NamedTuple

import redis

from shared import connection

_registered: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def registered(r: redis.Redis, source: str):
    """The script registered on this client (sent once, then called by its SHA)."""
    scripts = _registered.setdefault(r, {})
    if source not in scripts:
        scripts[source] = r.register_script(source)
    return scripts[source]


def publish_command(r) -> str:
    """How a script announces a commit on its table's channel: sharded pub/sub on a cluster
    (the channel lives in the table's slot), plain pub/sub on one Redis."""
    return "SPUBLISH" if connection.is_cluster(r) else "PUBLISH"


def route(r, key: str) -> dict:
    """On a cluster: where a pipelined command for ``key`` goes (its slot's primary now)."""
    return {"target_nodes": r.get_node_from_key(key)} if connection.is_cluster(r) else {}


def run_with(r: redis.Redis, source: str, script_keys: list, script_args: list,
             also: Callable[[Any], object]) -> Any:  # fmt: skip
    """Run a script and ``also(pipeline)`` in one round trip; the script's answer.

    EVALSHA is sent by hand: redis-py checks SCRIPT EXISTS before every pipeline that holds a
    registered script, which would cost the round trip saved here. A Redis that does not
    know the script yet (a restart) gets it loaded and the pipeline once more.
    """
    script = registered(r, source)
    for _ in range(2):
        pipe = r.pipeline(transaction=False)
        # (by hand: a cluster pipeline refuses its evalsha(), not the command itself; on a
        # cluster routed here, or redis-py asks a node for the keys of EVALSHA every time)
        pipe.execute_command("EVALSHA", script.sha, len(script_keys), *script_keys, *script_args,
                             **route(r, script_keys[0]))  # fmt: skip
        also(pipe)
        results = pipe.execute(raise_on_error=False)
        if not isinstance(results[0], redis.exceptions.NoScriptError):
            break
        r.script_load(source)
    for result in results:
        if isinstance(result, Exception):
            raise result
    return results[0]


_NAMED = re.compile(r"\b(KEYS|ARGV|OUTCOME)\.([A-Za-z_]+)\b")


class NamedScript:
    """A script whose keys, arguments and answers have names, each listed once.

    ``keys`` and ``args`` are NamedTuple classes (their fields, in order, are KEYS and ARGV);
    ``outcomes`` is an IntEnum whose number a script's answer starts with. The body speaks of
    ``KEYS.name``, ``ARGV.name`` and ``OUTCOME.NAME``: each becomes ``KEYS[i]``,
    ``ARGV[i]`` or its number when the script is made (an unknown name fails then)."""

    def __init__(self, keys: type[tuple], args: type[tuple], outcomes: type[IntEnum],
                 body: str, prelude: str = ""):  # fmt: skip
        self.keys, self.args, self.outcomes = keys, args, outcomes
        self.source = prelude + _NAMED.sub(self._resolve, body)

    def _resolve(self, match: re.Match) -> str:
        space, name = match.groups()
        if space == "OUTCOME":
            return str(int(self.outcomes[name]))
        fields = (self.keys if space == "KEYS" else self.args)._fields  # type: ignore[attr-defined]
        if name not in fields:
            raise ValueError(f"the script names {space}.{name}, which is not listed")
        return f"{space}[{fields.index(name) + 1}]"

    def run(self, r: redis.Redis, keys: NamedTuple, args: NamedTuple,
            also: Callable[[Any], object]) -> tuple[IntEnum, list]:  # fmt: skip
        """Run it (and ``also(pipeline)``, in the same round trip): (its outcome, the rest of
        its answer)."""
        outcome, *rest = run_with(r, self.source, list(keys), list(args), also)
        return self.outcomes(outcome), rest
