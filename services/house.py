"""The whole house as one WSGI app on one origin, for the embedded default (`make run`).

The browser client at /, and each service under its own prefix, exactly as nginx routes them
in the horizontal deployment (deploy/nginx.conf): /api/lobby, /api/table, /api/ledger.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, send_from_directory
from werkzeug.middleware.dispatcher import DispatcherMiddleware

from services import ledger, lobby, table

WEB_ROOT = Path(__file__).parent / "web"
PREFIXES = {"/api/lobby": lobby, "/api/table": table, "/api/ledger": ledger}


def create_web_app() -> Flask:
    """Serves the static browser client."""
    app = Flask("web", static_folder=None)

    @app.get("/")
    def index():
        return send_from_directory(WEB_ROOT, "index.html")

    @app.get("/<path:name>")
    def asset(name):
        return send_from_directory(WEB_ROOT, name)

    return app


def create_house(config=None) -> DispatcherMiddleware:
    mounts = {prefix: service.create_app(config) for prefix, service in PREFIXES.items()}
    return DispatcherMiddleware(create_web_app(), mounts)
