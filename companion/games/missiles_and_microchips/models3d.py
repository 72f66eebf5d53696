"""Missiles & Microchips' printable pieces: energy tokens and the starting player token
(pure). The box holds 50 energy tokens; tokens worth more than 1 save counting."""

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
MODEL_KINDS: tuple[str, ...] = ("component",)
SIZES: tuple[Size, ...] = (
    Size("energy-token", "Missiles & Microchips energy token", "round", (20, 20), 12, 30, 6),
)


def size_row(unit_type: str) -> str:
    """The size row of a unit whose profile type is ``unit_type``."""
    return "energy-token"


def build_energy(v: Mapping[str, Any]) -> trimesh.Trimesh:
    minimum = v[MINIMUM_FEATURE]
    diameter = v["diameter"]
    value = int(v["value"])
    if value == 1:
        shape = pieces.symbol("bolt", diameter * 0.6, minimum)
    else:
        bolt = s.fit(pieces.SYMBOLS["bolt"](), diameter * 0.3, diameter * 0.5)
        number = s.fit(s.text(str(value), 10), diameter * 0.32, diameter * 0.45)
        shape = s.sturdy(
            bolt.translate((-diameter * 0.15, 0)) + number.translate((diameter * 0.17, 0)),
            minimum,
        )
    return s.to_trimesh(pieces.disc_with_symbol(diameter, v["thickness"], shape, minimum))


ENERGY = Model3D(
    slug="energy-token",
    name="Energy token",
    description="A coin with a raised lightning bolt; tokens worth 3 or 5 carry the number "
    "beside the bolt.",
    group="token",
    size="energy-token",
    params=(
        Param("value", "Worth", type="choice", default="1", choices=("1", "3", "5")),
        Param("diameter", "Diameter (mm)", default=20.0, min=14.0, max=30.0, step=0.5),
        Param("thickness", "Thickness (mm)", default=2.5, min=1.2, max=5.0),
        minimum_feature_param(),
    ),
    build=build_energy,
)


def build_start(v: Mapping[str, Any]) -> trimesh.Trimesh:
    minimum = v[MINIMUM_FEATURE]
    shape = s.sturdy(s.fit(s.star(1.0, 0.45, 5), v["diameter"] * 0.6, v["diameter"] * 0.6), minimum)
    return s.to_trimesh(pieces.disc_with_symbol(v["diameter"], v["thickness"], shape, minimum))


START = Model3D(
    slug="start-token",
    name="Starting player token",
    description="The token that passes clockwise each round: a disc with a raised star.",
    group="token",
    size="energy-token",
    params=(
        Param("diameter", "Diameter (mm)", default=28.0, min=18.0, max=30.0, step=0.5),
        Param("thickness", "Thickness (mm)", default=3.0, min=1.2, max=5.0),
        minimum_feature_param(),
    ),
    build=build_start,
)

MODELS: tuple[Model3D, ...] = (ENERGY, START)


def bundle_parts(army: Mapping[str, Any]) -> list:
    """The box's 50 energy tokens and the starting player token."""

    return [
        PartSpec("Energy token", "energy-token", {"value": "1"}, 50),
        PartSpec("Starting player token", "start-token", {}, 1),
    ]
