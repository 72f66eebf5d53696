"""Gunicorn for Muster: a supervising master and uvicorn workers, HTTP and WebSockets on one
port (``gunicorn -c deploy/gunicorn.conf.py companion.asgi:application``).

Every value comes from the environment, with the defaults a small club server wants:

- ``BIND`` (``127.0.0.1:8000``): where the proxy reaches the site; ``unix:/run/muster.sock``
  works too. Without it, a ``PORT`` given by a Procfile platform means ``0.0.0.0:$PORT``.
- ``WEB_CONCURRENCY`` (2): worker processes, one or two per core. Each holds at most
  ``DB_POOL_MAX`` PostgreSQL connections, so WEB_CONCURRENCY x DB_POOL_MAX must stay below
  PostgreSQL's ``max_connections``.
- ``GRACEFUL_TIMEOUT`` (30 s): how long a worker finishes its requests on a reload or a stop.
- ``MAX_REQUESTS`` (10000, with up to ``MAX_REQUESTS_JITTER`` 1000 more): a worker is
  replaced after that many requests, so a slow leak never grows; each worker draws its own
  number so they are not replaced together. Sockets open on a replaced worker are closed
  (1012) and the live table's pages reconnect by themselves. ``MAX_REQUESTS=0`` turns it off.
- ``FORWARDED_ALLOW_IPS`` (``127.0.0.1``): the proxies whose ``X-Forwarded-For`` and
  ``X-Forwarded-Proto`` are believed.
- ``ACCESS_LOG`` (off): ``-`` writes the access log to stdout (journald keeps it).
- ``CONTROL_SOCKET`` (off): a path turns on gunicorn's control socket for ``gunicornc``;
  off by default, since every gunicorn of a user would otherwise share one default path.
"""

from __future__ import annotations

import os


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


_port = os.environ.get("PORT")  # a platform that runs the Procfile gives the port this way
_bind = os.environ.get("BIND") or (f"0.0.0.0:{_port}" if _port else "127.0.0.1:8000")
bind = [item.strip() for item in _bind.split(",")]
workers = _int("WEB_CONCURRENCY", 2)
worker_class = "uvicorn_worker.UvicornWorker"
# No preload: each worker imports Django and opens its own database pool after the fork.
preload_app = False

timeout = _int("WORKER_TIMEOUT", 30)  # a worker silent this long is killed and replaced
graceful_timeout = _int("GRACEFUL_TIMEOUT", 30)
keepalive = _int("KEEPALIVE", 5)
max_requests = _int("MAX_REQUESTS", 10000)
max_requests_jitter = _int("MAX_REQUESTS_JITTER", 1000)
backlog = _int("BACKLOG", 2048)

forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

accesslog = os.environ.get("ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
proc_name = "muster-web"

control_socket_disable = not os.environ.get("CONTROL_SOCKET")
if not control_socket_disable:
    control_socket = os.environ["CONTROL_SOCKET"]
