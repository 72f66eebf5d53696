"""Jobs taken up again after their worker stopped: no job stays queued or running forever.

A running job writes a heartbeat with every progress report and, from a thread beside the
render, every ``PRINT_JOB_HEARTBEAT_SECONDS`` (5 s) however long one step takes; a queued
one was stamped when it was sent. A running job silent for ``PRINT_JOB_STALE_SECONDS``
(30 s) lost its worker (killed, out of memory, the machine gone): it is queued again, or
failed with a reason a player can read once ``PRINT_JOB_MAX_ATTEMPTS`` runs have started.
A queued job untouched for ``PRINT_JOB_QUEUED_SECONDS`` is sent again (its message was
lost with the broker's data); a second message is harmless, since a worker only claims a
job that is still queued.

The sweep costs one indexed query, so it runs where it always happens: when a job is asked
for, when a job page or the API polls one (that job only, no query unless it is stale),
when a worker starts, and every ``PRINT_JOB_SWEEP_SECONDS`` (10 s) in every running worker
(``companion.celery``, ``start_sweeper``): a killed worker's job is taken up within about
40 s even when nobody is watching it, without waiting for Redis to deliver its message
again (an hour: the visibility timeout). ``printing.sweep_jobs`` is a task for a beat.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from printing import dispatch
from printing.models import JobStatus, PrintJob

log = logging.getLogger(__name__)


def heartbeat_every() -> float:
    """Seconds between the heartbeats a rendering worker writes, progress or not."""
    return float(getattr(settings, "PRINT_JOB_HEARTBEAT_SECONDS", 5))


def sweep_every() -> float:
    """Seconds between the sweeps every running worker makes."""
    return float(getattr(settings, "PRINT_JOB_SWEEP_SECONDS", 10))


def running_deadline() -> timedelta:
    """A live worker writes a heartbeat every few seconds whatever it renders, so this much
    silence is a worker that is gone, not one that is slow; never under three heartbeats,
    or a live job would be taken up between two of them."""
    stale = float(getattr(settings, "PRINT_JOB_STALE_SECONDS", 30))
    return timedelta(seconds=max(stale, 3 * heartbeat_every()))


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


def _sweep_now() -> None:
    try:
        taken = sweep_stale()
    except Exception:  # the database away for a moment: the next round tries again
        log.exception("the periodic print job sweep failed")
        return
    finally:
        connection.close()  # this thread's own connection, back to the pool between rounds
    if taken:
        log.warning("took up %s print jobs whose worker went silent", taken)


def start_sweeper(every: float | None = None) -> threading.Event:
    """Sweep every ``every`` seconds (``PRINT_JOB_SWEEP_SECONDS``) from a daemon thread,
    until the returned event is set: a running worker takes up what a dead one left,
    with no beat process to deploy. Several workers sweeping is harmless (``take_up``
    rechecks each job under its row lock)."""
    stop = threading.Event()
    interval = sweep_every() if every is None else every

    def loop() -> None:
        while not stop.wait(interval):
            _sweep_now()

    threading.Thread(target=loop, name="print-job-sweeper", daemon=True).start()
    return stop
