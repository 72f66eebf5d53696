"""WeasyPrint behind a locked fetcher, and big documents rendered in chunks on every core.

One WeasyPrint document does not get faster with more cores (WeasyPrint#1060), so a deck
is split into runs of whole pages, rendered in worker processes and merged with pypdf (or,
for card sheets, handed back as parts to impose: ``render_parts``). Nothing here imports
Django: worker processes only need WeasyPrint.
"""

from __future__ import annotations

import ctypes
import io
import logging
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool

from printing.fetcher import MusterFetcher

Progress = Callable[[int, str], None]
log = logging.getLogger(__name__)
PARALLEL_FROM = 3  # fewer parts than this render faster in-process than through a pool


# HTML, or HTML and the stylesheet it shares with others, or a picklable callable that
# makes either in the worker process (so that the pages' templates render on every core)
Page = str | tuple[str, str]
Document = Page | Callable[[], Page]

_FONTS: object = None
_SHEETS: dict[str, object] = {}


def render_html(html: str, css: str = "") -> bytes:
    """One HTML document to PDF bytes; only Muster's static files and data: URIs load.

    Chunks of one deck share ``css``: it is parsed once per process, and the font
    configuration is kept for the life of the process."""
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    global _FONTS
    if _FONTS is None:
        _FONTS = FontConfiguration()
    sheets = []
    if css:
        if css not in _SHEETS:
            if len(_SHEETS) > 8:
                _SHEETS.clear()
            _SHEETS[css] = CSS(string=css, font_config=_FONTS, url_fetcher=MusterFetcher())
        sheets.append(_SHEETS[css])
    return HTML(string=html, url_fetcher=MusterFetcher()).write_pdf(
        stylesheets=sheets, font_config=_FONTS
    )


def _render(document: Document) -> bytes:
    if callable(document):
        document = document()
    return render_html(document) if isinstance(document, str) else render_html(*document)


def workers() -> int:
    """How many processes to render on: every core; one when we may not fork (a daemonic
    pool worker cannot have children) or when other work already fills the cores."""
    if multiprocessing.current_process().daemon:
        return 1
    cores = max(1, min(4, os.cpu_count() or 1))
    # Measured here: with every core already busy, two render processes each ran at a
    # third of their speed and the whole took longer than one process alone.
    if os.getloadavg()[0] >= cores:
        return 1
    return cores


def _context() -> multiprocessing.context.BaseContext:
    """Forked workers: they start at once with WeasyPrint already imported (a fork server
    or spawned workers first re-import the main program, seconds per worker). The
    children only lay out HTML they are handed and return bytes."""
    return multiprocessing.get_context("fork")


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent(parent: int) -> None:
    """Initializer of every render process: the kernel kills it when its parent goes (a
    worker killed mid-job must not leave its render processes behind), and it leaves at
    once when the parent is already gone (killed between the fork and this call)."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl here: the getppid check still holds
            log.warning("render process cannot ask to die with its parent")
    if os.getppid() != parent:
        os._exit(1)


def merge(parts: Sequence[bytes], *, title: str = "") -> bytes:
    """PDF documents joined in order into one."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for part in parts:
        writer.append(io.BytesIO(part))
    if title:
        writer.add_metadata({"/Title": title, "/Creator": "Muster"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def render_chunks(
    documents: Sequence[Document],
    progress: Progress,
    *,
    title: str = "",
    start: int = 5,
    end: int = 95,
) -> bytes:
    """Render each HTML document (a run of whole pages) and merge them in order.

    Reports progress between ``start`` and ``end`` percent as chunks finish."""
    if len(documents) == 1:
        progress(start, "Rendering")
        return _render(documents[0])
    parts = render_parts(documents, progress, start=start, end=end)
    progress(end, "Joining the pages")
    return merge(parts, title=title)


def render_parts(
    documents: Sequence[Document], progress: Progress, *, start: int = 5, end: int = 95
) -> list[bytes]:
    """Each HTML document rendered to its own PDF, in order: on every core when there are
    enough of them (see ``workers``), else in this process.

    Reports progress between ``start`` and ``end`` percent as documents finish."""
    count = len(documents)
    if count == 0:
        raise ValueError("Nothing to print.")
    parts: list[bytes | None] = [None] * count

    def report(done: int) -> None:
        progress(start + (end - start) * done // count, f"Rendered {done} of {count} parts")

    procs = min(workers(), count) if count >= PARALLEL_FROM else 1
    if procs > 1:
        try:
            with ProcessPoolExecutor(
                max_workers=procs,
                mp_context=_context(),
                initializer=die_with_parent,
                initargs=(os.getpid(),),
            ) as pool:
                futures = {pool.submit(_render, doc): i for i, doc in enumerate(documents)}
                for done, future in enumerate(as_completed(futures), start=1):
                    parts[futures[future]] = future.result()
                    report(done)
        except BrokenProcessPool:  # no usable worker processes here: render in this one
            log.warning("render workers failed; rendering %s parts in-process", count)
    for index, doc in enumerate(documents):
        if parts[index] is None:
            parts[index] = _render(doc)
            report(index + 1)
    return [p for p in parts if p is not None]
