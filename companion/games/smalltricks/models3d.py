"""Smalltricks' printable pieces: hex tiles that lock into the 6x6 board, and unit tokens
showing their die face (pure).

The board is 6x6 flat-top hexes. Each tile carries a tab on three neighbouring edges and a
slot on the three opposite ones, so any two adjacent tiles meet tab to slot whichever way
they touch; the slot is wider than the tab by the clearance.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import trimesh

from companion.games.meshes import pieces
from companion.games.meshes import shapes as s
from companion.games.meshes.models import (
    MINIMUM_FEATURE,
    Model3D,
    Param,
    PartSpec,
    minimum_feature_param,
)
from companion.games.meshes.sizes import Size

# What the 3D printing pages read of this game: the catalogue kinds that stand for a model
# on the table, the size rows its pieces are measured against, and a unit's row.
MODEL_KINDS: tuple[str, ...] = ("unit-type",)
SIZES: tuple[Size, ...] = (
    Size("hex-tile", "Smalltricks hex tile (40 mm across flats)", "hex", (40, 46.2), 38, 56, 8),
    Size("die-token", "Smalltricks unit token", "rect", (16, 16), 10, 25, 10),
)


def size_row(unit_type: str) -> str:
    """The size row of a unit whose profile type is ``unit_type``."""
    return "die-token"


# Pip positions of a die face on a unit square (centre 0, corners at +-1).
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
}


def _tab(across: float) -> s.Shape2D:
    """A jigsaw tab pointing along +x from x = 0, sized to the tile."""
    neck = across * 0.1
    radius = across * 0.075
    reach = across * 0.11
    return s.rect(reach + 0.02, neck, at=(reach / 2 - 0.01, 0)) + s.circle(radius, at=(reach, 0))


def build_tile(v: Mapping[str, Any]) -> trimesh.Trimesh:
    across = v["across"]
    minimum = v[MINIMUM_FEATURE]
    apothem = across / 2
    outline = pieces.hexagon(across)
    if v["connectors"]:
        tab = _tab(across)
        slot = tab.offset(v["clearance"], circular_segments=32)
        for i in range(6):
            angle = 30 + 60 * i
            rad = math.radians(angle)
            at = (apothem * math.cos(rad), apothem * math.sin(rad))
            if i < 3:
                outline = outline + tab.rotate(angle).translate(at)
            else:
                # The slot faces the neighbour's tab, which points back toward us.
                inward = slot.rotate(angle + 180).translate(at)
                outline = outline - inward
    outline = s.sturdy(outline, minimum)
    solid = s.extrude(outline, v["thickness"])
    if v["mark"]:
        text = s.label(v["mark"], across * 0.45, across * 0.2, minimum)
        depth = pieces.engrave_depth(solid, minimum)
        if not text.is_empty() and depth > 0:
            solid = solid - s.extrude(text, depth + 0.01, z=v["thickness"] - depth)
    return s.to_trimesh(solid)


TILE = Model3D(
    slug="hex-tile",
    name="Hex tile (locks into the 6x6 board)",
    description="One flat-top hexagon of the battlefield: tabs on three edges and slots on "
    "the three opposite, so 36 tiles lock together into the 6x6 board. Optionally a mark "
    "(such as the cell name B3) engraved on top.",
    group="board",
    size="hex-tile",
    params=(
        Param("across", "Across flats (mm)", default=40.0, min=25.0, max=60.0, step=0.5),
        Param("thickness", "Thickness (mm)", default=3.0, min=1.6, max=6.0),
        Param("connectors", "Tabs and slots", type="bool", default=True),
        Param(
            "clearance",
            "Clearance (mm)",
            default=0.2,
            min=0.05,
            max=0.6,
            step=0.05,
            help="How much wider each slot is than a tab: 0.15-0.25 mm for most printers.",
        ),
        Param("mark", "Mark on top", type="text", default="", max_length=4),
        minimum_feature_param(),
    ),
    build=build_tile,
)


def build_token(v: Mapping[str, Any]) -> trimesh.Trimesh:
    size = v["size"]
    minimum = v[MINIMUM_FEATURE]
    corner = size * 0.15
    outline = s.rect(size - 2 * corner, size - 2 * corner).offset(corner, circular_segments=32)
    pip_r = max(size * 0.085, minimum * 0.6)
    spread = size * 0.27
    pips = [s.circle(pip_r, at=(x * spread, y * spread)) for x, y in PIPS[v["face"]]]
    relief = max(pieces.RELIEF, minimum)
    plate = s.extrude(outline, v["thickness"])
    if v["label"]:  # engraved into the plate alone: the raised pips are not material under it
        text = s.label(v["label"], size * 0.75, size * 0.3, minimum)
        plate = pieces.engrave_under(plate, text, minimum)
    solid = s.union([plate] + [s.extrude(p, relief, z=v["thickness"] - 0.01) for p in pips])
    return s.to_trimesh(solid)


TOKEN = Model3D(
    slug="unit-token",
    name="Unit token (die face)",
    description="A square token with the raised pips of the die face its unit type rolls "
    "on (1 archers ... 6 battery ram), and the unit's name engraved underneath.",
    group="token",
    size="die-token",
    params=(
        Param("face", "Die face", type="int", default=1, min=1, max=6, step=1),
        Param("size", "Size (mm)", default=16.0, min=12.0, max=25.0, step=0.5),
        Param("thickness", "Thickness (mm)", default=4.0, min=2.0, max=8.0),
        Param("label", "Name under the token", type="text", default="", max_length=8),
        minimum_feature_param(),
    ),
    build=build_token,
)

MODELS: tuple[Model3D, ...] = (TILE, TOKEN)


def bundle_parts(army: Mapping[str, Any]) -> list:
    """A token per unit showing its die face, and the 36 tiles of the shared board."""

    units: Mapping[str, Mapping[str, Any]] = army.get("units") or {}
    parts = []
    for unit_slug, count in (army.get("counts") or {}).items():
        info = units.get(unit_slug) or {}
        face = (info.get("data") or {}).get("face")
        if not isinstance(face, int) or not 1 <= face <= 6:
            continue
        name = str(info.get("name", unit_slug))
        label = s.safe_label(name, 8)
        parts.append(PartSpec(name, "unit-token", {"face": face, "label": label}, count))
    parts.append(PartSpec("Hex tile", "hex-tile", {}, 36, "one board serves both players"))
    return parts
