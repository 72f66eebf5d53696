"""What the tests that start real processes (a Celery worker, gunicorn, render children)
share: the test database as a URL for a child process, and whether a process still runs."""

from __future__ import annotations

from django.db import connection


def database_url() -> str:
    """This test's database, for a child process's ``DATABASE_URL``."""
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
