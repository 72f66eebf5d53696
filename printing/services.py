"""Writes of print jobs: ask for a file (served from cache when already made), retry one.

The job row is committed first and the Celery task queued after the commit, so a worker
never looks for a job that is not there yet. When the broker cannot be reached the caller
gets ``ServiceUnavailable`` (answered 503) and no job is left behind: a new job's row is
deleted, a retried job is failed again with the reason. Deleting rather than leaving the
row queued for the sweep: the viewer was told to try again, and their next request makes
the job afresh; a row nobody was given would only wait for a sweep to find it.
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from printing import dispatch, limits
from printing.dispatch import ServiceUnavailable
from printing.models import JobStatus, PrintJob
from printing.producers import get_producer
from printing.sweep import sweep_stale

__all__ = ["ServiceUnavailable", "input_hash", "job_request", "job_retry", "prune_finished"]


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


def _send_new(job_id: int) -> None:
    """After the commit: send the new job, or delete its row when the broker is down."""
    try:
        dispatch.send(job_id)
    except ServiceUnavailable:
        PrintJob.objects.filter(pk=job_id, status=JobStatus.QUEUED).delete()
        raise


def _send_retried(job_id: int, attempts: int) -> None:
    """After the commit: send the retried job, or fail it again with the reason."""
    try:
        dispatch.send(job_id)
    except ServiceUnavailable as exc:
        PrintJob.objects.filter(pk=job_id, status=JobStatus.QUEUED, attempts=attempts).update(
            status=JobStatus.FAILED, error=exc.message, message="Failed", finished=timezone.now()
        )
        raise


def _file_exists(job: PrintJob) -> bool:
    return bool(job.file) and job.file.storage.exists(job.file.name)


def job_request(
    *, kind: str, params: dict[str, Any], owner: Any, is_private: bool = False
) -> PrintJob:
    """The job that makes this file: a finished one with the same inputs at once, a queued
    or running one already under way, or a new one queued after the commit.

    Private jobs are shared only with their own owner; ``UnknownProducer`` for a bad kind,
    ``RuleError`` (by field) for params beyond what the rules allow (``printing.limits``),
    ``ServiceUnavailable`` when the broker cannot be reached (and then no job is kept).
    """
    made_by = get_producer(kind)
    params = json.loads(json.dumps(params, default=str))  # plain JSON, as it will be stored
    owner = _owner_or_none(owner)
    if is_private and owner is None:
        raise ValueError("A private print job needs a signed-in owner.")
    limits.check(kind, params)
    sweep_stale()  # a stuck job with these inputs is taken up (or failed) before reuse
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
            heartbeat=timezone.now(),
        )
        job_id = job.pk
        transaction.on_commit(lambda: _send_new(job_id))
    job.refresh_from_db()  # in-process (eager) runs have finished it already
    return job


def job_retry(job: PrintJob) -> PrintJob:
    """Queue a failed job again, from the start, with its count of lost runs reset; a job
    that did not fail is left as it is. ``ServiceUnavailable`` when the broker is down
    (the job is then failed again, saying so)."""
    with transaction.atomic():
        locked = PrintJob.objects.select_for_update().get(pk=job.pk)
        if locked.status != JobStatus.FAILED:
            return locked
        locked.status = JobStatus.QUEUED
        locked.progress = 0
        locked.error = ""
        locked.message = "Waiting for a worker"
        locked.finished = None
        locked.attempts = 0
        locked.heartbeat = timezone.now()
        locked.save(
            update_fields=[
                "status",
                "progress",
                "error",
                "message",
                "finished",
                "attempts",
                "heartbeat",
            ]
        )
        job_id = locked.pk
        transaction.on_commit(lambda: _send_retried(job_id, 0))
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
