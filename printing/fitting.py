"""Long cards made to fit: measured lines against the card's safe zone, a smaller type size
when that is enough, and continuation cards ("Title (2/3)") when it is not.

Only cards that ask for it (``"fit": True``, e.g. a formation's datacard) are fitted: a
deck card split in two would change the game. The geometry copies ``_face.css`` (the PDF)
and is never smaller than what ``cardimages`` draws, so a card that fits here fits both.
Text is measured with the fonts both renderers use (DejaVu Sans, shaped by Pillow's raqm
layout, as Pango shapes it), with a little slack for rounding and hinting.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import ImageFont

from printing.layout import Settings

PT = 25.4 / 72  # millimetres in a point
FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
EM = 200  # measuring size in pixels: widths scale linearly with the type size
SLACK = 0.97  # measured lines may fill 97 % of the box: rounding, hinting, 300 dpi pixels

BODY_SIZES = {"s": 7.0, "m": 6.2}  # pt, largest first; the face's "l" (5.4 pt) is too small
LINE_HEIGHT = 1.2  # ``.text`` line-height
PAD = 1.5  # ``.inner`` padding
TITLE_PT, TITLE_LINE = 9.0, 1.1
COST_ROOM = 8.0  # ``.costed .title`` margin-right
SMALL_PT = 6.5  # type and stats lines
SMALL_LINE = 1.164  # DejaVu's normal line height (ascent + descent) in em
TYPE_ICON = 4.3  # the emblem and its gap before the type text
TYPE_FIRST_LINE = 3.6  # the emblem (3.5 mm, lowered 0.8 mm) sets the first line's height
GAP = 0.8  # the margins around the type line and under the stats (collapsed)
STATS_RULES = 1.0  # stats: 0.2 mm borders and 0.3 mm padding, top and bottom
FOOTER_ROOM = 2.5  # from the content box's bottom: the footer line, and the PNG's margin
PNG_STEPS = (3.8, 4.0, 3.0, 1.0)  # ``cardimages``: a title line, the type, a stats line, gap


@cache
def _font(bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(FONT_DIR + name, EM)
    except OSError:  # no DejaVu: Pillow's own scalable font, close enough in width
        return ImageFont.load_default(EM)


@lru_cache(maxsize=2**16)
def _length(text: str, bold: bool) -> float:
    """``text`` shaped at the measuring size. Kept: wrapping a deck measures the same
    words and trial lines over and over (40,000 shapings for 540 cards, 1.7 s)."""
    return _font(bold).getlength(text)


def width_mm(text: str, size_pt: float, *, bold: bool = False) -> float:
    """How wide ``text`` prints at ``size_pt``."""
    return _length(text, bold) / EM * size_pt * PT


def wrap(text: str, size_pt: float, width: float, *, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm, as ``white-space: pre-line``
    breaks it: at newlines and between words, leading spaces dropped. A word wider than
    the line is cut by characters, so no measured line is ever too wide."""
    limit = width * SLACK
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            while width_mm(word, size_pt, bold=bold) > limit and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and width_mm(word[:cut], size_pt, bold=bold) > limit:
                    cut -= 1
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            trial = f"{line} {word}" if line else word
            if line and width_mm(trial, size_pt, bold=bold) > limit:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


@dataclass(frozen=True)
class Zone:
    """The room for a card's body text, in mm, under its header."""

    width: float
    height: float
    header: float  # from the top of the content box to the first body line


def _content(settings: Settings) -> tuple[float, float]:
    size = settings.card_size
    inset = 2 * (settings.safe + PAD)
    return size.width - inset, size.height - inset


def header_mm(card: dict[str, Any], settings: Settings) -> float:
    """The height of the title, type and stats lines above the body text."""
    width, _ = _content(settings)
    title_width = width - (COST_ROOM if card.get("cost") not in (None, "") else 0.0)
    title = len(wrap(str(card.get("title", "")), TITLE_PT, title_width, bold=True))
    kind = str(card.get("type", "")) + (f" · {card['faction']}" if card.get("faction") else "")
    small = SMALL_PT * SMALL_LINE * PT
    type_lines = len(wrap(kind, SMALL_PT, width - TYPE_ICON))
    stats = card.get("stats") or []
    row = " · ".join(f"{label} {value}" for label, value in stats)
    stat_lines = len(wrap(row, SMALL_PT, width, bold=True)) if stats else 0
    pdf = title * TITLE_PT * TITLE_LINE * PT + GAP + TYPE_FIRST_LINE
    pdf += (type_lines - 1) * small + GAP + (STATS_RULES + stat_lines * small + GAP) * bool(stats)
    png_title, png_type, png_stat, png_gap = PNG_STEPS
    png = title * png_title + png_type + stat_lines * png_stat + png_gap
    return max(pdf, png)


