"""Print jobs: one row per file Muster renders in the background (PDF, PNG zip, STL, ...).

A job is keyed by ``input_hash`` (its kind, parameters and the producer's version), so
asking twice for the same file returns the finished job instead of rendering again.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


def job_upload_to(instance: PrintJob, filename: str) -> str:
    """Files live under media/printing/, in a folder nobody can guess."""
    return f"printing/{uuid.uuid4().hex}/{filename}"


class PrintJob(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="print_jobs",
    )
    kind = models.CharField(max_length=60)
    params = models.JSONField(default=dict, blank=True)
    input_hash = models.CharField(max_length=64, db_index=True)
    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    message = models.CharField(max_length=200, blank=True)
    file = models.FileField(upload_to=job_upload_to, max_length=255, blank=True)
    filename = models.CharField(max_length=200, blank=True)
    content_type = models.CharField(max_length=100, blank=True)
    is_private = models.BooleanField(default=False)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    # The last sign of life of a queued or running job: set when it is sent to a worker and
    # on every progress report. A job silent for too long is taken up again by the sweep
    # (``printing.sweep``), which counts ``attempts`` (one per run a worker started).
    heartbeat = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["status", "heartbeat"], name="printjob_status_beat")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("printing:job", args=[self.pk])

    def get_download_url(self) -> str:
        return reverse("printing:download", args=[self.pk])

    @property
    def is_done(self) -> bool:
        return self.status == JobStatus.DONE

    @property
    def is_failed(self) -> bool:
        return self.status == JobStatus.FAILED

    @property
    def is_active(self) -> bool:
        return self.status in (JobStatus.QUEUED, JobStatus.RUNNING)
