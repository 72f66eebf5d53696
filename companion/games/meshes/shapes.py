"""Solid primitives, 2D symbols and text outlines for printable models (no Django).

Everything is built with manifold3d, whose booleans always return a closed, manifold
solid; ``to_trimesh`` converts the finished solid once, at the end. Units are millimetres.
Thin parts are removed by construction: every 2D profile that becomes a raised or engraved
feature passes through ``sturdy`` (a morphological opening and closing by half the minimum
feature size), so no stroke, tip or gap of it is thinner than that minimum.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

import numpy as np
import trimesh
from manifold3d import CrossSection, FillRule, Manifold, OpType

Solid = Manifold
Shape2D = CrossSection

SEGMENTS = 48  # circle segments: smooth enough at 6 mm scale, cheap enough for 50 ms builds
FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
)


# ---- 3D primitives ---------------------------------------------------------------------


def box(x: float, y: float, z: float, *, at: Sequence[float] = (0, 0, 0)) -> Solid:
    """A box centred on ``at`` in x and y, standing on ``at``'s z."""
    return Manifold.cube((x, y, z), center=False).translate((at[0] - x / 2, at[1] - y / 2, at[2]))


def cylinder(
    radius: float, height: float, *, at: Sequence[float] = (0, 0, 0), top: float | None = None
) -> Solid:
    """An upright cylinder (or truncated cone with ``top``) standing on ``at``."""
    segs = max(16, min(96, int(radius * 8)))
    return Manifold.cylinder(height, radius, radius if top is None else top, segs).translate(
        tuple(at)
    )


def sphere(radius: float, *, at: Sequence[float] = (0, 0, 0)) -> Solid:
    return Manifold.sphere(radius, 24).translate(tuple(at))


def rod(start: Sequence[float], end: Sequence[float], radius: float) -> Solid:
    """A cylinder from ``start`` to ``end`` (a barrel, a flight stand, a leg)."""
    a, b = np.asarray(start, float), np.asarray(end, float)
    d = b - a
    length = float(np.linalg.norm(d))
    piece = Manifold.cylinder(length, radius, radius, 20)
    tilt = math.degrees(math.acos(max(-1.0, min(1.0, d[2] / length))))
    turn = math.degrees(math.atan2(d[1], d[0]))
    return piece.rotate((0, tilt, 0)).rotate((0, 0, turn)).translate(tuple(a))


def union(parts: Iterable[Solid]) -> Solid:
    return Manifold.batch_boolean(list(parts), OpType.Add)


def extrude(shape: Shape2D, height: float, *, z: float = 0.0) -> Solid:
    return Manifold.extrude(shape, height).translate((0, 0, z))


def on_bed(solid: Solid) -> Solid:
    """Moved so that its lowest point is at z = 0, centred on the origin in x and y."""
    lo_x, lo_y, lo_z, hi_x, hi_y, _ = solid.bounding_box()
    return solid.translate((-(lo_x + hi_x) / 2, -(lo_y + hi_y) / 2, -lo_z))


def to_trimesh(solid: Solid) -> trimesh.Trimesh:
    """The solid as a trimesh, z min at 0: manifold3d's output is closed and oriented.

    STL stores single-precision floats, so vertices closer than about a micrometre would
    fuse when a slicer reads the file and break the surface: simplifying to 1 um first
    leaves no such pair (every surface moves by less than that).
    """
    mesh = on_bed(solid).simplify(1e-3).to_mesh()
    vertices = np.asarray(mesh.vert_properties, dtype=np.float64)[:, :3]
    faces = np.asarray(mesh.tri_verts, dtype=np.int64)
    # manifold3d splits a vertex where the faces around it came from different inputs and
    # lists the copies to weld again; welding them makes the topology the solid's own.
    weld = np.arange(len(vertices))
    weld[np.asarray(mesh.merge_from_vert, dtype=np.int64)] = np.asarray(
        mesh.merge_to_vert, dtype=np.int64
    )
    used, faces = np.unique(weld[faces], return_inverse=True)
    return trimesh.Trimesh(vertices=vertices[used], faces=faces.reshape(-1, 3), process=False)


