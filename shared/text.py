"""Text a client sends, judged once at the edge: what the house would store, show or put into
a Redis key must come back exactly as it went in, and must not change how the text around it
reads.

Refused in every string a client sends (JSON bodies, keys included; the path; the query;
the headers the house reads):

* lone surrogates (U+D800–U+DFFF): not text at all; UTF-8 cannot carry them, so a reader
  that is strict (orjson, every browser) could not read back what a lenient writer stored;
* control characters (C0, DEL, C1), NUL among them: invisible, and cut strings short in
  other systems;
* the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they
  reorder the text that follows them ("Trojan Source").

A JSON body may nest at most :data:`MAX_DEPTH` levels: no request of the house needs more,
and a deeper one is refused before anything walks it.
"""

from __future__ import annotations

import re
from urllib.parse import unquote_to_bytes

MAX_DEPTH = 32
_REFUSED = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_WHAT = {
    "surrogate": "a lone surrogate (not text)",
    "control": "a control character",
    "bidi": "a bidirectional control",
}


def flaw(text: str) -> str | None:
    """What is wrong with ``text`` ("a control character" …), or None when it is sound."""
    found = _REFUSED.search(text)
    if found is None:
        return None
    code = ord(found.group())
    if 0xD800 <= code <= 0xDFFF:
        return _WHAT["surrogate"]
    if 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
        return _WHAT["bidi"]
    return _WHAT["control"]


def flaws(value) -> dict[str, str]:
    """Where a parsed JSON value holds text that is refused, or nests too deep: {dotted path
    ("" for the whole value): what is wrong} — empty when it is sound. Stops at the first."""
    stack = [(value, "", 1)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, str):
            if problem := flaw(item):
                return {path: f"contains {problem}"}
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return {path: f"nests deeper than {MAX_DEPTH} levels"}
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in pairs:
                if isinstance(key, str) and (problem := flaw(key)):
                    return {path: f"has a key that contains {problem}"}
                stack.append((child, f"{path}.{key}" if path else str(key), depth + 1))
    return {}


def json_flaws(raw: bytes, value) -> dict[str, str]:
    """:func:`flaws` of ``value``, parsed by orjson from ``raw``: a body of ASCII without
    escapes or DEL (orjson refuses raw control characters in strings) and with fewer brackets
    than MAX_DEPTH is sound without a walk — every move is (docs/performance.md)."""
    if (
        raw.isascii()
        and b"\\" not in raw
        and b"\x7f" not in raw
        and raw.count(b"{") + raw.count(b"[") <= MAX_DEPTH
    ):
        return {}
    return flaws(value)


def wsgi_flaw(raw: str, escaped: bool = False) -> str | None:
    """What is wrong with a WSGI string (the latin-1 text of the bytes that came; ``escaped``:
    percent-escapes still to be decoded, as in the query string): bytes that are not UTF-8
    (a lone surrogate can be nothing else), or text :func:`flaw` refuses."""
    try:
        data = raw.encode("latin-1")
        text = (unquote_to_bytes(data) if escaped else data).decode("utf-8")
    except UnicodeError:
        return "is not UTF-8 text"
    problem = flaw(text)
    return f"contains {problem}" if problem else None
