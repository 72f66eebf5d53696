"""Production settings fail safe: no site without its own key, no deploy-check warning."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_ENV = ROOT / "deploy" / "muster.env.example"


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # Only what a shell gives a fresh process: other tests may leave variables behind
    # (DJANGO_ALLOW_ASYNC_UNSAFE, set by the browser tests, is itself a deploy error).
    clean = {k: os.environ[k] for k in ("PATH", "HOME", "LANG", "TMPDIR") if k in os.environ}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def documented_environment() -> dict[str, str]:
    """The variables the deployment guide's example file sets, with a real secret key in
    place of its placeholder (the database and Redis stay as this run has them)."""
    env: dict[str, str] = {}
    for line in EXAMPLE_ENV.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        env[key.strip()] = value.strip().strip('"')
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    for key in ("DATABASE_URL", "REDIS_URL", "MEDIA_ROOT"):
        if key in os.environ:
            env[key] = os.environ[key]
        else:
            env.pop(key, None)
    return env


def test_debug_off_without_a_secret_key_refuses_to_start():
    result = _manage("check", env={"DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_the_development_key_is_used_only_with_debug_on():
    result = _manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.SECRET_KEY)",
        env={"DEBUG": "1"},
    )
    assert result.returncode == 0, result.stderr
    assert "not-for-production" in result.stdout


def test_deploy_check_with_the_documented_environment_prints_no_warning():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=documented_environment())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
