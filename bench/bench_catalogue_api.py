"""Target: the catalogue list API answers a page in <= 100 ms with 2,000 units, and its
SQL query count does not grow with the number of rows."""

from __future__ import annotations

import gc
import statistics
import time

TARGET_MS = 100.0
UNITS = 2_000


def _seed(game, count: int) -> None:
    from catalog.models import Entry

    traits = list(Entry.objects.official().filter(game=game, kind="trait")[:6])
    faction = game.factions.first()
    Entry.objects.filter(game=game, slug__startswith="bench-").delete()
    made = Entry.objects.bulk_create(
        Entry(
            game=game,
            kind="unit",
            slug=f"bench-{i}",
            name=f"Bench Unit {i}",
            faction=faction,
            category="infantry",
            key=f"unit/bench/{i}",
            points=6 + i % 50,
            order=1000 + i,
            data={
                "type": "infantry",
                "armor": 1,
                "speed": 10,
                "fire_range": 30,
                "fire_power": 1,
                "melee": 1,
                "traits": {"hero": 1},
            },
        )
        for i in range(count)
    )
    through = Entry.references.through
    through.objects.bulk_create(
        through(from_entry_id=e.pk, to_entry_id=traits[i % len(traits)].pk)
        for i, e in enumerate(made)
    )


def _page_times(client, pages: list[int]) -> list[float]:
    times = []
    for page in pages:
        start = time.perf_counter()
        response = client.get("/api/maker-war/entries/", {"kind": "unit", "page": page})
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.content[:300]
    return times


def _queries(client) -> int:
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()  # the query log is a bounded deque: a full one counts nothing
    with CaptureQueriesContext(connection) as ctx:
        client.get("/api/maker-war/entries/", {"kind": "unit"})
    return len(ctx.captured_queries)


def run() -> dict:
    from django.test import Client

    from catalog.models import Game

    game = Game.objects.get(slug="maker-war")
    client = Client()
    _seed(game, 200)
    small_queries = _queries(client)
    _seed(game, UNITS)
    large_queries = _queries(client)
    _page_times(client, [1])  # warm up
    gc.freeze()  # as the served application does after start-up (companion/wsgi.py, asgi.py)
    pages = [1, 2, 10, 20, 40] * 6
    times = _page_times(client, pages)
    p50, worst = statistics.median(times), max(times)
    return {
        "name": f"Catalogue list API, one page of 50 among {UNITS:,} units",
        "target": f"<= {TARGET_MS:.0f} ms a page; queries constant",
        "result": f"median {p50:.1f} ms, worst {worst:.1f} ms over {len(times)} pages; "
        f"{small_queries} queries with 200 units, {large_queries} with {UNITS:,}",
        "ok": worst <= TARGET_MS and small_queries == large_queries,
    }
