"""The fault suite: production faults injected on purpose (a worker killed, Redis gone, a
burst of requests). It needs CI's PostgreSQL + Redis pass, where ``make test`` runs it on
its own after the rest of the suite (``-m fault``)."""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("MUSTER_CELERY_WORKER"):
        return
    skip = pytest.mark.skip(reason="fault suite: needs CI's PostgreSQL + Redis pass")
    for item in items:
        if "fault" in item.keywords:
            item.add_marker(skip)
