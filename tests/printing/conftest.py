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
def in_process(jobs_in_process):
    """Every print test runs its jobs in process; ``test_worker`` switches this off."""
    return jobs_in_process


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    FLAKY["fail"] = True
    CALLS.clear()
    return settings.MEDIA_ROOT
