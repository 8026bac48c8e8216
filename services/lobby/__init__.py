"""The lobby service."""

from services.lobby.app import create_app

__all__ = ["create_app"]
