"""Print jobs through faults, with a real Celery worker on the test database: a worker
killed (SIGKILL) in the middle of a 526-card print, its render processes gone with it and
the job finished by the next worker within a minute of the kill, on the production timing
(the workers read the deployed settings; nothing here shortens them, and nobody polls the
job, which would sweep too); a broker that cannot be reached answering 503 at once and
leaving no job behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.games.registry import get_game
from printing.models import JobStatus, PrintJob
from printing.producers import load_producers
from tests.printing.pdfcheck import reader
from tests.processes import alive, database_url

pytestmark = pytest.mark.fault
ROOT = Path(__file__).resolve().parents[2]
DEAD = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def _until(check: Callable[[], object], timeout: float, what: str, every: float = 0.1) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(every)
    raise AssertionError(f"{what}: not within {timeout} s")


def _children(pid: int) -> set[int]:
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.add(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return found


@pytest.fixture
def workers(settings, tmp_path, transactional_db, jobs_in_process) -> Iterator[Callable]:
    """Starts Celery workers on a queue of this test's own, on the test database."""
    jobs_in_process.conf.CELERY_TASK_ALWAYS_EAGER = False
    settings.MEDIA_ROOT = tmp_path / "media"
    queue = f"printing-fault-{uuid.uuid4().hex[:8]}"
    settings.PRINTING_QUEUE = queue
    deployed = {k: v for k, v in os.environ.items() if not k.startswith("PRINT_JOB_")}
    env = {**deployed, "DATABASE_URL": database_url(), "MEDIA_ROOT": str(settings.MEDIA_ROOT)}
    env["PRINTING_QUEUE"] = queue  # the workers' own sweeps send on it too
    started: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        celery = Path(sys.executable).with_name("celery")
        args = [str(celery), "-A", "companion", "worker", "--pool=solo", "-Q", queue]
        args += ["--without-heartbeat", "--without-gossip", "--without-mingle", "-l", "warning"]
        proc = subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True)
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)


def _big_deck() -> dict:
    """526 Micro and Macro cards: every main-deck line of the example at 40 copies."""
    body = get_game("micro-and-macro").example_list()
    body["main"] = [dict(line, count=40) for line in body["main"]]
    return {"game": "micro-and-macro", "what": "deck", "list": {"body": body}}


@pytest.mark.timeout(300)
def test_a_worker_killed_mid_print_leaves_no_render_process_and_the_job_is_done_within_a_minute(
    client, workers
):
    first = workers()
    asked = client.post(
        "/api/print/jobs/",
        {"kind": "cards-pdf", "params": _big_deck()},
        content_type="application/json",
    )
    assert asked.status_code == 202, asked.content
    job = PrintJob.objects.get(pk=asked.json()["id"])

    def running() -> bool:
        job.refresh_from_db()
        return job.status == JobStatus.RUNNING and job.progress > 0

    _until(running, 120, "the job running with progress", every=0.05)
    children = _children(first.pid)
    os.kill(first.pid, signal.SIGKILL)  # the worker alone: its children must follow it
    killed = time.monotonic()
    first.wait(timeout=10)
    _until(lambda: not any(alive(c) for c in children), 10, f"render processes {children} gone")
    job.refresh_from_db()
    assert job.status == JobStatus.RUNNING and job.attempts == 1  # stuck until taken up

    workers()  # the replacement, as systemd starts it, before the job has gone silent

    def finished() -> bool:
        job.refresh_from_db()  # the row only: a poll of the API would sweep on its own
        return job.status in (JobStatus.DONE, JobStatus.FAILED)

    _until(finished, 120, "the job finished by the second worker", every=0.5)
    seconds = time.monotonic() - killed
    assert job.status == JobStatus.DONE, job.error
    assert job.attempts == 2
    assert seconds < 60, f"the job was done {seconds:.0f} s after its worker was killed"
    download = client.get(f"/api/print/jobs/{job.pk}/download/")
    assert download.status_code == 200
    assert len(reader(b"".join(download.streaming_content)).pages) == 59  # 526 cards, 9 a page


@pytest.mark.timeout(120)
def test_an_unreachable_broker_answers_503_at_once_and_leaves_no_job(
    client, settings, workers, jobs_in_process
):
    load_producers()
    app = jobs_in_process
    before = app.conf.CELERY_BROKER_URL
    app.conf.CELERY_BROKER_URL = DEAD
    app._pool = None
    app.amqp._producer_pool = None
    try:
        params = {"kind": "calibration-pdf", "params": {"settings": {"paper": "letter"}}}
        start = time.monotonic()
        api = client.post("/api/print/jobs/", params, content_type="application/json")
        page = client.post("/print/calibrate/", {"paper": "letter", "card": "poker"})
        seconds = time.monotonic() - start
    finally:
        app.conf.CELERY_BROKER_URL = before
        app._pool = None
        app.amqp._producer_pool = None
    assert api.status_code == 503 and page.status_code == 503, (api.content, page.content)
    assert seconds < 4  # both requests together
    assert "try again in a minute" in api.json()["detail"]
    assert not PrintJob.objects.exists()
    # the broker back: the same request makes the file
    workers()
    again = client.post("/api/print/jobs/", params, content_type="application/json")
    assert again.status_code in (200, 202)
    job = PrintJob.objects.get()
    _until(lambda: client.get(f"/api/print/jobs/{job.pk}/").json()["status"] == "done", 90, "done")
