"""Maker-War profiles and plans in the words a player reads on a datacard.

Slugs become names (official units by their catalogue name, anything else title-cased),
traits read "Screen (2)", mounts "Left weapon: Rail Cannon", choices "Rifles 2-8".
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.games.base import slugify
from companion.games.maker_war.traits import TRAITS_BY_SLUG

FIRE_TRAIT_NAMES = {"AT": "Anti-Tank", "TR": "Terror", "DY": "Dicey"}


@cache
def _unit_names() -> dict[str, str]:
    """Official unit and Titan weapon names by slug."""
    from companion.games.maker_war import units

    names: dict[str, str] = {}
    for faction in units.STARTER_UNITS.values():
        for unit in faction:
            names[unit.slug] = unit.name
            names.update({slugify(w.name): w.name for w in unit.weapons})
    return names


def unit_name(slug: str) -> str:
    return _unit_names().get(slug) or slug.replace("-", " ").capitalize()


def trait_list(traits: Mapping[str, Any]) -> str:
    """Traits by name, valued ones with their X: "Hover, Screen (2)"."""
    parts = []
    for slug, value in traits.items():
        trait = TRAITS_BY_SLUG.get(slug)
        name = trait.name if trait else slug
        parts.append(f"{name} ({value})" if trait and trait.valued else name)
    return ", ".join(parts)


def unit_facts(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The datacard lines of a unit, Titan or weapon."""
    kind = data.get("type", "")
    lines: list[tuple[str, str]] = [("Type", str(kind).capitalize())]
    if kind == "titan":
        lines.append(("Structure", str(data.get("structure", ""))))
    elif kind != "weapon":
        lines.append(("Armor", str(data.get("armor", ""))))
    if kind != "flyer":
        speed = data.get("speed", 0)
        lines.append(("Speed", "immobile" if speed == 0 else f"{speed} cm"))
    else:
        lines.append(("Speed", "flyer"))
    if data.get("fire_power"):
        fire = f"{data['fire_power']}"
        if data.get("fire_traits"):
            fire += " " + " ".join(data["fire_traits"])
        lines.append(("Fire range", f"{data.get('fire_range', 0)} cm"))
        lines.append(("Fire power", fire))
        if data.get("fire_arc", "all") != "all":
            lines.append(("Fire arc", str(data["fire_arc"]).capitalize()))
    lines.append(("Air-to-air" if kind == "flyer" else "Melee", str(data.get("melee", 0))))
    if data.get("traits"):
        lines.append(("Traits", trait_list(data["traits"])))
    for mount in data.get("mounts") or []:
        if isinstance(mount, Mapping):
            label = str(mount.get("mount", "")).replace("-", " ").capitalize()
            lines.append((label, unit_name(str(mount.get("weapon", "")))))
    if data.get("titan"):
        mount = str(data.get("mount", "")).replace("-", " ")
        lines.append(("Carried by", f"{unit_name(str(data['titan']))}, {mount}".rstrip(", ")))
    return lines


def plan_facts(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A formation plan's choices, limits, chiefs, dependencies and stars."""
    lines: list[tuple[str, str]] = []
    for choice in data.get("choices") or []:
        if not isinstance(choice, Mapping):
            continue
        low, high = choice.get("min", 0), choice.get("max", 1)
        count = str(low) if low == high else f"{low}-{high}"
        note = " (obligatory)" if choice.get("obligatory") or low > 0 else ""
        lines.append((unit_name(str(choice.get("unit", ""))), f"{count}{note}"))
    lines.append(("Units", f"{data.get('min_units', 1)}-{data.get('max_units', '')}"))
    chiefs = data.get("chiefs") or []
    lines.append(("Chief", ", ".join(unit_name(c) for c in chiefs) if chiefs else "any unit"))
    for dep in data.get("dependencies") or []:
        if isinstance(dep, Mapping):
            lines.append(
                (
                    "Dependency",
                    f"at most one {unit_name(str(dep.get('unit')))} per {dep.get('per')} "
                    f"{unit_name(str(dep.get('per_unit')))}",
                )
            )
    lines.append(("Rare stars", str(data.get("stars", 0))))
    if data.get("invader"):
        lines.append(("Invader", "enters by carrier, planetfall or portal"))
    if data.get("classic"):
        classic = ", ".join(f"{n} {unit_name(u)}" for u, n in data["classic"].items())
        lines.append(("Classic formation", classic))
    return lines
