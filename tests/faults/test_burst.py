"""300 concurrent anonymous requests through the production server on PostgreSQL.

The server is the one deployed (``deploy/gunicorn.conf.py``: gunicorn with 2 uvicorn
workers, DEBUG=0) on this test's database with a small pool (``DB_POOL_MAX=4`` a process).
The bug this holds down: a first burst of 60 GETs left 60 idle connections held for a
minute, and the next burst got 22 x 500 "too many clients". So two bursts, back to back:
no answer of 500 or more in either (a throttled 429 is fine), and the server's PostgreSQL
connections, sampled every 50 ms from ``pg_stat_activity`` during both, never pass
workers x DB_POOL_MAX.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter

import psycopg
import pytest
from django.db import connection

from tests.faults.production import get, production_server

pytestmark = pytest.mark.fault

WORKERS = 2
POOL_MAX = 4
REQUESTS = 300
PATHS = [
    "/",
    "/games/maker-war/catalogue/",
    "/games/micro-and-macro/catalogue/",
    "/api/maker-war/entries/",
    "/api/smalltricks/entries/",
    "/accounts/login/",
    "/healthz/",
]


@pytest.fixture
def server(transactional_db, catalogue):
    if connection.vendor != "postgresql":
        pytest.skip("the burst is a PostgreSQL test")
    with production_server(workers=WORKERS, pool_max=POOL_MAX) as running:
        yield running.port, running.app_name


async def _burst(port: int) -> list[tuple[str, int | str]]:
    paths = [PATHS[i % len(PATHS)] for i in range(REQUESTS)]
    statuses = await asyncio.gather(*(get(port, path) for path in paths))
    return list(zip(paths, statuses, strict=True))


class Sampler(threading.Thread):
    """Counts the server's connections to the test database every 50 ms."""

    def __init__(self, app_name: str):
        super().__init__(daemon=True)
        self.app_name = app_name
        self.peak = 0
        self.peak_all = 0  # every connection to the database, the test's own included
        self.samples = 0
        self.done = threading.Event()

    def run(self) -> None:
        db = connection.settings_dict
        with psycopg.connect(
            host=db["HOST"] or "127.0.0.1",
            port=db["PORT"] or 5432,
            user=db["USER"],
            password=db.get("PASSWORD") or None,
            dbname=db["NAME"],
            autocommit=True,
        ) as conn:
            while not self.done.is_set():
                count, count_all = conn.execute(
                    "SELECT count(*) FILTER (WHERE application_name = %s), count(*)"
                    " FROM pg_stat_activity WHERE datname = %s",
                    (self.app_name, db["NAME"]),
                ).fetchone()
                self.peak = max(self.peak, count)
                self.peak_all = max(self.peak_all, count_all)
                self.samples += 1
                time.sleep(0.05)


def _check(results: list[tuple[str, int | str]], label: str) -> Counter:
    tally = Counter(status for _, status in results)
    bad = Counter(
        (path, status)
        for path, status in results
        if not isinstance(status, int) or status >= 500 or status not in (200, 429)
    )
    assert not bad, f"{label}: {dict(bad)} (all: {dict(tally)})"
    return tally


@pytest.mark.timeout(180)
def test_two_bursts_of_300_requests_get_no_server_error_and_bounded_connections(server):
    port, app_name = server
    sampler = Sampler(app_name)
    sampler.start()
    try:
        started = time.monotonic()
        first = asyncio.run(_burst(port))
        between = time.monotonic()
        second = asyncio.run(_burst(port))  # right after: nothing may be left held
        seconds = (between - started, time.monotonic() - between)
        time.sleep(0.2)
    finally:
        sampler.done.set()
        sampler.join(timeout=5)
    tallies = (_check(first, "first burst"), _check(second, "second burst"))
    print(
        f"bursts of {REQUESTS} in {seconds[0]:.1f} s and {seconds[1]:.1f} s: "
        f"statuses {[dict(t) for t in tallies]}; peak connections {sampler.peak} "
        f"(server), {sampler.peak_all} (all, the test's own included)"
    )
    assert sampler.samples > 10
    assert 0 < sampler.peak <= WORKERS * POOL_MAX, (
        f"peak {sampler.peak} server connections, bound {WORKERS} x {POOL_MAX}"
    )
