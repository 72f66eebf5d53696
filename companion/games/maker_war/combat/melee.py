"""Close combat (both sides the same way), dogfights between flyers, and FLAK.

``close_combat`` takes each side as a list of involved formations::

    {"formation": {...}, "involved": ["u1", "u2"], "contributes": True}

``involved`` defaults to every unit; ``contributes`` is False for an attacker's formation
already activated this round (or passing on the assault order): it adds its impact tokens
but no melee dice or heroes. Both sides roll at once (killed units still strike), each
hit kills a unit whatever its armor (a Titan loses one structure, shields ignored), and
every involved formation then takes a moral check.

    >>> a = {"id": "a", "units": [{"id": "a1", "type": "infantry", "melee": 2}]}
    >>> d = {"id": "d", "units": [{"id": "d1", "type": "infantry", "melee": 1}]}
    >>> r = close_combat([{"formation": a}], [{"formation": d}],
    ...                  rolls={"attackers": [5, 1], "defenders": [2]},
    ...                  moral_rolls={"a": [4, 4]})
    >>> r["destroyed"], r["formations"]["a"]["stance"]
    ({'a': [], 'd': ['d1']}, None)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.combat import allocation, morale, salvo
from companion.games.maker_war.combat.dice import hit_edge, roll_pool, whole

SIDES = ("attackers", "defenders")
DOGFIGHT_RANGE_CM = 15
FLAK_RANGE_CM = 10


def _read_side(entries: Any, side: str) -> list[dict[str, Any]]:
    if isinstance(entries, str | bytes) or not isinstance(entries, Sequence) or not entries:
        raise RuleError({side: "At least one involved formation."})
    out = []
    for i, entry in enumerate(entries):
        path = f"{side}.{i}"
        if not isinstance(entry, Mapping):
            raise RuleError({path: "Expected {formation, involved, contributes}."})
        formation = entry.get("formation")
        allocation.check_formation(formation, f"{path}.formation")
        ids = [u["id"] for u in allocation.living(formation)]
        involved = entry.get("involved", ids)
        if not isinstance(involved, list) or any(uid not in ids for uid in involved):
            raise RuleError({f"{path}.involved": "Name living units of this formation."})
        if any(u["type"] == "flyer" for u in formation["units"] if u["id"] in involved):
            raise RuleError({f"{path}.involved": "Flyers never fight in close combat."})
        out.append(
            {
                "formation": formation,
                "involved": list(dict.fromkeys(involved)),
                "contributes": bool(entry.get("contributes", True)),
            }
        )
    return out


def _fighters(entry: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Involved units that strike: a scattered or non-contributing formation's do not,
    except Bloodlust units, which always fight."""
    f = entry["formation"]
    strikes = entry["contributes"] and f.get("stance") != "scatter"
    return [
        u
        for u in allocation.living(f)
        if u["id"] in entry["involved"] and (strikes or u.get("traits", {}).get("bloodlust"))
    ]


