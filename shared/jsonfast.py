"""JSON on the move path: orjson, compact, for documents, streams, answers and events.

One place, so that every payload is encoded the same way (keys that are not strings become
strings, as the standard library does; what orjson cannot encode goes to the standard
library) and the services' Flask apps answer with it too.
"""

from __future__ import annotations

import json

import orjson
from flask.json.provider import JSONProvider

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumpb(value) -> bytes:
    """The value as compact JSON in UTF-8. Text that UTF-8 cannot carry (a lone surrogate)
    raises UnicodeEncodeError here rather than being written as an escape that no strict
    reader (orjson's :func:`loads` among them) would read back. Keys that are not strings
    take orjson's option for them only when the plain call refuses the value (the option
    halves its speed); what orjson cannot encode at all (an integer beyond 64 bits, from a
    client) goes to the standard library."""
    for option in (None, _OPTIONS):
        try:
            return orjson.dumps(value, option=option)
        except TypeError:
            continue
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def dumps(value) -> str:
    return dumpb(value).decode()


loads = orjson.loads


class FlaskJSON(JSONProvider):
    """Flask's JSON provider on orjson: responses, ``request.get_json`` and ``jsonify``."""

    def dumps(self, obj, **kwargs) -> str:
        return dumps(obj)

    def loads(self, s, **kwargs):
        return orjson.loads(s)
