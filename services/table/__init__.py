"""The table service (create_app in app.py)."""
