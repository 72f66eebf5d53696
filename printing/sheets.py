"""Sheets: tokens, markers and templates at true size, boards tiled across pages, trackers
and one-page rosters with a QR code. Each item is its own document; they are merged.

Items are plain dicts from a game's ``printables.py`` (``item`` says which):
``tokens`` ({title, tokens: [{label, sub, symbol, shape, w, h, count, colour}]}),
``hexboard`` ({title, cols, rows, side, labels, shade}), ``tracker`` ({title, rows: [{label,
boxes, first}]}) and ``roster`` ({title, subtitle, qr, columns, sections, totals, notes}).
"""

from __future__ import annotations

import math
from typing import Any

import segno
from django.utils.safestring import mark_safe

from printing import symbols
from printing.layout import SCALE_BAR, Settings
from printing.pdf import Progress, render_chunks
from printing.templating import mm, render

MARGIN = 10.0
HEADER = 9.0  # the item's title above the tokens
FOOTER = 14.0  # the scale bar below them
GAP = 2.0
OVERLAP = 12.0  # board tiles share this much, marked, so they can be glued true
SQRT3 = math.sqrt(3)


def _area(settings: Settings) -> tuple[float, float, float, float]:
    paper = settings.paper_size
    return (
        MARGIN,
        MARGIN + HEADER,
        paper.width - 2 * MARGIN,
        paper.height - 2 * MARGIN - HEADER - FOOTER,
    )


def _page_context(settings: Settings) -> dict[str, Any]:
    paper = settings.paper_size
    return {
        "page_w": mm(paper.width),
        "page_h": mm(paper.height),
        "scale": {
            "x": mm((paper.width - SCALE_BAR) / 2),
            "y": mm(paper.height - MARGIN - FOOTER / 2 - 1),
            "vertical": False,
            "length": mm(SCALE_BAR),
        },
    }


def _font_size(w: float, h: float, label: str, room: float | None = None) -> float:
    """Label size in mm: a sixth of the token, smaller so a long label fits the ``room``
    it has across (a bold DejaVu letter is about 0.65 of the size wide)."""
    size = max(1.6, min(4.0, min(w, h) / 6))
    if label:
        size = min(size, ((w - 2) if room is None else room) / (0.65 * len(label)))
    return max(1.2, size)


def _room(shape: str, w: float, low: bool) -> float:
    """How wide a token's label line may be: a circle just below its middle is still 0.9
    of its width across, a flat-topped hexagon only about 0.8; under a pictogram (``low``)
    the label sits lower still, where a circle too is about 0.8 across."""
    if shape == "hex" or (low and shape in ("circle", "ellipse")):
        return w * 0.8
    if shape in ("circle", "ellipse"):
        return min(w - 2, w * 0.9)
    return w - 2


def token_svg(token: dict[str, Any], w: float, h: float) -> str:
    """One token as SVG in millimetres: outline, pictogram and label."""
    shape = token.get("shape", "circle")
    if shape == "circle":
        outline = f'<circle cx="{w / 2}" cy="{h / 2}" r="{min(w, h) / 2 - 0.2}"/>'
    elif shape == "hex":
        r = min(w / 2, h / SQRT3) - 0.2
        pts = hex_corners(w / 2, h / 2, r)
        outline = f'<polygon points="{pts}"/>'
    elif shape == "ellipse":
        outline = f'<ellipse cx="{w / 2}" cy="{h / 2}" rx="{w / 2 - 0.2}" ry="{h / 2 - 0.2}"/>'
    else:
        outline = f'<rect x="0.2" y="0.2" width="{w - 0.4}" height="{h - 0.4}" rx="1"/>'
    pict = symbols.svg(str(token.get("symbol", "")))
    label = str(token.get("label", ""))
    sub = str(token.get("sub", ""))
    d = min(w, h)
    room = _room(shape, w, low=bool(pict))
    font = _font_size(w, h, label, room)
    sub_font = min(font * 0.8, room / (0.6 * max(1, len(sub))))
    if pict and sub:  # rows: a smaller pictogram, the value (if any), then its name
        icon = d * 0.42
        top = h / 2 - d * 0.38
        label_y = top + icon + d * 0.03 + font * 0.8
        sub_y = label_y + sub_font * 1.1 if label else top + icon + d * 0.03 + sub_font * 0.9
    else:  # the name sits right under the label, where a round token is still wide
        icon = d * (0.55 if label else 0.75)
        top = h / 2 - icon / 2 - (d * 0.1 if label else 0)
        label_y = (h / 2 + icon / 2 + d * 0.08) if pict else h / 2 + 1
        sub_y = label_y + sub_font * 1.3
    group = ""
    if pict:
        scale = icon / 100
        move = f"translate({(w - icon) / 2:.3f} {top:.3f}) scale({scale:.4f})"
        group = f'<g transform="{move}">{pict}</g>'
    return render(
        "printing/_token.svg",
        {
            "w": f"{w:.3f}",
            "h": f"{h:.3f}",
            "outline": mark_safe(outline),
            "colour": str(token.get("colour") or "#ffffff"),
            "group": mark_safe(group),
            "label": label,
            "sub": sub,
            "label_y": f"{label_y:.3f}",
            "sub_y": f"{sub_y:.3f}",
            "font": f"{font:.2f}",
            "sub_font": f"{sub_font:.2f}",
            "cx": f"{w / 2:.3f}",
        },
    )


