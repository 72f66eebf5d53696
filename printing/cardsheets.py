"""Card PDFs: cards placed on pages (home grid or print-shop pages), backs for duplex.

A card is a plain dict from a game's ``printables.py``: ``title``, ``type``, ``faction``,
``symbol``, ``cost``, ``text``, ``stats`` ([[label, value], ...]), ``footer``, ``count``
and ``colour``; a card with ``fit`` (and optionally ``blocks``) is fitted to the card size
first (``printing.fitting``). Pages are absolutely positioned (a CSS grid is much slower
to lay out).

A print renders each distinct face once, as a small page of its own, and imposes the
sheets from those pages (``printing.imposition``): a deck of 540 cards in 23 designs lays
out 23 faces, not 540. ``card_documents`` is the same sheets as one HTML document a chunk,
the reference the imposed pages are compared with in the tests and the benchmark.
"""

from __future__ import annotations

import base64
import json
import math
from functools import partial
from typing import Any

from printing.fitting import fit_cards
from printing.imposition import Placement, impose
from printing.layout import BLEED, SCALE_BAR, Settings, Sheet, Slot, back_slot, sheet_for
from printing.pdf import Progress, render_parts, workers
from printing.templating import mm, render

PAGES_PER_CHUNK = 2  # measured: a 30-page document took 11.0 s, the same pages in chunks of 2 6.2 s
FACES_PER_CHUNK = 18  # the fewest faces worth a document of their own, but see face_chunks
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
        # the face's band (the game's accent colour) and the title size fitting chose
        "accent": str(card.get("accent") or "#39414a"),
        "title_size": str(card.get("title_size") or "9"),
        "stat_size": str(card.get("stat_size") or "8.5"),
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


def face_key(side: str, card_face: dict[str, Any]) -> str:
    """What makes two faces print the same: the side and everything the template is
    given of the card (``face`` leaves ``count`` out, so copies share one face)."""
    return side + json.dumps(card_face, sort_keys=True, default=str)


def _placed(slot: Slot, card_face: dict[str, Any], side: str, bleed: float) -> dict[str, Any]:
    return {
        **_box(slot.x, slot.y, slot.w, slot.h, bleed),
        "card": card_face,
        "key": face_key(side, card_face),
        "at": (slot.x - bleed, slot.y - bleed),  # the top left corner of its face page
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
            _placed(s, f, "front", sheet.bleed) for s, f in zip(sheet.slots, run, strict=False)
        ]
        pages.append({"side": "front", "cards": fronts})
        if settings.backs:
            backs = [
                _placed(back_slot(sheet, index, settings), back_face, "back", sheet.bleed)
                for index in range(len(run))
            ]
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
    """The whole sheets as HTML, each chunk of whole pages (fronts stay with their backs)
    as a call that renders its HTML and the stylesheet they all share. Prints impose
    their sheets instead (``card_pdf``); these are what those sheets must look like."""
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


def face_chunks(
    sheet: Sheet, settings: Settings, pages: list[dict[str, Any]], *, title: str
) -> tuple[list[partial[tuple[str, str]]], list[list[Placement]]]:
    """The documents to render, and where each page's faces go.

    The first document is the sheet's furniture alone (marks, scale bar and its label);
    the others hold each distinct face once, a page each the size of its bleed box, in
    chunks spread over the render processes."""
    index: dict[str, int] = {}
    distinct: list[dict[str, Any]] = []
    plan: list[list[Placement]] = []
    for page in pages:
        placements = []
        for slot in page["cards"]:
            if slot["key"] not in index:
                index[slot["key"]] = len(distinct)
                distinct.append({"side": page["side"], "card": slot["card"]})
            placements.append(Placement(index[slot["key"]], *slot["at"]))
        plan.append(placements)
    base = _sheet_context(sheet, settings)
    bare = {**base, "title": title, "pages": [{"side": "front", "cards": []}]}
    documents = [partial(_chunk_html, bare, render("printing/cards.css", base))]
    card = settings.card_size
    bleed = sheet.bleed
    own = {
        **base,
        "title": title,
        "page_w": mm(card.width + 2 * bleed),
        "page_h": mm(card.height + 2 * bleed),
    }
    css = render("printing/cards.css", own)
    box = _box(bleed, bleed, card.width, card.height, bleed)
    face_pages = [
        {"side": f["side"], "face": True, "cards": [{**box, "card": f["card"]}]} for f in distinct
    ]
    # Unlike whole sheets, face pages cost the same in big documents as in small ones
    # (measured: 72 faces in 1, 2, 4 or 8 documents took 2.6 to 2.9 s of CPU), so chunks
    # only spread the faces evenly over the render processes: at most four chunks each
    # (a slow one cannot hold the others up much), none smaller than FACES_PER_CHUNK unless
    # that leaves a process without one.
    procs = workers()
    count = min(math.ceil(len(face_pages) / FACES_PER_CHUNK), 4 * procs)
    count = max(count, min(procs, len(face_pages)))
    size = math.ceil(len(face_pages) / max(1, count))
    documents += [
        partial(_chunk_html, {**own, "pages": face_pages[i : i + size]}, css)
        for i in range(0, len(face_pages), size)
    ]
    return documents, plan


def card_pdf(
    cards: list[dict[str, Any]],
    settings: Settings,
    progress: Progress,
    *,
    title: str,
    back: dict[str, Any] | None = None,
) -> bytes:
    """The cards on sheets: each distinct face rendered once, every copy imposed from it."""
    progress(2, "Laying out the cards")
    sheet, pages = page_plan(cards, settings, back)
    if not pages:
        raise ValueError("There are no cards to print.")
    documents, plan = face_chunks(sheet, settings, pages, title=title)
    bare, *faces = render_parts(documents, progress, start=5, end=90)
    progress(90, "Imposing the sheets")
    return impose(bare, faces, plan, title=title)
