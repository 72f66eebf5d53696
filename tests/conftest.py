"""Shared fixtures: the official catalogue, loaded once per test database."""

from __future__ import annotations

import pytest

from catalog.models import Game
from catalog.services import load_catalogue

pytest_plugins = ["tests.browsers"]  # chromium, and drawing a table's view in it


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        load_catalogue()


@pytest.fixture
def catalogue(db):
    """The loaded catalogue; reloaded when a transactional test emptied the tables."""
    if not Game.objects.exists():
        load_catalogue()


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("ada", password="a-long-passphrase-42")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user("bert", password="a-long-passphrase-42")


@pytest.fixture
def jobs_in_process():
    """Print and STL jobs run in the test's own process, even on CI's Redis run (whose
    Celery worker serves the main database, not this test's). Yields the Celery app so a
    test that wants the real worker can switch this off."""
    from companion.celery import app

    before = app.conf.CELERY_TASK_ALWAYS_EAGER
    app.conf.CELERY_TASK_ALWAYS_EAGER = True  # the namespaced key is the one Celery reads
    yield app
    app.conf.CELERY_TASK_ALWAYS_EAGER = before


@pytest.fixture(autouse=True)
def fresh_throttles():
    """Each test starts with no request counted against a rate (tests share a process)."""
    from django.core.cache import caches

    from companion import throttling

    throttling.SOCKET_COUNTS.forget()
    cache = caches["throttle"]
    if hasattr(cache, "delete_pattern"):  # django-redis: only the throttle's own keys
        cache.delete_pattern("*")
    else:
        cache.clear()
