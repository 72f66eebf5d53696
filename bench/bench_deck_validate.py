"""Target: validating a 40-card Micro and Macro deck with its derived views (counts, cost
curve, the army it can build) through the API in at most 50 ms, queries flat in cards."""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

API_MS = 50.0


def _document(body: dict[str, Any]) -> str:
    return json.dumps(
        {
            "format": "muster-list",
            "version": 1,
            "game": "micro-and-macro",
            "name": "bench",
            "list": body,
        }
    )


def _small_deck(body: dict[str, Any]) -> dict[str, Any]:
    """The same deck cut to its first two main-deck lines: far fewer cards."""
    return {**body, "main": body["main"][:2]}


def run() -> dict:
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from companion.games.registry import get_game

    body = get_game("micro-and-macro").example_list()
    cards = sum(line["count"] for line in body["main"] + body["buildings"])
    client = Client()
    reset_queries()  # the query log is a bounded deque: a full one counts nothing
    with CaptureQueriesContext(connection) as few:
        first = client.post(
            "/api/micro-and-macro/validate/",
            _document(_small_deck(body)),
            content_type="application/json",
        )
    few_count = len(few.captured_queries)
    with CaptureQueriesContext(connection) as many:
        second = client.post(
            "/api/micro-and-macro/validate/", _document(body), content_type="application/json"
        )
    many_count = len(many.captured_queries)
    assert first.status_code == second.status_code == 200
    assert second.json()["figures"]["units"], "derived views missing"
    times = []
    for _ in range(30):
        start = time.perf_counter()
        response = client.post(
            "/api/micro-and-macro/validate/", _document(body), content_type="application/json"
        )
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    return {
        "name": f"Validate a {cards}-card Micro and Macro deck with its derived views (API)",
        "target": f"<= {API_MS:.0f} ms; queries flat in the number of cards",
        "result": f"median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms; "
        f"{few_count} queries for a small deck, {many_count} for the full one",
        "ok": statistics.median(times) <= API_MS and few_count == many_count,
    }