def close_combat(
    attackers: Sequence[Mapping[str, Any]],
    defenders: Sequence[Mapping[str, Any]],
    *,
    rng: random.Random | None = None,
    rolls: Mapping[str, Sequence[int]] | None = None,
    big_dice: Mapping[str, int] | None = None,
    big_rolls: Mapping[str, Sequence[int]] | None = None,
    hit_order: Mapping[str, Sequence[Sequence[str]]] | None = None,
    defender_fortified: bool = False,
    rage: Mapping[str, bool] | None = None,
    sacrifices: Mapping[str, Sequence[Sequence[str]]] | None = None,
    crit_rolls: Mapping[str, Sequence[Sequence[int]]] | None = None,
    moral_rolls: Mapping[str, Sequence[int]] | None = None,
) -> dict[str, Any]:
    """Fight one close combat and make the moral checks after it.

    Per side (keys ``attackers``/``defenders``): ``rolls``, ``big_dice``, ``big_rolls``;
    ``hit_order`` lists the enemy units to hit as ``[formation id, unit id]``, combatants
    first then nearest (default: the involved units as listed). Per formation id: ``rage``,
    ``sacrifices``, ``crit_rolls`` (Titans) and ``moral_rolls`` (2 faces each).
    Hits up to the melee dice of Annihilation units are critical (they matter on Titans).
    Returns ``sides`` (dice, edge, faces, hits), new ``formations`` and ``destroyed`` by id,
    ``moral_checks`` by id and ``steps``.
    """
    read = {
        "attackers": _read_side(attackers, "attackers"),
        "defenders": _read_side(defenders, "defenders"),
    }
    fids = [e["formation"].get("id") for s in SIDES for e in read[s]]
    if len(set(fids)) != len(fids) or not all(isinstance(x, str) for x in fids):
        raise RuleError({"formations": "Every involved formation needs its own text id."})
    rolls, big_dice, big_rolls = rolls or {}, big_dice or {}, big_rolls or {}
    stats = {s: _side_stats(read[s]) for s in SIDES}
    steps: list[str] = []
    sides: dict[str, Any] = {}
    for side, enemy in (("attackers", "defenders"), ("defenders", "attackers")):
        adv, dis = _edges(side, stats[side], stats[enemy], defender_fortified)
        edge = hit_edge(adv, dis)
        st = stats[side]
        rolled = roll_pool(
            st["dice"],
            edge,
            rng=rng,
            rolls=rolls.get(side),
            big_dice=whole(big_dice.get(side, 0), f"big_dice.{side}"),
            big_rolls=big_rolls.get(side),
            path=f"rolls.{side}",
        )
        crits = min(rolled["hits"], st["annihilation"])
        sides[side] = {
            "dice": st["dice"],
            "heroes": st["heroes"],
            "impact_tokens": st["tokens"],
            "hit_on": edge["hit_on"],
            "advantages": edge["advantages"],
            "disadvantages": edge["disadvantages"],
            "faces": rolled["faces"],
            "big_faces": rolled["big_faces"],
            "hits": rolled["hits"],
            "crits": crits,
        }
        steps += [
            f"{side.title()}: {st['dice']} melee dice, {st['heroes']} hero(es), "
            f"{st['tokens']} impact token(s).",
            edge["text"],
            rolled["text"],
        ]
        if crits:
            steps.append(f"Annihilation: {crits} of the hits are critical.")
    formations: dict[str, dict[str, Any]] = {}
    destroyed: dict[str, list[str]] = {}
    titan_crits: list[dict[str, Any]] = []
    for side, enemy in (("attackers", "defenders"), ("defenders", "attackers")):
        order = (hit_order or {}).get(side)
        placed = _allocate(
            read[enemy],
            sides[side]["hits"],
            sides[side]["crits"],
            order,
            side,
            rng,
            rage or {},
            sacrifices or {},
            crit_rolls or {},
        )
        for fid, result in placed.items():
            formations[fid] = result["formation"]
            destroyed[fid] = result["destroyed"]
            titan_crits += result["titan_crits"]
            steps += result["steps"]
    formations = {fid: formations[fid] for fid in fids}
    destroyed = {fid: destroyed[fid] for fid in fids}
    checks: dict[str, Any] = {}
    for fid in fids:
        if not allocation.living(formations[fid]):
            continue
        check = morale.moral_check(
            formations[fid], rng=rng, roll=(moral_rolls or {}).get(fid), reason="after close combat"
        )
        formations[fid] = check["formation"]
        destroyed[fid] += check["removed"]
        checks[fid] = {k: check[k] for k in ("passed", "faces", "total", "impact_tokens")}
        steps += [f"Formation {fid}: {s}" for s in check["steps"]]
    return {
        "sides": sides,
        "formations": formations,
        "destroyed": destroyed,
        "titan_crits": titan_crits,
        "moral_checks": checks,
        "steps": steps,
    }


def _side_stats(entries: list[dict[str, Any]]) -> dict[str, Any]:
    fighters = [u for e in entries for u in _fighters(e)]
    return {
        "dice": sum(int(u.get("melee", 0)) for u in fighters),
        "annihilation": sum(
            int(u.get("melee", 0)) for u in fighters if u.get("traits", {}).get("annihilation")
        ),
        "heroes": sum(1 for u in fighters if u.get("traits", {}).get("hero")),
        "tokens": sum(e["formation"].get("impact_tokens", 0) for e in entries),
        "stances": [e["formation"].get("stance") for e in entries],
    }


def _edges(
    side: str, mine: Mapping[str, Any], theirs: Mapping[str, Any], fortified: bool
) -> tuple[list[str], list[str]]:
    adv, dis = [], []
    if mine["heroes"] > theirs["heroes"]:
        adv.append("more heroes")
    for stance in ("march", "scatter"):
        if stance in theirs["stances"]:
            adv.append(f"enemy in the {stance} stance")
    if mine["tokens"] > theirs["tokens"]:
        dis.append("higher impact token total")
    if "scatter" in mine["stances"]:
        dis.append("scatter stance")
    if fortified and side == "attackers":
        dis.append("attacking a fortification")
    return adv, dis


