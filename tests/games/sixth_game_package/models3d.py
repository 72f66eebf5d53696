"""Tug of War's one printed piece: a round puller base with the puller's name underneath."""

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

MODEL_KINDS: tuple[str, ...] = ("puller",)
SIZES: tuple[Size, ...] = (
    Size("tug-puller", "Tug of War puller base", "round", (25, 25), 15, 40, 10),
)


def size_row(unit_type: str) -> str:
    """Every puller stands on the same base."""
    return "tug-puller"


def build_base(v: Mapping[str, Any]) -> trimesh.Trimesh:
    outline = s.circle(v["diameter"] / 2)
    return s.to_trimesh(pieces.base(outline, v["thickness"], v["label"], v[MINIMUM_FEATURE]))


BASE = Model3D(
    slug="puller-base",
    name="Puller base (25 mm)",
    description="A round base for one puller, the name engraved underneath.",
    group="base",
    size="tug-puller",
    params=(
        Param("diameter", "Diameter (mm)", default=25.0, min=15.0, max=40.0, step=1),
        Param("thickness", "Thickness (mm)", default=3.0, min=1.6, max=6.0),
        Param("label", "Name under the base", type="text", default="", max_length=12),
        minimum_feature_param(),
    ),
    build=build_base,
)

MODELS: tuple[Model3D, ...] = (BASE,)


def bundle_parts(army: Mapping[str, Any]) -> list[PartSpec]:
    """One base per puller of the team, its name underneath."""
    units = army.get("units") or {}
    parts = []
    for slug, count in (army.get("counts") or {}).items():
        name = str((units.get(slug) or {}).get("name") or slug)
        parts.append(PartSpec(name, BASE.slug, {"label": s.safe_label(name, 12)}, int(count)))
    return parts
