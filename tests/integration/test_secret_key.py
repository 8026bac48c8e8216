"""SECRET_KEY: no start without it, make run keeps one of its own, and earlier keys are still
accepted during a rotation (SECRET_KEY_FALLBACKS)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from services.lobby.app import create_app as lobby_app
from services.run import local_secret_key
from shared.config import SecretKeyMissing
from shared.web import make_app

ROOT = Path(__file__).resolve().parents[2]


def test_an_app_without_a_secret_key_refuses_to_start(redis_url, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(SecretKeyMissing) as refused:
        make_app("lobby", "t", [], {"REDIS_URL": redis_url})
    assert "SECRET_KEY is not set" in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("config", ["gunicorn_house.py", "gunicorn_service.py"])
def test_gunicorn_refuses_to_start_without_a_secret_key(config):
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env.update(SERVICE="lobby", REDIS_URL="redis://127.0.0.1:1/0")
    app = "services.house:create_house()"
    argv = [sys.executable, "-m", "gunicorn", "-c", f"deploy/{config}", app]
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("SECRET_KEY is not set"), lines


def test_a_worker_refuses_to_start_without_a_secret_key(redis_url):
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env.update(REDIS_URL=redis_url)
    argv = [sys.executable, "-m", "services.bots.worker", "bots"]
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("SECRET_KEY is not set"), lines


def test_make_run_makes_its_key_once_readable_by_the_owner_only(tmp_path):
    path = tmp_path / "var" / "secret_key"
    key = local_secret_key(path)
    assert len(key) == 64 and path.read_text().strip() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert local_secret_key(path) == key


def _me(app, token):
    return app.test_client().get("/accounts/me", headers={"Authorization": f"Bearer {token}"})


def test_tokens_signed_with_an_earlier_key_are_accepted_during_a_rotation(redis_url):
    old = lobby_app({"REDIS_URL": redis_url, "SECRET_KEY": "old-key"})
    session = old.test_client().post("/accounts/guest", json={"name": "Rota"}).json
    rotated = lobby_app({"REDIS_URL": redis_url, "SECRET_KEY": "new-key",
                         "SECRET_KEY_FALLBACKS": ["old-key"]})  # fmt: skip
    assert _me(rotated, session["token"]).status_code == 200
    fresh = rotated.test_client().post("/accounts/guest", json={"name": "Neu"}).json
    assert _me(old, fresh["token"]).status_code == 401, "new tokens are signed with the new key"
    plain = lobby_app({"REDIS_URL": redis_url, "SECRET_KEY": "new-key"})
    assert _me(plain, session["token"]).json["code"] == "token_invalid"


def test_fallbacks_are_read_comma_separated(monkeypatch):
    from shared import config

    monkeypatch.setenv("SECRET_KEY_FALLBACKS", " a-key, b-key ,,")
    assert config.settings()["SECRET_KEY_FALLBACKS"] == ["a-key", "b-key"]
