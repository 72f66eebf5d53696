"""Maker-War's printable pieces: templates, markers, bases and proxy miniatures (pure).

Sizes come from ``printing.stl.sizes`` (6 mm scale); symbols follow the book's suggestions
(patrol: crosshair, march: triple arrows, scatter: spreading arrows, flying low: an arrow
into a star). Each build returns a closed mesh in millimetres lying on the bed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import trimesh

from companion.games.maker_war.proxies3d import BASES, BUILDERS, UNIT_TYPES
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
# Bases at 6 mm scale (about 1:285) are Muster's recommendation, chosen so that a formation
# fits inside the book's 15 cm template; the templates are the book's 5 cm and 15 cm.
SIZES: tuple[Size, ...] = (
    Size("infantry", "Maker-War infantry stand", "round", (20, 20), 10, 26, 20),
    Size("tank", "Maker-War tank", "rect", (20, 30), 12, 45, 25),
    Size("titan", "Maker-War Titan", "round", (50, 50), 30, 80, 100),
    Size("flyer", "Maker-War flyer on a flight stand", "round", (25, 25), 15, 60, 60),
    Size("weapon", "Maker-War Titan weapon system", "none", (0, 0), 3, 45, 45),
    Size("template-small", "Small (bombard) template, 5 cm", "round", (50, 50), 48, 52, 6),
    Size("template-big", "Formation template, 15 cm", "round", (150, 150), 148, 152, 6),
    Size("marker", "Maker-War marker or token", "round", (25, 25), 12, 40, 10),
)
UNIT_SIZE_ROWS = frozenset({"infantry", "tank", "titan", "flyer", "weapon"})


def size_row(unit_type: str) -> str:
    """The size row of a unit whose profile type is ``unit_type``."""
    return unit_type if unit_type in UNIT_SIZE_ROWS else "other"


STANCE_SYMBOLS = {
    "patrol": "crosshair",
    "march": "triple-arrows",
    "scatter": "spreading-arrows",
    "flying-low": "arrow-into-star",
    "fly-high": "arrow-out-of-star",
    "rage": "flames",
}
MARKER_SYMBOLS = {"impact": "burst", "terror": "warning", "activation": "check"}


def _thickness(default: float = 2.0) -> Param:
    return Param("thickness", "Thickness (mm)", default=default, min=1.2, max=6.0, step=0.1)


def _label_param(default: str = "") -> Param:
    return Param(
        "label",
        "Name under the base",
        type="text",
        default=default,
        help="Engraved under the base, mirrored so it reads when turned over; "
        "left out when it cannot be read at this size.",
    )


# ---- templates ---------------------------------------------------------------------------


def build_template(v: Mapping[str, Any]) -> trimesh.Trimesh:
    radius = v["diameter"] / 2
    minimum = v[MINIMUM_FEATURE]
    width = max(v["ring_width"], minimum)
    outline = s.circle(radius) if v["style"] == "disc" else s.ring(radius, width)
    solid = s.extrude(outline, v["thickness"])
    if v["style"] == "ring" and v["centre_mark"]:
        spoke = max(minimum * 1.5, 2.0)
        arms = s.rect(2 * radius - width, spoke) + s.rect(spoke, 2 * radius - width)
        solid = solid + s.extrude(arms, v["thickness"])
    return s.to_trimesh(solid)


TEMPLATE = Model3D(
    slug="template",
    name="Template (5 cm or 15 cm)",
    description="The small bombard template (5 cm across) or the big formation template "
    "(15 cm across), as a solid disc or a ring you can see the table through.",
    group="template",
    size=lambda v: "template-small" if str(v.get("diameter")) == "50" else "template-big",
    params=(
        Param("diameter", "Diameter (mm)", type="choice", default="50", choices=("50", "150")),
        Param("style", "Style", type="choice", default="ring", choices=("ring", "disc")),
        Param("ring_width", "Ring width (mm)", default=5.0, min=2.0, max=20.0, step=0.5),
        Param("centre_mark", "Cross through the centre", type="bool", default=True),
        _thickness(2.0),
        minimum_feature_param(),
    ),
    build=lambda v: build_template({**v, "diameter": float(v["diameter"])}),
)


# ---- markers -------------------------------------------------------------------------------


def build_marker(v: Mapping[str, Any]) -> trimesh.Trimesh:
    name = v["kind"]
    symbol_name = MARKER_SYMBOLS.get(name) or STANCE_SYMBOLS[name]
    minimum = v[MINIMUM_FEATURE]
    shape = pieces.symbol(symbol_name, v["diameter"] * 0.62, minimum)
    return s.to_trimesh(pieces.disc_with_symbol(v["diameter"], v["thickness"], shape, minimum))


def _marker_model(slug: str, name: str, kinds: tuple[str, ...], description: str) -> Model3D:
    return Model3D(
        slug=slug,
        name=name,
        description=description,
        group="marker",
        size="marker",
        params=(
            Param("kind", "Marker", type="choice", default=kinds[0], choices=kinds),
            Param("diameter", "Diameter (mm)", default=25.0, min=15.0, max=40.0, step=0.5),
            _thickness(2.0),
            minimum_feature_param(),
        ),
        build=build_marker,
    )


MARKER = _marker_model(
    "marker",
    "Impact, terror and activation markers",
    ("impact", "terror", "activation"),
    "Impact tokens (a burst), terror impact tokens (a warning sign, so they stand out from "
    "common ones) and activation markers (a tick) with the symbol raised.",
)
STANCE = _marker_model(
    "stance",
    "Stance markers",
    tuple(STANCE_SYMBOLS),
    "One counter per stance with the book's suggested symbol raised on it: patrol "
    "(crosshair), march (triple arrows), scatter (spreading arrows), flying low (arrow into "
    "a star); fly high and rage have Muster's own symbols.",
)


# ---- bases ---------------------------------------------------------------------------------


def build_base(v: Mapping[str, Any]) -> trimesh.Trimesh:
    outline = s.circle(v["width"] / 2) if v["shape"] == "round" else s.rect(v["width"], v["depth"])
    return s.to_trimesh(pieces.base(outline, v["thickness"], v["label"], v[MINIMUM_FEATURE]))


BASE = Model3D(
    slug="base",
    name="Unit base",
    description="A plain base for 6 mm miniatures (defaults: infantry 20 mm round; tanks "
    "20 x 30 mm), with the unit's name engraved underneath.",
    group="base",
    size=lambda v: "infantry" if v.get("shape") == "round" else "tank",
    params=(
        Param("shape", "Shape", type="choice", default="round", choices=("round", "rect")),
        Param("width", "Width / diameter (mm)", default=20.0, min=10.0, max=60.0, step=0.5),
        Param("depth", "Depth (mm, rectangular)", default=30.0, min=10.0, max=60.0, step=0.5),
        _thickness(2.5),
        _label_param("MR"),
        minimum_feature_param(),
    ),
    build=build_base,
)


# ---- proxy miniatures (the parts are drawn in proxies3d) ---------------------------------


def build_proxy(v: Mapping[str, Any]) -> trimesh.Trimesh:
    kind = v["type"]
    default_size, shape = BASES[kind]
    smallest = {"infantry": 12.0, "tank": 14.0, "titan": v["height"] * 0.6, "flyer": 16.0}[kind]
    size = max(v["base_size"] or default_size, smallest)
    v = {**v, "base_size": size}
    outline = s.circle(size / 2) if shape == "round" else s.rect(size, size * 1.5)
    base = pieces.base(outline, v["base_thickness"], v["label"], v[MINIMUM_FEATURE])
    return s.to_trimesh(s.union([base, *BUILDERS[kind](v)]))


# A proxy's own settings, each asked only for the unit type it shapes.
_FOR = {kind: ("type", (kind,)) for kind in UNIT_TYPES}

PROXY = Model3D(
    slug="proxy",
    name="Proxy miniature",
    description="A stand-in model made from a unit's profile: an infantry stand with its "
    "figures, a tank with hull, turret and barrel, a Titan with legs, body and weapon "
    "mounts, or a flyer on a flight stand; the unit's name is engraved under the base.",
    group="miniature",
    size=lambda v: str(v.get("type", "infantry")),
    params=(
        Param("type", "Unit type", type="choice", default="infantry", choices=UNIT_TYPES),
        Param(
            "base_size",
            "Base size (mm, 0 = the table's)",
            default=0.0,
            min=0.0,
            max=60.0,
            step=0.5,
            help="Infantry 20 mm round, tanks 20 x 30 mm, Titans 50 mm, flyers 25 mm; a base "
            "too small to stand the model on is raised to the smallest that holds it.",
        ),
        Param("base_thickness", "Base thickness (mm)", default=2.5, min=2.0, max=5.0),
        Param(
            "figures",
            "Figures on the stand",
            type="int",
            default=3,
            min=1,
            max=5,
            step=1,
            when=_FOR["infantry"],
        ),
        Param("hero", "A hero with a banner", type="bool", default=False, when=_FOR["infantry"]),
        Param("turret", "Turret", type="bool", default=True, when=_FOR["tank"]),
        Param("tracks", "Tracks (off: hover skirt)", type="bool", default=True, when=_FOR["tank"]),
        Param("barrels", "Barrels", type="int", default=1, min=1, max=2, step=1, when=_FOR["tank"]),
        Param(
            "barrel_length",
            "Barrel length (mm)",
            default=8.0,
            min=2.0,
            max=20.0,
            when=_FOR["tank"],
        ),
        Param(
            "height", "Height (mm)", default=60.0, min=40.0, max=95.0, step=1, when=_FOR["titan"]
        ),
        Param(
            "mounts",
            "Weapon mounts",
            type="int",
            default=2,
            min=2,
            max=4,
            step=1,
            when=_FOR["titan"],
        ),
        Param(
            "weapon_length",
            "Weapon length (mm)",
            default=8.0,
            min=2.0,
            max=20.0,
            when=_FOR["titan"],
        ),
        Param(
            "stand_height",
            "Stand height (mm)",
            default=25.0,
            min=10.0,
            max=40.0,
            step=1,
            when=_FOR["flyer"],
        ),
        Param(
            "length", "Length (mm)", default=22.0, min=12.0, max=40.0, step=0.5, when=_FOR["flyer"]
        ),
        Param(
            "wingspan",
            "Wingspan (mm)",
            default=26.0,
            min=12.0,
            max=55.0,
            step=0.5,
            when=_FOR["flyer"],
        ),
        _label_param("UNIT"),
        minimum_feature_param(),
    ),
    build=build_proxy,
)


def proxy_values(name: str, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """Proxy parameters read from a unit's catalogue profile; None for Titan weapons.

    Longer fire range means a longer barrel; a hero gets a banner; a Titan with four
    critical-hit mounts (a big Titan) gets four weapon mounts; Hover drops the tracks.
    """
    kind = data.get("type")
    if kind not in UNIT_TYPES:
        return None
    traits = data.get("traits") or {}
    fire_range = data.get("fire_range") or 0
    values: dict[str, Any] = {"type": kind, "label": s.abbreviation(name)}
    if kind == "infantry":
        values["hero"] = bool(traits.get("hero"))
        values["figures"] = 1 if traits.get("hero") else 3
    elif kind == "tank":
        values["tracks"] = not traits.get("hover")
        values["barrel_length"] = float(min(20, max(4, fire_range / 6)))
        values["turret"] = data.get("fire_arc", "all") == "all"
        values["barrels"] = 2 if (data.get("fire_power") or 0) >= 4 else 1
    elif kind == "titan":
        values["mounts"] = 4 if (data.get("structure") or 0) > 20 else 2
    return values


def entry_part(kind: str, name: str, data: Mapping[str, Any]) -> PartSpec | None:
    """The model printed for one catalogue entry: a unit's proxy, prefilled from its profile
    (None for a Titan weapon, which is printed on its Titan)."""
    if kind not in MODEL_KINDS:
        return None
    values = proxy_values(name, data)
    return None if values is None else PartSpec(name, "proxy", values, 1)


MODELS: tuple[Model3D, ...] = (TEMPLATE, MARKER, STANCE, BASE, PROXY)


def _formations(body: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    formations = body.get("formations") if isinstance(body, Mapping) else None
    return [f for f in formations or [] if isinstance(f, Mapping)]


def bundle_parts(army: Mapping[str, Any]) -> list:
    """One proxy per unit (or per unit type), the templates, and the tokens a battle needs.

    Muster's suggested token counts: one activation marker and one of each basic stance per
    formation (a formation holds one stance at a time), a terror token per formation (the
    book: never more than one on a formation), six impact tokens per formation, flyer
    stances per formation with flyers, rage markers per formation with Berserk units.
    """

    units: Mapping[str, Mapping[str, Any]] = army.get("units") or {}
    counts: Mapping[str, int] = army.get("counts") or {}
    by_type = army.get("grouping") == "type"
    parts: list[PartSpec] = []
    grouped: dict[str, int] = {}
    for unit_slug, count in counts.items():
        info = units.get(unit_slug) or {}
        values = proxy_values(str(info.get("name", unit_slug)), info.get("data") or {})
        if values is None:
            continue
        if by_type:
            grouped[values["type"]] = grouped.get(values["type"], 0) + count
            continue
        parts.append(PartSpec(str(info.get("name", unit_slug)), "proxy", values, count))
    for kind, count in grouped.items():
        values = {"type": kind, "label": kind[:3].upper()}
        if kind == "titan":
            values["mounts"] = 4
        parts.append(PartSpec(f"{kind.title()} proxy", "proxy", values, count))

    body = army.get("body") or {}
    formations = _formations(body)
    n = len(formations) + (1 if body.get("hypha") else 0)

    def has(formation: Mapping[str, Any], test: Any) -> bool:
        for line in formation.get("units") or []:
            info = units.get(str(line.get("unit", ""))) if isinstance(line, Mapping) else None
            if info and test(info.get("data") or {}):
                return True
        return False

    flyers = sum(has(f, lambda d: d.get("type") == "flyer") for f in formations)
    berserk = sum(
        has(f, lambda d: bool((d.get("traits") or {}).get("berserk"))) for f in formations
    )
    parts += [
        PartSpec("Small template 5 cm", "template", {"diameter": "50"}, 1, "bombard weapons"),
        PartSpec("Formation template 15 cm", "template", {"diameter": "150"}, 1),
        PartSpec("Activation marker", "marker", {"kind": "activation"}, n),
        PartSpec("Impact token", "marker", {"kind": "impact"}, 6 * n),
        PartSpec("Terror impact token", "marker", {"kind": "terror"}, n),
        PartSpec("Patrol stance", "stance", {"kind": "patrol"}, n),
        PartSpec("March stance", "stance", {"kind": "march"}, n),
        PartSpec("Scatter stance", "stance", {"kind": "scatter"}, n),
        PartSpec("Flying low stance", "stance", {"kind": "flying-low"}, flyers),
        PartSpec("Fly high stance", "stance", {"kind": "fly-high"}, flyers),
        PartSpec("Rage stance", "stance", {"kind": "rage"}, berserk),
    ]
    return parts
