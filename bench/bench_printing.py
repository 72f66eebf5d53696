"""Targets: printing 540 poker cards made of the games' real decks (repeated cards as the
games have them) is at least 5x faster than WeasyPrint rendering the same cards as one plain
HTML document laid out with a CSS grid, and 540 distinct cards at least 1.6x (each measured
against its own baseline in the same run); time per card stays flat from 54 to 540
distinct cards; peak memory (all processes) is reported; a repeated request is served from
the cache in under 50 ms. The imposed PDFs look like today's sheets: each is compared page
by page, as pictures, with the same sheets' HTML rendered directly by WeasyPrint.

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
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

SPEEDUP = 1.6  # 540 distinct cards
REAL_SPEEDUP = 5.0  # 540 cards of real decks
FLAT = 1.25  # time per card at 540 may be at most this much above that at 54
CACHED_MS = 50.0
RUNS = 2  # each render is timed this many times, the fastest counts (both paths alike)
SETTLE_S = 45.0  # the longest wait for a quiet machine before a render of Muster's
ROOT = Path(__file__).resolve().parent.parent
OUT = Path(tempfile.gettempdir()) / "muster-bench-printing"  # the PDFs, for the comparison

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

# The real decks, each as a game prints it: (game, what, its list's example or None, players)
DECKS = (
    ("micro-and-macro", "deck", True, 0),
    ("micro-and-macro", "units", True, 0),
    ("maker-war", "supply", False, 0),
    ("missiles-and-microchips", "kit", False, 6),
)


def game_cards(game: str, what: str, example: bool, players: int) -> list[dict[str, Any]]:
    """One deck from the game's own printables, its cards with their counts."""
    from companion.games.registry import get_game
    from printing import printables

    params: dict[str, Any] = {"game": game, "what": what, "players": players}
    if example:
        params["list"] = {"body": get_game(game).example_list()}
    return printables.build(params)[1]


def distinct_deck(count: int) -> list[dict[str, Any]]:
    """``count`` Micro and Macro cards (deck cards and unit cards in turn), each distinct."""
    cards = game_cards(*DECKS[0]) + game_cards(*DECKS[1])
    # every card distinct (its own number), as in a big deck of different cards
    return [
        dict(card, count=1, title=f"{card['title']} #{n + 1}")
        for n, card in enumerate(itertools.islice(itertools.cycle(cards), count))
    ]


def real_deck(count: int) -> list[dict[str, Any]]:
    """``count`` cards of whole real decks one after another (a Micro and Macro deck with
    its units, the Maker-War supply deck, a Missiles & Microchips kit for six, again...):
    every copy a game's deck holds, as its printables give them."""
    from printing.cardsheets import expand

    copies = [dict(c, count=1) for deck in DECKS for c in expand(game_cards(*deck))]
    return list(itertools.islice(itertools.cycle(copies), count))


DECK_MAKERS = {"real": real_deck, "distinct": distinct_deck}


def designs(cards: list[dict[str, Any]]) -> int:
    """How many different faces ``cards`` print."""
    from printing.cardsheets import face, face_key

    return len({face_key("front", face(c)) for c in cards})


def case(path: str, count: int, kind: str = "distinct", out: str = "") -> None:
    """Run one render in this (fresh) process and print its time as JSON; keep the PDF in
    ``out`` when given. Paths: ``muster`` (the print), ``sheets`` (the same sheets' HTML
    rendered by WeasyPrint, what a print looked like before imposition) and ``baseline``."""
    from printing.cardsheets import _sheet_context, card_chunks, card_pdf, face
    from printing.layout import Settings, sheet_for
    from printing.pdf import render_chunks, render_html
    from printing.templating import engine

    cards = DECK_MAKERS[kind](count)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    if path == "baseline":
        from django.template import Context

        faces = [face(c) for c in cards]
        pages = [faces[i : i + 9] for i in range(0, len(faces), 9)]
        # the print's own context (safe zone, sizes) for whatever the face template reads
        context = {**_sheet_context(sheet_for(Settings()), Settings()), "pages": pages}
        html = engine().from_string(BASELINE).render(Context(context))
        data = render_html(html)
    elif path == "sheets":
        chunks = card_chunks(cards, Settings(), title="bench")
        data = render_chunks(chunks, lambda p, m: None, title="bench")
    else:
        data = card_pdf(cards, Settings(), lambda p, m: None, title="bench")
    seconds = time.perf_counter() - start
    import io

    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(data)).pages)
    if out:
        Path(out).write_bytes(data)
    print(json.dumps({"seconds": seconds, "pages": pages, "load": load}))


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


def measure(path: str, count: int, kind: str = "distinct", out: str = "") -> dict[str, float]:
    """Time and peak memory of one render in a fresh interpreter."""
    code = f"from bench.bench_printing import case; case({path!r}, {count}, {kind!r}, {out!r})"
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
        raise RuntimeError(f"{path} render of {count} {kind} cards failed")
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


