"""How long an embedded (SQLite) database connection lives: a request's closes with it.

Under ASGI (and ``runserver``'s threads) every request runs on a thread of its own, which
ends with the request. A SQLite connection kept for reuse (``CONN_MAX_AGE``) would stay
open after its thread is gone, with its two file descriptors, until the garbage collector
happens to break the connection object's reference cycles: in a probe, 2,000 requests held
~60 more descriptors, and before the row readers were fixed (``table/rows.py``) every one
was kept for good. So a request closes its connection when it finishes.

The live table's sockets are not requests: their database calls run on the one thread
that ``database_sync_to_async`` keeps, whose connection lives on (``CONN_MAX_AGE``), since
opening a SQLite connection costs ~0.8 ms, a good part of a move.

PostgreSQL needs none of this: each process borrows from psycopg's pool.
"""

from __future__ import annotations

from typing import Any

from django.core.signals import request_finished
from django.db import connections


def close_request_connections(**_: Any) -> None:
    """Close this thread's SQLite connections, the request being over."""
    for conn in connections.all(initialized_only=True):
        if conn.vendor == "sqlite" and conn.connection is not None and not conn.in_atomic_block:
            conn.close()


def connect() -> None:
    """Close every request's SQLite connection when it finishes (called once, at start)."""
    request_finished.connect(close_request_connections, dispatch_uid="muster-sqlite-lifetime")
