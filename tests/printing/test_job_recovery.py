"""Jobs whose worker was lost: taken up again by the heartbeat sweep, failed with a reason
after the attempt limit, retryable from the page and the API; duplicate deliveries and
runs that lost their job change nothing. A live job keeps beating through a long silent
step, every running worker sweeps on a timer, and the production timing takes a dead
worker's job up within a minute (issue 26, finding 7)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from celery.signals import worker_ready
from django.urls import reverse
from django.utils import timezone

from companion.celery import take_up_lost_jobs
from printing import sweep, tasks
from printing.models import JobStatus, PrintJob
from printing.producers import Product, producer
from tests.printing.conftest import CALLS

pytestmark = pytest.mark.django_db
STALE_SEEN: list[bool] = []


@producer("test-silent", version="1", title="Silent for a while (tests)")
def silent(params: dict, progress) -> Product:
    """One long step with no progress report (a big part rendered in one process); at its
    end it notes whether the sweep would have taken its own job up as lost."""
    time.sleep(float(params["seconds"]))
    job = PrintJob.objects.get(kind="test-silent", status=JobStatus.RUNNING)
    STALE_SEEN.append(sweep.is_stale(job))
    return Product("silent.txt", "text/plain", b"quiet")


def lost(status: str = JobStatus.RUNNING, attempts: int = 1, ago: int = 600, **extra) -> PrintJob:
    """A job whose worker went silent ``ago`` seconds ago."""
    return PrintJob.objects.create(
        kind="test-echo",
        params={"lost": attempts, **extra},
        input_hash=f"lost-{status}-{attempts}-{ago}",
        status=status,
        progress=32,
        attempts=attempts,
        heartbeat=timezone.now() - timedelta(seconds=ago),
        message="Rendered 3 of 10 parts",
    )


def test_a_running_job_whose_worker_went_silent_is_run_again_when_polled(
    client, django_capture_on_commit_callbacks
):
    job = lost(attempts=1)
    with django_capture_on_commit_callbacks(execute=True):
        polled = client.get(f"/api/print/jobs/{job.pk}/")
    assert polled.status_code == 202 and polled.json()["status"] == "queued"
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.attempts == 2
    assert job.file.read() == b"[('lost', 1)]"


def test_a_job_that_lost_its_worker_three_times_fails_with_a_reason_and_is_retried(
    client, django_capture_on_commit_callbacks
):
    job = lost(attempts=3)
    page = client.get(reverse("printing:job", args=[job.pk])).content.decode()
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and job.finished is not None
    assert job.error.startswith("The print worker stopped 3 times while making this file.")
    assert "The print worker stopped 3 times" in page and 'id="print-retry"' in page
    with django_capture_on_commit_callbacks(execute=True):
        retried = client.post(f"/api/print/jobs/{job.pk}/retry/")
    assert retried.status_code == 202
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.attempts == 1 and job.error == ""


def test_the_retry_button_takes_a_failed_job_up_again(client, django_capture_on_commit_callbacks):
    job = lost(attempts=3)
    sweep.sweep_stale()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("printing:retry", args=[job.pk]))
    assert response.status_code == 302
    job.refresh_from_db()
    assert job.status == JobStatus.DONE


def test_a_queued_job_whose_message_was_lost_is_sent_again(django_capture_on_commit_callbacks):
    job = lost(status=JobStatus.QUEUED, attempts=0, ago=3600)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep.sweep_stale() == 1
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.attempts == 1


def test_a_starting_worker_takes_up_what_a_lost_worker_left(django_capture_on_commit_callbacks):
    running, queued = lost(attempts=2), lost(status=JobStatus.QUEUED, attempts=0, ago=3600)
    given_up = lost(attempts=3, other=True)
    with django_capture_on_commit_callbacks(execute=True):
        take_up_lost_jobs()
    statuses = {
        j.pk: j.status for j in PrintJob.objects.filter(pk__in=[running.pk, queued.pk, given_up.pk])
    }
    assert statuses == {
        running.pk: JobStatus.DONE,
        queued.pk: JobStatus.DONE,
        given_up.pk: JobStatus.FAILED,
    }


def test_a_job_with_a_recent_heartbeat_is_left_alone(client, settings):
    settings.PRINT_JOB_STALE_SECONDS = 60
    job = lost(attempts=1, ago=5)
    assert sweep.sweep_stale() == 0
    assert client.get(f"/api/print/jobs/{job.pk}/").json()["status"] == "running"
    job.refresh_from_db()
    assert job.status == JobStatus.RUNNING and job.progress == 32 and job.attempts == 1


def test_asking_again_for_a_stuck_file_takes_the_job_up_instead_of_returning_it(
    client, django_capture_on_commit_callbacks
):
    job = lost(attempts=3)
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post(
            "/api/print/jobs/",
            {"kind": "test-echo", "params": dict(job.params)},
            content_type="application/json",
        )
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert again.status_code in (200, 202) and again.json()["id"] != job.pk


def test_a_duplicate_delivery_is_skipped():
    job = lost(status=JobStatus.QUEUED, attempts=0, ago=0)
    assert tasks.run_job(job.pk) == "done"
    assert tasks.run_job(job.pk) == "skipped"
    job.refresh_from_db()
    assert job.attempts == 1 and len(CALLS) == 1


def test_a_run_that_lost_its_job_writes_nothing_and_leaves_no_file(media):
    job = lost(status=JobStatus.QUEUED, attempts=0, ago=0)
    claimed = tasks._claim(job.pk)
    assert claimed is not None and claimed.attempts == 1
    PrintJob.objects.filter(pk=job.pk).update(status=JobStatus.RUNNING, attempts=2)  # taken up
    tasks._Reporter(job.pk, 1)(80, "late progress")
    assert not tasks._keep(claimed, Product("late.txt", "text/plain", b"late"))
    job.refresh_from_db()
    assert job.progress == 0 and job.message == "Starting" and not job.file
    assert not any(p.is_file() for p in media.rglob("*"))


def test_a_running_job_names_no_file_until_it_is_complete(client):
    job = lost(attempts=1, ago=0)
    assert not job.file
    assert client.get(reverse("printing:download", args=[job.pk])).status_code == 404
    assert client.get(f"/api/print/jobs/{job.pk}/download/").status_code == 404


@pytest.mark.django_db(transaction=True)  # the heartbeat is written from its own thread
def test_a_live_job_keeps_its_heartbeat_through_a_long_silent_step(settings):
    settings.PRINT_JOB_HEARTBEAT_SECONDS = 0.1
    settings.PRINT_JOB_STALE_SECONDS = 0.5
    STALE_SEEN.clear()
    job = PrintJob.objects.create(
        kind="test-silent",
        params={"seconds": 1.5},
        input_hash="silent",
        heartbeat=timezone.now(),
    )
    assert tasks.run_job(job.pk) == "done"
    assert STALE_SEEN == [False]  # three times the stale deadline, never silent
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.attempts == 1


@pytest.mark.django_db(transaction=True)  # the sweeper is a thread with its own connection
def test_a_running_worker_takes_up_a_silent_job_on_its_own():
    job = lost(attempts=1)
    stop = sweep.start_sweeper(0.05)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.status == JobStatus.DONE:
                break
            time.sleep(0.05)
    finally:
        stop.set()
    assert job.status == JobStatus.DONE and job.attempts == 2


def test_the_production_timing_takes_a_dead_workers_job_up_within_a_minute():
    """The settings as deployed: a job silent for 45 s lost its worker, and the sweep that
    finds it runs at most ``PRINT_JOB_SWEEP_SECONDS`` later, well inside a minute."""
    assert sweep.heartbeat_every() <= 10
    assert sweep.running_deadline() + timedelta(seconds=sweep.sweep_every()) <= timedelta(
        seconds=50
    )
    assert sweep.is_stale(lost(attempts=1, ago=45))
    assert not sweep.is_stale(lost(attempts=1, ago=int(3 * sweep.heartbeat_every())))


def test_a_starting_worker_sweeps_at_once_and_then_on_a_timer(monkeypatch):
    calls: list[str] = []
    monkeypatch.setattr(sweep, "sweep_stale", lambda: calls.append("now") or 0)
    monkeypatch.setattr(sweep, "start_sweeper", lambda every=None: calls.append("timer"))
    worker_ready.send(sender=None)
    assert sorted(calls) == ["now", "timer"]