def pack(tokens: list[dict[str, Any]], settings: Settings) -> list[list[dict[str, Any]]]:
    """Shelf packing of every copy into pages of the printable area: positions in mm."""
    left, top, width, height = _area(settings)
    pages: list[list[dict[str, Any]]] = [[]]
    x, y, shelf = 0.0, 0.0, 0.0
    for token in tokens:
        w, h = float(token.get("w", 20)), float(token.get("h", token.get("w", 20)))
        if w > width or h > height:
            raise ValueError(
                f"{token.get('label', 'A token')} ({w} x {h} mm) is larger than the page."
            )
        for _ in range(max(1, int(token.get("count", 1) or 1))):
            if x + w > width:
                x, y, shelf = 0.0, y + shelf + GAP, 0.0
            if y + h > height:
                pages.append([])
                x, y, shelf = 0.0, 0.0, 0.0
            pages[-1].append(
                {
                    "x": mm(left + x),
                    "y": mm(top + y),
                    "w": mm(w),
                    "h": mm(h),
                    "svg": mark_safe(token_svg(token, w, h)),
                }
            )
            x += w + GAP
            shelf = max(shelf, h)
    return [p for p in pages if p]


def tokens_document(item: dict[str, Any], settings: Settings) -> str:
    pages = [
        {"title": item.get("title", ""), "tokens": p}
        for p in pack(item.get("tokens", []), settings)
    ]
    return render(
        "printing/tokens.html", {**_page_context(settings), "pages": pages, "margin": mm(MARGIN)}
    )


def hex_corners(cx: float, cy: float, side: float) -> str:
    return " ".join(
        f"{cx + side * math.cos(math.radians(a)):.3f},{cy + side * math.sin(math.radians(a)):.3f}"
        for a in range(0, 360, 60)
    )


HEX_PAD = 4.0  # mm of paper around the board's outer hexes


def board_size(cols: int, rows: int, side: float) -> tuple[float, float]:
    """The board's width and height in mm for hexes of ``side`` mm."""
    return side * (1.5 * (cols - 1) + 2) + 2 * HEX_PAD, side * SQRT3 * (rows + 0.5) + 2 * HEX_PAD


def _tiles(length: float, room: float) -> int:
    """How many pages (overlapping by ``OVERLAP``) ``length`` mm takes across ``room``."""
    return 1 if length <= room else math.ceil((length - OVERLAP) / (room - OVERLAP))


def filled_side(item: dict[str, Any], settings: Settings) -> float:
    """The hex side that fills the pages the board takes anyway: at its ``side`` (the
    smallest the game wants) the board needs so many pages across and down; the largest
    side that still needs no more uses the printable area instead of leaving it blank."""
    cols, rows = int(item.get("cols", 6)), int(item.get("rows", 6))
    side = float(item.get("side", 30))
    _, _, area_w, area_h = _area(settings)
    width, height = board_size(cols, rows, side)
    across, down = _tiles(width, area_w), _tiles(height, area_h)
    room_w = across * area_w - (across - 1) * OVERLAP - 2 * HEX_PAD
    room_h = down * area_h - (down - 1) * OVERLAP - 2 * HEX_PAD
    best = min(room_w / (1.5 * (cols - 1) + 2), room_h / (SQRT3 * (rows + 0.5)))
    return max(side, math.floor(best * 10) / 10)  # a tenth of a mm under: never a page more


