""" "A little game I made": unit bases (pure). The forum post's author uses 30x60 mm bases;
the front (the long edge, +y) carries a notch, since every action works off the front."""

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
SIZES: tuple[Size, ...] = (Size("lg-unit", "Little game unit base", "rect", (30, 60), 20, 120, 40),)


def size_row(unit_type: str) -> str:
    """The size row of a unit whose profile type is ``unit_type``."""
    return "lg-unit"


def build_base(v: Mapping[str, Any]) -> trimesh.Trimesh:
    width, depth = v["width"], v["depth"]
    outline = s.rect(width, depth)
    if v["notch"]:
        size = min(6.0, depth * 0.3, width * 0.3)
        outline = outline - pieces.notch(size, size * 0.6).translate((0, depth / 2))
    return s.to_trimesh(pieces.base(outline, v["thickness"], v["label"], v[MINIMUM_FEATURE]))


BASE = Model3D(
    slug="unit-base",
    name="Unit base (30 x 60 mm)",
    description="A rectangular base with a notch in the middle of its front edge showing "
    "which way the unit faces; the unit's name is engraved underneath.",
    group="base",
    size="lg-unit",
    params=(
        Param("width", "Frontage (mm)", default=60.0, min=20.0, max=120.0, step=1),
        Param("depth", "Depth (mm)", default=30.0, min=20.0, max=120.0, step=1),
        Param("thickness", "Thickness (mm)", default=3.0, min=1.6, max=6.0),
        Param("notch", "Facing notch", type="bool", default=True),
        Param("label", "Name under the base", type="text", default="", max_length=12),
        minimum_feature_param(),
    ),
    build=build_base,
)

MODELS: tuple[Model3D, ...] = (BASE,)


def _base_size(unit: Mapping[str, Any]) -> tuple[float, float]:
    """Frontage x depth: ``base_size`` such as "30x60" (the larger side is the front),
    else 60 x 30 for rectangular bases and 40 x 40 for square ones."""
    text = str(unit.get("base_size") or "")
    numbers = [float(n) for n in text.lower().replace("mm", "").split("x") if n.strip()]
    if len(numbers) == 2 and all(20 <= n <= 120 for n in numbers):
        return max(numbers), min(numbers)
    return (40.0, 40.0) if unit.get("base") == "square" else (60.0, 30.0)


def bundle_parts(army: Mapping[str, Any]) -> list:
    """One base per unit of the army, its name underneath."""

    body = army.get("body") or {}
    parts = []
    for unit in body.get("units") or []:
        if not isinstance(unit, Mapping):
            continue
        name = str(unit.get("name") or "Unit")
        width, depth = _base_size(unit)
        values = {"width": width, "depth": depth, "label": s.safe_label(name, 12)}
        parts.append(PartSpec(name, "unit-base", values, 1))
    return parts
