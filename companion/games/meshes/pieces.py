"""Pieces several games share: bases with a name under them, discs with a raised symbol,
and the symbols themselves (no Django). Symbols are drawn in a 2 x 2 box around the origin
and scaled to the piece; every one is made sturdy for the minimum feature size.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from manifold3d import CrossSection, OpType

from companion.games.meshes import shapes as s

ENGRAVE_DEPTH = 0.6
RELIEF = 0.8  # how far a symbol stands above its disc
_ADD = OpType.Add
RIM_SETBACK = 0.4


def _crosshair() -> s.Shape2D:
    bars = [
        s.rect(0.16, 0.6, at=(0, 0.7)),
        s.rect(0.16, 0.6, at=(0, -0.7)),
        s.rect(0.6, 0.16, at=(0.7, 0)),
        s.rect(0.6, 0.16, at=(-0.7, 0)),
    ]
    return CrossSection.batch_boolean([s.ring(0.62, 0.16), *bars, s.circle(0.12)], _ADD)


def _chevron(y: float, width: float = 1.6, depth: float = 0.55, thick: float = 0.24) -> s.Shape2D:
    hw = width / 2
    return s.polygon(
        [
            (-hw, y - depth),
            (0, y),
            (hw, y - depth),
            (hw, y - depth - thick),
            (0, y - thick),
            (-hw, y - depth - thick),
        ]
    )


def _triple_arrows() -> s.Shape2D:
    return CrossSection.batch_boolean([_chevron(y) for y in (0.95, 0.4, -0.15)], _ADD)


def _spreading_arrows() -> s.Shape2D:
    arrows = [s.arrow(1.7, 0.22, 0.5).rotate(a).translate((0, -0.85)) for a in (-40, 0, 40)]
    return CrossSection.batch_boolean(arrows, _ADD)


def _arrow_into_star() -> s.Shape2D:
    star = s.star(0.55, 0.24, 5).translate((0, 0.42))
    return s.arrow(1.15, 0.22, 0.45).translate((0, -1.0)) + star


def _arrow_out_of_star() -> s.Shape2D:
    star = s.star(0.55, 0.24, 5).translate((0, -0.42))
    return s.arrow(1.6, 0.22, 0.5).translate((0, -0.6)) + star


def _flames() -> s.Shape2D:
    tongues = [
        s.polygon([(x - 0.3, -0.7), (x + 0.3, -0.7), (x, -0.7 + h)])
        for x, h in ((-0.55, 1.2), (0, 1.7), (0.55, 1.3))
    ]
    return CrossSection.batch_boolean([*tongues, s.rect(1.5, 0.3, at=(0, -0.8))], _ADD)


def _burst() -> s.Shape2D:
    return s.star(1.0, 0.5, 9)


def _warning() -> s.Shape2D:
    outer = s.regular_polygon(1.0, 3, turn=90).translate((0, 0.2))
    inner = s.regular_polygon(0.64, 3, turn=90).translate((0, 0.2))
    mark = s.rect(0.17, 0.4, at=(0, 0.42)) + s.circle(0.1, at=(0, 0.08))
    return (outer - inner) + mark


def _check() -> s.Shape2D:
    return s.polygon(
        [(-0.9, 0.05), (-0.6, 0.35), (-0.25, 0.0), (0.65, 0.9), (0.95, 0.6), (-0.25, -0.6)]
    )


def _bolt() -> s.Shape2D:
    return s.polygon(
        [(0.25, 1.0), (-0.55, -0.05), (-0.05, -0.05), (-0.3, -1.0), (0.6, 0.15), (0.08, 0.15)]
    )


SYMBOLS: dict[str, Callable[[], s.Shape2D]] = {
    "crosshair": _crosshair,
    "triple-arrows": _triple_arrows,
    "spreading-arrows": _spreading_arrows,
    "arrow-into-star": _arrow_into_star,
    "arrow-out-of-star": _arrow_out_of_star,
    "flames": _flames,
    "burst": _burst,
    "warning": _warning,
    "check": _check,
    "bolt": _bolt,
}


def symbol(name: str, size: float, minimum: float) -> s.Shape2D:
    """Symbol ``name`` fitted in a ``size`` mm square and made sturdy."""
    return s.sturdy(s.fit(SYMBOLS[name](), size, size), minimum)


def disc_with_symbol(
    diameter: float, thickness: float, shape: s.Shape2D, minimum: float, *, rim: bool = True
) -> s.Solid:
    """A token: a disc, an optional raised rim, and ``shape`` raised on top."""
    relief = max(RELIEF, minimum)
    radius = diameter / 2
    raised = shape
    if rim:
        # Set back from the edge: a rim flush with the disc's wall would leave coincident
        # vertices that fuse into non-manifold edges once written to STL.
        width = max(minimum * 1.2, 1.0)
        raised = raised + s.ring(radius - RIM_SETBACK, width)
    disc = s.extrude(s.circle(radius), thickness)
    if raised.is_empty():
        return disc
    return s.union([disc, s.extrude(raised, relief, z=thickness - 0.01)])


def engrave_under(solid: s.Solid, outline: s.Shape2D, minimum: float) -> s.Solid:
    """``outline`` cut into the underside, mirrored so it reads when the piece is turned over."""
    if outline.is_empty():
        return solid
    depth = engrave_depth(solid, minimum)
    if depth <= 0:
        return solid
    pocket = s.extrude(outline.mirror((1, 0)), depth + 0.01, z=-0.01)
    return solid - pocket


def engrave_depth(solid: s.Solid, minimum: float) -> float:
    """How deep to engrave: 0.6 mm (deeper for a coarse nozzle), leaving at least the
    minimum feature of material above; 0 when the piece is too thin to engrave legibly."""
    thickness = solid.bounding_box()[5] - solid.bounding_box()[2]
    depth = min(max(ENGRAVE_DEPTH, minimum * 0.75), thickness - minimum)
    return depth if depth >= 0.4 else 0.0


def base(outline: s.Shape2D, thickness: float, label: str, minimum: float) -> s.Solid:
    """A base of ``outline`` with ``label`` engraved under it (when it fits legibly)."""
    solid = s.extrude(outline, thickness)
    if not label:
        return solid
    (x0, y0, x1, y1) = outline.bounds()
    width, depth = x1 - x0, y1 - y0
    along, across = max(width, depth), min(width, depth)
    room = along * (0.72 if abs(width - depth) < 1e-6 else 0.85)
    height = min(5.0, across * 0.3)
    text = s.label(label, room, height, minimum)
    short = s.abbreviation(label)
    if text.is_empty() and short and short != label:
        text = s.label(short, room, height, minimum)
    if depth > width:
        text = text.rotate(90)
    return engrave_under(solid, text, minimum)


def notch(width: float, depth: float) -> s.Shape2D:
    """A V notch pointing into a base from its front edge (front is +y)."""
    return s.polygon([(-width / 2, 0.01), (width / 2, 0.01), (0, -depth)])


def hexagon(across_flats: float) -> s.Shape2D:
    """A flat-top hexagon (corners on the x axis) ``across_flats`` mm between flat sides."""
    return s.regular_polygon(across_flats / math.sqrt(3), 6, turn=0)