def zone(card: dict[str, Any], settings: Settings) -> Zone:
    width, height = _content(settings)
    header = header_mm(card, settings)
    return Zone(width, height - FOOTER_ROOM - header, header)


def line_mm(size: str) -> float:
    """The height of one body line in the face's text size ``size``."""
    return BODY_SIZES[size] * LINE_HEIGHT * PT


def body_lines(card: dict[str, Any], settings: Settings, size: str) -> list[str]:
    """The card's body text as it prints in ``size``: one entry a printed line."""
    return wrap(str(card.get("text", "")), BODY_SIZES[size], zone(card, settings).width)


def overflow(card: dict[str, Any], settings: Settings) -> float:
    """How many mm the card's body runs past its safe zone (0 or less: it fits)."""
    size = str(card.get("size", "m"))
    if size not in BODY_SIZES:
        raise ValueError(f"A fitted card is never printed in size {size!r}.")
    room = zone(card, settings)
    return len(body_lines(card, settings, size)) * line_mm(size) - room.height


def _blocks(card: dict[str, Any]) -> list[str]:
    blocks = card.get("blocks")
    if blocks:
        return [str(b) for b in blocks]
    return str(card.get("text", "")).split("\n")


def _pack(card: dict[str, Any], blocks: list[str], total: int, settings: Settings) -> list[str]:
    """Blocks packed greedily into card bodies, a block split only when one card cannot
    hold it; a blank block never opens a card."""
    size = "m"
    probe = {**card, "title": f"{card.get('title', '')} ({total}/{total})"}
    room = zone(probe, settings)
    capacity = int(room.height // line_mm(size) + 1e-9)
    if capacity < 1:
        raise ValueError("The card is too small for any text: choose a larger card size.")
    bodies: list[list[str]] = [[]]
    for block in blocks:
        used = len(bodies[-1])
        if not block.strip():
            if 0 < used < capacity:
                bodies[-1].append("")
            continue
        lines = wrap(block, BODY_SIZES[size], room.width)
        if used and used + len(lines) > capacity:
            bodies.append([])
        while len(lines) > capacity:  # a block longer than a card: cut it at a line
            bodies[-1].extend(lines[:capacity])
            bodies.append([])
            lines = lines[capacity:]
        bodies[-1].extend(lines)
    return ["\n".join(body).strip("\n") for body in bodies if any(s.strip() for s in body)]


def fit(card: dict[str, Any], settings: Settings) -> list[dict[str, Any]]:
    """The card in the largest type that fits, or split over continuation cards."""
    plain = {k: v for k, v in card.items() if k not in ("blocks", "fit")}
    blocks = _blocks(card)
    plain["text"] = "\n".join(blocks)  # the blocks, when given, are the text
    for size in BODY_SIZES:
        candidate = {**plain, "size": size}
        if overflow(candidate, settings) <= 0:
            return [candidate]
    total = 2
    bodies = _pack(card, blocks, total, settings)
    while len(bodies) > total:  # "(n/n)" grows with n and may wrap the title: settle it
        total = len(bodies)
        bodies = _pack(card, blocks, total, settings)
    if len(bodies) == 1:
        return [{**plain, "text": bodies[0], "size": "m"}]
    title = str(card.get("title", ""))
    return [
        {**plain, "title": f"{title} ({n}/{len(bodies)})", "text": body, "size": "m"}
        for n, body in enumerate(bodies, start=1)
    ]


def fit_cards(cards: list[dict[str, Any]], settings: Settings) -> list[dict[str, Any]]:
    """Every card, those marked ``fit`` made to fit (in order, continuations in place), the
    others given the largest type they fit."""
    out: list[dict[str, Any]] = []
    for card in cards:
        out.extend(fit(card, settings) if card.get("fit") else [sized(card, settings)])
    return out


def sized(card: dict[str, Any], settings: Settings) -> dict[str, Any]:
    """A card that is never split (a deck card) in the largest type its body fits, measured
    on this card size; the face's smallest type ("l") when neither fits. A card that names
    its size keeps it."""
    if card.get("size"):
        return card
    for size in BODY_SIZES:
        candidate = {**card, "size": size}
        if overflow(candidate, settings) <= 0:
            return candidate
    return {**card, "size": "l"}
