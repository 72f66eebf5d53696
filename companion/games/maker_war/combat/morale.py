"""Moral checks, the scatter order, regroup, medics, rookies and the berserk rage.

A moral check rolls 2d6 and passes when the total is higher than the formation's impact
tokens; failing gives the scatter stance (a rookie's check before an order gives the
Regroup order instead). Formations are the plain dicts of ``allocation``; every function
returns a new one.

    >>> f = {"id": "f", "units": [{"id": "a", "type": "infantry"}], "impact_tokens": 7}
    >>> r = moral_check(f, roll=[3, 4])
    >>> r["passed"], r["formation"]["stance"]
    (False, 'scatter')
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war import titans
from companion.games.maker_war.combat import allocation
from companion.games.maker_war.combat.dice import roll_d6s, whole

ROOKIE_ORDERS = ("patrol", "continuous-fire", "assault")


def _traits(unit: Mapping[str, Any]) -> Mapping[str, Any]:
    return unit.get("traits", {})


def _is_rookie(formation: Mapping[str, Any]) -> bool:
    """A rookie unit, or a Titan whose Head is broken (it gains the rookie trait)."""
    return any(
        _traits(u).get("rookie") or (u["type"] == "titan" and "head" in u.get("broken", []))
        for u in allocation.living(formation)
    )


def _lone_titan(formation: Mapping[str, Any]) -> bool:
    units = allocation.living(formation)
    return len(units) == 1 and units[0]["type"] == "titan"


def moral_check(
    formation: Mapping[str, Any],
    *,
    rng: random.Random | None = None,
    roll: Sequence[int] | None = None,
    on_fail: str = "scatter",
    reason: str = "",
) -> dict[str, Any]:
    """Roll 2d6 against the impact tokens; ``on_fail`` is ``scatter`` or ``regroup`` (rookie).

    A failed check ends the rage stance: berserk units and impact tokens are removed one
    for one, until one of them runs out.
    """
    allocation.check_formation(formation, "formation")
    if on_fail not in ("scatter", "regroup"):
        raise RuleError({"on_fail": "Must be scatter or regroup."})
    faces = roll_d6s(2, rng=rng, typed=roll, path="roll")
    new = allocation.normalised(formation)
    tokens, total = new["impact_tokens"], sum(faces)
    passed = total > tokens
    head = f"Moral check{' (' + reason + ')' if reason else ''}: {faces[0]}+{faces[1]} = {total}"
    steps = [f"{head} against {tokens} impact token(s): {'passed' if passed else 'failed'}."]
    forced_order = None
    removed: list[str] = []
    if not passed:
        if new["stance"] == "rage":
            new, removed = _end_rage(new, steps)
        if on_fail == "regroup":
            forced_order = "regroup"
            steps.append("Rookies: the formation takes the Regroup order instead.")
        else:
            new["stance"] = "scatter"
            steps.append("The formation scatters: firepower and melee 0, attackers have advantage.")
    return {
        "passed": passed,
        "faces": faces,
        "total": total,
        "impact_tokens": tokens,
        "forced_order": forced_order,
        "removed": removed,
        "formation": new,
        "steps": steps,
    }


def _end_rage(formation: dict[str, Any], steps: list[str]) -> tuple[dict[str, Any], list[str]]:
    berserk = [u["id"] for u in allocation.living(formation) if _traits(u).get("berserk")]
    count = min(len(berserk), formation["impact_tokens"])
    gone = berserk[:count]
    allocation.mark_dead(formation, gone)
    if gone:
        gone = gone + allocation.drop_lone_chief(formation)
    formation, _ = allocation.remove_impact_tokens(formation, count)
    formation["stance"] = None
    steps.append(f"The rage ends: {count} berserk unit(s) and {count} impact token(s) removed.")
    return formation, gone


def activation_checks(formation: Mapping[str, Any], order: str) -> dict[str, Any]:
    """What the rules demand when ``formation`` activates with ``order``.

    ``moral_check``: "terror" (terror tokens were placed), "rookie" (a rookie before Patrol,
    Continuous Fire or Assault) or None; ``must_scatter``; ``must_assault`` (rage);
    ``medics`` (1d6 each may be removed); ``quarters_tokens`` (a Titan's broken Quarters).
    """
    allocation.check_formation(formation, "formation")
    check = None
    if formation.get("terror_check"):
        check = "terror"
    elif order in ROOKIE_ORDERS and _is_rookie(formation):
        check = "rookie"
    quarters = sum(
        titans.effects(u)["impact_token_per_activation"]
        for u in allocation.living(formation)
        if u["type"] == "titan"
    )
    return {
        "moral_check": check,
        "must_scatter": formation.get("stance") == "scatter",
        "must_assault": formation.get("stance") == "rage",
        "medics": sum(1 for u in allocation.living(formation) if _traits(u).get("medic")),
        "quarters_tokens": quarters,
    }


def activation_moral_check(
    formation: Mapping[str, Any],
    order: str,
    *,
    rng: random.Random | None = None,
    roll: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The check on activation: terror first (it also serves a rookie), else a rookie's.

    The terror check is owed even when a medic removed the terror tokens; it is made once,
    then the terror tokens count as common ones. A failed terror check scatters; a failed
    rookie check forces the Regroup order.
    """
    needed = activation_checks(formation, order)["moral_check"]
    if needed is None:
        raise RuleError({"order": "No moral check is due on this activation."})
    result = moral_check(
        formation,
        rng=rng,
        roll=roll,
        on_fail="scatter" if needed == "terror" else "regroup",
        reason="terror" if needed == "terror" else "rookies",
    )
    result["formation"]["terror_check"] = False
    result["formation"]["terror_tokens"] = 0
    result["check"] = needed
    return result


def medic(
    formation: Mapping[str, Any],
    *,
    rng: random.Random | None = None,
    rolls: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Remove 1d6 impact tokens per medic in the formation (terror tokens first)."""
    allocation.check_formation(formation, "formation")
    count = sum(1 for u in allocation.living(formation) if _traits(u).get("medic"))
    if not count:
        raise RuleError({"formation.units": "The formation has no medic."})
    faces = roll_d6s(count, rng=rng, typed=rolls, path="rolls")
    new, removed = allocation.remove_impact_tokens(formation, sum(faces))
    text = f"Medic: rolled {', '.join(map(str, faces))}: {removed} impact token(s) removed."
    return {"faces": faces, "removed": removed, "formation": new, "steps": [text]}


def regroup(
    formation: Mapping[str, Any],
    *,
    supply_points: int = 0,
    rng: random.Random | None = None,
    medic_rolls: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The Regroup order: shed half the impact tokens (round up), then one more per supply
    point spent, then the medics roll (so do not call ``medic`` again on this activation).
    A Titan with broken Quarters may not regroup."""
    allocation.check_formation(formation, "formation")
    whole(supply_points, "supply_points")
    living = allocation.living(formation)
    if any(titans.effects(u)["no_regroup"] for u in living if u["type"] == "titan"):
        raise RuleError({"order": "The Titan's Quarters are broken: it may not regroup."})
    tokens = formation.get("impact_tokens", 0)
    half = math.ceil(tokens / 2)
    if supply_points > tokens - half:
        raise RuleError({"supply_points": f"Only {tokens - half} impact token(s) left to buy off."})
    new, shed = allocation.remove_impact_tokens(formation, half + supply_points)
    steps = [f"Regroup: {half} of {tokens} impact token(s) shed (half, rounded up)."]
    if supply_points:
        steps.append(f"{supply_points} supply point(s) spent: {supply_points} more removed.")
    faces: list[int] = []
    if any(_traits(u).get("medic") for u in allocation.living(new)):
        healed = medic(new, rng=rng, rolls=medic_rolls)
        new, faces = healed["formation"], healed["faces"]
        steps += healed["steps"]
    return {
        "formation": new,
        "shed": shed,
        "supply_spent": supply_points,
        "medic_faces": faces,
        "steps": steps,
    }


def scatter_losses(
    formation: Mapping[str, Any],
    *,
    rng: random.Random | None = None,
    roll: int | None = None,
    remove: Sequence[str] | None = None,
    crit_faces: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Start of the Scatter order: roll a d6, remove that many impact tokens and as many
    units, never more units than tokens (``remove``: the owner's choice of units, else the
    last ones listed, the chief last). Removed units give no impact token. A lone Titan
    takes ``titans.titan_scatter`` instead. Then move, and call ``scatter_finish``.
    """
    allocation.check_formation(formation, "formation")
    if _lone_titan(formation):
        return titans.titan_scatter(formation, rng=rng, roll=roll, crit_faces=crit_faces)
    face = roll_d6s(1, rng=rng, typed=None if roll is None else [roll], path="roll")[0]
    alive = allocation.living(formation)
    count = min(face, formation.get("impact_tokens", 0), len(alive))
    new, _ = allocation.remove_impact_tokens(formation, count)
    ids = [u["id"] for u in alive]
    if remove is None:
        # The owner's default: the last units listed, the chief kept to the end.
        ranked = sorted(alive, key=lambda u: (bool(u.get("chief")), -ids.index(u["id"])))
        chosen = [u["id"] for u in ranked[:count]]
    else:
        if len(set(remove)) != count or any(uid not in ids for uid in remove):
            raise RuleError({"remove": f"Choose exactly {count} different living units."})
        chosen = list(remove)
    left = [u for u in alive if u["id"] not in chosen]
    if chosen and len(left) == 1 and left[0].get("chief"):
        chosen.append(left[0]["id"])
    allocation.mark_dead(new, chosen)
    text = f"Scatter: rolled {face}: {count} impact token(s) and {len(chosen)} unit(s) removed."
    return {
        "formation": new,
        "roll": face,
        "tokens_shed": count,
        "destroyed": chosen,
        "steps": [text],
    }


def scatter_finish(
    formation: Mapping[str, Any],
    *,
    caught: Sequence[str] = (),
    rng: random.Random | None = None,
    roll: Sequence[int] | None = None,
) -> dict[str, Any]:
    """End of the Scatter order: units that ended within 10 cm of an enemy (``caught``)
    are removed without impact tokens (never a Titan); then a moral check: passed ends the
    scatter stance, failed keeps it."""
    allocation.check_formation(formation, "formation")
    ids = {u["id"]: u for u in allocation.living(formation)}
    for i, uid in enumerate(caught):
        if uid not in ids:
            raise RuleError({f"caught.{i}": f"No unit '{uid}' in the formation."})
        if ids[uid]["type"] == "titan":
            raise RuleError({f"caught.{i}": "A scattering Titan is not killed near enemies."})
    new = allocation.normalised(formation)
    allocation.mark_dead(new, caught)
    caught = list(caught) + (allocation.drop_lone_chief(new) if caught else [])
    steps = (
        [f"{len(caught)} unit(s) ended within 10 cm of an enemy and are lost."] if caught else []
    )
    if not allocation.living(new):
        return {"formation": new, "passed": None, "destroyed": list(caught), "steps": steps}
    check = moral_check(new, rng=rng, roll=roll, reason="scatter order")
    out = check["formation"]
    if check["passed"]:
        out["stance"] = None
    return {
        "formation": out,
        "passed": check["passed"],
        "faces": check["faces"],
        "destroyed": list(caught) + check["removed"],
        "steps": steps + check["steps"],
    }
