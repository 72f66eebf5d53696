"""Reads of print jobs: a job only for those who may see it (private: the owner only)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from printing.models import PrintJob


def visible_jobs(user: Any) -> QuerySet[PrintJob]:
    """Jobs this viewer may open: every shared job, and their own private ones."""
    visible = Q(is_private=False)
    if getattr(user, "is_authenticated", False):
        visible |= Q(owner=user)
    return PrintJob.objects.filter(visible)


def jobs_of_their_own(user: Any) -> QuerySet[PrintJob]:
    """The jobs only ``user`` can reach: their private ones. A shared job (not private) is
    handed to whoever asks for the same file (``services.job_request``), so it is never
    one player's alone: deleting an account leaves those to the others."""
    return PrintJob.objects.filter(owner=user, is_private=True)


def job_for_viewer(*, pk: int, user: Any) -> PrintJob | None:
    """The job, or None (answer 404) when it does not exist or is another's private job."""
    return visible_jobs(user).filter(pk=pk).first()


def can_retry(job: PrintJob, user: Any) -> bool:
    """A failed job may be retried by its owner, or by anyone when it has no owner."""
    if not job.is_failed:
        return False
    if job.owner_id is None:
        return True
    return getattr(user, "is_authenticated", False) and job.owner_id == user.pk
