"""The table service."""

from services.table.app import create_app

__all__ = ["create_app"]
