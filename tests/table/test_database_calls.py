"""Where a socket's database work runs: on PostgreSQL a few threads of its own, each
giving its pooled connection back after every call; on SQLite Channels' one thread."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from django.conf import settings
from django.db import connection

from companion.table.database_calls import on_database


@on_database
def _one_query() -> str:
    from django.db import connection as here

    with here.cursor() as cursor:
        cursor.execute("SELECT 1")
    return threading.current_thread().name


@pytest.mark.django_db(transaction=True)
def test_calls_run_on_the_tables_threads_and_return_their_connections():
    async def many() -> list[str]:
        return await asyncio.gather(*(_one_query() for _ in range(12)))

    names = asyncio.run(many())
    if connection.vendor != "postgresql":
        assert settings.TABLE_DB_THREADS == 1
        assert len(set(names)) == 1  # Channels' one database thread
        return
    assert settings.TABLE_DB_THREADS > 1
    assert {n.rsplit("_", 1)[0] for n in names} == {"table-db"}
    assert len(set(names)) > 1  # the round trips of concurrent calls overlap
    deadline = time.monotonic() + 5  # the pool's workers take returns in the background
    while True:
        stats = connection.pool.get_stats()
        held = stats["pool_size"] - stats.get("pool_available", 0)
        if held <= 1 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert held <= 1, stats  # the test's own connection only: none kept by a thread
