"""The one background task behind every printable: run the job's producer, keep the file;
and the sweep of jobs whose worker was lost, as a task."""

from __future__ import annotations

import logging
import threading
import time

from celery import shared_task
from django.core.files.base import ContentFile
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from printing.models import JobStatus, PrintJob, job_upload_to
from printing.producers import Product, UnknownProducer, get_producer
from printing.sweep import heartbeat_every, sweep_stale

log = logging.getLogger(__name__)

# Progress is written at most this often (seconds), besides the first and the last report.
PROGRESS_EVERY = 0.3


class _Reporter:
    """Writes progress and the heartbeat to the job row, throttled so a big deck does not
    hammer the database. Only this run's writes count: a run the sweep gave up on (its
    row requeued, or claimed again by another worker) writes nothing."""

    def __init__(self, job_id: int, attempt: int) -> None:
        self.job_id = job_id
        self.attempt = attempt
        self.last = 0.0

    def __call__(self, percent: int, message: str) -> None:
        now = time.monotonic()
        if now - self.last < PROGRESS_EVERY and percent < 100:
            return
        self.last = now
        _mine(self.job_id, self.attempt).update(
            progress=max(0, min(99, int(percent))),
            message=str(message)[:200],
            heartbeat=timezone.now(),
        )


class _Heartbeat:
    """While a producer runs, a thread writes the job's heartbeat every
    ``PRINT_JOB_HEARTBEAT_SECONDS``: one long step (a part rendered in one process, an
    encoding) reports no progress, and the sweep would take a live job up as lost. The
    thread dies with its worker, which is the point: a killed worker's job goes silent at
    once and is taken up after ``PRINT_JOB_STALE_SECONDS``.

    Not inside a transaction (a caller's atomic block, a test's): the thread's write would
    wait for the row lock of the very transaction that waits for the thread."""

    def __init__(self, job_id: int, attempt: int) -> None:
        self.job_id, self.attempt = job_id, attempt
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def __enter__(self) -> _Heartbeat:
        if not connection.in_atomic_block:
            self.thread = threading.Thread(
                target=self._beat,
                args=(heartbeat_every(),),
                name=f"print-job-{self.job_id}-heartbeat",
                daemon=True,
            )
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join(timeout=10)

    def _beat(self, every: float) -> None:
        try:
            while not self.stop.wait(every):
                try:
                    if not _mine(self.job_id, self.attempt).update(heartbeat=timezone.now()):
                        return  # the job is not this run's any more
                except Exception:  # a database hiccup: the next beat tries again
                    log.warning("print job %s: heartbeat not written", self.job_id, exc_info=True)
        finally:
            connection.close()  # this thread's own connection


def _mine(job_id: int, attempt: int) -> QuerySet[PrintJob]:
    """The job's row while this run still holds it."""
    return PrintJob.objects.filter(pk=job_id, status=JobStatus.RUNNING, attempts=attempt)


def _claim(job_id: int) -> PrintJob | None:
    """Mark a queued job running and count the attempt; None when it is gone or another
    run has it. Idempotent against duplicate deliveries (a late-acknowledged message
    delivered again, a message the sweep sent twice): only a queued job is claimed."""
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != JobStatus.QUEUED:
            return None
        job.status = JobStatus.RUNNING
        job.progress = 0
        job.message = "Starting"
        job.attempts += 1
        job.heartbeat = timezone.now()
        job.save(update_fields=["status", "progress", "message", "attempts", "heartbeat"])
        return job


def _reason(exc: BaseException) -> str:
    if isinstance(exc, UnknownProducer):
        return f"Muster does not know how to make a {exc.args[0]!r} file."
    text = str(exc).strip() or exc.__class__.__name__
    return text if isinstance(exc, (ValueError, KeyError)) else f"{exc.__class__.__name__}: {text}"


def _keep(job: PrintJob, product: Product) -> bool:
    """Store the finished file, then point the row at it in one update: the row names a
    file only once every byte is written, so a partial file is never served. A run that
    lost the job meanwhile deletes its file instead."""
    storage = job.file.storage
    name = storage.save(job_upload_to(job, product.filename), ContentFile(product.data))
    kept = _mine(job.pk, job.attempts).update(
        file=name,
        filename=product.filename,
        content_type=product.content_type,
        status=JobStatus.DONE,
        progress=100,
        message="Ready",
        error="",
        finished=timezone.now(),
        heartbeat=timezone.now(),
    )
    if not kept:
        storage.delete(name)
    return bool(kept)


@shared_task(name="printing.run_job", ignore_result=True, acks_late=True)
def run_job(job_id: int) -> str:
    """Make the job's file; on any error the job is failed with a reason a player can read.

    Acknowledged late (``CELERY_TASK_ACKS_LATE``): a worker lost mid-job leaves its message
    to be delivered again, and the sweep takes the job up in any case, once the heartbeat
    written beside the render has stopped."""
    job = _claim(job_id)
    if job is None:
        return "skipped"
    try:
        made_by = get_producer(job.kind)
        with _Heartbeat(job.pk, job.attempts):
            product = made_by.make(dict(job.params), _Reporter(job.pk, job.attempts))
    except Exception as exc:  # the job records every failure; nothing is lost silently
        log.exception("print job %s failed", job_id)
        _mine(job.pk, job.attempts).update(
            status=JobStatus.FAILED,
            error=_reason(exc),
            message="Failed",
            finished=timezone.now(),
        )
        return "failed"
    return "done" if _keep(job, product) else "superseded"


@shared_task(name="printing.sweep_jobs", ignore_result=True)
def sweep_jobs() -> int:
    """Take up stale jobs (for a Celery beat entry, if a deployment runs one)."""
    return sweep_stale()