# ---- 2D shapes --------------------------------------------------------------------------


def circle(radius: float, *, at: Sequence[float] = (0, 0)) -> Shape2D:
    return CrossSection.circle(radius, SEGMENTS).translate(tuple(at))


def rect(w: float, h: float, *, at: Sequence[float] = (0, 0)) -> Shape2D:
    return CrossSection.square((w, h), center=True).translate(tuple(at))


def polygon(points: Sequence[Sequence[float]]) -> Shape2D:
    return CrossSection([np.asarray(points, dtype=np.float64)], FillRule.NonZero)


def ring(outer: float, width: float) -> Shape2D:
    return circle(outer) - circle(outer - width)


def regular_polygon(radius: float, sides: int, *, turn: float = 0.0) -> Shape2D:
    """Corners on a circle of ``radius``; ``turn`` in degrees (0: a corner on +x)."""
    angles = np.radians(turn) + np.arange(sides) * 2 * math.pi / sides
    return polygon(np.column_stack([radius * np.cos(angles), radius * np.sin(angles)]))


def star(outer: float, inner: float, points: int, *, turn: float = 90.0) -> Shape2D:
    angles = np.radians(turn) + np.arange(points * 2) * math.pi / points
    radii = np.where(np.arange(points * 2) % 2 == 0, outer, inner)
    return polygon(np.column_stack([radii * np.cos(angles), radii * np.sin(angles)]))


def arrow(length: float, width: float, head: float) -> Shape2D:
    """An arrow along +y from the origin, shaft ``width`` wide, head ``head`` long."""
    shaft = length - head
    hw = width / 2
    return polygon(
        [
            (-hw, 0),
            (hw, 0),
            (hw, shaft),
            (head * 0.6, shaft),
            (0, length),
            (-head * 0.6, shaft),
            (-hw, shaft),
        ]
    )


def _close(shape: Shape2D, r: float) -> Shape2D:
    return shape.offset(r, circular_segments=24).offset(-r, circular_segments=24)


def _open(shape: Shape2D, r: float) -> Shape2D:
    return shape.offset(-r, circular_segments=24).offset(r, circular_segments=24)


def sturdy(shape: Shape2D, minimum: float) -> Shape2D:
    """A raised outline without strokes or tips thinner than ``minimum``.

    Closing first fills gaps narrower than the minimum; opening last keeps only what a disc
    of 1.1 x minimum fits in, so every stroke is at least that wide. Dropping points that
    move the outline by under 0.03 mm keeps that margin and makes later booleans fast.
    """
    r = minimum * 0.55
    return _open(_close(shape, r), r).simplify(0.03)


def sturdy_pocket(shape: Shape2D, minimum: float) -> Shape2D:
    """An outline to cut away (engraving), leaving no wall between cuts thinner than
    ``minimum``: the same filter the other way round, for the material around it."""
    r = minimum * 0.55
    return _close(_open(shape, r), r).simplify(0.03)


def fit(shape: Shape2D, width: float, height: float) -> Shape2D:
    """Scaled uniformly to fit a ``width`` x ``height`` box, centred on the origin."""
    (x0, y0), (x1, y1) = _bounds(shape)
    if x1 <= x0 or y1 <= y0:
        return shape
    k = min(width / (x1 - x0), height / (y1 - y0))
    return shape.translate((-(x0 + x1) / 2, -(y0 + y1) / 2)).scale((k, k))


def _bounds(shape: Shape2D) -> tuple[tuple[float, float], tuple[float, float]]:
    b = shape.bounds()
    return (b[0], b[1]), (b[2], b[3])


# ---- text ------------------------------------------------------------------------------


@cache
def _font() -> object:
    from fontTools.ttLib import TTFont

    for path in FONT_PATHS:
        if Path(path).exists():
            return TTFont(path)
    raise FileNotFoundError(f"No outline font found (looked for {', '.join(FONT_PATHS)}).")


