"""The security headers every answer carries (shared/security_headers.py)."""

from flask import Response

from shared.security_headers import API_CSP, SECURITY_HEADERS, add_security_headers


def test_every_security_header_is_added_once_and_one_already_set_is_kept():
    response = Response("{}", mimetype="application/json")
    response.headers["x-frame-options"] = "SAMEORIGIN"
    add_security_headers(add_security_headers(response))
    headers = response.headers
    assert headers.getlist("Content-Security-Policy") == [API_CSP]
    assert headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    for name, value in SECURITY_HEADERS.items():
        if name != "X-Frame-Options":
            assert headers.getlist(name) == [value]
    assert headers["Content-Type"] == "application/json"
