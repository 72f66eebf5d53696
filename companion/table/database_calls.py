"""Where a table socket's database work runs, off the event loop.

Channels' ``database_sync_to_async`` runs every call of every socket of a process on one
thread. On SQLite that is right: a query costs tens of microseconds in-process and writes
take turns anyway. On PostgreSQL each statement is a round trip (a move makes about eight,
with its commit waiting for the write-ahead log, and its rate limit two more to Redis), so
that one thread spent a busy hall waiting on the network while every other table's moves
queued behind it: in a 600-device run on this machine, a move waited 1.4 s (median) for the
thread and then used it for 20 ms. On PostgreSQL the calls run on a few threads of their
own instead (``TABLE_DB_THREADS``), each borrowing a connection from psycopg's pool for
the call, so one table's round trips overlap another's; the same run waited 37-190 ms.
The moves of one table still take turns on its row lock, and each socket still handles one
message at a time, so a device's own moves keep their order. Few threads, not Python's
default pool: each is another taker of the interpreter's lock from the event loop that
forwards the pushes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import close_old_connections

R = TypeVar("R")

_EXECUTOR: ThreadPoolExecutor | None = None


def _executor() -> ThreadPoolExecutor | None:
    """The threads of this process's socket calls; None: Channels' one thread."""
    global _EXECUTOR
    threads = settings.TABLE_DB_THREADS
    if threads <= 1:
        return None
    if _EXECUTOR is None:
        _EXECUTOR = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="table-db")
    return _EXECUTOR


def on_database(func: Callable[..., R]) -> Callable[..., Any]:
    """``func`` as a coroutine run on a database thread, its stale connections closed
    before and after as ``database_sync_to_async`` does. On the pool's threads the
    connection goes back to the pool inside the call's own context too: the closing that
    Channels does after the call runs outside it and, in a probe, left one of three
    threads holding its connection for good."""
    executor = _executor()
    if executor is None:
        return DatabaseSyncToAsync(func)

    @functools.wraps(func)
    def returning_its_connection(*args: Any, **kwargs: Any) -> R:
        try:
            return func(*args, **kwargs)
        finally:
            close_old_connections()

    return DatabaseSyncToAsync(returning_its_connection, thread_sensitive=False, executor=executor)
