"""The gevent worker's reader of a request's header fields (deploy/request_head.py)."""

from __future__ import annotations

import io

import pytest

from deploy.request_head import MAX_FIELDS, MAX_HEAD, RequestHead


def head(raw: bytes) -> RequestHead:
    return RequestHead.read(io.BufferedReader(io.BytesIO(raw)), 0)


def test_fields_are_read_to_the_empty_line_and_found_in_any_case():
    rfile = io.BufferedReader(io.BytesIO(b"Host: x\r\nContent-Type:  a/b \r\n\r\n{body}"))
    fields = RequestHead.read(rfile, 0)
    assert fields.status == ""
    assert fields.get("content-type") == fields.typeheader == "a/b"
    assert fields.getheader("HOST") == "x"
    assert fields.get("content-length") is None and fields.get("x", "d") == "d"
    assert list(fields.headers) == ["Host: x\r\n", "Content-Type: a/b\r\n"]
    assert rfile.read() == b"{body}"  # the body is left for the application


def test_repeated_fields_keep_their_order_and_a_deletion_takes_them_all():
    fields = head(b"Accept: a\r\nX-A: 1\r\naccept: b\r\n\r\n")
    assert fields.get("Accept") == "a"
    assert fields.items() == [("Accept", "a"), ("X-A", "1"), ("accept", "b")]
    del fields["ACCEPT"]
    del fields["not-there"]
    assert fields.items() == [("X-A", "1")]


def test_a_head_that_ends_with_the_connection_is_what_came():
    assert head(b"Host: x\r\n").items() == [("Host", "x")]
    assert head(b"Host: x\n\n").items() == [("Host", "x")]


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b"Host: x\r\n folded\r\n\r\n", "Invalid header line"),
        (b"Host x\r\n\r\n", "Invalid header line"),
        (b"Host : x\r\n\r\n", "Invalid header line"),
        (b": x\r\n\r\n", "Invalid header line"),
        (b"X-Long: " + b"a" * MAX_HEAD + b"\r\n\r\n", "Head too large"),
        (
            b"X-A: " + b"a" * (MAX_HEAD // 2) + b"\r\nX-B: " + b"b" * (MAX_HEAD // 2) + b"\r\n\r\n",
            "Head too large",
        ),
        (b"".join(b"X-%d: 1\r\n" % n for n in range(MAX_FIELDS + 1)) + b"\r\n", "Too many headers"),
    ],
)
def test_a_head_http_forbids_is_invalid(raw, status):
    fields = head(raw)
    assert fields.status == status
    assert fields.items() == []


def test_the_most_fields_and_the_largest_head_allowed_are_read():
    many = b"".join(b"X-%d: 1\r\n" % n for n in range(MAX_FIELDS)) + b"\r\n"
    assert len(head(many).items()) == MAX_FIELDS
    line = b"X: " + b"a" * (MAX_HEAD - 7) + b"\r\n"
    assert head(line + b"\r\n").get("x") == "a" * (MAX_HEAD - 7)
