"""Sending a job to a worker, failing fast when the broker cannot be reached.

The job row is the truth, the Celery message only a wake-up call: it is published once,
without kombu's retries (they held a request for 20 s against a dead Redis), and a broker
that does not answer is ``ServiceUnavailable``, which pages and the API answer with 503.
"""

from __future__ import annotations

import logging

from django.conf import settings
from kombu.exceptions import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

UNAVAILABLE = "The print service is not reachable right now; try again in a minute."

# What kombu and redis raise when the broker is down or does not answer in time
BROKER_ERRORS: tuple[type[BaseException], ...] = (
    OperationalError,
    RedisConnectionError,
    RedisTimeoutError,
    ConnectionError,
    TimeoutError,
)


class ServiceUnavailable(Exception):
    """The broker could not be reached: nothing was sent to a worker."""

    def __init__(self, message: str = UNAVAILABLE) -> None:
        super().__init__(message)
        self.message = message


def send(job_id: int) -> None:
    """Publish ``run_job(job_id)`` once (on ``PRINTING_QUEUE`` when set); raise
    ``ServiceUnavailable`` when the broker is unreachable."""
    from printing.tasks import run_job

    queue = getattr(settings, "PRINTING_QUEUE", None)
    options = {"queue": queue} if queue else {}
    try:
        run_job.apply_async((job_id,), retry=False, **options)
    except BROKER_ERRORS as exc:
        log.warning("print job %s not sent: broker unreachable (%s)", job_id, exc)
        raise ServiceUnavailable() from exc
