"""The lobby service (create_app in app.py)."""
