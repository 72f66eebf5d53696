"""Maker-War formation datacards: one card per formation, each unit's profile and traits,
the formation's figures and the rules of every trait it uses.

Pure data for ``printing``. A formation's text comes as ``blocks`` (a unit with its traits
and weapons, a trait's rule) and the card asks to be fitted (``"fit": True``): the printer
measures it against the chosen card size and, when even small type will not do, carries
it over continuation cards without cutting a unit's block in two.
"""

from __future__ import annotations

from typing import Any

from companion.games.maker_war import build_rules

TYPE_COLOURS = {"infantry": "#cfd8c0", "tank": "#d6cbb8", "titan": "#d8c0c0", "flyer": "#c0d0d8"}
# Each faction's colour: the band of its datacards.
FACTION_ACCENTS = {
    "terran-makers": "#2f5d8a",
    "stellar-pilgrim": "#8a6d1f",
    "transcendent": "#5b3f8c",
    "cyber-demons": "#9b1f2f",
    "astral": "#1f7a80",
    "fungus-pandemia": "#4f7a24",
}


def figures(source: Any) -> dict[str, Any]:
    return build_rules.validate(source.body or {}, source.catalogue()).figures


def formations(source: Any) -> list[dict[str, Any]]:
    body = source.body or {}
    rows = body.get("formations", [])
    return [f for f in rows if isinstance(f, dict)] if isinstance(rows, list) else []


def profile(data: dict[str, Any]) -> str:
    """A unit's profile in one line, as the datacard prints it."""
    parts = []
    if data.get("structure"):
        parts.append(f"Str {data['structure']}")
    if data.get("armor"):
        parts.append(f"Arm {data['armor']}")
    if data.get("speed") is not None:
        parts.append(f"Spd {data['speed']}")
    if data.get("fire_power"):
        traits = "".join(f" {t}" for t in data.get("fire_traits", []))
        arc = f" ({data['fire_arc']})" if data.get("fire_arc") not in (None, "all") else ""
        parts.append(f"Fire {data.get('fire_range', 0)} cm x{data['fire_power']}{traits}{arc}")
    if data.get("melee"):
        parts.append(f"Melee {data['melee']}")
    return " · ".join(parts)


def trait_names(data: dict[str, Any], source: Any) -> list[str]:
    names = []
    for slug, value in (data.get("traits") or {}).items():
        trait = source.find("trait", slug)
        name = trait["name"] if trait else slug
        names.append(name if value in (1, True, None) else f"{name} {value}")
    return names


def units_of(formation: dict[str, Any], source: Any, faction: str) -> list[tuple[dict, int, bool]]:
    out = []
    for row in formation.get("units", []):
        if not isinstance(row, dict):
            continue
        unit = source.find("unit", str(row.get("unit", "")), faction)
        if unit is None:
            raise ValueError(f"The army names a unit Muster does not know: {row.get('unit')!r}.")
        out.append((unit, int(row.get("count", 1) or 1), bool(row.get("chief"))))
    return out


def mounts_of(unit: dict[str, Any], formation: dict[str, Any]) -> list[tuple[str, str]]:
    chosen = formation.get("mounts") or {}
    return [
        (m.get("mount", ""), chosen.get(m.get("mount", ""), m.get("weapon", "")))
        for m in unit["data"].get("mounts", []) or []
    ]


def mount_label(mount: str) -> str:
    """A mount's name in words ("left-weapon" prints "Left weapon")."""
    return mount.replace("-", " ").strip().capitalize() or "Mount"


def weapons_of(
    unit: dict[str, Any], formation: dict[str, Any], source: Any, faction: str
) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Each mount of the unit in words, the chosen weapon's name, and its entry (if known)."""
    out = []
    for mount, slug in mounts_of(unit, formation):
        weapon = source.find("unit", slug, faction) if slug else None
        name = weapon["name"] if weapon else slug.replace("-", " ").capitalize()
        out.append((mount_label(mount), name, weapon))
    return out


def _unit_block(unit: dict, count: int, chief: bool, formation: dict, source: Any) -> str:
    """A unit's lines: its profile, its traits, the weapon on each of its mounts."""
    data, faction = unit["data"], str((source.body or {}).get("faction", ""))
    chief_mark = " (chief)" if chief else ""
    lines = [f"{count}x {unit['name']}{chief_mark}: {profile(data)}"]
    traits = trait_names(data, source)
    if traits:
        lines.append("   " + ", ".join(traits))
    for mount, name, weapon in weapons_of(unit, formation, source, faction):
        shown = f": {profile(weapon['data'])}" if weapon else ""
        lines.append(f"   {mount}: {name}{shown}")
    return "\n".join(lines)


def _rules(units: list[tuple[dict, int, bool]], source: Any) -> list[str]:
    """The rule of every trait the formation's units have, once each, by name."""
    used = {}
    for unit, _, _ in units:
        for slug in unit["data"].get("traits") or {}:
            trait = source.find("trait", slug)
            if trait:
                used[trait["name"]] = trait["text"]
    return [f"{name}: {text}" for name, text in sorted(used.items())]


def datacards(source: Any) -> list[dict[str, Any]]:
    """One datacard per formation: each unit's profile and traits, the formation's points,
    supply cost and stars, and the rules of every trait it uses."""
    faction = str((source.body or {}).get("faction", ""))
    by_index = {f["index"]: f for f in figures(source).get("formations", [])}
    cards = []
    for index, formation in enumerate(formations(source)):
        fig = by_index.get(index, {})
        units = units_of(formation, source, faction)
        blocks = [_unit_block(u, n, chief, formation, source) for u, n, chief in units]
        rules = _rules(units, source)
        if rules:
            blocks += ["", *rules]  # a blank line between the units and the rules
        kind = units[0][0]["category"] if units else ""
        cards.append(
            {
                "title": str(formation.get("name") or fig.get("plan_name", "Formation")),
                "type": fig.get("plan_name", ""),
                "faction": source.faction_name(faction),
                "symbol": faction,
                "cost": fig.get("points"),
                "stats": [
                    ["Points", str(fig.get("points", "-"))],
                    ["Units", str(fig.get("units", "-"))],
                    ["Supply", str(fig.get("supply_cost", "-"))],
                    ["Stars", "★" * int(fig.get("stars", 0) or 0) or "0"],
                ],
                "text": "\n".join(blocks),
                "blocks": blocks,
                "fit": True,  # the printer fits it to the card size, over more cards if need be
                "footer": "Maker-War",
                "colour": TYPE_COLOURS.get(kind, "#d8dee6"),
                "accent": FACTION_ACCENTS.get(faction, "#39414a"),
            }
        )
    if not cards:
        raise ValueError("The army has no formations to print.")
    return cards
