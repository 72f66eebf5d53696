"""A print job through a real Celery worker (CI's PostgreSQL + Redis run): the job is
queued after the commit, a worker process renders it, progress and the file come back.

The worker is started here, on a queue of its own and on the test database (CI's own
worker serves the main database, which never sees this test's job).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from printing import services
from printing.models import JobStatus, PrintJob
from tests.printing.pdfcheck import reader, text
from tests.processes import database_url

pytestmark = pytest.mark.skipif(
    not os.environ.get("MUSTER_CELERY_WORKER"),
    reason="needs CI's Redis and PostgreSQL run (MUSTER_CELERY_WORKER=1)",
)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker(settings, media, transactional_db, in_process):
    from django.conf import settings as live

    assert not live.CELERY_TASK_ALWAYS_EAGER
    in_process.conf.CELERY_TASK_ALWAYS_EAGER = False
    queue = f"printing-test-{uuid.uuid4().hex[:8]}"
    settings.PRINTING_QUEUE = queue
    env = {**os.environ, "DATABASE_URL": database_url(), "MEDIA_ROOT": str(media)}
    celery = Path(sys.executable).with_name("celery")
    proc = subprocess.Popen(
        [
            str(celery),
            "-A",
            "companion",
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=warning",
        ],
        cwd=ROOT,
        env=env,
    )
    yield proc
    proc.terminate()
    proc.wait(timeout=30)


def _wait(job: PrintJob, timeout: float = 120) -> tuple[PrintJob, set[int]]:
    seen: set[int] = set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job.refresh_from_db()
        seen.add(job.progress)
        if not job.is_active:
            return job, seen
        time.sleep(0.1)
    raise AssertionError(f"job still {job.status} after {timeout} s")


def test_a_worker_process_makes_the_file(worker):
    params = {"game": "little-game", "what": "cards", "settings": {"paper": "a4"}}
    job = services.job_request(kind="cards-pdf", params=params, owner=None)
    assert job.status in (JobStatus.QUEUED, JobStatus.RUNNING)  # not rendered in this process
    job, seen = _wait(job)
    assert job.status == JobStatus.DONE, job.error
    assert seen & {0, 100}
    data = job.file.read()
    assert len(reader(data).pages) == 2 and "10" in text(data)
    assert services.job_request(kind="cards-pdf", params=params, owner=None).pk == job.pk


def test_a_worker_records_a_failure_and_a_retry(worker):
    params = {"game": "little-game", "what": "nothing-of-the-sort"}
    job = services.job_request(kind="cards-pdf", params=params, owner=None)
    job, _ = _wait(job)
    assert job.status == JobStatus.FAILED
    assert "nothing called 'nothing-of-the-sort'" in job.error
    job = services.job_retry(job)
    job, _ = _wait(job)
    assert job.status == JobStatus.FAILED  # the same input fails the same way, again