@cache
def _glyph(char: str) -> tuple[tuple[np.ndarray, ...], float]:
    """A character's outline contours in font units (curves flattened) and its advance."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen

    font = _font()
    glyphs = font.getGlyphSet()  # type: ignore[attr-defined]
    name = font.getBestCmap().get(ord(char)) or ".notdef"  # type: ignore[attr-defined]
    pen = DecomposingRecordingPen(glyphs)
    glyphs[name].draw(pen)
    contours: list[np.ndarray] = []
    current: list[tuple[float, float]] = []
    for op, args in pen.value:
        if op == "moveTo":
            current = [args[0]]
        elif op == "lineTo":
            current.append(args[0])
        elif op == "qCurveTo":
            current.extend(_quadratic(current[-1], args))
        elif op == "curveTo":
            current.extend(_cubic(current[-1], *args))
        elif op in ("closePath", "endPath") and len(current) > 2:
            contours.append(np.asarray(current, dtype=np.float64))
            current = []
    return tuple(contours), float(glyphs[name].width)


def _quadratic(start: tuple[float, float], args: Sequence[tuple[float, float]]) -> list:
    """TrueType's implied on-curve points between consecutive off-curve points."""
    offs, end = list(args[:-1]), args[-1]
    points: list[tuple[float, float]] = []
    p0 = np.asarray(start, float)
    for i, off in enumerate(offs):
        c = np.asarray(off, float)
        p2 = (
            np.asarray(end, float)
            if i == len(offs) - 1
            else (c + np.asarray(offs[i + 1], float)) / 2
        )
        for t in (0.25, 0.5, 0.75, 1.0):
            points.append(tuple((1 - t) ** 2 * p0 + 2 * (1 - t) * t * c + t * t * p2))
        p0 = p2
    if not offs:
        points.append(tuple(end))
    return points


def _cubic(start: tuple[float, float], c1: tuple, c2: tuple, end: tuple) -> list:
    p0, p1, p2, p3 = (np.asarray(p, float) for p in (start, c1, c2, end))
    return [
        tuple((1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t**3 * p3)
        for t in (0.25, 0.5, 0.75, 1.0)
    ]


def text(value: str, height: float) -> Shape2D:
    """The outline of ``value`` with capitals ``height`` mm tall, centred on the origin."""
    units_per_em = _font()["head"].unitsPerEm  # type: ignore[index]
    scale = height / (0.73 * units_per_em)  # cap height of DejaVu/Liberation is ~0.73 em
    contours: list[np.ndarray] = []
    x = 0.0
    for char in value:
        outline, advance = _glyph(char)
        contours.extend((c + (x, 0.0)) * scale for c in outline)
        x += advance
    if not contours:
        return CrossSection()
    shape = CrossSection(contours, FillRule.NonZero)
    (x0, y0), (x1, y1) = _bounds(shape)
    return shape.translate((-(x0 + x1) / 2, -(y0 + y1) / 2))


def label(
    value: str, width: float, height: float, minimum: float, *, engraved: bool = True
) -> Shape2D:
    """Text fitted into ``width`` x ``height`` mm and made sturdy (as a cut when
    ``engraved``, else as raised letters); empty when it is too small.

    Capitals smaller than four minimum features are unreadable once printed, so they are
    left out rather than printed as a blob.
    """
    shape = text(value, height)
    if shape.is_empty():
        return shape
    (x0, _), (x1, _) = _bounds(shape)
    if x1 - x0 > width:
        k = width / (x1 - x0)
        if height * k < 4 * minimum:
            return CrossSection()
        shape = shape.scale((k, k))
    return sturdy_pocket(shape, minimum) if engraved else sturdy(shape, minimum)


def safe_label(name: str, length: int = 12) -> str:
    """``name`` cut to what a label parameter accepts: letters, digits, spaces, - . & '."""
    kept = "".join(c if (c.isalnum() or c in " -.&'") else " " for c in name)
    return " ".join(kept.split())[:length].strip()


def abbreviation(name: str, letters: int = 4) -> str:
    """Initials of a multi-word name (``Maker Heavy Weapons`` -> ``MHW``), else its start."""
    words = [w for w in "".join(c if c.isalnum() else " " for c in name).split() if w]
    if not words:
        return ""
    if len(words) == 1:
        return words[0][:letters].upper()
    return "".join(w[0] for w in words)[:letters].upper()
