"""Background jobs run in-process by default and on a real worker when Redis is set."""

import os

from django.conf import settings

from companion.tasks import ping


def test_a_task_runs_where_the_settings_say():
    result = ping.delay()
    assert result.get(timeout=30) == "pong"
    if os.environ.get("MUSTER_CELERY_WORKER"):
        assert not settings.CELERY_TASK_ALWAYS_EAGER
        assert settings.CELERY_BROKER_URL.startswith("redis://")
    else:
        assert settings.CELERY_TASK_ALWAYS_EAGER
