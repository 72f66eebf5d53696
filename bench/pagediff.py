"""Two PDFs compared page by page as pictures: what a reader would see differ.

Pages are rasterised by poppler (Debian's poppler-utils, installed by ``make test`` and
``make bench``), the library behind most Linux PDF viewers: with ``pdftocairo``, its cairo
backend. ``pdftoppm``'s own rasteriser is the fallback; it snaps the edges of filled
rectangles to pixels depending on how they are nested (an edge drawn inside a form XObject
may land a fraction of a pixel away from the same edge drawn on the page), so with it an
antialiased edge may differ by a few levels. numpy then compares the pixels. A missing or
moved glyph, mark or card changes a whole block, so each page also reports its worst block.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

DPI = 100
BLOCK = 8  # px: a 2 mm square at 100 dpi, smaller than one letter of a card's title
MEAN_LIMIT = 0.5  # levels of 255, averaged over a page
BLOCK_LIMIT = 8.0  # levels of 255, averaged over the worst block


class NoRasteriser(RuntimeError):
    """Neither pdftocairo nor pdftoppm is installed (``make test`` installs poppler-utils)."""


@dataclass(frozen=True)
class PageDiff:
    """How one page of two PDFs differs, in levels of 0-255 per colour channel."""

    max: int  # the largest difference of any pixel
    mean: float  # averaged over the page
    worst_block: float  # averaged over the worst BLOCK x BLOCK square
    same_size: bool = True

    @property
    def invisible(self) -> bool:
        return self.same_size and self.mean <= MEAN_LIMIT and self.worst_block <= BLOCK_LIMIT


def rasterise(pdf: bytes, folder: Path, name: str, dpi: int = DPI) -> list[np.ndarray]:
    """Every page of ``pdf`` as an RGB array, in order."""
    source = folder / f"{name}.pdf"
    source.write_bytes(pdf)
    if cairo := shutil.which("pdftocairo"):
        command, suffix = [cairo, "-tiff", "-r", str(dpi)], "tif"
    elif splash := shutil.which("pdftoppm"):
        command, suffix = [splash, "-r", str(dpi)], "ppm"
    else:
        raise NoRasteriser("pdftocairo is missing: install Debian's poppler-utils.")
    subprocess.run([*command, str(source), str(folder / name)], check=True, timeout=600)
    pictures = sorted(
        folder.glob(f"{name}-*.{suffix}"), key=lambda p: int(p.stem.rsplit("-", 1)[1])
    )
    return [np.asarray(Image.open(p).convert("RGB"), dtype=np.int16) for p in pictures]


def page_diff(a: np.ndarray, b: np.ndarray) -> PageDiff:
    if a.shape != b.shape:
        return PageDiff(255, 255.0, 255.0, same_size=False)
    diff = np.abs(a - b).max(axis=2).astype(np.float64)
    h, w = (diff.shape[0] // BLOCK) * BLOCK, (diff.shape[1] // BLOCK) * BLOCK
    blocks = diff[:h, :w].reshape(h // BLOCK, BLOCK, w // BLOCK, BLOCK).mean(axis=(1, 3))
    return PageDiff(int(diff.max()), float(diff.mean()), float(blocks.max(initial=0.0)))


def compare(first: bytes, second: bytes, dpi: int = DPI) -> list[PageDiff]:
    """One PageDiff per page; a page only one PDF has counts as wholly different."""
    with tempfile.TemporaryDirectory(prefix="muster-pagediff-") as tmp:
        folder = Path(tmp)
        pages_a = rasterise(first, folder, "a", dpi)
        pages_b = rasterise(second, folder, "b", dpi)
    diffs = [page_diff(a, b) for a, b in zip(pages_a, pages_b, strict=False)]
    missing = abs(len(pages_a) - len(pages_b))
    return diffs + [PageDiff(255, 255.0, 255.0, same_size=False)] * missing


def summary(diffs: list[PageDiff]) -> str:
    """The worst of every page, in words for a benchmark row."""
    if not diffs:
        return "no pages"
    return (
        f"{len(diffs)} pages at {DPI} dpi: max pixel difference {max(d.max for d in diffs)}/255, "
        f"mean {max(d.mean for d in diffs):.4f}, worst {BLOCK}x{BLOCK} block "
        f"{max(d.worst_block for d in diffs):.2f}"
    )
