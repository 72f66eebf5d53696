"""Shooting: one salvo from the chosen firing units at one target formation.

``resolve_salvo`` adds up the firepower (Anti-Tank, Terror and Dicey kept apart, Sustained
Fire doubled under Continuous Fire), finds the face that hits (advantage and disadvantage
cancel), rolls with the ``rng`` or reads the typed faces (big dice count five), counts
critical hits (6s, capped by the Anti-Tank firepower; every hit with Annihilation), terror
tokens (3s, capped) and dicey tokens for the shooter (1s, capped), lets Screen negate the
first hits beyond 45 cm, and allocates the rest (``allocation.allocate_hits``: shields,
structure, Sniper picks, Bombard template). The result is plain JSON; ``steps`` explains
every step in words.

    >>> shooters = [{"id": "t1", "type": "tank", "fire_power": 2, "fire_traits": ["AT"]},
    ...             {"id": "i1", "type": "infantry", "fire_power": 1}]
    >>> target = {"id": "f", "units": [{"id": "a", "type": "tank", "armor": 3},
    ...                                {"id": "b", "type": "tank", "armor": 3}]}
    >>> r = resolve_salvo(shooters, target, rolls=[6, 6, 5])
    >>> r["hits"], r["crits"], r["destroyed"]
    (3, 2, ['a', 'b'])

A Titan weapon with Annihilation or Bombard (a "Titan" weapon trait) fires apart from the
rest of its formation: give it its own salvo (``salvo_groups`` splits a list of shooters).
Its shooter dicts come from ``titans.usable_weapons``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.combat import allocation
from companion.games.maker_war.combat.dice import hit_edge, roll_pool, whole

SCREEN_RANGE_CM = 45
APART = ("annihilation", "bombard", "single-shot")  # Titan weapon traits: fired apart
_FIRE_TRAIT = {"AT": "anti-tank", "TR": "terror", "DY": "dicey"}
ATTACKER_ADVANTAGE_STANCES = ("march", "scatter")


def _has(unit: Mapping[str, Any], trait: str) -> bool:
    return bool(unit.get("traits", {}).get(trait))


def _fire_trait(unit: Mapping[str, Any], short: str) -> bool:
    """AT/TR/DY on the fire power, or the same trait by name (a Maker Weapon's choice)."""
    return short in (unit.get("fire_traits") or []) or _has(unit, _FIRE_TRAIT[short])


def salvo_groups(shooters: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """The salvos a list of shooters fires: the ordinary units together, then each unit
    with a Titan weapon trait (Annihilation, Bombard, Single Shot) on its own."""
    common = [s for s in shooters if not any(_has(s, t) for t in APART)]
    alone = [[s] for s in shooters if any(_has(s, t) for t in APART)]
    return ([common] if common else []) + alone


def shooting_edges(
    *,
    order: str = "advance",
    target_stance: str | None = None,
    target_in_cover: bool = False,
    artillery_blind: bool = False,
) -> tuple[list[str], list[str]]:
    """Advantages and disadvantages of a salvo, from the book's overview table.

    A target in the march or scatter stance gives advantage and cannot use cover.
    """
    adv, dis = [], []
    if order == "continuous-fire":
        adv.append("Continuous Fire order")
    if target_stance in ATTACKER_ADVANTAGE_STANCES:
        adv.append(f"target in the {target_stance} stance")
    elif target_in_cover:
        dis.append("target in cover")
    if artillery_blind:
        dis.append("artillery cannot see the target")
    return adv, dis


def fire_pool(
    shooters: Sequence[Mapping[str, Any]],
    *,
    order: str = "advance",
    shooter_stance: str | None = None,
    air_to_air: bool = False,
    path: str = "shooters",
) -> dict[str, Any]:
    """The dice of a salvo and how many of them are Anti-Tank, Terror and Dicey.

    ``air_to_air``: flyers shooting at flyers roll their air-to-air value (the melee field)
    and no fire trait applies. A scattered formation's firepower is 0.
    """
    if isinstance(shooters, str | bytes) or not isinstance(shooters, Sequence) or not shooters:
        raise RuleError({path: "Choose at least one firing unit."})
    pool = {"dice": 0, "anti_tank": 0, "terror": 0, "dicey": 0, "snipers": 0}
    lines: list[str] = []
    apart = [
        i
        for i, s in enumerate(shooters)
        if isinstance(s, Mapping) and any(_has(s, t) for t in APART)
    ]
    if apart and len(shooters) > 1:
        raise RuleError(
            {
                f"{path}.{apart[0]}": "A weapon with Annihilation, Bombard or Single Shot fires "
                "apart from the rest of the formation: give it its own salvo."
            }
        )
    for i, unit in enumerate(shooters):
        if not isinstance(unit, Mapping):
            raise RuleError({f"{path}.{i}": "Expected a unit object."})
        field = "melee" if air_to_air else "fire_power"
        if air_to_air and unit.get("type") != "flyer":
            raise RuleError({f"{path}.{i}.type": "Only flyers fight in the air."})
        power = whole(unit.get(field, 0), f"{path}.{i}.{field}")
        label = unit.get("name") or unit.get("id", f"unit {i + 1}")
        note = ""
        if not air_to_air and order == "continuous-fire" and _has(unit, "sustained-fire"):
            power *= 2
            note = " (Sustained Fire, doubled)"
        if shooter_stance == "scatter" and power:
            power, note = 0, " (scattered: 0)"
        pool["dice"] += power
        kinds = []
        if not air_to_air:
            for short, key in (("AT", "anti_tank"), ("TR", "terror"), ("DY", "dicey")):
                if _fire_trait(unit, short):
                    pool[key] += power
                    kinds.append(short)
        pool["snipers"] += int(_has(unit, "sniper"))
        lines.append(f"{label}: {power}{' ' + '/'.join(kinds) if kinds else ''}{note}")
    one = shooters[0]
    pool["annihilation"] = len(shooters) == 1 and _has(one, "annihilation")
    pool["bombard"] = len(shooters) == 1 and _has(one, "bombard")
    pool["single_shot"] = [one.get("id")] if len(shooters) == 1 and _has(one, "single-shot") else []
    kind = "air-to-air dice" if air_to_air else "firepower"
    pool["text"] = f"{kind}: {'; '.join(lines)} = {pool['dice']} dice" + "".join(
        f", {pool[k]} {n}"
        for k, n in (("anti_tank", "AT"), ("terror", "TR"), ("dicey", "DY"))
        if pool[k]
    )
    return pool


def resolve_salvo(
    shooters: Sequence[Mapping[str, Any]],
    target: Mapping[str, Any],
    *,
    rng: random.Random | None = None,
    rolls: Sequence[int] | None = None,
    big_dice: int = 0,
    big_rolls: Sequence[int] | None = None,
    order: str = "advance",
    shooter_stance: str | None = None,
    advantages: Sequence[str] = (),
    disadvantages: Sequence[str] = (),
    distance_cm: float | None = None,
    bomber_high: bool = False,
    extra_screen: int = 0,
    target_flying_high: bool = False,
    air_to_air: bool = False,
    alloc_order: Sequence[str] | None = None,
    picks: Sequence[str] = (),
    rage: bool = False,
    sacrifices: Sequence[Sequence[str]] = (),
    bombard_units: Sequence[str] | None = None,
    crit_rolls: Sequence[Sequence[int]] | None = None,
) -> dict[str, Any]:
    """Fire one salvo at ``target`` and allocate its hits; see the module docstring.

    Dice: ``rng``, or the typed ``rolls`` (normal dice) and ``big_rolls`` (``big_dice`` big
    dice). Edge: ``advantages`` and ``disadvantages`` are reasons in words (see
    ``shooting_edges``). Screen: counts when ``distance_cm`` > 45 or the shooter is a
    bomber flying high; ``extra_screen`` adds a fortification's 6 or Conduit energy.
    Allocation: ``alloc_order``, ``picks`` (Sniper, at most one per sniper), ``rage``,
    ``sacrifices``, ``bombard_units``, ``crit_rolls`` as in ``allocation.allocate_hits``.
    The shooter takes ``shooter_impact_tokens`` (Dicey): add them with
    ``allocation.add_impact_tokens``.
    """
    allocation.check_formation(target, "target")
    pool = fire_pool(shooters, order=order, shooter_stance=shooter_stance, air_to_air=air_to_air)
    whole(extra_screen, "extra_screen")
    if target_flying_high:
        for i, unit in enumerate(shooters):
            if not (_has(unit, "anti-air") or (air_to_air and unit.get("type") == "flyer")):
                raise RuleError(
                    {f"shooters.{i}": "Only Anti-Air units and other flyers reach high flyers."}
                )
    if len(picks) > pool["snipers"]:
        raise RuleError({"picks": f"One free pick per sniper: at most {pool['snipers']}."})
    if bombard_units is not None and not pool["bombard"]:
        raise RuleError({"bombard_units": "Only a Bombard weapon uses the template."})
    edge = hit_edge(advantages, disadvantages)
    roll = roll_pool(
        pool["dice"], edge, rng=rng, rolls=rolls, big_dice=big_dice, big_rolls=big_rolls
    )
    _annotate(roll["dice_rolled"], pool)
    hits = roll["hits"]
    steps = [pool["text"] + ".", edge["text"], roll["text"]]
    if pool["annihilation"]:
        crits = hits
        steps.append(f"Annihilation: all {hits} hit(s) are critical.")
    else:
        crits = min(roll["sixes"], pool["anti_tank"])
        if pool["anti_tank"]:
            steps.append(
                f"Anti-Tank: {roll['sixes']} six(es), at most {pool['anti_tank']}: "
                f"{crits} critical hit(s)."
            )
    terror = min(roll["threes"], pool["terror"])
    if pool["terror"]:
        steps.append(
            f"Terror: {roll['threes']} three(s), at most {pool['terror']}: "
            f"{terror} terror impact token(s) on the target."
        )
    dicey = min(roll["ones"], pool["dicey"])
    if pool["dicey"]:
        steps.append(
            f"Dicey: {roll['ones']} one(s), at most {pool['dicey']}: "
            f"{dicey} impact token(s) on the shooters."
        )
    plain = hits - crits
    screen = _screen(target, extra_screen)
    negated = 0
    far = bomber_high or (distance_cm is not None and distance_cm > SCREEN_RANGE_CM)
    if screen and far:
        negated = min(screen, hits)
        cut_plain = min(negated, plain)
        plain, crits = plain - cut_plain, crits - (negated - cut_plain)
        why = "a bomber flying high" if bomber_high else f"fired from {distance_cm} cm"
        steps.append(f"Screen {screen} ({why}): {negated} hit(s) negated, plain hits first.")
    elif screen:
        steps.append(f"Screen {screen} does not help within {SCREEN_RANGE_CM} cm.")
    placed = allocation.allocate_hits(
        target,
        plain + crits,
        crits,
        order=alloc_order,
        picks=picks,
        rage=rage,
        sacrifices=sacrifices,
        bombard_units=bombard_units,
        rng=rng,
        crit_rolls=crit_rolls,
    )
    steps += placed["steps"]
    formation = placed["formation"]
    alive = bool(allocation.living(formation))
    if terror and alive:
        formation["impact_tokens"] += terror
        formation["terror_tokens"] += terror
        formation["terror_check"] = True
    return {
        "dice": pool["dice"],
        "pool": {k: v for k, v in pool.items() if k != "text"},
        "hit_on": edge["hit_on"],
        "advantages": edge["advantages"],
        "disadvantages": edge["disadvantages"],
        "faces": roll["faces"],
        "big_faces": roll["big_faces"],
        "dice_rolled": roll["dice_rolled"],
        "physical": roll["physical"],
        "hits": hits,
        "crits": min(roll["sixes"], pool["anti_tank"]) if not pool["annihilation"] else hits,
        "screened": negated,
        "terror_tokens": terror if alive else 0,
        "shooter_impact_tokens": dicey,
        "destroyed": placed["destroyed"],
        "target_impact_tokens": placed["impact_tokens"] + (terror if alive else 0),
        "shield_hits": placed["shield_hits"],
        "titan_crits": placed["titan_crits"],
        "unused_hits": placed["unused_hits"],
        "wiped_out": placed["wiped_out"],
        "single_shot_spent": pool["single_shot"],
        "target": formation,
        "steps": steps,
    }


def _annotate(dice: list[dict[str, Any]], pool: Mapping[str, Any]) -> None:
    """Say what each die counts toward; the caps are applied (and told) afterwards."""
    marks = {
        6: ("anti_tank", "a six for Anti-Tank"),
        3: ("terror", "a three for Terror"),
        1: ("dicey", "a one for Dicey"),
    }
    for die in dice:
        key, text = marks.get(die["face"], ("", ""))
        if key and pool[key]:
            die["note"] += f", {text}"
        if die["big"]:
            die["note"] += " (big die: counts 5)"


def _screen(target: Mapping[str, Any], extra: int) -> int:
    units = allocation.living(target)
    return extra + sum(int(u.get("traits", {}).get("screen", 0)) for u in units)
