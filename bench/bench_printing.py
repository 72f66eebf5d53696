"""Targets: printing 540 poker cards is at least 1.6x faster than WeasyPrint rendering the
same cards as one plain HTML document laid out with a CSS grid (measured in the same run);
time per card stays flat from 54 to 540 cards; peak memory (all processes) is reported; a
repeated request is served from the cache in under 50 ms.

Each render runs in a fresh process (the 2nd big render in one process is slower), and a
sampler adds up the resident memory of that process and its workers every 20 ms. Every
render is timed twice and the faster run counts, for Muster's path and the baseline alike.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

SPEEDUP = 1.6
FLAT = 1.25  # time per card at 540 may be at most this much above that at 54
CACHED_MS = 50.0
RUNS = 2  # each render is timed this many times, the fastest counts (both paths alike)
ROOT = Path(__file__).resolve().parent.parent

BASELINE = """<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: A4; margin: 16.5mm 10.5mm; }
body { margin: 0; font-family: "DejaVu Sans", sans-serif; }
.sheet { page-break-after: always; }
.grid { display: grid; grid-template-columns: repeat(3, 63mm); grid-auto-rows: 88mm; }
.card { position: relative; overflow: hidden; }
{% include "printing/_face.css" %}
</style></head><body>
{% for page in pages %}<div class="sheet"><div class="grid">
{% for c in page %}<div class="card size-{{ c.size }}{% if c.cost %} costed{% endif %}"
 style="background:{{ c.colour }}">{% include "printing/_face.html" with back=False %}</div>
{% endfor %}</div></div>{% endfor %}</body></html>"""


def deck(count: int) -> list[dict[str, Any]]:
    """``count`` Micro and Macro cards (deck cards and unit cards in turn), each distinct."""
    from companion.games.registry import get_game
    from printing import printables

    body = get_game("micro-and-macro").example_list()
    params = {"game": "micro-and-macro", "list": {"body": body}}
    cards = printables.build({**params, "what": "deck"})[1]
    cards += printables.build({**params, "what": "units"})[1]
    # every card distinct (its own number), as in a big deck of different cards
    return [
        dict(card, count=1, title=f"{card['title']} #{n + 1}")
        for n, card in enumerate(itertools.islice(itertools.cycle(cards), count))
    ]


def case(path: str, count: int) -> None:
    """Run one render in this (fresh) process and print its time as JSON."""
    from printing.cardsheets import card_pdf, face
    from printing.layout import Settings
    from printing.pdf import render_html
    from printing.templating import engine

    cards = deck(count)
    start = time.perf_counter()
    if path == "baseline":
        from django.template import Context

        faces = [face(c) for c in cards]
        pages = [faces[i : i + 9] for i in range(0, len(faces), 9)]
        context = {"pages": pages, "safe": "3.000mm"}
        html = engine().from_string(BASELINE).render(Context(context))
        data = render_html(html)
    else:
        data = card_pdf(cards, Settings(), lambda p, m: None, title="bench")
    seconds = time.perf_counter() - start
    import io

    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(data)).pages)
    print(json.dumps({"seconds": seconds, "pages": pages}))


_PARENTS: dict[int, int] = {}  # pid -> parent pid, read once per process


def _parent(pid: int) -> int:
    if pid not in _PARENTS:
        try:
            with open(f"/proc/{pid}/stat") as f:
                _PARENTS[pid] = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            return -1
    return _PARENTS[pid]


def _tree_rss(pid: int) -> int:
    """Resident memory (bytes) of ``pid`` and every process below it. Each process's
    parent is read once, not on every sample: the sampler shares the two cores with the
    render processes it measures, and reading every process's stat 50 times a second took
    a fifth of a core from them."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            children.setdefault(_parent(int(entry)), []).append(int(entry))
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        todo.extend(children.get(current, []))
        # suppress: the process may end between listing and reading
        with contextlib.suppress(OSError), open(f"/proc/{current}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
    return total


def measure(path: str, count: int) -> dict[str, float]:
    """Time and peak memory of one render in a fresh interpreter."""
    code = f"from bench.bench_printing import case; case({path!r}, {count})"
    _PARENTS.clear()  # pids of earlier runs' processes may come back with other parents
    proc = subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss(proc.pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, _ = proc.communicate(timeout=1800)
    done.set()
    sampler.join()
    if proc.returncode != 0:
        raise RuntimeError(f"{path} render of {count} cards failed")
    result = json.loads(out.strip().splitlines()[-1])
    return {**result, "peak_mb": peak / 2**20}


def cached_repeat_ms() -> float:
    """A repeated request for a finished file: no rendering, one indexed lookup."""
    from printing import services

    params = {"game": "little-game", "what": "cards", "settings": {"paper": "a4"}}
    first = services.job_request(kind="cards-pdf", params=params, owner=None)
    assert first.is_done, first.error
    times = []
    for _ in range(20):
        start = time.perf_counter()
        again = services.job_request(kind="cards-pdf", params=params, owner=None)
        times.append((time.perf_counter() - start) * 1000)
        assert again.pk == first.pk
    return statistics.median(times)


def best_of(path: str, count: int, runs: int = RUNS) -> dict[str, float]:
    """The fastest of ``runs`` renders (other work on a shared host only ever slows one
    down), with the highest peak memory seen."""
    results = [measure(path, count) for _ in range(runs)]
    fastest = min(results, key=lambda r: r["seconds"])
    return {**fastest, "peak_mb": max(r["peak_mb"] for r in results)}


def run() -> dict:
    small = best_of("muster", 54)
    big = best_of("muster", 540)
    base = best_of("baseline", 540)
    assert small["pages"] == 6 and big["pages"] == 60, (small, big)
    speedup = base["seconds"] / big["seconds"]
    per_small = small["seconds"] / 54 * 1000
    per_big = big["seconds"] / 540 * 1000
    cached = cached_repeat_ms()
    load = os.getloadavg()[0]
    return {
        "name": "Print 540 poker cards (Micro and Macro, an emblem each) as a PDF",
        "target": f">= {SPEEDUP}x the one-document CSS-grid baseline at 540 cards; time per "
        f"card flat (<= {FLAT}x) from 54 to 540; cached repeat < {CACHED_MS:.0f} ms",
        "result": f"best of {RUNS} runs each: 540 cards {big['seconds']:.1f} s "
        f"(peak {big['peak_mb']:.0f} MB, all processes) vs baseline {base['seconds']:.1f} s "
        f"(peak {base['peak_mb']:.0f} MB): "
        f"{speedup:.2f}x; per card {per_small:.1f} ms at 54, {per_big:.1f} ms at 540; "
        f"cached repeat {cached:.1f} ms; machine load {load:.1f} on {os.cpu_count()} cores "
        "(one render process while the load fills the cores, else one per core)",
        "ok": speedup >= SPEEDUP and per_big <= per_small * FLAT and cached < CACHED_MS,
    }


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], int(sys.argv[2]))))
