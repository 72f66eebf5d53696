"""The one background task behind every printable: run the job's producer, keep the file."""

from __future__ import annotations

import logging
import time

from celery import shared_task
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from printing.models import JobStatus, PrintJob
from printing.producers import UnknownProducer, get_producer

log = logging.getLogger(__name__)

# Progress is written at most this often (seconds), besides the first and the last report.
PROGRESS_EVERY = 0.3


class _Reporter:
    """Writes progress to the job row, throttled so a big deck does not hammer the database."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.last = 0.0

    def __call__(self, percent: int, message: str) -> None:
        now = time.monotonic()
        if now - self.last < PROGRESS_EVERY and percent < 100:
            return
        self.last = now
        PrintJob.objects.filter(pk=self.job_id, status=JobStatus.RUNNING).update(
            progress=max(0, min(99, int(percent))), message=str(message)[:200]
        )


def _claim(job_id: int) -> PrintJob | None:
    """Mark a queued job running; None when it is gone or another run has it."""
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != JobStatus.QUEUED:
            return None
        job.status = JobStatus.RUNNING
        job.progress = 0
        job.message = "Starting"
        job.save(update_fields=["status", "progress", "message"])
        return job


def _reason(exc: BaseException) -> str:
    if isinstance(exc, UnknownProducer):
        return f"Muster does not know how to make a {exc.args[0]!r} file."
    text = str(exc).strip() or exc.__class__.__name__
    return text if isinstance(exc, (ValueError, KeyError)) else f"{exc.__class__.__name__}: {text}"


@shared_task(name="printing.run_job")
def run_job(job_id: int) -> str:
    """Make the job's file; on any error the job is failed with a reason a player can read."""
    job = _claim(job_id)
    if job is None:
        return "skipped"
    try:
        made_by = get_producer(job.kind)
        product = made_by.make(dict(job.params), _Reporter(job.pk))
    except Exception as exc:  # the job records every failure; nothing is lost silently
        log.exception("print job %s failed", job_id)
        PrintJob.objects.filter(pk=job.pk).update(
            status=JobStatus.FAILED,
            error=_reason(exc),
            message="Failed",
            finished=timezone.now(),
        )
        return "failed"
    job.refresh_from_db()
    job.file.save(product.filename, ContentFile(product.data), save=False)
    job.filename = product.filename
    job.content_type = product.content_type
    job.status = JobStatus.DONE
    job.progress = 100
    job.message = "Ready"
    job.error = ""
    job.finished = timezone.now()
    job.save()
    return "done"
