"""A dead broker when a file is asked for: a clear 503 within a second or two, on the page
and the API, and no job left behind (a new job's row is gone, a retried one failed again
with the reason)."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from printing.dispatch import UNAVAILABLE
from printing.models import JobStatus, PrintJob
from printing.producers import load_producers

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs inside the request
DEAD = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connection refused


def _reset_pools(app) -> None:
    """New connections on the next send (the old pools stay with their broker)."""
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def dead_broker(in_process):
    """The Celery app pointed at a Redis that is not there, tasks really sent."""
    load_producers()  # imported before the clock starts: only the request is timed
    before = in_process.conf.CELERY_BROKER_URL
    in_process.conf.CELERY_TASK_ALWAYS_EAGER = False
    in_process.conf.CELERY_BROKER_URL = DEAD
    _reset_pools(in_process)
    yield in_process
    in_process.conf.CELERY_BROKER_URL = before
    _reset_pools(in_process)


def timed(call):
    start = time.monotonic()
    response = call()
    return response, time.monotonic() - start


def test_the_api_answers_503_at_once_and_keeps_no_job(client, dead_broker):
    response, seconds = timed(
        lambda: client.post(
            "/api/print/jobs/",
            {"kind": "calibration-pdf", "params": {"settings": {"paper": "a4"}}},
            content_type="application/json",
        )
    )
    assert response.status_code == 503 and seconds < 2.5
    assert response.json()["detail"] == UNAVAILABLE
    assert not PrintJob.objects.exists()


def test_the_page_answers_503_at_once_and_keeps_no_job(client, dead_broker):
    response, seconds = timed(
        lambda: client.post(reverse("printing:calibrate"), {"paper": "a4", "card": "poker"})
    )
    assert response.status_code == 503 and seconds < 2.5
    assert UNAVAILABLE in response.content.decode()
    assert not PrintJob.objects.exists()


def test_htmx_gets_the_message_as_a_panel(client, dead_broker):
    response = client.post(
        reverse("printing:calibrate"), {"paper": "a4", "card": "poker"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 503
    page = response.content.decode()
    assert UNAVAILABLE in page and "<html" not in page


def test_a_retry_while_the_broker_is_down_fails_the_job_again_with_the_reason(client, dead_broker):
    job = PrintJob.objects.create(
        kind="test-echo", params={}, input_hash="x", status=JobStatus.FAILED, error="Lost."
    )
    response, seconds = timed(lambda: client.post(f"/api/print/jobs/{job.pk}/retry/"))
    assert response.status_code == 503 and seconds < 2.5
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and job.error == UNAVAILABLE
    page = client.post(reverse("printing:retry", args=[job.pk]))
    assert page.status_code == 503
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED


def test_a_stale_job_polled_while_the_broker_is_down_stays_queued_for_the_next_sweep(
    client, dead_broker
):
    from datetime import timedelta

    from django.utils import timezone

    job = PrintJob.objects.create(
        kind="test-echo",
        params={},
        input_hash="y",
        status=JobStatus.RUNNING,
        attempts=1,
        heartbeat=timezone.now() - timedelta(hours=1),
    )
    response = client.get(f"/api/print/jobs/{job.pk}/")
    assert response.status_code == 202 and response.json()["status"] == "queued"
