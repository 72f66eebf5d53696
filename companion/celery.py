"""Celery app: tasks run in-process by default, on a worker when ``REDIS_URL`` is set."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

app = Celery("muster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
