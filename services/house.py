"""The whole house as one WSGI app on one origin, for the embedded default (`make run`).

Every answer carries the house's security headers (shared.security_headers): the page with
its Content-Security-Policy, the services with theirs.

The browser client at /, and each service under its own prefix, exactly as nginx routes them
in the horizontal deployment (deploy/nginx.conf): /api/lobby, /api/table, /api/ledger.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, send_from_directory
from werkzeug.middleware.dispatcher import DispatcherMiddleware

from services.ledger.app import create_app as ledger_app
from services.lobby.app import create_app as lobby_app
from services.table.app import create_app as table_app
from shared.security_headers import PAGE_CSP, add_security_headers

WEB_ROOT = Path(__file__).parent / "web"
PREFIXES = {"/api/lobby": lobby_app, "/api/table": table_app, "/api/ledger": ledger_app}


def create_web_app() -> Flask:
    """Serves the static browser client."""
    app = Flask("web", static_folder=None)

    @app.get("/")
    @app.get("/t/<path:_page>")
    @app.get("/p/<path:_page>")
    def index(_page=None):
        """The client's own addresses (a table, a player) are all the one page."""
        return send_from_directory(WEB_ROOT, "index.html")

    @app.get("/<path:name>")
    def asset(name):
        return send_from_directory(WEB_ROOT, name)

    app.after_request(lambda response: add_security_headers(response, PAGE_CSP))
    return app


def create_house(config=None) -> DispatcherMiddleware:
    mounts = {prefix: create_app(config) for prefix, create_app in PREFIXES.items()}
    return DispatcherMiddleware(create_web_app(), mounts)
