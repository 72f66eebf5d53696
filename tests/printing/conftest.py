"""Print tests: files go to a temporary media folder; two tiny producers for the job core."""

from __future__ import annotations

import pytest

from printing.producers import Product, producer

CALLS: list[dict] = []


@producer("test-echo", version="1", title="Echo (tests)")
def echo(params: dict, progress) -> Product:
    """Writes its params back: a job whose bytes the test knows in advance."""
    CALLS.append(params)
    progress(50, "Half way")
    return Product("echo.txt", "text/plain", repr(sorted(params.items())).encode())


@producer("test-flaky", version="1", title="Fails until told not to (tests)")
def flaky(params: dict, progress) -> Product:
    if FLAKY["fail"]:
        raise ValueError("The printer ran out of imaginary paper.")
    return Product("flaky.txt", "text/plain", b"finally")


FLAKY = {"fail": True}


@pytest.fixture(autouse=True)
def in_process():
    """Jobs run in this process even on CI's Redis run (whose worker serves another
    database); ``test_worker`` switches this off and starts a worker of its own."""
    from companion.celery import app

    before = app.conf.task_always_eager
    app.conf.CELERY_TASK_ALWAYS_EAGER = True  # the namespaced key is the one read
    yield app
    app.conf.CELERY_TASK_ALWAYS_EAGER = before


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    FLAKY["fail"] = True
    CALLS.clear()
    return settings.MEDIA_ROOT
