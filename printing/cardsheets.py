"""Card PDFs: cards placed on pages (home grid or print-shop pages), backs for duplex.

A card is a plain dict from a game's ``printables.py``: ``title``, ``type``, ``faction``,
``symbol``, ``cost``, ``text``, ``stats`` ([[label, value], ...]), ``footer``, ``count``
and ``colour``; a card with ``fit`` (and optionally ``blocks``) is fitted to the card size
first (``printing.fitting``). Pages are absolutely positioned (a CSS grid is much slower
to lay out).
"""

from __future__ import annotations

import base64
from functools import partial
from typing import Any

from printing.fitting import fit_cards
from printing.layout import BLEED, SCALE_BAR, Settings, Sheet, back_slot, sheet_for
from printing.pdf import Progress, render_chunks
from printing.templating import mm, render

PAGES_PER_CHUNK = 2  # measured: a 30-page document took 11.0 s, the same pages in chunks of 2 6.2 s
SYMBOLS = ("shield", "star", "gear", "drop", "eye", "crown", "leaf", "bolt", "hex")


def symbol_url(name: str) -> str:
    """The emblem of a faction or card family: one of Muster's static symbols."""
    if name not in SYMBOLS:
        name = SYMBOLS[sum(map(ord, name or "-")) % len(SYMBOLS)]
    return f"muster-static:/printing/symbols/{name}.svg"


