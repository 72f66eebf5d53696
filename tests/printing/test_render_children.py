"""Render processes die with the process that started them (a worker killed mid-job
leaves none behind), and one whose parent is already gone leaves at once."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printing.pdf import die_with_parent
from tests.processes import alive

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux prctl")
ROOT = Path(__file__).resolve().parents[2]
PARENT = """
import multiprocessing, os, time
from concurrent.futures import ProcessPoolExecutor
from printing.pdf import die_with_parent
pool = ProcessPoolExecutor(
    max_workers=2,
    mp_context=multiprocessing.get_context("fork"),
    initializer=die_with_parent,
    initargs=(os.getpid(),),
)
for _ in range(2):
    pool.submit(time.sleep, 60)
time.sleep(0.5)
print(" ".join(str(pid) for pid in pool._processes), flush=True)
time.sleep(60)
"""


def test_render_processes_are_killed_with_their_parent():
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        children = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(children) == 2 and all(alive(pid) for pid in children)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(pid) for pid in children)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_a_render_process_whose_parent_is_gone_leaves_at_once():
    orphan = multiprocessing.get_context("fork").Process(target=die_with_parent, args=(-1,))
    orphan.start()
    orphan.join(timeout=10)
    assert orphan.exitcode == 1
