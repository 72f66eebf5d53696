"""Card faces as 300 dpi PNGs (Pillow), zipped, for online print shops.

Print-shop mode includes the 3 mm bleed around each card, as those shops ask; home mode
gives the trim size. PNG encoding, not drawing, is the cost, so a fast zlib level is used.
"""

from __future__ import annotations

import io
import zipfile
from functools import cache
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from printing import fitting, symbols
from printing.cardsheets import expand, face
from printing.layout import BLEED, Settings
from printing.pdf import Progress

DPI = 300
FONT_DIR = "/usr/share/fonts/truetype/dejavu/"


def px(mm: float) -> int:
    """Millimetres to pixels at 300 dpi."""
    return round(mm / 25.4 * DPI)


@cache
def font(size_pt: float, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(FONT_DIR + name, round(size_pt / 72 * DPI))
    except OSError:
        return ImageFont.load_default(round(size_pt / 72 * DPI))


def _ellipsis(draw: ImageDraw.ImageDraw, text: str, fnt: Any, width: float) -> str:
    """``text`` cut to ``width`` with an ellipsis, as ``text-overflow: ellipsis`` does."""
    if draw.textlength(text, font=fnt) <= width:
        return text
    while text and draw.textlength(text + "…", font=fnt) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _mix(colour: str, share: float) -> tuple[int, int, int]:
    """``colour`` laid at ``share`` opacity over white (the PDF's ``opacity``)."""
    red, green, blue = ImageColor.getrgb(colour)[:3]
    return tuple(round(255 + (c - 255) * share) for c in (red, green, blue))  # type: ignore[return-value]


def _emblem_name(f: dict[str, Any]) -> str:
    return f["symbol"].rsplit("/", 1)[-1].removesuffix(".svg")


def draw_card(card: dict[str, Any], settings: Settings, *, back: bool = False) -> Image.Image:
    """One card face (or back) at 300 dpi, bleed included in print-shop mode: the face of
    ``_face.html`` (band, type strip, stat boxes, rules box), drawn to ``fitting``'s numbers."""
    size = settings.card_size
    bleed = BLEED if settings.mode == "shop" else 0.0
    f = face(card)
    image = Image.new("RGB", (px(size.width + 2 * bleed), px(size.height + 2 * bleed)), f["colour"])
    draw = ImageDraw.Draw(image)
    offset = bleed + settings.safe  # mm from the image's edge to the safe zone

    def at(x: float, y: float) -> tuple[float, float]:  # mm in the safe zone -> pixels
        return (x + offset) / 25.4 * DPI, (y + offset) / 25.4 * DPI

    width, height = fitting.inner(settings)
    draw.rounded_rectangle(
        (*at(0, 0), *at(width, height)), radius=px(2), fill="#22303f" if back else "#ffffff"
    )
    if back:
        title = font(11, True)
        middle = image.width / 2
        symbols.draw_emblem(
            image,
            _emblem_name(f),
            (round(middle - px(9)), round(image.height / 2 - px(24)), px(18)),
        )
        for i, line in enumerate(fitting.wrap(f["title"], 11, width - 3, bold=True)):
            draw.text((middle, image.height / 2 + i * px(5)), line, "#fff", title, "mm")
        return image
    band = fitting.BAND_H
    draw.rounded_rectangle(
        (*at(0, 0), *at(width, band)),
        radius=px(2),
        fill=f["accent"],
        corners=(True, True, False, False),
    )
    disc_top = (band - fitting.EMBLEM) / 2
    draw.ellipse(
        (
            *at(fitting.EMBLEM_X, disc_top),
            *at(fitting.EMBLEM_X + fitting.EMBLEM, disc_top + fitting.EMBLEM),
        ),
        fill="#ffffff",
    )
    left, top = at(fitting.EMBLEM_X + (fitting.EMBLEM - 4.4) / 2, disc_top + 1)
    symbols.draw_emblem(image, _emblem_name(f), (round(left), round(top), px(4.4)))
    if f["cost"]:
        wide = fitting.badge_mm(f["cost"])
        right = width - fitting.BADGE_RIGHT
        y0 = (band - fitting.BADGE) / 2
        draw.rounded_rectangle(
            (*at(right - wide, y0), *at(right, y0 + fitting.BADGE)),
            radius=px(fitting.BADGE / 2),
            fill="#ffffff",
            outline="#111111",
            width=max(1, px(0.35)),
        )
        draw.text(
            at(right - wide / 2, band / 2), f["cost"], "#111", font(fitting.BADGE_PT, True), "mm"
        )
    title_pt = float(f["title_size"])
    lines = fitting.wrap(f["title"], title_pt, fitting.title_room(card, settings), bold=True)[:2]
    step = title_pt * fitting.TITLE_LINE * fitting.PT
    y = band / 2 - step * len(lines) / 2
    for line in lines:
        draw.text(at(fitting.TITLE_X, y + step / 2), line, "#fff", font(title_pt, True), "lm")
        y += step
    strip = band + fitting.TYPE_H
    draw.rectangle((*at(0, strip - 0.3), *at(width, strip)), fill=f["accent"])
    kind = f["type"] + (f" · {f['faction']}" if f["faction"] else "")
    small = font(fitting.TYPE_PT)
    kind = _ellipsis(draw, kind, small, px(width - 2 * fitting.PAD))
    draw.text(at(fitting.PAD, band + (fitting.TYPE_H - 0.3) / 2), kind, "#222", small, "lm")
    stats = f["stats"]
    if stats:
        y0 = strip + fitting.STATS_GAP
        box = fitting.stat_box_mm(card, settings)
        value_pt = float(f["stat_size"])
        for n, (label, value) in enumerate(stats):
            x0 = fitting.PAD + n * (box + fitting.STAT_GAP)
            draw.rounded_rectangle(
                (*at(x0, y0), *at(x0 + box, y0 + fitting.STATS_H)),
                radius=px(1),
                outline=f["accent"],
                width=max(1, px(0.3)),
            )
            middle = x0 + box / 2
            label_font, value_font = font(5), font(value_pt, True)
            label = _ellipsis(draw, label, label_font, px(box - 0.8))
            value = _ellipsis(draw, value, value_font, px(box - 0.8))
            label_mid = 0.3 + 0.7 + 5 * fitting.PT / 2
            value_mid = 0.3 + 0.7 + 5 * fitting.PT + value_pt * 1.2 * fitting.PT / 2
            draw.text(at(middle, y0 + label_mid), label, "#555", label_font, "mm")
            draw.text(at(middle, y0 + value_mid), value, "#111", value_font, "mm")
    x0, y0, x1, y1 = fitting.rules_box(card, settings)
    draw.rounded_rectangle((*at(x0, y0), *at(x1, y1)), radius=px(1.5), fill=_mix(f["colour"], 0.45))
    mark = min(fitting.MARK, x1 - x0, y1 - y0)
    cx, cy = at((x0 + x1) / 2 - mark / 2, (y0 + y1) / 2 - mark / 2)
    symbols.draw_emblem(
        image, _emblem_name(f), (round(cx), round(cy), px(mark)), silhouette="#ffffff"
    )
    room = fitting.zone(card, settings)
    size = fitting.LEGACY.get(f["size"], f["size"])  # an unfitted card: the old size names
    body = font(fitting.pt_of(size))
    step = fitting.line_mm(size)
    lines = fitting.body_lines(card, settings, size)
    y = room.header
    for line in lines:
        if y + step > room.header + room.height + 0.01:
            break
        draw.text(at(x0 + fitting.RULES_PAD_X, y + step / 2), line, "#111", body, "lm")
        y += step
    if f["footer"]:
        draw.text(at(width - fitting.PAD, height - 0.9), f["footer"], "#555", font(5.5), "rd")
    return image


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1, dpi=(DPI, DPI))
    return out.getvalue()


def card_zip(
    cards: list[dict[str, Any]],
    settings: Settings,
    progress: Progress,
    *,
    back: dict[str, Any] | None = None,
) -> bytes:
    """Every card face once (with its count in the name), and the back when asked."""
    unique = fitting.fit_cards([c for c in cards if c], settings)
    if not unique:
        raise ValueError("There are no cards to print.")
    out = io.BytesIO()
    total = len(unique)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for index, card in enumerate(unique, start=1):
            copies = len(expand([card]))
            name = f"{index:03d}-{_stem(str(card.get('title', 'card')))}-x{copies}.png"
            archive.writestr(name, _png(draw_card(card, settings)))
            progress(5 + 90 * index // total, f"Drew {index} of {total} cards")
        if back is not None:
            archive.writestr("back.png", _png(draw_card(back, settings, back=True)))
    return out.getvalue()


def _stem(title: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-")[:40] or "card"
