"""Card faces as 300 dpi PNGs (Pillow), zipped, for online print shops.

Print-shop mode includes the 3 mm bleed around each card, as those shops ask; home mode
gives the trim size. PNG encoding, not drawing, is the cost, so a fast zlib level is used.
"""

from __future__ import annotations

import io
import zipfile
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from printing import fitting
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


def _wrap(draw: ImageDraw.ImageDraw, text: str, fnt: Any, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if draw.textlength(trial, font=fnt) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_card(card: dict[str, Any], settings: Settings, *, back: bool = False) -> Image.Image:
    """One card face (or back) at 300 dpi, bleed included in print-shop mode."""
    size = settings.card_size
    bleed = BLEED if settings.mode == "shop" else 0.0
    f = face(card)
    image = Image.new("RGB", (px(size.width + 2 * bleed), px(size.height + 2 * bleed)), f["colour"])
    draw = ImageDraw.Draw(image)
    inset = px(bleed + settings.safe)
    right, bottom = image.width - inset, image.height - inset
    draw.rounded_rectangle(
        (inset, inset, right, bottom), radius=px(2), fill="#22303f" if back else "#ffffff"
    )
    pad = px(1.5)
    x, y, width = inset + pad, inset + pad, right - inset - 2 * pad
    if back:
        title = font(11, True)
        for i, line in enumerate(_wrap(draw, f["title"], title, width)):
            draw.text((image.width / 2, image.height / 2 + i * px(5)), line, "#fff", title, "mm")
        return image
    if f["cost"]:
        r = px(3)  # a round badge, stretched to a pill for a long cost such as 236
        wide = max(2 * r, draw.textlength(f["cost"], font=font(8, True)) + px(1.6))
        badge = (right - pad - wide, y, right - pad, y + 2 * r)
        draw.rounded_rectangle(badge, radius=r, fill="#111")
        draw.text((right - pad - wide / 2, y + r), f["cost"], "#fff", font(8, True), "mm")
        width -= wide + px(1)
    for line in _wrap(draw, f["title"], font(9, True), width):
        draw.text((x, y), line, "#111", font(9, True))
        y += px(3.8)
    kind = f["type"] + (f" · {f['faction']}" if f["faction"] else "")
    draw.text((x, y + px(0.5)), kind, "#444", font(6.5))
    y += px(4)
    stats = " · ".join(f"{label} {value}" for label, value in f["stats"])  # as the PDF prints it
    for line in _wrap(draw, stats, font(6.5, True), right - inset - 2 * pad):
        draw.text((x, y), line, "#111", font(6.5, True))
        y += px(3)
    y += px(1)
    body = font({"s": 7, "m": 6.2, "l": 5.4}[f["size"]])
    step = px({"s": 3.0, "m": 2.7, "l": 2.35}[f["size"]])
    if card.get("size") in fitting.BODY_SIZES:  # a fitted card: the geometry it was fitted to
        y = max(y, inset + pad + px(fitting.header_mm(card, settings)))
        step = fitting.line_mm(f["size"]) / 25.4 * DPI
    for line in _wrap(draw, f["text"], body, right - inset - 2 * pad):
        if y + step > bottom - px(4):
            break
        draw.text((x, y), line, "#111", body)
        y += step
    if f["footer"]:
        draw.text((right - pad, bottom - px(1)), f["footer"], "#555", font(5.5), "rb")
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
