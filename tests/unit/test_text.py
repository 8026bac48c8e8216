"""shared/text.py: which text the house refuses, in a parsed body, raw JSON and WSGI strings."""

from __future__ import annotations

import orjson
import pytest

from shared import text


@pytest.mark.parametrize(
    "raw",
    [
        '{"t": "a\u202eb"}'.encode(),  # a bidi override as raw UTF-8
        b'{"t": "a\\u2066b"}',  # an isolate as an escape
        '{"t": "\u0085"}'.encode(),  # C1 as raw UTF-8
        b'{"t": "a\x7fb"}',  # DEL, which JSON lets through raw
        b'{"t": "\\u0000"}',
        b'{"a\\n": 1}',  # in a key
        b"[" * 33 + b"]" * 33,
    ],
)
def test_refused_text_is_found_however_the_json_writes_it(raw):
    assert text.json_flaws(raw, orjson.loads(raw))


@pytest.mark.parametrize(
    "raw",
    [b'{"move": {"type": "play", "card": "R7"}, "key": "c0a8f1b2-3d4e"}',
     '{"text": "Grüß dich 👋🏽 مرحبا"}'.encode(), b'{"t": "\\u00e9"}', b"[" * 32 + b"]" * 32],
)  # fmt: skip
def test_sound_text_passes(raw):
    assert text.json_flaws(raw, orjson.loads(raw)) == {}


def test_wsgi_strings_are_judged_as_the_bytes_that_came():
    assert text.wsgi_flaw("/tables/abc") is None
    assert text.wsgi_flaw("/players/Gr\xc3\xbc\xc3\x9f") is None  # "Grüß", UTF-8 as latin-1
    assert text.wsgi_flaw("/tables/\xed\xa0\x80") == "is not UTF-8 text"  # a lone surrogate
    assert text.wsgi_flaw("/tables/a\x00") == "contains a control character"
    assert text.wsgi_flaw("game=%E2%80%AE", escaped=True) == "contains a bidirectional control"
    assert text.wsgi_flaw("game=%ff", escaped=True) == "is not UTF-8 text"
