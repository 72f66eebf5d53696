"""Writes of print jobs: ask for a file (served from cache when already made), retry one.

The job row is committed first and the Celery task queued after the commit, so a worker
never looks for a job that is not there yet.
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from printing.models import JobStatus, PrintJob
from printing.producers import get_producer


def input_hash(kind: str, params: dict[str, Any], version: str) -> str:
    """A stable digest of what decides the file's bytes."""
    text = json.dumps(
        {"kind": kind, "params": params, "version": version},
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _owner_or_none(owner: Any) -> Any:
    return owner if getattr(owner, "is_authenticated", False) else None


def _queue(job: PrintJob) -> None:
    """Send the job to a worker once the row is committed (``PRINTING_QUEUE`` names a
    queue of its own when set; the default queue otherwise)."""
    from printing.tasks import run_job

    queue = getattr(settings, "PRINTING_QUEUE", None)
    options = {"queue": queue} if queue else {}
    transaction.on_commit(lambda: run_job.apply_async((job.pk,), **options))


def _file_exists(job: PrintJob) -> bool:
    return bool(job.file) and job.file.storage.exists(job.file.name)


def job_request(
    *, kind: str, params: dict[str, Any], owner: Any, is_private: bool = False
) -> PrintJob:
    """The job that makes this file: a finished one with the same inputs at once, a queued
    or running one already under way, or a new one queued after the commit.

    Private jobs are shared only with their own owner; ``UnknownProducer`` for a bad kind.
    """
    made_by = get_producer(kind)
    params = json.loads(json.dumps(params, default=str))  # plain JSON, as it will be stored
    owner = _owner_or_none(owner)
    if is_private and owner is None:
        raise ValueError("A private print job needs a signed-in owner.")
    digest = input_hash(kind, params, made_by.version)
    same = PrintJob.objects.filter(input_hash=digest, kind=kind, is_private=is_private)
    if is_private:
        same = same.filter(owner=owner)
    reusable = same.filter(status__in=[JobStatus.DONE, JobStatus.QUEUED, JobStatus.RUNNING])
    found = reusable.order_by("-created").first()
    if found is not None and (not found.is_done or _file_exists(found)):
        return found
    with transaction.atomic():
        job = PrintJob.objects.create(
            owner=owner,
            kind=kind,
            params=params,
            input_hash=digest,
            is_private=is_private,
            message="Waiting for a worker",
        )
        _queue(job)
    job.refresh_from_db()  # in-process (eager) runs have finished it already
    return job


def job_retry(job: PrintJob) -> PrintJob:
    """Queue a failed job again, from the start; a job that did not fail is left as it is."""
    with transaction.atomic():
        locked = PrintJob.objects.select_for_update().get(pk=job.pk)
        if locked.status != JobStatus.FAILED:
            return locked
        locked.status = JobStatus.QUEUED
        locked.progress = 0
        locked.error = ""
        locked.message = "Waiting for a worker"
        locked.finished = None
        locked.save(update_fields=["status", "progress", "error", "message", "finished"])
        _queue(locked)
    locked.refresh_from_db()
    return locked


def prune_finished(*, older_than: timedelta) -> int:
    """Delete the files and rows of jobs that finished (made or failed) longer ago than
    ``older_than``: they are caches of what a list or the catalogue makes again on the
    next request. Queued and running jobs are never touched. Returns how many went."""
    cutoff = timezone.now() - older_than
    old = PrintJob.objects.filter(
        status__in=[JobStatus.DONE, JobStatus.FAILED], finished__lt=cutoff
    )
    count = 0
    for job in old.iterator():
        if job.file:
            job.file.delete(save=False)
        job.delete()
        count += 1
    return count
