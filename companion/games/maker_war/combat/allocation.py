"""Putting hits on units: deaths, Titans' structure and shields, impact tokens.

Plain dicts in, new dicts out; the input is never changed. A formation is::

    {"id": "f1", "units": [unit, ...], "impact_tokens": 0, "terror_tokens": 0,
     "terror_check": False, "stance": None, "turn_hits": {}}

(missing counters count as 0/None/{}; other keys are kept as they are). A unit is::

    {"id": "u1", "type": "tank", "armor": 3, "chief": False, "traits": {"expendable": 1}}

and a Titan carries ``structure`` (left), ``max_structure``, ``shields`` (points left) and
``broken`` (its damaged systems); ``combat_unit`` builds either from a catalogue profile.

    >>> f = {"id": "f", "units": [
    ...     {"id": "c", "type": "infantry", "armor": 1, "chief": True},
    ...     {"id": "a", "type": "tank", "armor": 2}, {"id": "b", "type": "infantry"}]}
    >>> r = allocate_hits(f, hits=3)
    >>> r["destroyed"], r["formation"]["impact_tokens"], r["wiped_out"]
    (['a', 'b', 'c'], 2, True)
    >>> [u["alive"] for u in r["formation"]["units"]]
    [False, False, False]

A destroyed unit stays in ``units`` with ``"alive": False`` (a unit without the key is
alive); every function here ignores dead units. Hits go to the attacker's ``order``
(default: the units as listed), the chief skipped; a chief left alone is removed at once.
Shooting (``mode="fire"``) needs as many hits as a unit's armor, a critical hit kills at
once; in close combat (``mode="melee"``) each hit kills, and Titans lose one structure per
hit either way.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war import titans
from companion.games.maker_war.combat.dice import whole
from companion.games.maker_war.combat.state import (
    add_impact_tokens,
    check_formation,
    check_unit,
    clear_turn_hits,
    clone,
    combat_unit,
    drop_lone_chief,
    is_alive,
    living,
    mark_dead,
    normalised,
    remove_impact_tokens,
)

__all__ = [
    "MODES",
    "allocate_hits",
    "is_alive",
    "living",
    "mark_dead",
    "combat_unit",
    "check_unit",
    "check_formation",
    "drop_lone_chief",
    "clone",
    "normalised",
    "add_impact_tokens",
    "remove_impact_tokens",
    "clear_turn_hits",
]

MODES = ("fire", "melee")


def allocate_hits(
    formation: Mapping[str, Any],
    hits: int,
    crits: int = 0,
    *,
    mode: str = "fire",
    order: Sequence[str] | None = None,
    picks: Sequence[str] = (),
    rage: bool = False,
    sacrifices: Sequence[Sequence[str]] = (),
    bombard_units: Sequence[str] | None = None,
    rng: random.Random | None = None,
    crit_rolls: Sequence[Sequence[int]] | None = None,
    path: str = "target",
) -> dict[str, Any]:
    """Allocate ``hits`` (``crits`` of them critical) to one formation; see the module doc.

    ``picks``: units the attacker chose freely (Sniper), hit first, the chief allowed.
    ``rage``: the owner gives the formation the rage stance when a Berserk unit would die.
    ``sacrifices``: (sacrifice unit, casualty) pairs; the Sacrifice unit dies instead.
    ``bombard_units``: every listed unit takes the whole result (Bombard template).
    ``rng`` / ``crit_rolls``: dice for the critical-hit tables of Titans (one list of faces
    per critical hit that reaches a Titan's structure).
    Returns the new ``formation``, ``destroyed`` unit ids, ``impact_tokens`` added,
    ``titan_crits`` (each table result), ``unused_hits`` and ``steps`` in plain words.
    """
    check_formation(formation, path)
    whole(hits, "hits")
    whole(crits, "crits")
    if crits > hits:
        raise RuleError({"crits": "Critical hits are part of the hits."})
    if mode not in MODES:
        raise RuleError({"mode": f"Must be one of: {', '.join(MODES)}."})
    new = normalised(formation)
    ids = [u["id"] for u in living(new)]
    for field, listed in (
        ("order", order or ()),
        ("picks", picks),
        ("bombard_units", bombard_units or ()),
    ):
        for i, uid in enumerate(listed):
            if uid not in ids:
                raise RuleError({f"{field}.{i}": f"No living unit '{uid}' in the formation."})
    run = _Run(new, mode, rng, crit_rolls, rage)
    plain = hits - crits
    if bombard_units is not None:
        for uid in dict.fromkeys(bombard_units):
            run.steps.append(f"{run.name(uid)} is under the bombard template.")
            run.hit_unit(uid, plain, crits)
    else:
        run.allocate(plain, crits, list(picks), list(order or ids))
    run.apply_sacrifices(sacrifices, formation)
    run.remove_lone_chief(len(ids))
    run.check_crit_rolls_used()
    mark_dead(new, run.dead)
    new["turn_hits"] = {k: v for k, v in new["turn_hits"].items() if k not in run.dead}
    return {
        "formation": new,
        "destroyed": list(run.dead),
        "impact_tokens": run.tokens,
        "shield_hits": run.shield_hits,
        "titan_crits": run.titan_crits,
        "unused_hits": run.unused,
        "wiped_out": not living(new),
        "steps": run.steps,
    }


class _Run:
    """One allocation in progress over a formation copy (private to this module)."""

    def __init__(
        self,
        formation: dict[str, Any],
        mode: str,
        rng: random.Random | None,
        crit_rolls: Sequence[Sequence[int]] | None,
        rage: bool,
    ) -> None:
        self.f, self.mode, self.rng, self.rage = formation, mode, rng, rage
        self.crit_rolls = list(crit_rolls) if crit_rolls is not None else None
        self.units = {u["id"]: u for u in living(formation)}
        self.dead: dict[str, bool] = {}  # uid -> gave an impact token
        self.tokens = self.shield_hits = self.unused = 0
        self.titan_crits: list[dict[str, Any]] = []
        self.steps: list[str] = []

    def name(self, uid: str) -> str:
        unit = self.units[uid]
        return f"{unit.get('name') or unit['type'].title()} ({uid})"

    def token(self, count: int = 1) -> None:
        self.f["impact_tokens"] += count
        self.tokens += count

    def allocate(self, plain: int, crits: int, picks: list[str], order: list[str]) -> None:
        lone = len(self.units) == 1
        queue = list(dict.fromkeys(picks))
        queue += [u for u in dict.fromkeys(order) if u not in queue]
        queue = [u for u in queue if u in picks or lone or not self.units[u].get("chief")]
        while queue and plain + crits > 0:
            uid = queue.pop(0)
            if uid in self.dead:
                continue
            plain, crits, again = self.hit_unit(uid, plain, crits)
            if again:
                queue.append(uid)
        self.unused = plain + crits
        if self.unused:
            self.steps.append(f"{self.unused} hit(s) found no unit to hit.")

    def hit_unit(self, uid: str, plain: int, crits: int) -> tuple[int, int, bool]:
        """Hit one unit; the hits it did not need, and whether it may be hit again."""
        unit = self.units[uid]
        if unit["type"] == "titan":
            plain, crits = self.hit_titan(unit, plain, crits)
            return plain, crits, False
        if self.mode == "melee":
            use_plain = plain > 0
            plain, crits = (plain - 1, crits) if use_plain else (plain, crits - 1)
            self.steps.append(f"{self.name(uid)} takes a close-combat hit.")
            return plain, crits, self.kill(uid)
        taken = self.f["turn_hits"].get(uid, 0)
        need = max(1, unit.get("armor", 1) - taken)
        if plain >= need:
            plain -= need
            self.steps.append(
                f"{self.name(uid)} takes {need} hit(s) against armor {unit.get('armor', 1)}."
            )
            self.f["turn_hits"].pop(uid, None)
        elif crits:
            crits -= 1
            self.steps.append(f"{self.name(uid)} takes a critical hit, which kills at once.")
            self.f["turn_hits"].pop(uid, None)
        else:
            self.f["turn_hits"][uid] = taken + plain
            self.steps.append(
                f"{self.name(uid)} takes {plain} hit(s), {taken + plain} of {unit.get('armor', 1)} "
                "this turn: it survives unless hit again this turn."
            )
            return 0, crits, False
        return plain, crits, self.kill(uid)

    def kill(self, uid: str) -> bool:
        """The unit would die; True when Berserk rage keeps it (it may be hit again)."""
        unit = self.units[uid]
        if unit.get("traits", {}).get("berserk") and (self.rage or self.f["stance"] == "rage"):
            self.f["stance"] = "rage"
            self.token()
            self.steps.append(f"{self.name(uid)} is Berserk: it rages on, +1 impact token.")
            return True
        expendable = bool(unit.get("traits", {}).get("expendable"))
        self.dead[uid] = not expendable
        if expendable:
            self.steps.append(f"{self.name(uid)} is destroyed (Expendable: no impact token).")
        else:
            self.token()
            self.steps.append(f"{self.name(uid)} is destroyed: +1 impact token.")
        return False

    def hit_titan(self, unit: dict[str, Any], plain: int, crits: int) -> tuple[int, int]:
        """Shields soak shooting hits first (plain hits, then crits); then structure."""
        uid = unit["id"]
        if self.mode == "fire" and unit.get("shields", 0) > 0:
            soaked = min(plain, unit["shields"])
            unit["shields"] -= soaked
            plain -= soaked
            crit_soak = min(crits, unit["shields"])
            unit["shields"] -= crit_soak
            crits -= crit_soak
            self.shield_hits += soaked + crit_soak
            if crit_soak:
                self.token(crit_soak)
            if soaked + crit_soak:
                self.steps.append(
                    f"{self.name(uid)}'s shields take {soaked + crit_soak} hit(s) "
                    f"({crit_soak} critical, +{crit_soak} impact token(s)); "
                    f"{unit['shields']} shield point(s) left."
                )
        while unit["structure"] > 0 and plain > 0:
            plain -= 1
            unit["structure"] -= 1
            self.token()
        while unit["structure"] > 0 and crits > 0:
            crits -= 1
            unit["structure"] -= 1
            self.token()
            effect = titans.critical_hit(unit, rng=self.rng, faces=self.next_crit_roll())
            unit.clear()
            unit.update(effect["titan"])
            self.titan_crits.append({k: v for k, v in effect.items() if k != "titan"})
            self.steps.append(f"Critical hit on {self.name(uid)}: {effect['text']}")
        self.steps.append(f"{self.name(uid)} has {unit['structure']} structure left.")
        if unit["structure"] <= 0:
            unit["structure"] = 0
            self.dead[uid] = False
            self.steps.append(f"{self.name(uid)} is destroyed: roll its death throes.")
        return plain, crits

    def next_crit_roll(self) -> list[int] | None:
        if self.crit_rolls is None:
            return None
        if not self.crit_rolls:
            raise RuleError({"crit_rolls": "Type the dice of every critical hit on a Titan."})
        return list(self.crit_rolls.pop(0))

    def check_crit_rolls_used(self) -> None:
        if self.crit_rolls:
            raise RuleError({"crit_rolls": "More critical-hit rolls than critical hits."})

    def apply_sacrifices(self, pairs: Sequence[Sequence[str]], original: Mapping) -> None:
        used: set[str] = set()
        before = {u["id"]: u for u in original["units"]}
        for i, pair in enumerate(pairs):
            if not isinstance(pair, Sequence) or isinstance(pair, str) or len(pair) != 2:
                raise RuleError({f"sacrifices.{i}": "Give [sacrifice unit id, casualty id]."})
            giver, saved = pair
            unit = self.units.get(giver)
            if unit is None or giver in self.dead or giver in used:
                raise RuleError({f"sacrifices.{i}.0": "Not a surviving unit free to sacrifice."})
            if not unit.get("traits", {}).get("sacrifice"):
                raise RuleError({f"sacrifices.{i}.0": "This unit has no Sacrifice trait."})
            if saved not in self.dead or self.units[saved]["type"] == "titan":
                raise RuleError({f"sacrifices.{i}.1": "Not a casualty of these hits."})
            used.add(giver)
            if self.dead.pop(saved):
                self.token(-1)
            self.units[saved].clear()
            self.units[saved].update(clone(before[saved]))
            self.steps.append(f"{self.name(giver)} is sacrificed to save {self.name(saved)}.")
            self.kill_plain(giver)

    def kill_plain(self, uid: str) -> None:
        expendable = bool(self.units[uid].get("traits", {}).get("expendable"))
        self.dead[uid] = not expendable
        if not expendable:
            self.token()

    def remove_lone_chief(self, started_with: int) -> None:
        alive = [u for u in self.units.values() if u["id"] not in self.dead]
        if started_with > 1 and len(alive) == 1 and alive[0].get("chief") and self.dead:
            self.dead[alive[0]["id"]] = False
            self.steps.append(f"{self.name(alive[0]['id'])} is the last unit and chief: removed.")