def hexboard_svg(item: dict[str, Any]) -> tuple[str, float, float]:
    """The whole board as SVG elements in mm: flat-top hexes, even columns half a hex down
    (the layout of ``smalltricks.board``), cell labels, and the width and height."""
    cols, rows, side = (
        int(item.get("cols", 6)),
        int(item.get("rows", 6)),
        float(item.get("side", 30)),
    )
    labels: dict[str, str] = item.get("labels", {})
    shade: dict[str, str] = item.get("shade", {})
    pad = HEX_PAD
    width, height = board_size(cols, rows, side)
    parts = []
    for c in range(cols):
        for r in range(rows):
            cx = pad + side + 1.5 * side * c
            cy = pad + SQRT3 * side * (r + 0.5 + (0.5 if c % 2 else 0))
            name = f"{'ABCDEFGHIJ'[c]}{r + 1}"
            fill = shade.get(name, "#ffffff")
            parts.append(
                render(
                    "printing/_hex.svg",
                    {
                        "points": hex_corners(cx, cy, side),
                        "fill": fill,
                        "name": name,
                        "x": f"{cx:.3f}",
                        "y": f"{cy - side * 0.55:.3f}",
                        "ly": f"{cy + 1.5:.3f}",
                        "label": labels.get(name, ""),
                    },
                )
            )
    return "".join(parts), width, height


