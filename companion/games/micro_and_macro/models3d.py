"""A Game of Micro and Macro's printable pieces: the base marker and unit bases (pure).

A base's radius is 0.5 + 0.5 cm per building (RULINGS.md), at most five buildings: the
marker carries a raised ring at each of those radii, so the range can be read off it.
"""

from __future__ import annotations

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
MODEL_KINDS: tuple[str, ...] = ("unit",)
SIZES: tuple[Size, ...] = (
    Size("base-marker", "Micro and Macro base marker", "round", (64, 64), 40, 70, 6),
    Size("mm-unit", "Micro and Macro unit base", "round", (25, 25), 10, 60, 40),
)


def size_row(unit_type: str) -> str:
    """The size row of a unit whose profile type is ``unit_type``."""
    return "mm-unit"


def base_radius_mm(buildings: int) -> float:
    return (0.5 + 0.5 * buildings) * 10.0


def build_marker(v: Mapping[str, Any]) -> trimesh.Trimesh:
    minimum = v[MINIMUM_FEATURE]
    rings = v["buildings"]
    width = max(minimum * 1.25, 1.0)
    outer = base_radius_mm(rings) + width / 2 + 1.0  # a margin: no ring flush with the edge
    relief = max(pieces.RELIEF, minimum)
    raised = s.circle(max(2.0, minimum))
    for b in range(1, rings + 1):
        raised = raised + s.ring(base_radius_mm(b) + width / 2, width)
    disc = s.extrude(s.circle(outer), v["thickness"])
    return s.to_trimesh(s.union([disc, s.extrude(raised, relief, z=v["thickness"] - 0.01)]))


MARKER = Model3D(
    slug="base-marker",
    name="Base marker",
    description="Marks where a base stands; raised rings at 1, 1.5, 2, 2.5 and 3 cm show "
    "the base's radius with one to five buildings.",
    group="marker",
    size="base-marker",
    params=(
        Param("buildings", "Rings (buildings)", type="int", default=5, min=1, max=5, step=1),
        Param("thickness", "Thickness (mm)", default=2.0, min=1.2, max=5.0),
        minimum_feature_param(),
    ),
    build=build_marker,
)


def build_unit_base(v: Mapping[str, Any]) -> trimesh.Trimesh:
    outline = s.circle(v["diameter"] / 2)
    return s.to_trimesh(pieces.base(outline, v["thickness"], v["label"], v[MINIMUM_FEATURE]))


UNIT_BASE = Model3D(
    slug="unit-base",
    name="Unit base",
    description="A round base for a micro-game unit with its name engraved underneath.",
    group="base",
    size="mm-unit",
    params=(
        Param("diameter", "Diameter (mm)", default=25.0, min=12.0, max=60.0, step=0.5),
        Param("thickness", "Thickness (mm)", default=3.0, min=1.6, max=6.0),
        Param("label", "Name under the base", type="text", default="", max_length=12),
        minimum_feature_param(),
    ),
    build=build_unit_base,
)

MODELS: tuple[Model3D, ...] = (MARKER, UNIT_BASE)


def bundle_parts(army: Mapping[str, Any]) -> list:
    """A base for each unit the building pile can make, and the base marker."""

    units: Mapping[str, Mapping[str, Any]] = army.get("units") or {}
    parts = [PartSpec("Base marker", "base-marker", {}, 1)]
    for unit_slug, count in (army.get("counts") or {}).items():
        name = str((units.get(unit_slug) or {}).get("name", unit_slug))
        parts.append(PartSpec(name, "unit-base", {"label": s.safe_label(name, 12)}, count))
    return parts
