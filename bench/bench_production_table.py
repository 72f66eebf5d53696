"""Target (issue 17): the live-table load of ``bench_live_table`` (50 tables x 4 table PAGE
clients, each push the seat's JSON view that the page draws, one action a client every 2 s
for 60 s once all are connected) on the production topology: gunicorn with uvicorn
workers (``deploy/gunicorn.conf.py``), PostgreSQL, the Redis channel layer. p99 from an
action to every device's update at most 150 ms with two workers; none lost, none doubled
(rows of the server's log per client id, and seqs pushed twice to a device), every
device's last view the server's; the peak of the servers' PostgreSQL connections
reported. The same load on one worker makes the second worker's gain a ratio.

How the two workers are split: one gunicorn master's workers share one listening socket
and the kernel picks the worker, so no client could choose its process. Two gunicorns of
one uvicorn worker each, on two ports, are the two workers here: seats 0-1 of every table
connect to the first, seats 2-3 to the second, so every move made through one process
reaches half its table only through Redis. The one-worker run is one such gunicorn with
every device on it.

Runs on a scratch PostgreSQL database (``muster_bench``, created and dropped) and a
scratch Redis database (``MUSTER_BENCH_REDIS``, ``redis://127.0.0.1:6379/11``, flushed
before and after), in a child process of its own so the rest of the benchmarks keep their
SQLite database. Skipped when PostgreSQL or Redis cannot be reached.

Target (issue 26): a tournament hall on the same topology: 1,000 devices (250 tables x 4),
one tap a device every 5 s, the devices of each table split across the two gunicorns:
p99 from a tap to every device at most 150 ms, none lost, none doubled, every device's
last view the server's. The embedded default's row of ``bench_live_table`` (one process)
is measured in the same ``make bench`` run, for comparison.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from bench import bench_live_table as live

ROOT = Path(__file__).resolve().parent.parent
PG_SERVER = os.environ.get("MUSTER_BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS_URL = os.environ.get("MUSTER_BENCH_REDIS", "redis://127.0.0.1:6379/11")
DB_NAME = "muster_bench"
POOL_MAX = 8  # settings.DB_POOL_MAX's default, per process
TARGET_P99_MS = 150.0
HALL_TABLES = int(os.environ.get("MUSTER_BENCH_HALL_TABLES", 250))
HALL_INTERVAL_S = 5.0
RESULT = "BENCH-RESULT "


def _name(workers: int) -> str:
    split = (
        "devices of each table split across 2 single-worker gunicorns"
        if workers == 2
        else "every device on 1 worker"
    )
    return (
        f"Live table on the production topology: {live.TABLES} tables x {live.CLIENTS} "
        f"page clients, one action each every {live.INTERVAL_S:.0f} s for "
        f"{live.DURATION_S:.0f} s (gunicorn + uvicorn, PostgreSQL, Redis channel layer; "
        f"{split})"
    )


def _hall_name() -> str:
    return (
        f"Tournament hall on the production topology: {HALL_TABLES} tables x {live.CLIENTS} "
        f"page clients ({HALL_TABLES * live.CLIENTS} devices), one action each every "
        f"{HALL_INTERVAL_S:.0f} s for {live.DURATION_S:.0f} s (gunicorn + uvicorn, PostgreSQL, "
        "Redis channel layer; devices of each table split across 2 single-worker gunicorns)"
    )


def _hall_load() -> live.Load:
    return live.Load(interval_s=HALL_INTERVAL_S, duration_s=live.DURATION_S)


def _reachable() -> bool:
    import psycopg
    import redis

    try:
        psycopg.connect(f"{PG_SERVER}/postgres", connect_timeout=2).close()
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2, socket_timeout=2).ping()
    except Exception:  # any failure: the services are not there
        return False
    return True


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def _flush_redis() -> None:
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()


def run() -> list[dict[str, Any]]:
    """Two rows for BENCHMARKS.md: two workers (the target), one worker (the baseline)."""
    two_target = (
        f"p99 action-to-every-device <= {TARGET_P99_MS:.0f} ms; none lost or doubled; "
        "every last view the server's; connections <= 2 x DB_POOL_MAX"
    )
    one_target = "the same load on one worker: the second worker's gain as a ratio"
    hall_target = (
        f"p99 action-to-every-device <= {TARGET_P99_MS:.0f} ms; none lost or doubled; "
        "every last view the server's"
    )
    if not _reachable():
        skipped = "skipped: needs PostgreSQL and Redis"
        return [
            {"name": _name(2), "target": two_target, "result": skipped, "ok": True},
            {"name": _name(1), "target": one_target, "result": skipped, "ok": True},
            {"name": _hall_name(), "target": hall_target, "result": skipped, "ok": True},
        ]
    _admin(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
    _admin(f'CREATE DATABASE "{DB_NAME}"')
    _flush_redis()
    env = {
        **os.environ,
        "DATABASE_URL": f"{PG_SERVER}/{DB_NAME}",
        "REDIS_URL": REDIS_URL,
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    try:
        child = subprocess.run(
            [sys.executable, "-m", "bench.bench_production_table"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
            timeout=6 * live.DURATION_S + 900,
        )
    finally:
        _admin(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        _flush_redis()
    lines = [line for line in child.stdout.splitlines() if line.startswith(RESULT)]
    if child.returncode or not lines:
        failed = f"failed: the benchmark's process exited {child.returncode}"
        return [
            {"name": _name(2), "target": two_target, "result": failed, "ok": False},
            {"name": _name(1), "target": one_target, "result": failed, "ok": False},
            {"name": _hall_name(), "target": hall_target, "result": failed, "ok": False},
        ]
    two, one, hall = json.loads(lines[-1][len(RESULT) :])
    two_ok = (
        two["deliveries"] > 0
        and two["p99"] <= TARGET_P99_MS
        and two["lost"] == two["doubled"] == two["mismatched"] == two["malformed"] == 0
        and two["peak_connections"] <= 2 * POOL_MAX
    )
    one_ok = (
        one["deliveries"] > 0
        and one["lost"] == one["doubled"] == one["mismatched"] == one["malformed"] == 0
    )
    hall_ok = (
        hall["deliveries"] > 0
        and hall["p99"] <= TARGET_P99_MS
        and hall["lost"] == hall["doubled"] == hall["mismatched"] == hall["malformed"] == 0
    )
    return [
        {"name": _name(2), "target": two_target, "result": _describe(two), "ok": two_ok},
        {
            "name": _name(1),
            "target": one_target,
            "result": f"{_describe(one)}; one worker's p50 and p99 are "
            f"{one['p50'] / two['p50']:.2f}x and {one['p99'] / two['p99']:.2f}x the two "
            "workers'",
            "ok": one_ok,
        },
        {"name": _hall_name(), "target": hall_target, "result": _describe(hall), "ok": hall_ok},
    ]


def _describe(m: dict[str, Any]) -> str:
    return (
        f"{m['sent']} sent, {m['applied']} applied; p50 {m['p50']:.0f} ms, p99 "
        f"{m['p99']:.0f} ms over {m['deliveries']} deliveries; {m['lost']} undelivered, "
        f"{m['doubled']} doubled (log rows per client id + seqs pushed twice), "
        f"{m['mismatched']} devices whose final view differs from the server's, "
        f"{m['malformed']} pushes without their view; peak {m['peak_connections']} "
        "PostgreSQL connections "
        f"(bound {m['workers']} x {POOL_MAX}); busiest web process "
        f"{100 * m['busiest_cpu']:.0f} % of a core; machine load {m['load']:.1f} on "
        f"{os.cpu_count()} cores"
    )


class _Sampler(threading.Thread):
    """The servers' PostgreSQL connections (named by libpq's PGAPPNAME), every 50 ms."""

    def __init__(self, app_name: str):
        super().__init__(daemon=True)
        self.app_name, self.peak, self.done = app_name, 0, threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(f"{PG_SERVER}/{DB_NAME}", autocommit=True) as conn:
            while not self.done.is_set():
                (count,) = conn.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
                    (self.app_name,),
                ).fetchone()
                self.peak = max(self.peak, count)
                time.sleep(0.05)


def _serve(port: int, app_name: str, log: Path) -> subprocess.Popen:
    """One gunicorn master with one uvicorn worker, as deployed."""
    env = {
        **os.environ,
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "MAX_REQUESTS": "0",
        "PGAPPNAME": app_name,
        "LOG_LEVEL": "ERROR",
        "GUNICORN_LOG_LEVEL": "warning",
    }
    env.pop("THROTTLE", None)  # the production default: throttles on
    with log.open("ab") as out:
        return subprocess.Popen(
            [
                str(Path(sys.executable).with_name("gunicorn")),
                "-c",
                "deploy/gunicorn.conf.py",
                "companion.asgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def _wait_healthy(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn on {port} exited with {server.returncode}")
        url = f"http://127.0.0.1:{port}/healthz/"
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as r:
            if r.status == 200:  # an OSError above: not listening yet
                return
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn on {port} not healthy after 60 s")


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its descendants, from /proc."""
    total, pending = 0.0, [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as kids:
                    pending.extend(int(kid) for kid in kids.read().split())
        except OSError:
            continue  # ended meanwhile
    return total


def _load(
    workers: int, log: Path, tables_count: int = live.TABLES, load: live.Load | None = None
) -> dict[str, Any]:
    tables = live._setup(tables_count)
    app_name = f"muster-bench-{workers}w"
    ports = [live._free_port() for _ in range(workers)]
    servers = [_serve(port, app_name, log) for port in ports]
    sampler = _Sampler(app_name)
    try:
        for port, server in zip(ports, servers, strict=True):
            _wait_healthy(port, server)
        sampler.start()
        cpu_before = [_cpu_seconds(server.pid) for server in servers]
        started = time.monotonic()
        sent, devices = asyncio.run(live._drive(ports, tables, load or live.Load()))
        wall = time.monotonic() - started
        busiest = max(
            _cpu_seconds(server.pid) - before
            for server, before in zip(servers, cpu_before, strict=True)
        )
    finally:
        sampler.done.set()
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
    return {
        **live._measure(sent, devices),
        "peak_connections": sampler.peak,
        "workers": workers,
        "load": os.getloadavg()[0],  # others' processes on the cores skew the figures
        "busiest_cpu": busiest / wall,  # the busiest web process's share of one core
    }


def _child() -> int:
    """In the child process: the scratch database, then the two loads."""
    import tempfile

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    log = Path(tempfile.mkdtemp(prefix="muster-bench-prod-")) / "gunicorn.log"
    two = _load(2, log)
    one = _load(1, log)
    hall = _load(2, log, HALL_TABLES, _hall_load())
    print(f"servers' log: {log}", file=sys.stderr)
    print(RESULT + json.dumps([two, one, hall]), flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(_child())