def _allocate(
    entries: list[dict[str, Any]],
    hits: int,
    crits: int,
    order: Sequence[Sequence[str]] | None,
    side: str,
    rng: random.Random | None,
    rage: Mapping[str, bool],
    sacrifices: Mapping[str, Sequence[Sequence[str]]],
    crit_rolls: Mapping[str, Sequence[Sequence[int]]],
) -> dict[str, dict[str, Any]]:
    """Share one side's hits among the enemy formations in ``order``, then allocate each."""
    by_id = {e["formation"]["id"]: e for e in entries}
    if order is None:
        order = [[fid, uid] for fid, e in by_id.items() for uid in e["involved"]]
    plan: dict[str, dict[str, Any]] = {fid: {"plain": 0, "crits": 0, "order": []} for fid in by_id}
    plain = hits - crits
    for i, pair in enumerate(order):
        if not isinstance(pair, Sequence) or isinstance(pair, str) or len(pair) != 2:
            raise RuleError({f"hit_order.{side}.{i}": "Give [formation id, unit id]."})
        fid, uid = pair
        entry = by_id.get(fid)
        if entry is None or uid not in entry["involved"]:
            raise RuleError({f"hit_order.{side}.{i}": "Not an involved enemy unit."})
        unit = next(u for u in entry["formation"]["units"] if u["id"] == uid)
        lone = len(allocation.living(entry["formation"])) == 1
        if unit.get("chief") and not lone:
            continue
        plan[fid]["order"].append(uid)
        if unit["type"] == "titan":
            take_c = min(crits, unit["structure"])
            take_p = min(plain, unit["structure"] - take_c)
        else:
            take_p = min(plain, 1)
            take_c = min(crits, 1 - take_p)
        plain, crits = plain - take_p, crits - take_c
        plan[fid]["plain"] += take_p
        plan[fid]["crits"] += take_c
    results: dict[str, dict[str, Any]] = {}
    left_plain, left_crits = plain, crits
    for fid, entry in by_id.items():
        p = plan[fid]["plain"] + left_plain
        c = plan[fid]["crits"] + left_crits
        unit_order = plan[fid]["order"] + [
            u for u in entry["involved"] if u not in plan[fid]["order"]
        ]
        result = allocation.allocate_hits(
            entry["formation"],
            p + c,
            c,
            mode="melee",
            order=unit_order,
            rage=bool(rage.get(fid)),
            sacrifices=sacrifices.get(fid, ()),
            rng=rng,
            crit_rolls=crit_rolls.get(fid),
            path=fid,
        )
        # Leftover hits carry on only as far as involved units reach.
        left_crits = min(c, result["unused_hits"])
        left_plain = result["unused_hits"] - left_crits
        results[fid] = result
    return results


def dogfight(
    shooters: Sequence[Mapping[str, Any]],
    target: Mapping[str, Any],
    *,
    distance_cm: float,
    in_front: bool,
    target_flying_high: bool = False,
    **salvo_options: Any,
) -> dict[str, Any]:
    """Flyers shooting at flyers: front arc only, 15 cm at most, air-to-air dice (the
    melee field) with no fire traits; otherwise a salvo (``salvo.resolve_salvo`` options).
    """
    if not in_front:
        raise RuleError({"in_front": "In the air flyers shoot only to the front."})
    if isinstance(distance_cm, bool) or not isinstance(distance_cm, int | float) or distance_cm < 0:
        raise RuleError({"distance_cm": "Expected a distance in cm."})
    if distance_cm > DOGFIGHT_RANGE_CM:
        raise RuleError({"distance_cm": f"Air-to-air range is {DOGFIGHT_RANGE_CM} cm."})
    allocation.check_formation(target, "target")
    for i, unit in enumerate(target["units"]):
        if allocation.is_alive(unit) and unit["type"] != "flyer":
            raise RuleError({f"target.units.{i}.type": "A dogfight is fought against flyers."})
    return salvo.resolve_salvo(
        shooters,
        target,
        air_to_air=True,
        distance_cm=distance_cm,
        target_flying_high=target_flying_high,
        **salvo_options,
    )


def flak(formation: Mapping[str, Any], flyers: Sequence[str]) -> dict[str, Any]:
    """Flyers that came within 10 cm of a FLAK (Anti-Air) unit while moving are destroyed,
    each with its impact token (none for Expendable); a chief left alone goes too."""
    allocation.check_formation(formation, "formation")
    units = {u["id"]: u for u in allocation.living(formation)}
    for i, uid in enumerate(flyers):
        if uid not in units or units[uid]["type"] != "flyer":
            raise RuleError({f"flyers.{i}": "Name flyers of this formation."})
    gone = list(dict.fromkeys(flyers))
    new = allocation.normalised(formation)
    tokens = sum(1 for uid in gone if not units[uid].get("traits", {}).get("expendable"))
    left = [u for u in units.values() if u["id"] not in gone]
    if gone and len(left) == 1 and left[0].get("chief"):
        gone.append(left[0]["id"])
    allocation.mark_dead(new, gone)
    new["impact_tokens"] += tokens
    text = (
        f"FLAK: {len(gone)} flyer(s) destroyed within {FLAK_RANGE_CM} cm, "
        f"+{tokens} impact token(s)."
    )
    return {"formation": new, "destroyed": gone, "impact_tokens": tokens, "steps": [text]}
