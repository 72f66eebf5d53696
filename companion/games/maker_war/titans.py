"""Titans: critical hits with the step-up rule, lasting damage, shields, repair, scatter, death.

The critical-hit tables and death throes are the book's, read from ``book``. A Titan is a
unit dict (see ``allocation.combat_unit``) with ``structure`` (left), ``max_structure``,
``shields`` (points left), ``broken`` (system slugs) and ``weapons`` (each with a
``mount``). Every function returns new dicts.

    >>> t = {"id": "t", "type": "titan", "structure": 12, "max_structure": 14,
    ...      "broken": ["head"], "traits": {}}
    >>> r = critical_hit(t, faces=[6])          # Head is broken: steps up to the Generator
    >>> r["system"], r["titan"]["structure"]
    ('Generator', 8)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from copy import deepcopy
from functools import cache
from typing import Any

from companion.games.base import RuleError, slugify
from companion.games.maker_war.combat.dice import roll_d6s, whole

TANK_MAX = 6
REPAIR_COST = 2  # supply points per repaired system
LEG_SPEED_LOSS = 5


@cache
def _tables() -> dict[str, tuple[dict[str, Any], ...]]:
    from companion.games.maker_war import book

    rows: dict[str, list[dict[str, Any]]] = {}
    for entry in book.critical_hits():
        row = {"slug": slugify(entry.data["system"]), "text": entry.text, **entry.data}
        rows.setdefault(entry.category, []).append(row)
    return {size: tuple(sorted(r, key=lambda x: x.get("roll", 0))) for size, r in rows.items()}


@cache
def _throes() -> tuple[dict[str, Any], ...]:
    from companion.games.maker_war import book

    return tuple(
        {"slug": e.slug, "name": e.name, "text": e.text, "rolls": list(e.data["rolls"])}
        for e in book.death_throes()
    )


def table_size(titan: Mapping[str, Any]) -> str:
    """``titan-tank`` (up to 6 structure), ``moderate`` (up to 15) or ``big``, by full structure."""
    top = titan.get("max_structure", titan.get("structure", 0))
    if top <= TANK_MAX:
        return "titan-tank"
    return "moderate" if top <= _tables()["moderate"][0]["max_structure"] else "big"


def critical_table(size: str) -> list[dict[str, Any]]:
    """The rows of one table: ``roll``, ``system``, ``slug``, ``text`` and extra data."""
    if size not in _tables():
        raise RuleError({"size": f"Must be one of: {', '.join(_tables())}."})
    return deepcopy(list(_tables()[size]))


def _valid_titan(titan: Any, path: str = "titan") -> Mapping[str, Any]:
    """``titan`` itself once checked: what only reads a Titan needs no copy of it (the
    page's view reads every Titan on the table for every seat)."""
    if not isinstance(titan, Mapping) or titan.get("type") != "titan":
        raise RuleError({path: "Expected a Titan unit."})
    whole(titan.get("structure"), f"{path}.structure")
    broken = titan.get("broken", [])
    if not isinstance(broken, list) or not all(isinstance(b, str) for b in broken):
        raise RuleError({f"{path}.broken": "Expected a list of system names."})
    return titan


def _check_titan(titan: Any, path: str = "titan") -> dict[str, Any]:
    new = deepcopy(dict(_valid_titan(titan, path)))
    new.setdefault("max_structure", new["structure"])
    new.setdefault("broken", [])
    new.setdefault("shields", new.get("traits", {}).get("shields", 0))
    return new


def critical_hit(
    titan: Mapping[str, Any],
    *,
    rng: random.Random | None = None,
    faces: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The table part of one critical hit (the hit's own structure point and token are
    the caller's). Rolls 1d6 (moderate) or 2d6 (big); a Titan tank needs no roll.

    A broken system steps the result up to the next working one, up to the Generator,
    which may be hit again and again. Returns the new ``titan``, ``roll``, ``system``,
    ``stepped_from`` (broken systems passed over), ``structure_damage`` and ``text``.
    """
    new = _check_titan(titan)
    size = table_size(new)
    if size == "titan-tank":
        if faces:
            raise RuleError({"faces": "A Titan tank's critical hit needs no roll."})
        row = _tables()[size][0]
        return _apply_row(new, size, None, row, [])
    count = 1 if size == "moderate" else 2
    rolled = roll_d6s(count, rng=rng, typed=faces, path="faces")
    total = sum(rolled)
    rows = _tables()[size]
    index = next(i for i, r in enumerate(rows) if r["roll"] == total)
    passed = []
    while rows[index]["slug"] in new["broken"] and not rows[index].get("stepped_up_only"):
        passed.append(rows[index]["system"])
        index += 1
    return _apply_row(new, size, rolled, rows[index], passed)


def _apply_row(
    titan: dict[str, Any], size: str, rolled: list[int] | None, row: dict, passed: list[str]
) -> dict[str, Any]:
    damage = row.get("structure_damage", 0)
    titan["structure"] = max(0, titan["structure"] - damage)
    if not damage:
        titan["broken"].append(row["slug"])
    text = f"{row['system']}: {row['text']}"
    if rolled:
        text = f"rolled {'+'.join(map(str, rolled))} = {sum(rolled)}; " + text
    if passed:
        text += f" (stepped up past broken {', '.join(passed)})"
    return {
        "titan": titan,
        "size": size,
        "roll": rolled,
        "system": row["system"],
        "slug": row["slug"],
        "stepped_from": passed,
        "structure_damage": damage,
        "text": text,
    }


def effects(titan: Mapping[str, Any]) -> dict[str, Any]:
    """The lasting effects of the Titan's broken systems, for the engine to obey."""
    broken = set(_valid_titan(titan).get("broken", []))
    mounts = _mounts()
    return {
        "speed_penalty_cm": LEG_SPEED_LOSS * len(broken & {"left-leg", "right-leg"}),
        "no_assault_or_march": "legs" in broken,
        "structure_loss_per_turn": int("accumulator" in broken),
        "no_regroup": "quarters" in broken,
        "impact_token_per_activation": int("quarters" in broken),
        "dicey": "ammunition" in broken,
        "weapons_out": sorted(mounts[s] for s in broken if s in mounts),
        "no_shield_recharge": "shields" in broken,
        "rookie": "head" in broken,
    }


def _mounts() -> dict[str, str]:
    """System slug to the weapon mount it puts out of action, from the tables."""
    return dict(_mount_pairs())


@cache
def _mount_pairs() -> tuple[tuple[str, str], ...]:
    return tuple(
        (r["slug"], r["mount"]) for rows in _tables().values() for r in rows if "mount" in r
    )


def usable_weapons(titan: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Shooter dicts of the weapons that can fire: mount working and not spent.

    A broken Ammunition system makes every weapon Dicey.
    """
    titan = _valid_titan(titan)
    lasting = effects(titan)
    shooters = []
    for weapon in titan.get("weapons", []):
        if weapon.get("mount") in lasting["weapons_out"] or weapon.get("spent"):
            continue
        shooter = {
            "id": f"{titan['id']}:{weapon.get('mount')}",
            "type": "weapon",
            **deepcopy(weapon),
        }
        if lasting["dicey"] and "DY" not in shooter.get("fire_traits", []):
            shooter["fire_traits"] = [*shooter.get("fire_traits", []), "DY"]
        shooters.append(shooter)
    return shooters


def spend_single_shot(titan: Mapping[str, Any], mount: str) -> dict[str, Any]:
    """After a Single Shot weapon fires, it counts as removed from the Titan."""
    new = _check_titan(titan)
    for weapon in new.get("weapons", []):
        if weapon.get("mount") == mount:
            if not weapon.get("traits", {}).get("single-shot"):
                raise RuleError({"mount": "This weapon is not a Single Shot weapon."})
            weapon["spent"] = True
            return new
    raise RuleError({"mount": f"The Titan has no weapon on '{mount}'."})


def end_of_turn(titan: Mapping[str, Any]) -> dict[str, Any]:
    """A broken Accumulator costs 1 structure at the end of each of the Titan's turns."""
    new = _check_titan(titan)
    loss = effects(new)["structure_loss_per_turn"]
    new["structure"] = max(0, new["structure"] - loss)
    return {"titan": new, "structure_lost": loss, "destroyed": new["structure"] == 0}


def recharge_shields(titan: Mapping[str, Any], supply_points: int) -> dict[str, Any]:
    """One shield point per supply point spent, up to the Shields(X) value."""
    new = _check_titan(titan)
    whole(supply_points, "supply_points", minimum=1)
    if effects(new)["no_shield_recharge"]:
        raise RuleError({"supply_points": "The Shields system is broken: no recharge."})
    room = new.get("traits", {}).get("shields", 0) - new["shields"]
    if supply_points > room:
        raise RuleError({"supply_points": f"Only {max(room, 0)} shield point(s) to recharge."})
    new["shields"] += supply_points
    return {"titan": new, "supply_spent": supply_points}


def repair(titan: Mapping[str, Any], systems: Sequence[str]) -> dict[str, Any]:
    """Repair broken systems (slugs) during the Titan's activation, 2 supply points each."""
    new = _check_titan(titan)
    if isinstance(systems, str) or not isinstance(systems, Sequence) or not systems:
        raise RuleError({"systems": "Name the broken systems to repair."})
    for i, system in enumerate(systems):
        if system not in new["broken"]:
            raise RuleError({f"systems.{i}": f"'{system}' is not broken."})
        new["broken"].remove(system)
    return {"titan": new, "supply_spent": REPAIR_COST * len(systems)}


def titan_scatter(
    formation: Mapping[str, Any],
    *,
    rng: random.Random | None = None,
    roll: int | None = None,
    crit_faces: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The Titan's scatter order: roll a d6, shed that many impact tokens, and take one
    critical hit (1 structure, 1 impact token and a table result) instead of losing units.

    The Titan then moves (backwards allowed, never killed near enemies) and makes the
    moral check of ``morale.scatter_finish``.
    """
    from companion.games.maker_war.combat import allocation

    allocation.check_formation(formation, "formation")
    alive = allocation.living(formation)
    if len(alive) != 1 or alive[0]["type"] != "titan":
        raise RuleError({"formation.units": "A Titan's formation is the Titan alone."})
    face = roll_d6s(1, rng=rng, typed=None if roll is None else [roll], path="roll")[0]
    new, shed = allocation.remove_impact_tokens(formation, face)
    # Damage from within, not firepower: shields do not stop it (hence the melee mode).
    crit_rolls = None if crit_faces is None else [crit_faces]
    hit = allocation.allocate_hits(
        new, 1, 1, mode="melee", rng=rng, crit_rolls=crit_rolls, path="formation"
    )
    steps = [f"Scatter: rolled {face}, {shed} impact token(s) shed.", *hit["steps"]]
    return {
        "formation": hit["formation"],
        "roll": face,
        "tokens_shed": shed,
        "titan_crits": hit["titan_crits"],
        "destroyed": hit["destroyed"],
        "steps": steps,
    }


def death_throes(
    titan: Mapping[str, Any], *, rng: random.Random | None = None, roll: int | None = None
) -> dict[str, Any]:
    """Roll a d6 when the Titan's structure reaches 0: what happens, and what to roll next.

    Detonations give ``fire_power`` (the full structure; ``annihilation`` for the large
    one) and ``shooter``, a shooter dict for ``salvo.resolve_salvo`` against the nearest
    units; Losing Hope and Cheers give ``radius_cm``.
    """
    new = _check_titan(titan)
    face = roll_d6s(1, rng=rng, typed=None if roll is None else [roll], path="roll")[0]
    row = next(r for r in _throes() if face in r["rolls"])
    top = new["max_structure"]
    result: dict[str, Any] = {"roll": face, "name": row["name"], "slug": row["slug"]}
    if "detonation" in row["slug"]:
        large = row["slug"] == "large-detonation"
        result["fire_power"] = top
        result["annihilation"] = large
        result["shooter"] = {
            "id": f"{new['id']}:detonation",
            "type": "weapon",
            "fire_power": top,
            "fire_traits": [],
            "traits": {"annihilation": 1} if large else {},
        }
    if row["slug"] in ("losing-hope", "cheers"):
        result["radius_cm"] = top
    result["text"] = f"Death throes, rolled {face}: {row['name']}. {row['text']}"
    return result
