"""Page geometry in millimetres: papers, card sizes, where each card and its back go.

Pure arithmetic, no rendering: every position here is what the PDF must show, so the
tests check the PDF against these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MIN_MARGIN = 6.0  # home printers leave 3-5 mm blank; cut marks need the rest
BLEED = 3.0
SHOP_MARKS = 7.0  # room outside the bleed for the crop marks
MARK_GAP = 1.0  # crop and cut marks stop this far from the card edge
SCALE_BAR = 100.0


@dataclass(frozen=True)
class Size:
    title: str
    width: float
    height: float


PAPERS = {
    "a4": Size("A4 (210 x 297 mm)", 210.0, 297.0),
    "letter": Size("US Letter (8.5 x 11 in)", 215.9, 279.4),
}

CARD_SIZES = {
    "poker": Size("Poker, 63 x 88 mm", 63.0, 88.0),
    "bridge": Size("Bridge, 56 x 87 mm", 56.0, 87.0),
    "mini": Size("Mini euro, 44 x 68 mm", 44.0, 68.0),
    "tarot": Size("Tarot, 70 x 120 mm", 70.0, 120.0),
    "square": Size("Square, 70 x 70 mm", 70.0, 70.0),
}


@dataclass(frozen=True)
class Settings:
    """What a player chose in the print form (validated there; clamped again here)."""

    paper: str = "a4"
    card: str = "poker"
    mode: str = "home"  # "home": butted grid with cut marks; "shop": a card a page, bleed
    backs: bool = False
    back_dx: float = 0.0
    back_dy: float = 0.0
    safe: float = 3.0

    @classmethod
    def read(cls, raw: dict[str, Any] | None) -> Settings:
        raw = raw or {}
        paper = raw.get("paper", "a4")
        card = raw.get("card", "poker")
        mode = raw.get("mode", "home")
        if paper not in PAPERS:
            raise ValueError(f"Unknown paper {paper!r}: choose A4 or Letter.")
        if card not in CARD_SIZES:
            raise ValueError(f"Unknown card size {card!r}.")
        if mode not in ("home", "shop"):
            raise ValueError(f"Unknown cutting mode {mode!r}.")

        def mm(name: str, default: float, low: float, high: float) -> float:
            value = float(raw.get(name, default))
            return max(low, min(high, value))

        return cls(
            paper=paper,
            card=card,
            mode=mode,
            backs=bool(raw.get("backs", False)),
            back_dx=mm("back_dx", 0.0, -10, 10),
            back_dy=mm("back_dy", 0.0, -10, 10),
            safe=mm("safe", 3.0, 0, 8),
        )

    @property
    def card_size(self) -> Size:
        return CARD_SIZES[self.card]

    @property
    def paper_size(self) -> Size:
        return PAPERS[self.paper]


@dataclass(frozen=True)
class Slot:
    """One card's trim box on a page (x, y from the page's top left corner)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Mark:
    """A cut or crop mark: a line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Sheet:
    """The layout every page of a card PDF shares."""

    page_w: float
    page_h: float
    slots: tuple[Slot, ...]
    marks: tuple[Mark, ...]
    bleed: float
    scale_x: float
    scale_y: float
    scale_vertical: bool

    @property
    def per_page(self) -> int:
        return len(self.slots)


def home_sheet(settings: Settings) -> Sheet:
    """Cards butted in a centred grid; cut marks only in the margin, never on a card."""
    paper, card = settings.paper_size, settings.card_size
    cols = max(1, int((paper.width - 2 * MIN_MARGIN) // card.width))
    rows = max(1, int((paper.height - 2 * MIN_MARGIN) // card.height))
    left = (paper.width - cols * card.width) / 2
    top = (paper.height - rows * card.height) / 2
    slots = tuple(
        Slot(left + c * card.width, top + r * card.height, card.width, card.height)
        for r in range(rows)
        for c in range(cols)
    )
    marks: list[Mark] = []
    right, bottom = left + cols * card.width, top + rows * card.height
    for c in range(cols + 1):
        x = left + c * card.width
        marks.append(Mark(x, max(1.0, top - 8), x, top - MARK_GAP))
        marks.append(Mark(x, bottom + MARK_GAP, x, min(paper.height - 1, bottom + 8)))
    for r in range(rows + 1):
        y = top + r * card.height
        marks.append(Mark(max(1.0, left - 8), y, left - MARK_GAP, y))
        marks.append(Mark(right + MARK_GAP, y, min(paper.width - 1, right + 8), y))
    if paper.height - bottom >= 12 or left < 8:  # room below the cards
        scale = ((paper.width - SCALE_BAR) / 2, bottom + (paper.height - bottom) / 2 - 1, False)
    else:  # Letter: the side margin is wider than the bottom one
        scale = (left / 2 - 0.75, (paper.height - SCALE_BAR) / 2, True)
    return Sheet(
        paper.width,
        paper.height,
        slots,
        tuple(marks),
        0.0,
        scale_x=scale[0],
        scale_y=scale[1],
        scale_vertical=scale[2],
    )


def shop_sheet(settings: Settings) -> Sheet:
    """One card a page: trim box, 3 mm of bleed around it, crop marks outside the bleed."""
    card = settings.card_size
    edge = BLEED + SHOP_MARKS
    page_w = card.width + 2 * edge
    page_h = max(card.height + 2 * edge, SCALE_BAR + 8)
    top = (page_h - card.height) / 2
    slot = Slot(edge, top, card.width, card.height)
    marks = []
    for x in (slot.x, slot.x + slot.w):
        marks.append(Mark(x, 0.5, x, slot.y - BLEED - MARK_GAP))
        marks.append(Mark(x, slot.y + slot.h + BLEED + MARK_GAP, x, page_h - 0.5))
    for y in (slot.y, slot.y + slot.h):
        marks.append(Mark(0.5, y, slot.x - BLEED - MARK_GAP, y))
        marks.append(Mark(slot.x + slot.w + BLEED + MARK_GAP, y, page_w - 0.5, y))
    return Sheet(
        page_w,
        page_h,
        (slot,),
        tuple(marks),
        BLEED,
        scale_x=1.5,
        scale_y=(page_h - SCALE_BAR) / 2,
        scale_vertical=True,
    )


def sheet_for(settings: Settings) -> Sheet:
    return shop_sheet(settings) if settings.mode == "shop" else home_sheet(settings)


def back_slot(sheet: Sheet, index: int, settings: Settings) -> Slot:
    """Where the back of the card in ``index`` goes: same row, mirrored column (the sheet
    turns over its long edge), moved by the offset the player measured once."""
    slot = sheet.slots[index]
    mirrored_x = sheet.page_w - slot.x - slot.w
    return Slot(mirrored_x + settings.back_dx, slot.y + settings.back_dy, slot.w, slot.h)


def chunks(count: int, size: int) -> list[range]:
    """Card indexes split into runs of ``size`` (whole pages, so chunks merge cleanly)."""
    return [range(start, min(count, start + size)) for start in range(0, count, size)]
