"""The installed app's icons (``static/icons/muster-<size>.png``), drawn with Pillow.

Committed as PNGs so a deployment needs no font or drawing step; run
``python -m companion.icons`` to draw them again after changing this file. The mark sits
inside the middle 80 %, so a launcher that crops the icon to a circle ("maskable") keeps
all of it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

SIZES = (192, 512)
ICON_DIR = Path(__file__).resolve().parent / "static" / "icons"
BACKGROUND = "#24598f"  # the site's accent colour (muster.css --accent)
INK = "#ffffff"
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def icon_path(size: int) -> Path:
    return ICON_DIR / f"muster-{size}.png"


def draw(size: int) -> Image.Image:
    """A square icon: a die's six pips over an "M", on the accent colour."""
    image = Image.new("RGBA", (size, size), BACKGROUND)
    pen = ImageDraw.Draw(image)
    safe = size * 0.1  # the maskable safe zone's margin
    inner = size - 2 * safe
    font = ImageFont.truetype(str(FONT), int(inner * 0.62)) if FONT.exists() else None
    if font is None:  # no DejaVu: Pillow's own font, still legible at these sizes
        font = ImageFont.load_default(size=int(inner * 0.62))
    pen.text((size / 2, size / 2 + inner * 0.06), "M", fill=INK, font=font, anchor="mm")
    pip = inner * 0.045
    for row in (0, 1):
        for column in range(3):
            x = safe + inner * (0.25 + 0.25 * column)
            y = safe + inner * (0.08 + 0.84 * row)
            pen.ellipse((x - pip, y - pip, x + pip, y + pip), fill=INK)
    return image


def write_all() -> list[Path]:
    """Draw every size into ``static/icons``; the paths written."""
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    for size in SIZES:
        draw(size).save(icon_path(size), optimize=True)
        written.append(icon_path(size))
    return written


if __name__ == "__main__":
    for path in write_all():
        sys.stdout.write(f"{path}\n")
