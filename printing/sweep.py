"""Jobs taken up again after their worker stopped: no job stays queued or running forever.

A running job writes a heartbeat with every progress report; a queued one was stamped when
it was sent. A running job silent for ``PRINT_JOB_STALE_SECONDS`` lost its worker (killed,
out of memory, the machine gone): it is queued again, or failed with a reason a player can
read once ``PRINT_JOB_MAX_ATTEMPTS`` runs have started. A queued job untouched for
``PRINT_JOB_QUEUED_SECONDS`` is sent again (its message was lost with the broker's data);
a second message is harmless, since a worker only claims a job that is still queued.

The sweep costs one indexed query, so it runs where it always happens: when a job is asked
for, when a job page or the API polls one (that job only, no query unless it is stale), and
when a worker starts (``companion.celery``); ``printing.sweep_jobs`` is a task for a beat.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from printing import dispatch
from printing.models import JobStatus, PrintJob

log = logging.getLogger(__name__)


def running_deadline() -> timedelta:
    """Progress is written at least every chunk (well under a second); two minutes of
    silence is a worker that is gone, not one that is slow."""
    return timedelta(seconds=float(getattr(settings, "PRINT_JOB_STALE_SECONDS", 120)))


def queued_deadline() -> timedelta:
    return timedelta(seconds=float(getattr(settings, "PRINT_JOB_QUEUED_SECONDS", 300)))


def max_attempts() -> int:
    return int(getattr(settings, "PRINT_JOB_MAX_ATTEMPTS", 3))


def stopped_reason(times: int) -> str:
    """Why a job that kept losing its worker failed, in words a player can act on."""
    count = "once" if times == 1 else f"{times} times"
    return (
        f"The print worker stopped {count} while making this file. "
        "Try again; if it keeps happening, make a smaller file (fewer cards or pages)."
    )


def _stale(now: datetime) -> Q:
    run_cut, queue_cut = now - running_deadline(), now - queued_deadline()
    silent_run = Q(heartbeat__lt=run_cut) | Q(heartbeat__isnull=True, created__lt=run_cut)
    silent_queue = Q(heartbeat__lt=queue_cut) | Q(heartbeat__isnull=True, created__lt=queue_cut)
    return Q(status=JobStatus.RUNNING) & silent_run | Q(status=JobStatus.QUEUED) & silent_queue


def is_stale(job: PrintJob, now: datetime | None = None) -> bool:
    """Whether this job (as read) lost its worker or its message."""
    now = now or timezone.now()
    last = job.heartbeat or job.created
    if job.status == JobStatus.RUNNING:
        return last < now - running_deadline()
    if job.status == JobStatus.QUEUED:
        return last < now - queued_deadline()
    return False


def _send_quietly(job_id: int) -> None:
    """A requeued job whose message cannot be sent stays queued: the next sweep sends it."""
    try:
        dispatch.send(job_id)
    except dispatch.ServiceUnavailable:
        log.warning("print job %s stays queued until the broker is back", job_id)


def take_up(job_id: int) -> str:
    """Take one stale job up again under its row lock: "requeued", "resent", "failed", or
    "" when it is not stale any more (a worker wrote to it meanwhile)."""
    now = timezone.now()
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or not is_stale(job, now):
            return ""
        if job.status == JobStatus.RUNNING and job.attempts >= max_attempts():
            job.status = JobStatus.FAILED
            job.error = stopped_reason(job.attempts)
            job.message = "Failed"
            job.finished = now
            job.save(update_fields=["status", "error", "message", "finished"])
            log.warning("print job %s failed after %s lost runs", job_id, job.attempts)
            return "failed"
        outcome = "requeued" if job.status == JobStatus.RUNNING else "resent"
        job.status = JobStatus.QUEUED
        job.progress = 0
        job.message = "Waiting for a worker (taken up again)"
        job.heartbeat = now
        job.save(update_fields=["status", "progress", "message", "heartbeat"])
        transaction.on_commit(lambda: _send_quietly(job_id))
    log.warning("print job %s %s after its worker went silent", job_id, outcome)
    return outcome


def recover(job: PrintJob) -> PrintJob:
    """The job as it should be read: taken up again first when it is stale (no query else)."""
    if is_stale(job) and take_up(job.pk):
        job.refresh_from_db()
    return job


def sweep_stale(limit: int = 200) -> int:
    """Take up every stale job (at most ``limit`` a call); how many were taken up."""
    ids = list(
        PrintJob.objects.filter(_stale(timezone.now()))
        .order_by("created")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(1 for pk in ids if take_up(pk))
