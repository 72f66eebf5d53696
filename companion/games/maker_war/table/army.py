"""A seat's saved army as the live table tracks it: formations of single models.

The list body names catalogue slugs; here every model becomes one JSON unit with the
profile the table needs (armor or structure, shields, fire, melee, traits), and every
formation gets the facts that decide what it may do: flyer, Titan, immobile, planetfall,
invader, root, its points and its supply cost (``round(points / 100)``, RULINGS).
Pure: the official catalogue is read once; a slug it does not know is reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.games.base import RuleError
from companion.games.building import BuildReport, Catalogue
from companion.games.maker_war.army_figures import Line, div_half_up, traits_of
from companion.games.maker_war.army_reading import read

FIRE_TRAIT_NAMES = {"AT": "anti-tank", "TR": "terror", "DY": "dicey"}


@cache
def catalogue() -> Catalogue:
    """The official Maker-War catalogue, built once per process (no database)."""
    from companion.games.maker_war import GAME

    return GAME.official_catalogue()


def _profile(data: Mapping[str, Any]) -> dict[str, Any]:
    traits = traits_of(data)
    fire_traits = [t for t in data.get("fire_traits") or [] if t in FIRE_TRAIT_NAMES]
    speed = data.get("speed") if isinstance(data.get("speed"), int) else 0
    return {
        "type": data.get("type", "tank"),
        "armor": max(int(data.get("armor") or 1), 1),
        "speed": max(speed, 0),
        "fire_range": int(data.get("fire_range") or 0),
        "fire_power": int(data.get("fire_power") or 0),
        "fire_traits": fire_traits,
        "fire_arc": data.get("fire_arc") or "all",
        "melee": int(data.get("melee") or 0),
        "traits": traits,
    }


def _unit(uid: str, line: Line, chief: bool) -> dict[str, Any]:
    """One model as ``allocation.combat_unit`` builds it, plus what the table tracks."""
    from companion.games.maker_war.combat.allocation import combat_unit

    info = line.info
    assert info is not None
    data = info.item.data if isinstance(info.item.data, Mapping) else {}
    profile = {**_profile(data), "structure": int(data.get("structure") or 0)}
    weapons = [
        {"mount": w.mount, "name": w.info.name if w.info else w.slug, **_profile(w.info.item.data)}
        for w in line.weapons
        if w.info is not None
    ]
    unit = combat_unit(uid, profile, chief=chief, name=info.name, weapons=weapons)
    for weapon, source in zip(unit.get("weapons", []), weapons, strict=True):
        weapon["fire_range"] = source["fire_range"]
    unit.update(
        {
            "slug": info.slug,
            "speed": profile["speed"],
            "fire_range": profile["fire_range"],
            "fire_arc": profile["fire_arc"],
            "alive": True,
            "points": line.model_points,
        }
    )
    return unit


def _flags(units: list[dict[str, Any]], plan_invader: bool) -> dict[str, Any]:
    has = {t for u in units for t in u["traits"]}
    ground = [u for u in units if u["type"] != "flyer"]
    return {
        "flyer": bool(units) and not ground,
        "titan": any(u["type"] == "titan" for u in units),
        "immobile": bool(ground) and min(u["speed"] for u in ground) == 0,
        "planetfall": "planetfall" in has,
        "invader": plan_invader or "invader" in has,
        "root": "root" in has,
    }


def formations_of(seat: int, body: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's formations, hypha, faction and budget, or ``RuleError`` when the list
    names nothing the table can field."""
    report = BuildReport()
    army = read(body, catalogue(), report)
    formations: list[dict[str, Any]] = []
    for formation in army.formations:
        fid = f"s{seat}f{formation.index}"
        units: list[dict[str, Any]] = []
        lines = [line for line in formation.lines if line.info is not None and line.count > 0]
        has_chief = any(line.chief for line in lines)
        for line in lines:
            for n in range(line.count):
                chief = (line.chief and n == 0) or (not has_chief and not units)
                units.append(_unit(f"{fid}u{len(units)}", line, chief))
        if not units:
            continue
        if len(units) == 1:
            units[0]["chief"] = True
        points = sum(u["points"] for u in units)
        flags = _flags(units, bool(formation.plan and formation.plan.invader))
        formations.append(
            {
                "id": fid,
                "seat": seat,
                "name": formation.name or formation.plan_name or f"Formation {formation.index + 1}",
                "plan": formation.plan_slug,
                "points": points,
                "supply_cost": div_half_up(points, 100),
                "stars": formation.stars,
                "speed": min((u["speed"] for u in units if u["type"] != "flyer"), default=0),
                **flags,
                "units": units,
                "where": "off",  # off | table | gone (destroyed or flown off)
                "entered": False,
                "activated": False,
                "order": None,
                "stance": None,
                "impact_tokens": 0,
                "terror_tokens": 0,
                "terror_check": False,
                "turn_hits": {},
                "maker_weapon": None,
                "carrying": [],
            }
        )
    hypha = []
    for j, line in enumerate(army.hypha):
        if line.info is None or line.count <= 0:
            continue
        for _ in range(line.count):
            hypha.append(
                {
                    **_unit(f"s{seat}h{len(hypha)}", line, False),
                    "where": "off",
                    "line": j,
                }
            )
    if not formations:
        raise RuleError({f"seats.{seat}": "This army names no formation the table knows."})
    return {
        "faction": army.faction or "",
        "budget": army.budget,
        "formations": formations,
        "hypha": hypha,
    }


def hypha_types(faction: str) -> list[dict[str, str]]:
    """The faction's hypha units a sprout may grow: slug and name (a fresh list: every
    seat's view carries one)."""
    return [{"slug": slug, "name": name} for slug, name in _hypha_types(faction)]


@cache
def _hypha_types(faction: str) -> tuple[tuple[str, str], ...]:
    """Read from the catalogue once per faction: it is built once per process."""
    return tuple(
        (item.slug, item.name)
        for item in catalogue().of_kind("unit", faction)
        if "hypha" in traits_of(item.data if isinstance(item.data, Mapping) else {})
    )


def new_hypha(seat: int, number: int, slug: str, faction: str) -> dict[str, Any]:
    """A freshly sprouted hypha of ``slug``, placed on the table."""
    item = catalogue().get("unit", slug, faction)
    data = item.data if item is not None and isinstance(item.data, Mapping) else None
    if item is None or data is None or "hypha" not in traits_of(data):
        raise RuleError({"hypha": f"'{slug}' is not a hypha of this army's faction."})
    from companion.games.maker_war.combat.allocation import combat_unit

    unit = combat_unit(f"s{seat}h{number}", _profile(data), name=item.name)
    unit.update({"slug": item.slug, "alive": True, "points": item.points or 0, "where": "table"})
    return unit


def living(formation: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [u for u in formation["units"] if u["alive"]]


def count_trait(formation: Mapping[str, Any], trait: str) -> int:
    """Living units of the formation with ``trait`` (valued traits count once each)."""
    return sum(1 for u in living(formation) if trait in u["traits"])


def trait_total(formation: Mapping[str, Any], trait: str) -> int:
    """The sum of a valued trait (Screen, Carrier, Transport) over living units."""
    return sum(u["traits"].get(trait, 0) for u in living(formation))
