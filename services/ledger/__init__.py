"""The ledger service."""

from services.ledger.app import create_app

__all__ = ["create_app"]
