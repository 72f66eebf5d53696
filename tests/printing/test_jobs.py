"""The job core: request, cache, run in-process, fail with a reason, retry, privacy."""

from __future__ import annotations

import pytest
from django.urls import reverse

from printing import services
from printing.models import JobStatus, PrintJob
from printing.producers import UnknownProducer, get_producer
from tests.printing.conftest import CALLS, FLAKY

pytestmark = pytest.mark.django_db


def test_a_job_runs_in_process_and_keeps_its_file(django_capture_on_commit_callbacks, user):
    with django_capture_on_commit_callbacks(execute=True):
        job = services.job_request(kind="test-echo", params={"n": 3}, owner=user)
    job.refresh_from_db()
    assert job.status == JobStatus.DONE
    assert job.progress == 100
    assert job.filename == "echo.txt" and job.content_type == "text/plain"
    assert job.file.name.startswith("printing/")
    assert job.file.read() == b"[('n', 3)]"
    assert job.finished is not None


def test_the_same_request_is_served_from_the_cache(django_capture_on_commit_callbacks, user):
    with django_capture_on_commit_callbacks(execute=True):
        first = services.job_request(kind="test-echo", params={"n": 1}, owner=user)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again = services.job_request(kind="test-echo", params={"n": 1}, owner=None)
    assert again.pk == first.pk
    assert callbacks == []  # nothing queued
    assert len(CALLS) == 1


