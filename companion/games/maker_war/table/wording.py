"""Combat results in the players' words: a short summary for the log and the page, the
calculators' steps as details, and every unit by its name (numbered when a formation has
several of one name: "Maker Rifles 2"), never by its internal id."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

_ID = re.compile(r" \((s\d+f\d+(?:u\d+)?(?::[\w-]+)?)\)")
_FORMATION = re.compile(r"Formation (s\d+f\d+): ")


def unit_labels(formations: Iterable[Mapping[str, Any] | None]) -> dict[str, str]:
    """Each unit's id -> its name, numbered in list order when its formation holds more
    than one unit of that name."""
    labels: dict[str, str] = {}
    for f in formations:
        if not f:
            continue
        counts = Counter(u.get("name", "") for u in f["units"])
        seen: Counter[str] = Counter()
        for unit in f["units"]:
            name = unit.get("name") or unit.get("type", "unit").title()
            seen[name] += 1
            labels[unit["id"]] = f"{name} {seen[name]}" if counts[name] > 1 else name
    return labels


def plain(steps: Iterable[str], formations: Iterable[Mapping[str, Any] | None]) -> list[str]:
    """The calculators' steps with "Name (id)" as the unit's label and "Formation <id>:"
    as the formation's name."""
    formations = [f for f in formations if f]
    labels = unit_labels(formations)
    named = {
        u["id"]: u.get("name") or u.get("type", "unit").title()
        for f in formations
        for u in f["units"]
    }
    names = {f["id"]: f["name"] for f in formations}
    out = []
    for step in steps:
        for uid, label in labels.items():
            step = step.replace(f"{named[uid]} ({uid})", label)
        step = _FORMATION.sub(lambda m: f"{names.get(m.group(1), 'Formation')}: ", step)
        out.append(_ID.sub("", step))
    return out


def _lost(ids: Iterable[str], labels: Mapping[str, str]) -> str:
    named = [labels.get(uid, "a unit") for uid in ids]
    return ", ".join(named)


def salvo_summary(
    who: str, target: Mapping[str, Any], result: Mapping[str, Any], labels: Mapping[str, str]
) -> str:
    """ "Rifle Company fires at Rifle Company: 13 dice, 3 hits (2 critical). Destroyed:
    Maker Rifles 1, Maker Rifles 2." The numbers a player needs to move the models."""
    hits = result.get("hits", 0)
    parts = [f"{who} fires at {target['name']}:"]
    dice = result.get("dice")
    facts = [f"{dice} dice"] if isinstance(dice, int) else []
    crits = result.get("crits") or 0
    facts.append(
        f"{hits} hit{'s' if hits != 1 else ''}" + (f" ({crits} critical)" if crits else "")
    )
    if result.get("screened"):
        facts.append(f"{result['screened']} stopped by the screen")
    parts.append(", ".join(facts) + ".")
    destroyed = result.get("destroyed") or []
    parts.append(f"Destroyed: {_lost(destroyed, labels)}." if destroyed else "Nothing destroyed.")
    tokens = result.get("target_impact_tokens") or 0
    if tokens:
        parts.append(f"+{tokens} impact token{'s' if tokens != 1 else ''}.")
    return " ".join(parts)


def combat_summary(result: Mapping[str, Any], formations: Mapping[str, Mapping[str, Any]]) -> str:
    """Close combat in a line per formation: what it lost and how its moral check went."""
    labels = unit_labels(formations.values())
    lines = []
    for fid, f in formations.items():
        lost = result["destroyed"].get(fid) or []
        text = f"{f['name']}: " + (f"lost {_lost(lost, labels)}" if lost else "no losses")
        check = (result.get("moral_checks") or {}).get(fid)
        if check:
            text += "; moral check " + ("passed" if check.get("passed") else "failed")
        lines.append(text)
    return "Close combat. " + ". ".join(lines) + "."
