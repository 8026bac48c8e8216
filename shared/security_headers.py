"""The security headers of every answer: the page's Content-Security-Policy, the API's, and
the rest every answer carries."""

from __future__ import annotations

# The browser client's page: scripts, styles, data and connections from this origin only; no
# inline script or style (a script injected into the page does not run, an injected
# style="…" or <style> does not apply); no framing (a staked table cannot be framed and
# clicked through). The API answers JSON and is never a document: it may load nothing.
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
API_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()"
)
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def add_security_headers(response, csp: str = API_CSP):
    """The house's security headers on a response (those already set are kept). HSTS is not
    among them: it belongs where TLS ends (deploy/nginx/house.conf.template)."""
    headers = response.headers
    present = {name.lower() for name, _ in headers.items()}  # (one pass, not one per header)
    for name, value in (("Content-Security-Policy", csp), *SECURITY_HEADERS.items()):
        if name.lower() not in present:
            headers.add(name, value)
    return response
