"""Site-wide background jobs."""

from celery import shared_task


@shared_task
def ping() -> str:
    """Answer from wherever tasks run: proves the broker and a worker (or eager mode) work."""
    return "pong"
