"""Pictograms for tokens, drawn in a 100 x 100 box (our own drawings of the books'
suggested symbols: Maker-War's patrol is a crosshair, march three arrows, scatter
spreading arrows, flying low an arrow into a star)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

from PIL import Image, ImageColor, ImageDraw

_ARROW = "M0 -30 L12 -12 L4 -12 L4 30 L-4 30 L-4 -12 L-12 -12 Z"
_STAR = "M50 8 L61 38 L93 38 L67 57 L77 88 L50 69 L23 88 L33 57 L7 38 L39 38 Z"

SYMBOLS: dict[str, str] = {
    "patrol": (
        '<circle cx="50" cy="50" r="30" fill="none" stroke="#111" stroke-width="6"/>'
        '<circle cx="50" cy="50" r="6" fill="#111"/>'
        '<path d="M50 6 V34 M50 66 V94 M6 50 H34 M66 50 H94" stroke="#111" stroke-width="6"/>'
    ),
    "march": "".join(
        f'<path transform="translate({x} 52)" d="{_ARROW}" fill="#111"/>' for x in (22, 50, 78)
    ),
    "scatter": "".join(
        f'<path transform="translate(50 58) rotate({a}) translate(0 -12)" d="{_ARROW}" '
        'fill="#111"/>'
        for a in (-50, 0, 50)
    ),
    "flying-low": (
        f'<path d="{_STAR}" fill="none" stroke="#111" stroke-width="5"/>'
        '<path transform="translate(50 50) rotate(45) scale(1.1)" d="M0 -44 L12 -26 L4 -26 L4 2 '
        'L-4 2 L-4 -26 L-12 -26 Z" fill="#111"/>'
    ),
    "rage": (
        '<path d="M50 6 C60 30 82 36 78 64 C76 84 62 94 50 94 C36 94 22 84 22 64 C22 46 34 40 '
        '36 24 C44 36 46 42 50 46 C54 34 52 20 50 6 Z" fill="#111"/>'
    ),
    "impact": (
        '<path d="M50 8 L58 36 L88 26 L66 50 L92 70 L60 66 L54 94 L44 66 L12 74 L34 52 L10 30 '
        'L40 36 Z" fill="#111"/>'
    ),
    "terror": (
        '<circle cx="50" cy="42" r="30" fill="#111"/><rect x="34" y="62" width="32" height="24" '
        'fill="#111"/><circle cx="38" cy="42" r="8" fill="#fff"/><circle cx="62" cy="42" r="8" '
        'fill="#fff"/><path d="M42 76 V86 M50 76 V86 M58 76 V86" stroke="#fff" stroke-width="4"/>'
    ),
    "activation": (
        '<path d="M18 52 L40 74 L84 28" fill="none" stroke="#111" stroke-width="12" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "poi": (
        '<path d="M50 92 C30 62 20 52 20 36 A30 30 0 0 1 80 36 C80 52 70 62 50 92 Z" '
        'fill="#111"/><circle cx="50" cy="36" r="11" fill="#fff"/>'
    ),
    "reliquary": ('<path d="M44 8 H56 V30 H78 V42 H56 V92 H44 V42 H22 V30 H44 Z" fill="#111"/>'),
    "energy": ('<polygon points="58,4 22,56 46,56 38,96 80,40 54,40 66,4" fill="#111"/>'),
    "start": (
        '<path d="M28 10 V92" stroke="#111" stroke-width="8"/><path d="M32 12 L84 28 L32 46 Z" '
        'fill="#111"/>'
    ),
    "pressure": (
        '<circle cx="50" cy="50" r="40" fill="none" stroke="#111" stroke-width="8"/>'
        '<path d="M50 50 L74 26" stroke="#111" stroke-width="8" stroke-linecap="round"/>'
        '<circle cx="50" cy="50" r="8" fill="#111"/>'
    ),
    "castle": (
        '<path d="M12 90 V30 H26 V42 H38 V30 H62 V42 H74 V30 H88 V90 Z" fill="#111"/>'
        '<path d="M42 90 V66 A8 8 0 0 1 58 66 V90 Z" fill="#fff"/>'
    ),
    "star": f'<path d="{_STAR}" fill="#111"/>',
    "compass": (
        '<circle cx="50" cy="50" r="46" fill="none" stroke="#111" stroke-width="1.5"/>'
        '<path d="M50 2 V98 M2 50 H98" stroke="#111" stroke-width="1.2"/>'
        '<path d="M50 2 L45 12 H55 Z M50 98 L45 88 H55 Z" fill="#111"/>'
        + "".join(
            f'<path transform="rotate({a} 50 50)" d="M50 4 V{9 if a % 30 else 13}" '
            'stroke="#111" stroke-width="0.8"/>'
            for a in range(0, 360, 10)
        )
    ),
}


def svg(name: str) -> str:
    """The pictogram's SVG elements ('' for an unknown name: the token shows its text)."""
    return SYMBOLS.get(name, "")