def settle(limit: float = SETTLE_S) -> None:
    """Wait (at most ``limit`` s) until the one-minute load is below the core count. Muster
    renders on every core only then (``printing.pdf.workers``), and the load average
    still counts the benchmark's own previous render for a minute after it ended."""
    deadline = time.monotonic() + limit
    while os.getloadavg()[0] >= (os.cpu_count() or 1) - 0.25 and time.monotonic() < deadline:
        time.sleep(1)


def best_of(path: str, count: int, kind: str = "distinct", runs: int = RUNS) -> dict[str, Any]:
    """The fastest of ``runs`` renders (other work on a shared host only ever slows one
    down), with the highest peak memory seen; the fastest one's PDF is kept."""
    OUT.mkdir(exist_ok=True)
    results = []
    for run_number in range(runs):
        out = OUT / f"{path}-{kind}-{count}-{run_number}.pdf"
        if path == "muster":
            settle()
        results.append({**measure(path, count, kind, str(out)), "pdf": out})
    fastest = min(results, key=lambda r: r["seconds"])
    return {**fastest, "peak_mb": max(r["peak_mb"] for r in results)}


def looks_the_same(imposed: dict[str, Any], direct: dict[str, Any]) -> tuple[bool, str]:
    """The imposed PDF against the directly rendered sheets, page by page as pictures."""
    from bench import pagediff

    try:
        diffs = pagediff.compare(imposed["pdf"].read_bytes(), direct["pdf"].read_bytes())
    except pagediff.NoRasteriser as missing:
        return False, f"not compared ({missing})"
    return all(d.invisible for d in diffs), pagediff.summary(diffs)


def run() -> dict:
    small = best_of("muster", 54)
    big = best_of("muster", 540)
    sheets = best_of("sheets", 540)  # right after the print it is compared with
    base = best_of("baseline", 540)
    real = best_of("muster", 540, "real")
    real_sheets = best_of("sheets", 540, "real")
    real_base = best_of("baseline", 540, "real")
    assert small["pages"] == 6 and big["pages"] == 60 and real["pages"] == 60, (small, big, real)
    same, compared = looks_the_same(big, sheets)
    real_same, real_compared = looks_the_same(real, real_sheets)
    real_designs = designs(real_deck(540))
    speedup = base["seconds"] / big["seconds"]
    real_speedup = real_base["seconds"] / real["seconds"]
    per_small = small["seconds"] / 54 * 1000
    per_big = big["seconds"] / 540 * 1000
    cached = cached_repeat_ms()
    load = os.getloadavg()[0]
    return {
        "name": "Print 540 poker cards (Micro and Macro, Maker-War, Missiles & Microchips) "
        "as a PDF",
        "target": f"real decks >= {REAL_SPEEDUP:.0f}x and 540 distinct cards >= {SPEEDUP}x "
        "the one-document CSS-grid baseline of the same cards; time per "
        f"card flat (<= {FLAT}x) from 54 to 540; cached repeat < {CACHED_MS:.0f} ms; "
        "pages identical to the directly rendered sheets as pictures",
        "result": f"best of {RUNS} runs each. Real decks (540 cards, {real_designs} designs): "
        f"{real['seconds']:.2f} s (peak {real['peak_mb']:.0f} MB, all processes; load at its "
        f"start {real['load']:.1f}) vs baseline "
        f"{real_base['seconds']:.1f} s: {real_speedup:.2f}x (the sheets rendered directly, "
        f"before imposition: {real_sheets['seconds']:.1f} s); compared with those: "
        f"{real_compared}. 540 distinct cards: {big['seconds']:.1f} s (peak "
        f"{big['peak_mb']:.0f} MB; load at its start {big['load']:.1f}) vs baseline "
        f"{base['seconds']:.1f} s (peak "
        f"{base['peak_mb']:.0f} MB): {speedup:.2f}x (rendered directly: "
        f"{sheets['seconds']:.1f} s); compared: {compared}. Per card {per_small:.1f} ms at "
        f"54, {per_big:.1f} ms at 540; cached repeat {cached:.1f} ms; machine load "
        f"{load:.1f} on {os.cpu_count()} cores "
        "(one render process while the load fills the cores, else one per core)",
        "ok": speedup >= SPEEDUP
        and real_speedup >= REAL_SPEEDUP
        and same
        and real_same
        and per_big <= per_small * FLAT
        and cached < CACHED_MS,
    }


if __name__ == "__main__":
    kind = sys.argv[3] if len(sys.argv) > 3 else "distinct"
    print(json.dumps(measure(sys.argv[1], int(sys.argv[2]), kind)))
