"""No database connection in time (the pool exhausted through a burst, PostgreSQL
restarting) is a 503 that says to try again, never a 500 or the driver's message."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection

from catalog import api as catalog_api

pytestmark = pytest.mark.django_db


def _refuse(*args, **kwargs):
    raise OperationalError("couldn't get a connection after 20.00 sec (secret-host:5432)")


def test_a_page_answers_503_with_retry_after_when_the_database_is_unavailable(client, monkeypatch):
    monkeypatch.setattr(connection, "cursor", _refuse)
    response = client.get("/healthz/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert b"try again" in response.content and b"secret-host" not in response.content


def test_the_api_answers_503_in_its_error_shape(client, monkeypatch, catalogue):
    monkeypatch.setattr(catalog_api.GameViewSet, "get_queryset", _refuse)
    response = client.get("/api/games/")
    assert response.status_code == 503
    assert set(response.json()) == {"detail"}
    assert "secret-host" not in response.json()["detail"]