def test_other_params_or_a_new_producer_version_make_a_new_file(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        a = services.job_request(kind="test-echo", params={"n": 1}, owner=None)
        b = services.job_request(kind="test-echo", params={"n": 2}, owner=None)
    assert a.input_hash != b.input_hash
    made = get_producer("test-echo")
    assert services.input_hash("test-echo", {"n": 1}, made.version) == a.input_hash
    assert services.input_hash("test-echo", {"n": 1}, "2") != a.input_hash


def test_a_private_file_is_not_shared_with_another_user(
    django_capture_on_commit_callbacks, user, other_user
):
    with django_capture_on_commit_callbacks(execute=True):
        mine = services.job_request(kind="test-echo", params={"n": 5}, owner=user, is_private=True)
        theirs = services.job_request(
            kind="test-echo", params={"n": 5}, owner=other_user, is_private=True
        )
    assert mine.pk != theirs.pk
    assert theirs.owner == other_user


def test_a_private_job_needs_an_owner():
    with pytest.raises(ValueError):
        services.job_request(kind="test-echo", params={}, owner=None, is_private=True)


def test_an_unknown_kind_is_refused_and_creates_nothing():
    with pytest.raises(UnknownProducer):
        services.job_request(kind="no-such-kind", params={}, owner=None)
    assert not PrintJob.objects.exists()


def test_a_failed_job_says_why_and_can_be_retried(django_capture_on_commit_callbacks, user):
    with django_capture_on_commit_callbacks(execute=True):
        job = services.job_request(kind="test-flaky", params={}, owner=user)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert job.error == "The printer ran out of imaginary paper."
    assert not job.file
    # a failed job is not a cache hit: asking again makes a new attempt
    FLAKY["fail"] = False
    with django_capture_on_commit_callbacks(execute=True):
        retried = services.job_retry(job)
    retried.refresh_from_db()
    assert retried.pk == job.pk
    assert retried.status == JobStatus.DONE and retried.error == ""
    assert retried.file.read() == b"finally"


def test_retrying_a_done_job_changes_nothing(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = services.job_request(kind="test-echo", params={"x": 1}, owner=None)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        same = services.job_retry(job)
    assert same.status == JobStatus.DONE and callbacks == []


def _job(django_capture_on_commit_callbacks, owner, private, params=None):
    with django_capture_on_commit_callbacks(execute=True):
        return services.job_request(
            kind="test-echo", params=params or {"p": private}, owner=owner, is_private=private
        )


def test_a_private_file_downloads_only_for_its_owner(
    client, django_capture_on_commit_callbacks, user, other_user
):
    job = _job(django_capture_on_commit_callbacks, user, True)
    url = reverse("printing:download", args=[job.pk])
    assert client.get(url).status_code == 404
    assert client.get(reverse("printing:job", args=[job.pk])).status_code == 404
    client.force_login(other_user)
    assert client.get(url).status_code == 404
    assert client.get(f"/api/print/jobs/{job.pk}/").status_code == 404
    assert client.get(f"/api/print/jobs/{job.pk}/download/").status_code == 404
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"[('p', True)]"
    assert "attachment" in response["Content-Disposition"]
    assert response["Cache-Control"] == "private, no-store"
    assert client.get(f"/api/print/jobs/{job.pk}/download/").status_code == 200


def test_a_shared_job_is_open_to_anyone(client, django_capture_on_commit_callbacks, user):
    job = _job(django_capture_on_commit_callbacks, user, False)
    assert client.get(reverse("printing:download", args=[job.pk])).status_code == 200


def test_the_status_page_shows_progress_and_the_download(
    client, django_capture_on_commit_callbacks
):
    job = _job(django_capture_on_commit_callbacks, None, False)
    page = client.get(reverse("printing:job", args=[job.pk])).content.decode()
    assert 'role="progressbar"' in page and 'aria-valuenow="100"' in page
    assert reverse("printing:download", args=[job.pk]) in page


def test_a_running_job_polls_its_status(client):
    job = PrintJob.objects.create(
        kind="test-echo", input_hash="x", status=JobStatus.RUNNING, progress=40, message="Half"
    )
    panel = client.get(reverse("printing:status", args=[job.pk])).content.decode()
    assert 'aria-valuenow="40"' in panel
    assert f'hx-get="{reverse("printing:status", args=[job.pk])}"' in panel
    assert 'hx-trigger="every 1s"' in panel


def test_the_api_requests_a_job_and_reports_it(client, django_capture_on_commit_callbacks, user):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/print/jobs/",
            {"kind": "test-echo", "params": {"a": 1}, "private": True},
            content_type="application/json",
        )
    assert response.status_code == 202  # answered before the job ran (on commit)
    job_id = response.json()["id"]
    status = client.get(f"/api/print/jobs/{job_id}/").json()
    assert status["status"] == "done" and status["is_private"] is True
    assert status["download_url"] == f"/api/print/jobs/{job_id}/download/"
    again = client.post(
        "/api/print/jobs/",
        {"kind": "test-echo", "params": {"a": 1}, "private": True},
        content_type="application/json",
    )
    assert again.status_code == 200 and again.json()["id"] == job_id


def test_the_api_refuses_an_unknown_kind(client):
    response = client.post(
        "/api/print/jobs/", {"kind": "nope", "params": {}}, content_type="application/json"
    )
    assert response.status_code == 400
    assert "kind" in response.json()


def test_the_api_retries_a_failed_job(client, django_capture_on_commit_callbacks, user):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        job_id = client.post(
            "/api/print/jobs/",
            {"kind": "test-flaky", "params": {}},
            content_type="application/json",
        ).json()["id"]
    assert client.get(f"/api/print/jobs/{job_id}/").json()["error"].startswith("The printer")
    FLAKY["fail"] = False
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/print/jobs/{job_id}/retry/")
    assert response.json()["status"] == "queued"
    assert client.get(f"/api/print/jobs/{job_id}/").json()["status"] == "done"


def test_old_finished_files_are_pruned_and_asked_again_are_made_again(
    django_capture_on_commit_callbacks, user
):
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    with django_capture_on_commit_callbacks(execute=True):
        old = services.job_request(kind="test-echo", params={"n": 41}, owner=user)
        fresh = services.job_request(kind="test-echo", params={"n": 42}, owner=user)
    old.refresh_from_db()
    storage, name = old.file.storage, old.file.name
    PrintJob.objects.filter(pk=old.pk).update(finished=timezone.now() - timedelta(days=31))
    waiting = PrintJob.objects.create(kind="test-echo", input_hash="x" * 64)  # queued
    PrintJob.objects.filter(pk=waiting.pk).update(created=timezone.now() - timedelta(days=90))

    call_command("prune_print_files", "--days", "30")

    assert not PrintJob.objects.filter(pk=old.pk).exists() and not storage.exists(name)
    assert PrintJob.objects.filter(pk__in=[fresh.pk, waiting.pk]).count() == 2
    with django_capture_on_commit_callbacks(execute=True):
        again = services.job_request(kind="test-echo", params={"n": 41}, owner=user)
    again.refresh_from_db()
    assert again.pk != old.pk and again.status == JobStatus.DONE and again.file.read()


def test_pruning_refuses_a_zero_day_age():
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError):
        call_command("prune_print_files", "--days", "0")
