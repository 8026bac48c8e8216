"""A request's header fields as the gevent worker reads them, without the email package.

gevent's WSGI server parses each request's header block with ``http.client.parse_headers``,
which builds an ``email.message.Message`` through the email package's feed parser: about a
twentieth of a web worker's CPU at a human pace, for a handful of short lines
(docs/performance.md). :class:`RequestHead` reads the same lines within tighter bounds (100
fields, 65,536 bytes in all: http.client allowed that much a line, 6.5 MB a head) and answers
what gevent's server and gunicorn's access log ask of the header object. What the email
parser tolerated and HTTP forbids — a folded (continued) line, whitespace before the colon, a
line that is no field — makes the head invalid: the client gets 400 (RFC 9112, 5.1 and 5.2).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

MAX_HEAD = 65536  # bytes of header fields and the empty line after them (nginx: 4 × 16k)
MAX_FIELDS = 100  # header fields in one request (http.client's bound)
FIELD_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # a token (RFC 9110, 5.1)
END_OF_HEAD = (b"\r\n", b"\n", b"")


class RequestHead:
    """The header fields of one request, in order; ``status`` says why they are invalid
    ("" when they are not), as gevent's server expects of its header object."""

    def __init__(self, fields: list[tuple[str, str]] | None = None, status: str = ""):
        self.fields = fields or []
        self.status = status

    @classmethod
    def read(cls, rfile, *_ignored) -> RequestHead:
        """The fields up to the empty line that ends the head (gevent's ``MessageClass``)."""
        fields: list[tuple[str, str]] = []
        left = MAX_HEAD
        while (line := rfile.readline(left + 1)) not in END_OF_HEAD:
            left -= len(line)
            if left < 0:
                return cls(status="Head too large")
            if len(fields) == MAX_FIELDS:
                return cls(status="Too many headers")
            name, colon, value = line.decode("latin-1").partition(":")
            if not colon or not FIELD_NAME.fullmatch(name):
                return cls(status="Invalid header line")
            fields.append((name, value.strip(" \t\r\n")))
        return cls(fields)

    def get(self, name: str, default: str | None = None) -> str | None:
        """The first field of that name (any case)."""
        wanted = name.lower()
        return next((value for key, value in self.fields if key.lower() == wanted), default)

    getheader = get

    def __delitem__(self, name: str) -> None:
        wanted = name.lower()
        self.fields = [(key, value) for key, value in self.fields if key.lower() != wanted]

    @property
    def typeheader(self) -> str | None:
        return self.get("content-type")

    @property
    def headers(self) -> Iterator[str]:
        """The fields as lines (what gevent builds the WSGI environment from)."""
        return (f"{key}: {value}\r\n" for key, value in self.fields)

    def items(self) -> list[tuple[str, str]]:
        return list(self.fields)
