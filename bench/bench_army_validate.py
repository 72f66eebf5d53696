"""Targets: validating a 10,000-point Maker-War army of 1,000 units takes at most 50 ms in
the engine and 150 ms through the API, with a query count that does not grow with it."""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

ENGINE_MS = 50.0
API_MS = 150.0
UNITS = 1_000


def big_army(units: int) -> dict[str, Any]:
    """Rifle companies of 10 (1 squad leader, 7 rifles, 2 heavy weapons) until ``units``."""
    formations = [
        {
            "plan": "maker-rifle-company",
            "name": f"Company {i + 1}",
            "units": [
                {"unit": "squad-leader", "count": 1, "chief": True},
                {"unit": "maker-rifles", "count": 7},
                {"unit": "maker-heavy-weapons", "count": 2},
            ],
        }
        for i in range(units // 10)
    ]
    return {
        "faction": "terran-makers",
        "budget": 10_000,
        "options": {"ignore_setup_guidelines": False, "allow_homebrew": False},
        "formations": formations,
        "hypha": [],
    }


def _document(body: dict[str, Any]) -> str:
    return json.dumps(
        {"format": "muster-list", "version": 1, "game": "maker-war", "name": "bench", "list": body}
    )


def run() -> dict:
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from armies import selectors
    from catalog.models import Game
    from companion.games.registry import get_game

    game = Game.objects.get(slug="maker-war")
    system = get_game("maker-war")
    catalogue = selectors.list_catalogue(game=game)
    body = big_army(UNITS)
    report = system.validate_list(body, catalogue)
    assert report.figures["unit_count"] == UNITS, report.figures["unit_count"]
    engine = []
    for _ in range(30):
        start = time.perf_counter()
        system.validate_list(body, catalogue)
        engine.append((time.perf_counter() - start) * 1000)

    client = Client()
    small, large = _document(big_army(100)), _document(body)
    reset_queries()  # the query log is a bounded deque: a full one counts nothing
    with CaptureQueriesContext(connection) as few:
        first = client.post("/api/maker-war/validate/", small, content_type="application/json")
    # captured_queries reads the log when asked, and each request clears it: count now.
    few_count = len(few.captured_queries)
    reset_queries()
    with CaptureQueriesContext(connection) as many:
        second = client.post("/api/maker-war/validate/", large, content_type="application/json")
    many_count = len(many.captured_queries)
    assert first.status_code == second.status_code == 200, (first.content, second.content)
    api = []
    for _ in range(20):
        start = time.perf_counter()
        response = client.post("/api/maker-war/validate/", large, content_type="application/json")
        api.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    return {
        "name": f"Validate a {report.figures['total']:,}-point Maker-War army of {UNITS:,} units",
        "target": f"engine <= {ENGINE_MS:.0f} ms, API <= {API_MS:.0f} ms; queries constant",
        "result": f"engine median {statistics.median(engine):.1f} ms, worst {max(engine):.1f} ms; "
        f"API median {statistics.median(api):.1f} ms, worst {max(api):.1f} ms; "
        f"{few_count} queries for 100 units, {many_count} for {UNITS:,}",
        "ok": max(engine) <= ENGINE_MS
        and statistics.median(api) <= API_MS
        and few_count == many_count,
    }
