"""Card text set to fill its face: measured lines against the face's rules box, the largest
type size that fits, and continuation cards ("Title (2/3)") when even small type will not.

Every card is given the largest body size that fits (text fills the face instead of
leaving it blank); only cards that ask for it (``"fit": True``, e.g. a formation's
datacard) are split: a deck card split in two would change the game. The face's geometry
is fixed (a band, a type strip, a row of stat boxes, the rules box, the footer), written
here once: ``_face.css`` (the PDF) and ``cardimages`` (the PNG) draw these numbers, and
the tests read WeasyPrint's layout back against them. Text is measured with the fonts both
renderers use (DejaVu Sans, shaped by Pillow's raqm layout, as Pango shapes it), with a
little slack for rounding and hinting.
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

# Body sizes in points, largest first (the key is what a card's ``size`` says): short rules
# are set large enough to fill the face; a datacard never goes below 6.2 pt.
BODY_SIZES = {f"{pt:g}": pt for pt in (11.0, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.6, 6.2)}
PACK_SIZE = "6.2"  # continuation cards are packed in the smallest comfortable size
SMALLEST = "5.4"  # a deck card too long even for 6.2 pt (never split): the last resort
LEGACY = {"s": "7", "m": "6.2", "l": SMALLEST}  # the sizes cards named before
LINE_HEIGHT = 1.2  # ``.text`` line-height

# The face, in mm inside the safe zone (``.inner``), top to bottom; see ``_face.css``.
PAD = 1.5  # left and right of the type strip, the stat boxes and the rules box
BAND_H = 9.0  # the band: emblem, title and cost badge on the card's accent colour
EMBLEM = 6.4  # the emblem's white disc, 1.2 mm from the left, centred in the band
EMBLEM_X = 1.2
TITLE_X = EMBLEM_X + EMBLEM + 1.2  # where the title starts
TITLE_SIZES = (9.5, 9.0, 8.0, 7.0, 6.5, 6.0)  # one line in the largest that fits, else two
TITLE_LINE = 1.1
BADGE = 7.0  # the cost badge: a 7 mm disc, a pill for a long cost, inside the band
BADGE_PT = 9.0
BADGE_PAD = 1.2  # a pill's padding either side of the digits
BADGE_RIGHT = 1.0  # from the band's right end
BADGE_GAP = 1.0  # between the title and the badge
TYPE_H = 4.4  # the type strip: type and faction, 6.5 pt, one line
TYPE_PT = 6.5
STATS_GAP = 1.0  # above the stat boxes
STATS_H = 8.0  # the stat boxes: a label above its value
STAT_GAP = 1.0  # between two stat boxes
STAT_SIZES = (8.5, 7.5, 6.5, 5.5, 5.0)  # a value in the largest that fits every box
STAT_PAD = 0.9  # a value keeps this far from its box's sides
RULES_GAP = 1.2  # between the header and the rules box
RULES_PAD_X, RULES_PAD_Y = 1.2, 1.0  # the rules box's tinted margin around its text
MARK = 26.0  # the emblem's faint watermark in the middle of the rules box
FOOTER_H = 3.4  # kept at the bottom for the footer line


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
    """The room for a card's rules text, in mm: its width and height, and how far below the
    top of the safe zone it starts (inside the rules box's margin)."""

    width: float
    height: float
    header: float


def inner(settings: Settings) -> tuple[float, float]:
    """The face inside the safe zone (``.inner``): width and height in mm."""
    size = settings.card_size
    return size.width - 2 * settings.safe, size.height - 2 * settings.safe


def pt_of(size: str) -> float:
    """The body size a card's ``size`` names, in points."""
    size = LEGACY.get(size, size)
    return BODY_SIZES.get(size) or float(size)


def has_cost(card: dict[str, Any]) -> bool:
    return card.get("cost") not in (None, "")


def badge_mm(cost: str) -> float:
    """The cost badge's width: a disc, stretched to a pill when the digits need it."""
    return max(BADGE, width_mm(cost, BADGE_PT, bold=True) / SLACK + 2 * BADGE_PAD)


def title_room(card: dict[str, Any], settings: Settings) -> float:
    """How wide the title may print: the band less the emblem and the cost badge."""
    width, _ = inner(settings)
    room = width - TITLE_X - BADGE_RIGHT
    if has_cost(card):
        room = width - TITLE_X - BADGE_RIGHT - BADGE_GAP - badge_mm(str(card["cost"]))
    return room


def title_pt(card: dict[str, Any], settings: Settings) -> float:
    """The title's size: the largest that keeps it on one line (else the smallest, on two
    lines, which the band still holds)."""
    title, room = str(card.get("title", "")), title_room(card, settings)
    for size in TITLE_SIZES:
        if width_mm(title, size, bold=True) <= room * SLACK:
            return size
    return TITLE_SIZES[-1]


def stat_box_mm(card: dict[str, Any], settings: Settings) -> float:
    """The width of each of the card's stat boxes (they share the row equally)."""
    count = max(1, len(card.get("stats") or []))
    width, _ = inner(settings)
    return (width - 2 * PAD - (count - 1) * STAT_GAP) / count


def stat_pt(card: dict[str, Any], settings: Settings) -> float:
    """The stat values' size: the largest in which every value fits its box ("D16" must
    never be cut to "D1")."""
    room = stat_box_mm(card, settings) - 2 * STAT_PAD
    values = [str(value) for _, value in card.get("stats") or []]
    for size in STAT_SIZES:
        if all(width_mm(v, size, bold=True) <= room * SLACK for v in values):
            return size
    return STAT_SIZES[-1]


def header_mm(card: dict[str, Any], settings: Settings) -> float:
    """From the top of the safe zone to the rules box: band, type strip, stat boxes."""
    stats = STATS_GAP + STATS_H if card.get("stats") else 0.0
    return BAND_H + TYPE_H + stats + RULES_GAP


def rules_box(card: dict[str, Any], settings: Settings) -> tuple[float, float, float, float]:
    """The tinted rules box inside the safe zone: left, top, right, bottom in mm."""
    width, height = inner(settings)
    return PAD, header_mm(card, settings), width - PAD, height - FOOTER_H


def zone(card: dict[str, Any], settings: Settings) -> Zone:
    left, top, right, bottom = rules_box(card, settings)
    return Zone(right - left - 2 * RULES_PAD_X, bottom - top - 2 * RULES_PAD_Y, top + RULES_PAD_Y)


def line_mm(size: str) -> float:
    """The height of one body line in the text size ``size``."""
    return pt_of(size) * LINE_HEIGHT * PT


def body_lines(card: dict[str, Any], settings: Settings, size: str) -> list[str]:
    """The card's body text as it prints in ``size``: one entry a printed line."""
    return wrap(str(card.get("text", "")), pt_of(size), zone(card, settings).width)


def overflow(card: dict[str, Any], settings: Settings) -> float:
    """How many mm the card's body runs past its rules box (0 or less: it fits)."""
    size = str(card.get("size", PACK_SIZE))
    room = zone(card, settings)
    return len(body_lines(card, settings, size)) * line_mm(size) - room.height


def _blocks(card: dict[str, Any]) -> list[str]:
    blocks = card.get("blocks")
    if blocks:
        return [str(b) for b in blocks]
    return str(card.get("text", "")).split("\n")


def _pack(card: dict[str, Any], blocks: list[str], settings: Settings) -> list[str]:
    """Blocks packed greedily into card bodies, a block split only when one card cannot
    hold it; a blank block never opens a card."""
    room = zone(card, settings)
    capacity = int(room.height // line_mm(PACK_SIZE) + 1e-9)
    if capacity < 1:
        raise ValueError("The card is too small for any text: choose a larger card size.")
    bodies: list[list[str]] = [[]]
    for block in blocks:
        used = len(bodies[-1])
        if not block.strip():
            if 0 < used < capacity:
                bodies[-1].append("")
            continue
        lines = wrap(block, BODY_SIZES[PACK_SIZE], room.width)
        if used and used + len(lines) > capacity:
            bodies.append([])
        while len(lines) > capacity:  # a block longer than a card: cut it at a line
            bodies[-1].extend(lines[:capacity])
            bodies.append([])
            lines = lines[capacity:]
        bodies[-1].extend(lines)
    return ["\n".join(body).strip("\n") for body in bodies if any(s.strip() for s in body)]


def _titled(card: dict[str, Any], settings: Settings) -> dict[str, Any]:
    """The card with the title and stat sizes its face prints them in."""
    return {
        **card,
        "title_size": f"{title_pt(card, settings):g}",
        "stat_size": f"{stat_pt(card, settings):g}",
    }


def fit(card: dict[str, Any], settings: Settings) -> list[dict[str, Any]]:
    """The card in the largest type that fits, or split over continuation cards."""
    plain = {k: v for k, v in card.items() if k not in ("blocks", "fit")}
    blocks = _blocks(card)
    plain["text"] = "\n".join(blocks)  # the blocks, when given, are the text
    for size in BODY_SIZES:
        candidate = {**plain, "size": size}
        if overflow(candidate, settings) <= 0:
            return [_titled(candidate, settings)]
    bodies = _pack(card, blocks, settings)  # the header's height never depends on the title
    if len(bodies) == 1:
        return [_titled({**plain, "text": bodies[0], "size": PACK_SIZE}, settings)]
    title = str(card.get("title", ""))
    # each piece in the largest type it fits: a short last piece fills its card too
    return [
        sized({**plain, "title": f"{title} ({n}/{len(bodies)})", "text": body}, settings)
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
    on this card size; the smallest type when none fits. A card that names its size keeps
    it (in points)."""
    if card.get("size"):
        return _titled({**card, "size": LEGACY.get(str(card["size"]), str(card["size"]))}, settings)
    for size in BODY_SIZES:
        candidate = {**card, "size": size}
        if overflow(candidate, settings) <= 0:
            return _titled(candidate, settings)
    return _titled({**card, "size": SMALLEST}, settings)