def expand(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every copy of every card, in order (``count`` copies, at least one)."""
    out = []
    for card in cards:
        out.extend([card] * max(1, int(card.get("count", 1) or 1)))
    return out


def _text_size(card: dict[str, Any]) -> str:
    length = len(str(card.get("text", ""))) + 12 * len(card.get("stats", []))
    return "s" if length < 220 else "m" if length < 420 else "l"


def face(card: dict[str, Any]) -> dict[str, Any]:
    """What the template needs of one card face."""
    return {
        "title": str(card.get("title", "")),
        "type": str(card.get("type", "")),
        "faction": str(card.get("faction", "")),
        "symbol": symbol_url(str(card.get("symbol") or card.get("faction") or "")),
        "cost": "" if card.get("cost") in (None, "") else str(card.get("cost")),
        "text": str(card.get("text", "")),
        "stats": [(str(a), str(b)) for a, b in card.get("stats", [])],
        "footer": str(card.get("footer", "")),
        "colour": str(card.get("colour") or "#d8dee6"),
        "size": str(card.get("size") or _text_size(card)),  # fitted cards carry their own
    }


def _box(x: float, y: float, w: float, h: float, bleed: float) -> dict[str, str]:
    return {
        "x": mm(x),
        "y": mm(y),
        "w": mm(w),
        "h": mm(h),
        "bx": mm(x - bleed),
        "by": mm(y - bleed),
        "bw": mm(w + 2 * bleed),
        "bh": mm(h + 2 * bleed),
    }


def page_plan(
    cards: list[dict[str, Any]], settings: Settings, back: dict[str, Any] | None
) -> tuple[Sheet, list[dict[str, Any]]]:
    """Every page in print order: fronts, and after each its mirrored backs (duplex)."""
    sheet = sheet_for(settings)
    faces = [face(c) for c in expand(fit_cards(cards, settings))]
    back_face = face(back or {"title": "", "type": ""})
    pages = []
    for start in range(0, len(faces), sheet.per_page):
        run = faces[start : start + sheet.per_page]
        fronts = [
            {**_box(s.x, s.y, s.w, s.h, sheet.bleed), "card": f}
            for s, f in zip(sheet.slots, run, strict=False)
        ]
        pages.append({"side": "front", "cards": fronts})
        if settings.backs:
            backs = []
            for index in range(len(run)):
                s = back_slot(sheet, index, settings)
                backs.append({**_box(s.x, s.y, s.w, s.h, sheet.bleed), "card": back_face})
            pages.append({"side": "back", "cards": backs})
    return sheet, pages


MARK_WIDTH = 0.2  # mm: a hairline that still prints
SCALE_WIDTH = 1.5  # mm: the scale bar's thickness, as ``.scale`` in _base.css


def furniture(sheet: Sheet) -> str:
    """The cut or crop marks and the 100 mm scale bar of every page, as one SVG image at
    the page's size (a data: URI). Measured: drawn as sixteen marks and a bar of their own,
    they took a fifth of a page's rendering time; one image is read once per document."""
    rects = [
        (
            min(m.x1, m.x2),
            min(m.y1, m.y2),
            max(abs(m.x2 - m.x1), MARK_WIDTH),
            max(abs(m.y2 - m.y1), MARK_WIDTH),
        )
        for m in sheet.marks
    ]
    if sheet.scale_vertical:
        rects.append((sheet.scale_x, sheet.scale_y, SCALE_WIDTH, SCALE_BAR))
    else:
        rects.append((sheet.scale_x, sheet.scale_y, SCALE_BAR, SCALE_WIDTH))
    shapes = "".join(
        f'<rect x="{x:.3f}" y="{y:.3f}" width="{w:.3f}" height="{h:.3f}"/>' for x, y, w, h in rects
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{sheet.page_w:.3f}mm" '
        f'height="{sheet.page_h:.3f}mm" viewBox="0 0 {sheet.page_w:.3f} {sheet.page_h:.3f}">'
        f'<g fill="#000">{shapes}</g></svg>'
    )
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def _sheet_context(sheet: Sheet, settings: Settings) -> dict[str, Any]:
    return {
        "page_w": mm(sheet.page_w),
        "page_h": mm(sheet.page_h),
        "furniture": furniture(sheet),
        "scale": {
            "x": mm(sheet.scale_x),
            "y": mm(sheet.scale_y),
            "vertical": sheet.scale_vertical,
            "length": mm(SCALE_BAR),
            "ticks": [mm(t * 10) for t in range(11)],
        },
        "safe": mm(settings.safe),
        "shop": settings.mode == "shop",
        "bleed": mm(BLEED),
    }


def card_chunks(
    cards: list[dict[str, Any]],
    settings: Settings,
    *,
    title: str,
    back: dict[str, Any] | None = None,
    pages_per_chunk: int = PAGES_PER_CHUNK,
) -> list[partial[tuple[str, str]]]:
    """Each chunk of whole pages (fronts stay with their backs) as a call that renders its
    HTML and the stylesheet they all share: made in the render process that lays it out."""
    sheet, pages = page_plan(cards, settings, back)
    if not pages:
        raise ValueError("There are no cards to print.")
    step = pages_per_chunk * (2 if settings.backs else 1)
    base = _sheet_context(sheet, settings)
    css = render("printing/cards.css", base)
    return [
        partial(_chunk_html, {**base, "title": title, "pages": pages[i : i + step]}, css)
        for i in range(0, len(pages), step)
    ]


def _chunk_html(context: dict[str, Any], css: str) -> tuple[str, str]:
    return render("printing/cards.html", context), css


def card_documents(
    cards: list[dict[str, Any]],
    settings: Settings,
    *,
    title: str,
    back: dict[str, Any] | None = None,
    pages_per_chunk: int = PAGES_PER_CHUNK,
) -> list[tuple[str, str]]:
    """The HTML of each chunk, rendered here."""
    chunks = card_chunks(cards, settings, title=title, back=back, pages_per_chunk=pages_per_chunk)
    return [chunk() for chunk in chunks]


def card_pdf(
    cards: list[dict[str, Any]],
    settings: Settings,
    progress: Progress,
    *,
    title: str,
    back: dict[str, Any] | None = None,
) -> bytes:
    progress(2, "Laying out the cards")
    return render_chunks(
        card_chunks(cards, settings, title=title, back=back), progress, title=title
    )
