"""Read back what a PDF draws: page sizes and filled rectangles in millimetres.

WeasyPrint draws boxes as ``re`` + ``f`` under a y-flip and a px->pt scale; this walks the
content stream with the graphics state so sizes are checked as printed, not as intended.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 25.4 / 72


@dataclass(frozen=True)
class Rect:
    x: float  # mm from the page's left edge
    y: float  # mm from the page's top edge
    w: float
    h: float
    fill: tuple[float, ...]

    def near(self, w: float, h: float, tol: float = 0.2) -> bool:
        return abs(self.w - w) <= tol and abs(self.h - h) <= tol


def _mul(a: list[float], b: list[float]) -> list[float]:
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def page_size_mm(data: bytes, index: int = 0) -> tuple[float, float]:
    box = reader(data).pages[index].mediabox
    return float(box.width) * PT, float(box.height) * PT


def filled_rects(data: bytes, index: int = 0) -> list[Rect]:
    """Every filled axis-aligned rectangle on a page, in mm from the top left corner,
    those inside the form XObjects the page draws (an imposed card face) included."""
    pdf = reader(data)
    page = pdf.pages[index]
    height_pt = float(page.mediabox.height)
    out: list[Rect] = []

    def walk(content: object, resources: object, ctm: list[float]) -> None:
        ops = ContentStream(content, pdf).operations
        stack: list[tuple[list[float], tuple[float, ...]]] = []
        fill: tuple[float, ...] = (0.0, 0.0, 0.0)
        pending: list[tuple[float, float, float, float]] = []
        for args, op in ops:
            if op == b"q":
                stack.append((ctm, fill))
            elif op == b"Q":
                ctm, fill = stack.pop()
            elif op == b"cm":
                ctm = _mul([float(a) for a in args], ctm)
            elif op == b"rg":
                fill = tuple(float(a) for a in args)
            elif op == b"g":
                fill = (float(args[0]),) * 3
            elif op == b"re":
                x, y, w, h = (float(a) for a in args)
                x0, y0 = ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]
                x1 = ctm[0] * (x + w) + ctm[2] * (y + h) + ctm[4]
                y1 = ctm[1] * (x + w) + ctm[3] * (y + h) + ctm[5]
                pending.append((min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))
            elif op in (b"f", b"f*", b"B", b"b"):
                for x, y, w, h in pending:
                    out.append(Rect(x * PT, (height_pt - y - h) * PT, w * PT, h * PT, fill))
                pending = []
            elif op in (b"n", b"S", b"m"):  # a path ended unfilled (W only clips: keep it)
                pending = []
            elif op == b"Do":
                form = ((resources or {}).get("/XObject") or {}).get(args[0])
                form = form.get_object() if form is not None else None
                if form is not None and form.get("/Subtype") == "/Form":
                    matrix = [float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    walk(form, form.get("/Resources"), _mul(matrix, ctm))

    walk(page.get_contents(), page.get("/Resources"), [1.0, 0, 0, 1.0, 0, 0])
    return out


def text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in reader(data).pages)


def scale_bars(rects: list[Rect]) -> list[Rect]:
    """The 100 mm scale bars: black, 100 mm long one way and 1.5 mm the other."""
    return [
        r for r in rects if r.fill == (0.0, 0.0, 0.0) and (r.near(100, 1.5) or r.near(1.5, 100))
    ]
