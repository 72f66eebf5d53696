"""The documented sizes of printed pieces, in millimetres (no Django).

Maker-War is played at 6 mm scale (about 1:285): the book fixes the templates (5 cm and
15 cm across) and leaves bases to the players, so the base sizes below are Muster's own
recommendation, chosen so that a formation fits inside the 15 cm template. The other games'
pieces follow their texts where they give a size (the little game's 30x60 mm bases, Micro
and Macro's base radius of 0.5 + 0.5 per building cm). Generators take their defaults from
this table and the upload check measures an uploaded design against it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Size:
    key: str
    label: str
    base: str  # "round", "rect", "hex" or "none"
    base_mm: tuple[float, float]  # diameter twice for round bases, width x depth otherwise
    footprint_min: float  # the smaller side of the bounding box, at least
    footprint_max: float  # the larger side of the bounding box, at most
    height_max: float

    def row(self) -> dict:
        return {
            "key": self.key,
            "label": self.label,
            "base": self.base,
            "base_mm": list(self.base_mm),
            "footprint_mm": [self.footprint_min, self.footprint_max],
            "height_max_mm": self.height_max,
        }


TABLE: dict[str, Size] = {
    s.key: s
    for s in (
        # Maker-War units at 6 mm scale.
        Size("infantry", "Maker-War infantry stand", "round", (20, 20), 10, 26, 20),
        Size("tank", "Maker-War tank", "rect", (20, 30), 12, 45, 25),
        Size("titan", "Maker-War Titan", "round", (50, 50), 30, 80, 100),
        Size("flyer", "Maker-War flyer on a flight stand", "round", (25, 25), 15, 60, 60),
        Size("weapon", "Maker-War Titan weapon system", "none", (0, 0), 3, 45, 45),
        # Maker-War tokens and templates (templates: the book's 5 cm and 15 cm).
        Size("template-small", "Small (bombard) template, 5 cm", "round", (50, 50), 48, 52, 6),
        Size("template-big", "Formation template, 15 cm", "round", (150, 150), 148, 152, 6),
        Size("marker", "Maker-War marker or token", "round", (25, 25), 12, 40, 10),
        # The other games.
        Size("hex-tile", "Smalltricks hex tile (40 mm across flats)", "hex", (40, 46.2), 38, 56, 8),
        Size("die-token", "Smalltricks unit token", "rect", (16, 16), 10, 25, 10),
        Size("energy-token", "Missiles & Microchips energy token", "round", (20, 20), 12, 30, 6),
        Size("base-marker", "Micro and Macro base marker", "round", (64, 64), 40, 70, 6),
        Size("mm-unit", "Micro and Macro unit base", "round", (25, 25), 10, 60, 40),
        Size("lg-unit", "Little game unit base", "rect", (30, 60), 20, 120, 40),
        # Anything else a homebrew entry may need.
        Size("other", "Other piece", "none", (0, 0), 1, 250, 250),
    )
}

# The Maker-War profile type decides a unit's size row; other games name theirs per kind.
UNIT_TYPE_SIZE = {
    "infantry": "infantry",
    "tank": "tank",
    "titan": "titan",
    "flyer": "flyer",
    "weapon": "weapon",
}
GAME_UNIT_SIZE = {
    "smalltricks": "die-token",
    "micro-and-macro": "mm-unit",
    "little-game": "lg-unit",
    "missiles-and-microchips": "energy-token",
}

TOLERANCE_MM = 0.5


def size_for(game: str, unit_type: str = "") -> Size:
    """The size row for a unit of ``game`` whose profile type is ``unit_type``."""
    if game == "maker-war" and unit_type in UNIT_TYPE_SIZE:
        return TABLE[UNIT_TYPE_SIZE[unit_type]]
    return TABLE[GAME_UNIT_SIZE.get(game, "other")]


def fits(size: Size, extent: tuple[float, float, float]) -> list[str]:
    """Why a bounding box of ``extent`` (x, y, z mm) does not fit ``size``; empty if it does."""
    small, large = sorted(extent[:2])
    problems = []
    if large > size.footprint_max + TOLERANCE_MM:
        problems.append(
            f"{large:.1f} mm across is larger than the {size.footprint_max:g} mm "
            f"allowed for a {size.label}."
        )
    if small < size.footprint_min - TOLERANCE_MM:
        problems.append(
            f"{small:.1f} mm across is smaller than the {size.footprint_min:g} mm "
            f"expected for a {size.label}."
        )
    if extent[2] > size.height_max + TOLERANCE_MM:
        problems.append(
            f"{extent[2]:.1f} mm tall is taller than the {size.height_max:g} mm "
            f"allowed for a {size.label}."
        )
    return problems
