"""The Maker-War army builder's actions: each tap on the page is one pure edit of the body.

The edits only keep the body well-formed (a formation to add a unit to must exist); they
never refuse a move because it breaks a rule of the book: the validator reports that, so
a player can build through an illegal state towards a legal one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from copy import deepcopy
from typing import Any

from companion.games import plain_lists
from companion.games.base import RuleError
from companion.games.building import Catalogue
from companion.games.list_editing import arg_bool, arg_int, arg_quantity, arg_str, item_at
from companion.games.maker_war.army_figures import UnitInfo
from companion.games.maker_war.army_reading import BUDGET_RULE, MAX_BUDGET, MIN_BUDGET
from companion.games.plain_lists import Names, PlainLine, PlainReading

OPTIONS = ("ignore_setup_guidelines", "allow_homebrew")
DEFAULT_BUDGET = 1000


def _formations(body: dict[str, Any]) -> list[dict[str, Any]]:
    if not isinstance(body.get("formations"), list):
        body["formations"] = []
    return body["formations"]


def _lines(formation: Any, name: str = "formation") -> list[dict[str, Any]]:
    if not isinstance(formation, dict):
        raise RuleError({name: "This formation cannot be edited."})
    if not isinstance(formation.get("units"), list):
        formation["units"] = []
    return formation["units"]


def start(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """A new, empty army of one faction and budget."""
    faction = arg_str(args, "faction")
    budget = _budget(args) if args.get("budget") else DEFAULT_BUDGET
    return {
        "faction": faction,
        "budget": budget,
        "options": {o: False for o in OPTIONS},
        "formations": [],
        "hypha": [],
    }


def _budget(args: Mapping[str, str]) -> int:
    """The ``budget`` argument within the setup table's bounds, or a ``RuleError`` saying
    them: never silently clipped or kept."""
    try:
        budget = arg_int(args, "budget")
    except RuleError:
        raise RuleError({"budget": f"Expected a whole number. {BUDGET_RULE}."}) from None
    if not MIN_BUDGET <= budget <= MAX_BUDGET:
        raise RuleError({"budget": f"{BUDGET_RULE}."})
    return budget


def set_budget(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    body["budget"] = _budget(args)
    return body


def set_option(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    name = arg_str(args, "option")
    if name not in OPTIONS:
        raise RuleError({"option": f"Must be one of: {', '.join(OPTIONS)}."})
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    options[name] = arg_bool(args, "value")
    body["options"] = options
    return body


def add_formation(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """``quantity`` formations of a plan (default 1): empty, or the plan's classic
    formation (one tap)."""
    quantity = arg_quantity(args, high=20)
    slug = arg_str(args, "plan")
    plan = catalogue.get("formation-plan", slug, str(body.get("faction", "")))
    if plan is None:
        raise RuleError({"plan": f"No formation plan '{slug}'."})
    formation: dict[str, Any] = {"plan": slug, "name": plan.name, "units": []}
    if arg_bool(args, "classic"):
        chiefs = list(plan.data.get("chiefs") or [])
        classic = dict(plan.data.get("classic") or {})
        # In the plan's own order: a JSON object's key order is not kept by every database.
        ordered = [c.get("unit") for c in plan.data.get("choices") or [] if isinstance(c, dict)]
        ordered += [unit for unit in classic if unit not in ordered]
        for unit in ordered:
            if classic.get(unit):
                formation["units"].append({"unit": unit, "count": classic[unit]})
        total = sum(line["count"] for line in formation["units"])
        lead = next(
            (line for line in formation["units"] if line["unit"] in chiefs),
            formation["units"][0] if formation["units"] and not chiefs else None,
        )
        if lead is not None and total >= 2:
            lead["chief"] = True
    for _ in range(quantity):
        _formations(body).append(deepcopy(formation))
    return body


def remove_formation(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    formations = _formations(body)
    item_at(formations, arg_int(args, "formation"), "formation")
    formations.pop(arg_int(args, "formation"))
    return body


def rename_formation(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    formation = item_at(_formations(body), arg_int(args, "formation"), "formation")
    formation["name"] = str(args.get("name", "")).strip()[:80]
    return body


def set_count(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """Set how many of a unit a formation holds; 0 removes the line."""
    formation = item_at(_formations(body), arg_int(args, "formation"), "formation")
    lines = _lines(formation)
    unit = arg_str(args, "unit")
    count = arg_int(args, "count", low=0, high=999)
    line = next((ln for ln in lines if isinstance(ln, dict) and ln.get("unit") == unit), None)
    if count == 0:
        if line is not None:
            lines.remove(line)
    elif line is None:
        lines.append({"unit": unit, "count": count})
    else:
        line["count"] = count
    return body


def add_unit(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """``quantity`` more of a unit in a formation (a "+" tap adds one, "4x" four)."""
    quantity = arg_quantity(args)
    formation = item_at(_formations(body), arg_int(args, "formation"), "formation")
    unit = arg_str(args, "unit")
    line = next(
        (ln for ln in _lines(formation) if isinstance(ln, dict) and ln.get("unit") == unit), None
    )
    count = (line.get("count", 0) if line and isinstance(line.get("count"), int) else 0) + quantity
    return set_count(body, {**args, "count": str(min(count, 999))}, catalogue)


def remove_unit(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """One fewer of a unit (a "-" tap); the line goes when it reaches 0."""
    formation = item_at(_formations(body), arg_int(args, "formation"), "formation")
    unit = arg_str(args, "unit")
    line = next(
        (ln for ln in _lines(formation) if isinstance(ln, dict) and ln.get("unit") == unit), None
    )
    if line is None:
        return body
    count = max((line.get("count") if isinstance(line.get("count"), int) else 1) - 1, 0)
    return set_count(body, {**args, "count": str(count)}, catalogue)


def set_chief(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """Mark the line one of whose models leads; ``only=0`` adds a chief beside the others."""
    formation = item_at(_formations(body), arg_int(args, "formation"), "formation")
    unit = arg_str(args, "unit")
    only = args.get("only", "1") != "0"
    found = False
    for line in _lines(formation):
        if not isinstance(line, dict):
            continue
        if line.get("unit") == unit:
            line["chief"] = True
            found = True
        elif only:
            line.pop("chief", None)
    if not found:
        raise RuleError({"unit": f"The formation holds no '{unit}'."})
    return body


def toggle_chief(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """Mark or unmark one line as holding the chief, leaving the others alone: a player
    who marks a second chief sees the problem instead of having it fixed behind them."""
    formation = item_at(_formations(body), arg_int(args, "formation"), "formation")
    unit = arg_str(args, "unit")
    for line in _lines(formation):
        if isinstance(line, dict) and line.get("unit") == unit:
            if line.get("chief"):
                line.pop("chief")
            else:
                line["chief"] = True
            return body
    raise RuleError({"unit": f"The formation holds no '{unit}'."})


def set_mount(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """Put a weapon on a Titan's named mount; an empty weapon restores the Titan's own."""
    formation = item_at(_formations(body), arg_int(args, "formation"), "formation")
    mount = arg_str(args, "mount")
    weapon = str(args.get("weapon", "")).strip()
    mounts = formation.get("mounts") if isinstance(formation.get("mounts"), dict) else {}
    if weapon:
        mounts[mount] = weapon
    else:
        mounts.pop(mount, None)
    formation["mounts"] = mounts
    return body


def set_hypha(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """How many of a hypha the army lists apart from its formations; 0 removes it."""
    if not isinstance(body.get("hypha"), list):
        body["hypha"] = []
    unit = arg_str(args, "unit")
    count = arg_int(args, "count", low=0, high=999)
    line = next(
        (ln for ln in body["hypha"] if isinstance(ln, dict) and ln.get("unit") == unit), None
    )
    if count == 0:
        if line is not None:
            body["hypha"].remove(line)
    elif line is None:
        body["hypha"].append({"unit": unit, "count": count})
    else:
        line["count"] = count
    return body


ACTIONS: dict[str, Callable[[dict, Mapping[str, str], Catalogue], dict]] = {
    "start": start,
    "set-budget": set_budget,
    "set-option": set_option,
    "add-formation": add_formation,
    "remove-formation": remove_formation,
    "rename-formation": rename_formation,
    "set-count": set_count,
    "add-unit": add_unit,
    "remove-unit": remove_unit,
    "set-chief": set_chief,
    "toggle-chief": toggle_chief,
    "set-mount": set_mount,
    "set-hypha": set_hypha,
}


def choices(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    """What the builder page offers for this body: the faction's plans with the units each
    may hold, Titan weapons by faction, and hypha; plain data for the template."""
    faction = str(body.get("faction", "")) if isinstance(body, Mapping) else ""
    units = {u.slug: u for u in catalogue.of_kind("unit", faction)}
    homebrew_ok = (
        bool((body.get("options") or {}).get("allow_homebrew"))
        if isinstance(body, Mapping) and isinstance(body.get("options"), Mapping)
        else False
    )
    plans = []
    for plan in sorted(catalogue.of_kind("formation-plan", faction), key=lambda p: p.name):
        if plan.is_homebrew and not homebrew_ok:
            continue
        plan_units = [
            {
                "slug": c.get("unit"),
                "name": units[c["unit"]].name if c.get("unit") in units else c.get("unit"),
                "points": units[c["unit"]].points if c.get("unit") in units else None,
                "min": c.get("min", 0),
                "max": c.get("max", 1),
            }
            for c in plan.data.get("choices") or []
            if isinstance(c, Mapping)
        ]
        plans.append(
            {
                "slug": plan.slug,
                "name": plan.name,
                "stars": plan.data.get("stars", 0),
                "units": plan_units,
                "has_classic": bool(plan.data.get("classic")),
                "is_homebrew": plan.is_homebrew,
            }
        )
    weapons = sorted(
        (
            {"slug": u.slug, "name": u.name, "points": u.points, "titan": u.data.get("titan")}
            for u in units.values()
            if u.category == "weapon"
        ),
        key=lambda w: w["name"],
    )
    hypha = sorted(
        (
            {"slug": u.slug, "name": u.name, "points": u.points}
            for u in units.values()
            if "hypha" in (u.data.get("traits") or {})
        ),
        key=lambda h: h["name"],
    )
    titans = {
        u.slug: [m.get("mount") for m in u.data.get("mounts") or [] if isinstance(m, Mapping)]
        for u in units.values()
        if u.category == "titan"
    }
    names = {slug: u.name for slug, u in units.items()}
    return {
        "plans": plans,
        "weapons": weapons,
        "hypha": hypha,
        "titans": titans,
        "names": names,
        "points": {slug: u.points for slug, u in units.items()},
    }


_ARMY_HEAD = re.compile(r"^(?P<faction>.+?) - -?\d+ / (?P<budget>\d+|\?) points\b", re.I)
_FORMATION_HEAD = re.compile(r"^(?P<title>.+?): -?\d+ pts\b", re.I)
_WEAPONS = re.compile(r"\s*\[(?P<mounts>[^\]]*)\]$")
_MARKS = re.compile(r"\s*\((?P<mark>chief|unknown unit)\)$", re.I)


def read_plain(lines: list[PlainLine], catalogue: Catalogue) -> PlainReading:
    """An army as plain text, as the export writes it or a player types it: the faction
    first ("Terran Makers - 973 / 1000 points", or the faction's name alone), a line per
    formation naming its plan ("1. First company - Maker Rifle Company: 236 pts",
    or the plan's name alone), then "7x Maker Rifles" lines, "(chief)" and a Titan's
    "[left weapon: ...]" as the export writes them; "Hypha:" starts the hypha. Every line
    is the builder tap it stands for; "Setup" and the verdict are skipped."""
    from companion.games.maker_war.army_reading import _book_factions

    factions = Names((slug, spec.name) for slug, spec in _book_factions().items())
    reading = PlainReading(body={})
    section = "formations"
    units: Names | None = None
    plans: Names | None = None
    for line in lines:
        text = line.text
        if plain_lists.is_verdict(line):
            break
        if not reading.body:
            head = _ARMY_HEAD.match(text)
            faction = factions.find(head.group("faction") if head else text)
            if faction is None:
                reading.problems.append(
                    plain_lists.unmatched(line, 'name the army\'s faction first ("Terran Makers").')
                )
                continue
            budget = head.group("budget") if head and head.group("budget") != "?" else ""
            plain_lists.apply(
                reading, ACTIONS, catalogue, line, "start", faction=faction, budget=budget
            )
            units = Names((u.slug, u.name) for u in catalogue.of_kind("unit", faction))
            plans = Names((p.slug, p.name) for p in catalogue.of_kind("formation-plan", faction))
            continue
        assert units is not None and plans is not None
        if re.match(r"^setup\b", text, re.I):
            continue
        if re.match(r"^hypha\b", text, re.I):
            section = "hypha"
            continue
        formation = _FORMATION_HEAD.match(text)
        title = formation.group("title") if formation else text
        found = _plan_of(title, plans) if formation or line.quantity is None else None
        if found is not None:
            name, plan = found
            quantity = 1 if formation else line.count
            section = "formations"
            if plain_lists.apply(
                reading, ACTIONS, catalogue, line, "add-formation", plan=plan, quantity=quantity
            ):
                last = len(reading.body["formations"]) - 1
                if name:
                    reading.body["formations"][last]["name"] = name[:80]
            continue
        _read_unit_line(reading, line, catalogue, units, section)
    return reading


def _plan_of(title: str, plans: Names) -> tuple[str, str] | None:
    """(formation name, plan slug) of a title "<name> - <plan>" or "<plan>"; None when it
    names no plan. The export leaves out the name when it is the plan's own."""
    slug = plans.find(title)
    if slug is not None:
        return "", slug
    parts = title.split(" - ")
    for cut in range(1, len(parts)):
        slug = plans.find(" - ".join(parts[cut:]))
        if slug is not None:
            return " - ".join(parts[:cut]).strip(), slug
    return None


def _read_unit_line(
    reading: PlainReading, line: PlainLine, catalogue: Catalogue, units: Names, section: str
) -> None:
    """A unit line: into the hypha, or the formation above it, with its marks."""
    name, weapons, chief = line.name, "", False
    if mounted := _WEAPONS.search(name):
        weapons, name = mounted.group("mounts"), name[: mounted.start()]
    while mark := _MARKS.search(name):
        chief = chief or mark.group("mark").lower() == "chief"
        name = name[: mark.start()]
    unit = units.find(name)
    if unit is None:
        reading.problems.append(plain_lists.unmatched(line, "no unit of the faction by that name."))
        return
    if section == "hypha":
        current = next(
            (h["count"] for h in reading.body.get("hypha") or [] if h.get("unit") == unit), 0
        )
        plain_lists.apply(
            reading, ACTIONS, catalogue, line, "set-hypha", unit=unit, count=current + line.count
        )
        return
    formations = reading.body.get("formations") or []
    if not formations:
        reading.problems.append(
            plain_lists.unmatched(line, "name the formation's plan on a line above its units.")
        )
        return
    index = len(formations) - 1
    if not plain_lists.apply(
        reading,
        ACTIONS,
        catalogue,
        line,
        "add-unit",
        formation=index,
        unit=unit,
        quantity=line.count,
    ):
        return
    if chief:
        plain_lists.apply(
            reading, ACTIONS, catalogue, line, "set-chief", formation=index, unit=unit, only="0"
        )
    item = catalogue.get("unit", unit, str(reading.body.get("faction", "")))
    own = dict(UnitInfo.of(item).mounts) if item is not None else {}
    for part in (p for p in weapons.split(", ") if p.strip()):
        mount_words, _, weapon_name = part.partition(": ")
        mount = "-".join(mount_words.split()).lower()
        weapon = units.find(weapon_name)
        if weapon is None:
            reading.problems.append(plain_lists.unmatched(line, f"no weapon {weapon_name}."))
        elif own.get(mount) != weapon:  # the Titan's own weapon is no choice to record
            plain_lists.apply(
                reading,
                ACTIONS,
                catalogue,
                line,
                "set-mount",
                formation=index,
                mount=mount,
                weapon=weapon,
            )
