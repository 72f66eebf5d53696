"""Celery app: tasks run in-process by default, on a worker when ``REDIS_URL`` is set."""

import logging
import os
from typing import Any

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

app = Celery("muster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
def take_up_lost_jobs(**kwargs: Any) -> None:
    """A worker that starts takes up the print jobs a lost worker left running or queued
    and already silent (the common case: the worker was killed and is started again)."""
    from printing.sweep import sweep_stale

    try:
        taken = sweep_stale()
    except Exception:  # a worker starts even when the database is not there yet
        logging.getLogger(__name__).exception("the print job sweep failed at start")
        return
    if taken:
        logging.getLogger(__name__).warning("took up %s print jobs at start", taken)


@worker_ready.connect
def sweep_while_running(**kwargs: Any) -> None:
    """Every running worker sweeps every ``PRINT_JOB_SWEEP_SECONDS``: a job whose worker
    died is taken up within a minute of the death, even when the worker that replaces it
    started before the job went stale, and with no beat process to deploy."""
    from printing.sweep import start_sweeper

    start_sweeper()