# Emblems of factions and card families, drawn on the card faces: the PDF loads the SVG
# files in printing/static/printing/symbols/, and the PNG faces draw the same files with
# Pillow (a reader for the few SVG shapes they use), so both show one emblem.
EMBLEM_DIR = Path(__file__).resolve().parent / "static" / "printing" / "symbols"
Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """One filled outline (or a stroked line when ``width``) in the 100 x 100 box."""

    points: tuple[Point, ...]
    colour: str
    width: float = 0.0


def _quad(a: Point, c: Point, b: Point, steps: int = 12) -> list[Point]:
    return [
        (
            (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
            (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1],
        )
        for t in (i / steps for i in range(1, steps + 1))
    ]


def _arc(a: Point, r: float, large: bool, sweep: bool, b: Point, steps: int = 24) -> list[Point]:
    """A circular arc from ``a`` to ``b`` (SVG's endpoint form, rx = ry)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    half = math.hypot(dx, dy) / 2
    r = max(r, half)
    h = math.sqrt(max(r * r - half * half, 0.0))
    sign = 1 if large != sweep else -1
    cx = mx - sign * h * dy / (2 * half or 1)
    cy = my + sign * h * dx / (2 * half or 1)
    t0 = math.atan2(a[1] - cy, a[0] - cx)
    t1 = math.atan2(b[1] - cy, b[0] - cx)
    span = t1 - t0
    if sweep and span < 0:
        span += 2 * math.pi
    if not sweep and span > 0:
        span -= 2 * math.pi
    return [
        (cx + r * math.cos(t0 + span * i / steps), cy + r * math.sin(t0 + span * i / steps))
        for i in range(1, steps + 1)
    ]


def _path(d: str) -> list[Point]:
    tokens = re.findall(r"[MLQAZ]|-?\d*\.?\d+", d)
    points: list[Point] = []
    i, command = 0, "M"
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command == "Z":
                continue
        numbers = [float(t) for t in tokens[i : i + {"M": 2, "L": 2, "Q": 4, "A": 7}[command]]]
        i += len(numbers)
        if command in ("M", "L"):
            points.append((numbers[0], numbers[1]))
        elif command == "Q":
            points += _quad(points[-1], (numbers[0], numbers[1]), (numbers[2], numbers[3]))
        else:
            large, sweep = bool(numbers[3]), bool(numbers[4])
            points += _arc(points[-1], numbers[0], large, sweep, (numbers[5], numbers[6]))
    return points


def _circle(cx: float, cy: float, r: float, steps: int = 36) -> tuple[Point, ...]:
    return tuple(
        (cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    )


@cache
def emblem(name: str) -> tuple[Shape, ...]:
    """The shapes of ``printing/symbols/<name>.svg``, in drawing order ((): unknown)."""
    path = EMBLEM_DIR / f"{name}.svg"
    if not path.is_file():
        return ()
    shapes = []
    for element in ElementTree.parse(path).getroot().iter():
        tag = element.tag.rsplit("}", 1)[-1]
        get = element.get
        colour = get("fill") or "#333"
        if tag == "polygon":
            numbers = [float(v) for v in re.findall(r"-?\d*\.?\d+", get("points", ""))]
            shapes.append(Shape(tuple(zip(numbers[::2], numbers[1::2], strict=True)), colour))
        elif tag == "path" and get("stroke"):
            points = tuple(_path(get("d", "")))
            shapes.append(Shape(points, get("stroke", "#333"), float(get("stroke-width", 1))))
        elif tag == "path":
            shapes.append(Shape(tuple(_path(get("d", ""))), colour))
        elif tag == "circle":
            r = float(get("r", 0))
            shapes.append(Shape(_circle(float(get("cx", 0)), float(get("cy", 0)), r), colour))
        elif tag == "rect":
            x, y = float(get("x", 0)), float(get("y", 0))
            w, h = float(get("width", 0)), float(get("height", 0))
            shapes.append(Shape(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), colour))
    return tuple(shapes)


def draw_emblem(
    image: Image.Image, name: str, box: tuple[int, int, int], silhouette: str = ""
) -> None:
    """Draw emblem ``name`` into ``image`` at ``box`` (left, top, size in pixels); only its
    outline in one colour when ``silhouette`` names it (the ``<name>-mark.svg`` files: the
    rules box's watermark, opaque because PDF viewers differ on transparent images)."""
    left, top, size = box
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for shape in emblem(name):
        points = [(x * size / 100, y * size / 100) for x, y in shape.points]
        colour = shape.colour
        if silhouette:
            if colour.lower() in ("#fff", "#ffffff", "white"):
                continue
            colour = silhouette
        fill = ImageColor.getrgb(colour)[:3] + (255,)
        if shape.width:
            draw.line(points, fill=fill, width=max(1, round(shape.width * size / 100)))
        elif len(points) > 2:
            draw.polygon(points, fill=fill)
    base = image.crop((left, top, left + size, top + size)).convert("RGBA")
    image.paste(Image.alpha_composite(base, layer).convert(image.mode), (left, top))
