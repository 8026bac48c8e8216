"""Every setting of the house, read from the environment in one place.

docs/operations.md lists them; services read them through ``settings()`` (or a test's
config overrides passed to an app factory).
"""

from __future__ import annotations

import os
import secrets

# A random key per process, for benches and tools that start a house of their own and pass
# the key on to it. The house itself has no default key: see require_secret_key.
DEV_SECRET = secrets.token_hex(32)


class SecretKeyMissing(SystemExit):
    """SECRET_KEY is not set; the process stops with this one line, no traceback."""


def comma_list(value: str | None) -> list[str]:
    """The items of a comma-separated setting, trimmed, empty ones left out."""
    return [item.strip() for item in (value or "").split(",") if item.strip()]


def require_secret_key(config: dict) -> None:
    """Refuse to start without a SECRET_KEY: tokens signed with a key anyone can read in the
    source could be forged by anyone (`make run` makes one of its own, var/secret_key)."""
    if not config.get("SECRET_KEY"):
        raise SecretKeyMissing(
            "SECRET_KEY is not set: every process of the house needs the same secret key "
            "(it signs the tokens), e.g. SECRET_KEY=$(openssl rand -hex 32) (docs/operations.md)"
        )


def settings() -> dict:
    """The house settings as a dict of Flask-style upper-case keys."""
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    return {
        "REDIS_URL": redis_url,
        # None: the same as REDIS_URL (which must then be a standalone Redis)
        "QUEUE_REDIS_URL": os.environ.get("QUEUE_REDIS_URL") or None,
        # On a Redis Cluster: a commit is answered once this many replicas have it (WAIT),
        # waiting at most REDIS_WAIT_TIMEOUT ms; 0: answer at once (a cluster without replicas)
        "REDIS_WAIT_REPLICAS": int(os.environ.get("REDIS_WAIT_REPLICAS", "1")),
        "REDIS_WAIT_TIMEOUT": int(os.environ.get("REDIS_WAIT_TIMEOUT", "200")),
        # No default: make_app and the gunicorn configs refuse to start without it
        "SECRET_KEY": os.environ.get("SECRET_KEY") or None,
        # Earlier keys whose tokens are still accepted (comma-separated), for a key rotation
        "SECRET_KEY_FALLBACKS": comma_list(os.environ.get("SECRET_KEY_FALLBACKS")),
        "TOKEN_MAX_AGE": int(os.environ.get("TOKEN_MAX_AGE", str(30 * 24 * 3600))),
        "MAX_CONTENT_LENGTH": int(os.environ.get("MAX_BODY_BYTES", "16384")),
        "BOT_PACE": os.environ.get("BOT_PACE", "on"),
        "TABLE_RETENTION": int(os.environ.get("TABLE_RETENTION", str(7 * 24 * 3600))),
        "SSE_HEARTBEAT": float(os.environ.get("SSE_HEARTBEAT", "15")),
        "HINT_TIMEOUT": float(os.environ.get("HINT_TIMEOUT", "5")),
        # POST …/moves per player and window (0: no limit); shared/ratelimit.py
        "MOVE_RATE_LIMIT": int(os.environ.get("MOVE_RATE_LIMIT", "20")),
        "MOVE_RATE_WINDOW": float(os.environ.get("MOVE_RATE_WINDOW", "1")),
        # Every other request that changes something (POST, PUT, PATCH, DELETE with a bearer
        # token) per player and window (0: no limit); shared/web.py limit_actions
        "ACTION_RATE_LIMIT": int(os.environ.get("ACTION_RATE_LIMIT", "10")),
        "ACTION_RATE_WINDOW": float(os.environ.get("ACTION_RATE_WINDOW", "1")),
        # quick-play requests (ask, status, leave) per player and 10 s (0: no limit)
        "QUICKPLAY_RATE_LIMIT": int(os.environ.get("QUICKPLAY_RATE_LIMIT", "30")),
        # Where X-Forwarded-For is believed: requests from these addresses or networks (the
        # edge nginx, a load balancer) name their client in it; anyone else is the client.
        # None by default: `make run` has no proxy in front (make cluster names its nginx)
        "TRUSTED_PROXIES": comma_list(os.environ.get("TRUSTED_PROXIES")),
        # Who may read /metrics: requests from these addresses or networks straight to the
        # instance (never through a proxy). None by default: make run serves everyone on one
        # port (make cluster, compose and Kubernetes name their scrapers' networks)
        "METRICS_ALLOW": comma_list(os.environ.get("METRICS_ALLOW")),
        # Quotas (0: off), enforced in Redis for the whole house; docs/operations.md "Quotas"
        "QUOTA_GUESTS_PER_HOUR": int(os.environ.get("QUOTA_GUESTS_PER_HOUR", "10")),
        "QUOTA_SIGN_UPS_PER_HOUR": int(os.environ.get("QUOTA_SIGN_UPS_PER_HOUR", "5")),
        "QUOTA_SIGN_INS_PER_MINUTE": int(os.environ.get("QUOTA_SIGN_INS_PER_MINUTE", "30")),
        "QUOTA_NAME_SIGN_INS_PER_MINUTE": int(
            os.environ.get("QUOTA_NAME_SIGN_INS_PER_MINUTE", "10")
        ),
        "QUOTA_TABLES": int(os.environ.get("QUOTA_TABLES", "5")),
        "QUOTA_SOLO_GAMES_PER_MINUTE": int(os.environ.get("QUOTA_SOLO_GAMES_PER_MINUTE", "5")),
        "QUOTA_INVITATIONS_PER_MINUTE": int(os.environ.get("QUOTA_INVITATIONS_PER_MINUTE", "10")),
        # Event streams a player may hold open at once, stream tickets a player may take per
        # minute (0: no limit); services/table/stream_leases.py
        "STREAMS_PER_PLAYER": int(os.environ.get("STREAMS_PER_PLAYER", "10")),
        "STREAM_TICKETS_PER_MINUTE": int(os.environ.get("STREAM_TICKETS_PER_MINUTE", "60")),
        # seconds between watchdog rounds, and how long work may be overdue before it steps in
        "WATCHDOG_EVERY": float(os.environ.get("WATCHDOG_EVERY", "5")),
        "WATCHDOG_SLACK": float(os.environ.get("WATCHDOG_SLACK", "2")),
    }
