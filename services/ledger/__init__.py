"""The ledger service (create_app in app.py)."""
