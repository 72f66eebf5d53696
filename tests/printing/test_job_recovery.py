"""Jobs whose worker was lost: taken up again by the heartbeat sweep, failed with a reason
after the attempt limit, retryable from the page and the API; duplicate deliveries and
runs that lost their job change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from companion.celery import take_up_lost_jobs
from printing import sweep, tasks
from printing.models import JobStatus, PrintJob
from printing.producers import Product
from tests.printing.conftest import CALLS

pytestmark = pytest.mark.django_db


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