def hexboard_document(item: dict[str, Any], settings: Settings) -> str:
    """The board at true size: one page when it fits, else tiles that overlap by
    ``OVERLAP`` mm with the same alignment crosses printed on both neighbours. A board that
    asks to ``fill`` its pages gets the largest hexes that take no more pages."""
    if item.get("fill"):
        item = {**item, "side": filled_side(item, settings)}
    body, width, height = hexboard_svg(item)
    left, top, area_w, area_h = _area(settings)
    cols, rows = _tiles(width, area_w), _tiles(height, area_h)
    tile_w = width if cols == 1 else (width + (cols - 1) * OVERLAP) / cols
    tile_h = height if rows == 1 else (height + (rows - 1) * OVERLAP) / rows
    crosses = []
    for c in range(1, cols):
        x0 = c * (tile_w - OVERLAP)
        for k in range(0, int(height // 30) + 1):
            crosses.append((x0 + OVERLAP / 2, 15 + 30 * k))
    for r in range(1, rows):
        y0 = r * (tile_h - OVERLAP)
        for k in range(0, int(width // 30) + 1):
            crosses.append((15 + 30 * k, y0 + OVERLAP / 2))
    marks = "".join(
        f'<path d="M{x - 3:.2f} {y:.2f} H{x + 3:.2f} M{x:.2f} {y - 3:.2f} V{y + 3:.2f}" '
        'stroke="#c00" stroke-width="0.25"/>'
        f'<circle cx="{x:.2f}" cy="{y:.2f}" r="1.5" fill="none" stroke="#c00" stroke-width="0.2"/>'
        for x, y in crosses
    )
    pages = []
    for r in range(rows):
        for c in range(cols):
            x0, y0 = c * (tile_w - OVERLAP), r * (tile_h - OVERLAP)
            glue = []
            if c > 0:
                glue.append(
                    f'<rect x="{x0:.2f}" y="{y0:.2f}" width="{OVERLAP}" height="{tile_h:.2f}" '
                    'fill="#f2dede" />'
                )
            if r > 0:
                glue.append(
                    f'<rect x="{x0:.2f}" y="{y0:.2f}" width="{tile_w:.2f}" height="{OVERLAP}" '
                    'fill="#f2dede" />'
                )
            pages.append(
                {
                    "title": item.get("title", ""),
                    "part": f"part {r * cols + c + 1} of {rows * cols}" if rows * cols > 1 else "",
                    "x": mm(left),
                    "y": mm(top),
                    "w": mm(tile_w),
                    "h": mm(tile_h),
                    "view": f"{x0:.3f} {y0:.3f} {tile_w:.3f} {tile_h:.3f}",
                    "svg": mark_safe("".join(glue) + body + marks),
                }
            )
    across = float(item.get("side", 30)) * SQRT3
    note = f"Hexagons {across:.1f} mm across the flats. " + (
        "Cut each part along its edge; glue the pink strip under the neighbouring part so "
        "the red crosses sit on top of each other."
        if len(pages) > 1
        else ""
    )
    return render("printing/board.html", {**_page_context(settings), "pages": pages, "note": note})


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG, 22 mm wide."""
    code = segno.make(url, error="m")
    return code.svg_inline(scale=1, border=2, unit="mm", omitsize=False).replace(
        "<svg ", '<svg class="qr" ', 1
    )


def roster_document(item: dict[str, Any], settings: Settings) -> str:
    qr = mark_safe(qr_svg(item["qr"])) if item.get("qr") else ""
    return render(
        "printing/roster.html",
        {**_page_context(settings), "item": item, "qr": qr, "paper": settings.paper},
    )


def tracker_document(item: dict[str, Any], settings: Settings) -> str:
    rows = []
    for row in item.get("rows", []):
        first = int(row.get("first", 1))
        rows.append(
            {
                "label": str(row.get("label", "")),
                "note": str(row.get("note", "")),
                "boxes": [
                    str(first + i) if row.get("numbered", True) else ""
                    for i in range(int(row.get("boxes", 0)))
                ],
            }
        )
    return render(
        "printing/tracker.html",
        {**_page_context(settings), "item": item, "rows": rows, "paper": settings.paper},
    )


DOCUMENTS = {
    "tokens": tokens_document,
    "hexboard": hexboard_document,
    "roster": roster_document,
    "tracker": tracker_document,
}


def sheet_pdf(
    items: list[dict[str, Any]], settings: Settings, progress: Progress, *, title: str
) -> bytes:
    if not items:
        raise ValueError("There is nothing on this sheet to print.")
    progress(2, "Laying out the pages")
    documents = []
    for item in items:
        make = DOCUMENTS.get(item.get("item", ""))
        if make is None:
            raise ValueError(f"Unknown sheet item {item.get('item')!r}.")
        documents.append(make(item, settings))
    return render_chunks(documents, progress, title=title)


CALIBRATION_RANGE = 6  # mm either way: home printers miss by 3-4 mm
# The back's rulers sit this far from the point behind each cross (the across ruler below it,
# the down ruler right of it), so neither ruler's numbers run into the other's; the front's
# cross arms are long enough to reach both rulers at any offset in range.
CALIBRATION_GAP = 9.0


def calibration_targets(settings: Settings) -> list[tuple[float, float]]:
    """Where the front page's crosses are (mm from the top left)."""
    paper = settings.paper_size
    return [
        (40.0, 60.0),
        (paper.width - 40, paper.height / 2),
        (paper.width / 2, paper.height - 60),
    ]


def calibration_pdf(settings: Settings, progress: Progress) -> bytes:
    """Two pages to print duplex (turned on the long edge): crosses on the front, rulers on
    the back exactly behind them. Held to the light, the number under each cross is the
    back offset to type into the print form (positive: right or down)."""
    paper = settings.paper_size
    targets = calibration_targets(settings)
    # Half-millimetre ticks, longer at each millimetre; numbers every 2 mm, as 1.5 mm type
    # has room for no more. (Numbers on every tick ran into each other, unreadable.)
    ticks = [
        {
            "v": v / 2,
            "len": 2.6 if v % 4 == 0 else 1.8 if v % 2 == 0 else 1.0,
            "label": str(v // 2) if v % 4 == 0 else "",
        }
        for v in range(-2 * CALIBRATION_RANGE, 2 * CALIBRATION_RANGE + 1)
    ]
    html = render(
        "printing/calibration.html",
        {
            **_page_context(settings),
            "fronts": [{"x": f"{x:.3f}", "y": f"{y:.3f}"} for x, y in targets],
            "backs": [{"x": f"{paper.width - x:.3f}", "y": f"{y:.3f}"} for x, y in targets],
            "ticks": ticks,
            "w": f"{paper.width:.3f}",
            "h": f"{paper.height:.3f}",
            "span": CALIBRATION_RANGE + 0.5,
            "gap": CALIBRATION_GAP,
            "arm": CALIBRATION_GAP + CALIBRATION_RANGE + 3,
        },
    )
    progress(10, "Rendering")
    return render_chunks([html], progress, title="Duplex calibration")
