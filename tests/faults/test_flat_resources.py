"""Nothing grows with requests: 2,000 mixed requests through the ASGI app (table pages,
API views, polls, log downloads, moves and sockets) leave the server's open files, threads
and database connections where they were after a warm-up, on both databases.

The server is a real uvicorn process, as ``make run``'s ASGI path serves the site, on a
SQLite file of its own (the embedded default) or on this test's PostgreSQL database. What
is counted is read from ``/proc`` (files, threads) and, on PostgreSQL, from
``pg_stat_activity`` (the connections carrying the server's own application name).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connection

from tests.faults.production import free_port, get
from tests.processes import database_url

pytestmark = [pytest.mark.fault, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = 2_000
WARM_UP = 300
# A few descriptors and threads come and go with the moment of the sample (a socket
# being accepted, the thread pool's idle worker): flat means within this, not +2 a request.
SLACK_FILES = 12
SLACK_THREADS = 4

SETUP = """
from django.contrib.auth import get_user_model
from catalog.models import Game
from catalog.services import load_catalogue
from companion.table import services
if not Game.objects.exists():  # an earlier transactional test emptied the test database
    load_catalogue()
host, _ = get_user_model().objects.get_or_create(username="flat-host")
game = Game.objects.get(slug="missiles-and-microchips")
made = []
for _ in range(4):
    table = services.table_create(host=host, game=game, name="Host")
    tokens = [table.seats.get(number=0).token]
    for name in ("Bea", "Cy", "Dee"):
        tokens.append(services.seat_join(table=table, name=name).token)
    services.table_start(table=table, by=host)
    made.append([table.code, tokens])
import json
print("TABLES=" + json.dumps(made))
"""


def _manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@contextmanager
def _uvicorn(env: dict[str, str], log: Path) -> Iterator[tuple[subprocess.Popen, int]]:
    port = free_port()
    err = log.open("w")
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("uvicorn")),
            "companion.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
        ],
        cwd=ROOT,
        env=env,
        stderr=err,
    )
    try:
        deadline = time.monotonic() + 60
        while asyncio.run(get(port, "/healthz/", timeout=2)) != 200:
            assert proc.poll() is None, f"uvicorn exited with {proc.returncode}"
            assert time.monotonic() < deadline, "no healthy server after 60 s"
            time.sleep(0.2)
        yield proc, port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        err.close()


def _files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def _database_files(pid: int, path: str | None) -> int:
    """Open descriptors of the SQLite file (and its journal): one set per connection."""
    if path is None:
        return 0
    found = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        found += target.startswith(path)
    return found


def _pg_connections(app_name: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [app_name]
        )
        return cursor.fetchone()[0]


async def _http(port: int, method: str, path: str, headers: dict[str, str], body: bytes) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    if body:
        lines += [f"Content-Length: {len(body)}"]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    status = await reader.readline()
    await reader.read()
    writer.close()
    await writer.wait_closed()
    return int(status.split()[1])


async def _socket(port: int, code: str, token: str) -> int:
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/tables/{code}/?seat={token}"
    async with websockets.connect(url, max_size=None) as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        await ws.send(json.dumps({"type": "ping"}))
        await asyncio.wait_for(ws.recv(), 10)
    return 200 if isinstance(first, dict) else 500


async def _one(port: int, rng: random.Random, tables: list[list]) -> int:
    code, tokens = rng.choice(tables)
    token = rng.choice(tokens)
    kind = rng.randrange(7)
    if kind == 0:
        return await _http(port, "GET", f"/t/{code}/", {"Accept": "text/html"}, b"")
    if kind == 1:
        return await _http(port, "GET", f"/api/tables/{code}/", {"X-Seat-Token": token}, b"")
    if kind == 2:
        return await _http(port, "GET", f"/t/{code}/view/", {}, b"")
    if kind == 3:
        return await _http(port, "GET", f"/api/tables/{code}/log/", {"X-Seat-Token": token}, b"")
    if kind == 4:
        return await _http(port, "GET", f"/t/{code}/log.json", {}, b"")
    if kind == 5:  # a move (refused or applied, it goes through the lock and the log)
        body = json.dumps({"action": {"type": "chat"}, "client_id": uuid.uuid4().hex}).encode()
        headers = {"X-Seat-Token": token, "Content-Type": "application/json"}
        return await _http(port, "POST", f"/api/tables/{code}/actions/", headers, body)
    return await _socket(port, code, token)


async def _drive(port: int, tables: list[list], count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    limit = asyncio.Semaphore(16)

    async def one() -> int:
        async with limit:
            try:
                return await _one(port, rng, tables)
            except (OSError, TimeoutError, ValueError):
                return -1

    return await asyncio.gather(*(one() for _ in range(count)))


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request, tmp_path, django_db_blocker) -> Iterator[dict]:
    """A uvicorn process on the backend's database, its tables, and how to count its
    database connections."""
    env = {
        **os.environ,
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "THROTTLE": "0",  # 2,000 requests from one address are the point here
        "LOG_LEVEL": "ERROR",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    sqlite_path = None
    app_name = f"muster-flat-{uuid.uuid4().hex[:8]}"
    if request.param == "sqlite":
        sqlite_path = str(tmp_path / "db.sqlite3")
        env["DATABASE_URL"] = f"sqlite:///{sqlite_path}"
        env.pop("REDIS_URL", None)
        _manage(env, "migrate", "--noinput")
        _manage(env, "load_catalogue")
    else:
        if connection.vendor != "postgresql":
            pytest.skip("PostgreSQL pass only")
        env["DATABASE_URL"] = database_url()
        env["PGAPPNAME"] = app_name
    out = _manage(env, "shell", "-c", SETUP)
    tables = json.loads(out.split("TABLES=", 1)[1])
    with _uvicorn(env, tmp_path / "server.log") as (proc, port):
        yield {
            "pid": proc.pid,
            "port": port,
            "tables": tables,
            "sqlite": sqlite_path,
            "pg": None if sqlite_path else app_name,
            "log": tmp_path / "server.log",
        }


def _sample(served: dict) -> dict[str, int]:
    pid = served["pid"]
    time.sleep(1.5)  # idle sockets closed, the last request's thread back in its pool
    found = {"files": _files(pid), "threads": _threads(pid)}
    if served["sqlite"]:
        found["db"] = _database_files(pid, served["sqlite"])
    else:
        found["db"] = _pg_connections(served["pg"])
    return found


@pytest.mark.django_db(transaction=True)
def test_files_threads_and_connections_stay_flat(served):
    warm = asyncio.run(_drive(served["port"], served["tables"], WARM_UP, seed=1))
    assert all(s in (200, 201, 400, 409) for s in warm), sorted(set(warm))
    before = _sample(served)
    statuses = asyncio.run(_drive(served["port"], served["tables"], REQUESTS, seed=2))
    after = _sample(served)
    assert all(s in (200, 201, 400, 409) for s in statuses), sorted(set(statuses))
    assert "Traceback" not in served["log"].read_text()
    assert after["files"] <= before["files"] + SLACK_FILES, (before, after)
    assert after["threads"] <= before["threads"] + SLACK_THREADS, (before, after)
    assert after["db"] <= max(before["db"], 2) + 2, (before, after)
