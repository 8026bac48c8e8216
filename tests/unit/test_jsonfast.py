"""The house's JSON: compact, string keys, and whatever a client sends can be answered."""

import json

from shared import jsonfast


def test_compact_with_string_keys_like_the_standard_library():
    value = {"a": [1, 2.5, None, True], 3: "x", "ü": "ß"}
    assert jsonfast.loads(jsonfast.dumps(value)) == json.loads(json.dumps(value))
    assert " " not in jsonfast.dumps(value)


def test_an_integer_beyond_64_bits_is_still_encoded():
    assert jsonfast.loads(jsonfast.dumps({"n": 2**64})) == {"n": 2**64}
