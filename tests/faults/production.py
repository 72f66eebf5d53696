"""The production server as a fault test starts it: ``deploy/gunicorn.conf.py`` (gunicorn
with uvicorn workers, DEBUG=0) on the test's own PostgreSQL database, on a free port."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.processes import database_url

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass(frozen=True)
class Server:
    port: int
    app_name: str  # libpq's PGAPPNAME on every connection it opens

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def production_server(*, workers: int, pool_max: int) -> Iterator[Server]:
    """The server running until the block ends; its connections carry a name of their
    own (``PGAPPNAME``) so a sampler can count only them."""
    port = free_port()
    app_name = f"muster-fault-{uuid.uuid4().hex[:8]}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(workers),
        "DB_POOL_MAX": str(pool_max),
        "MAX_REQUESTS": "0",  # no worker replaced in the middle of the test
        "PGAPPNAME": app_name,
        "LOG_LEVEL": "ERROR",
        "GUNICORN_LOG_LEVEL": "warning",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "-c",
            "deploy/gunicorn.conf.py",
            "companion.asgi:application",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, f"gunicorn exited with {proc.returncode}"
            status = asyncio.run(get(port, "/healthz/", timeout=2))
            if status == 200:
                break
            assert time.monotonic() < deadline, f"no healthy server after 60 s ({status})"
            time.sleep(0.2)
        yield Server(port, app_name)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def get(port: int, path: str, timeout: float = 60) -> int | str:
    """One GET on its own connection: the status code, or the exception's name."""
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Accept: text/html,application/json\r\nConnection: close\r\n\r\n".encode()
            )
            await writer.drain()
            status_line = await reader.readline()
            await reader.read()  # the whole answer, as a browser would
            writer.close()
            await writer.wait_closed()
        return int(status_line.split()[1])
    except (OSError, TimeoutError, IndexError, ValueError) as error:
        return type(error).__name__
