"""Close combat at the table: the active formation's assault with the other involved
formations of both sides, through ``melee.close_combat``.

Beside the formations, the players may give: the dice of each side (Muster's, or typed
faces with big dice), the units in base contact (``contact``: each side hits the enemy's
first, then the rest as listed) or a full ``hit_order`` per side, the formations that take
the rage stance, Sacrifice wishes, typed critical-hit dice for a Titan and typed moral
checks (see ``choices``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.dice import typed_faces
from companion.games.maker_war.combat import melee
from companion.games.maker_war.table import choices, points, wording
from companion.games.maker_war.table.army import living
from companion.games.maker_war.table.attacks import remember
from companion.games.maker_war.table.combat import merge, view
from companion.games.maker_war.table.end import check_annihilation
from companion.games.maker_war.table.play import Events, event, formation, my_turn

ENEMY = {"attackers": "defenders", "defenders": "attackers"}


def close_combat(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    """The active formation's assault, with other involved formations of both sides."""
    my_turn(state, seat)
    active = state["turn"]["active"]
    if active is None or formation(state, active)["order"] != "assault":
        raise RuleError({"type": "Close combat follows an Assault order."})
    side = state["sides"][seat]
    attacker_ids = list(dict.fromkeys([active, *choices.ids(action.get("attackers"), "attackers")]))
    defender_ids = list(dict.fromkeys(choices.ids(action.get("defenders"), "defenders")))
    if not defender_ids:
        raise RuleError({"defenders": "Name the enemy formations in the close combat."})
    joining = set(choices.ids(action.get("join"), "join"))
    for fid in attacker_ids + defender_ids:
        formation(state, fid, "defenders")
    remember(state, "close-combat", seat, action, attacker_ids + defender_ids)
    entries: dict[str, list[dict[str, Any]]] = {"attackers": [], "defenders": []}
    for key, ids, mine in (("attackers", attacker_ids, True), ("defenders", defender_ids, False)):
        for fid in ids:
            f = formation(state, fid, key)
            if f["where"] != "table" or f["flyer"]:
                raise RuleError({key: f"{f['name']} cannot fight a close combat."})
            if (state["sides"][f["seat"]] == side) != mine:
                raise RuleError({key: f"{f['name']} is on the other side."})
            contributes = True
            if mine and fid != active:
                if f["activated"] or fid not in joining:
                    contributes = False
                else:
                    f["activated"], f["order"] = True, "assault"
            f_view = view(f)
            bonus = f.get("energy_bonus", {}).pop("melee", 0)
            if bonus and f_view["units"]:
                f_view["units"][0]["melee"] += bonus
            entries[key].append({"formation": f_view, "contributes": contributes})
    fortified = any(points.fortified(state, formation(state, d)) for d in defender_ids)
    involved = [e["formation"] for key in melee.SIDES for e in entries[key]]
    by_id = {f["id"]: f for f in involved}
    options = _options(action, entries, involved)
    wishes = choices.sacrifice_wishes(action.get("sacrifices"), involved)

    def run(pairs: list[list[str]]) -> dict[str, Any]:
        return melee.close_combat(
            entries["attackers"],
            entries["defenders"],
            rng=rng,
            defender_fortified=fortified,
            sacrifices=choices.grouped(pairs, involved),
            **options,
        )

    result = choices.with_sacrifices(
        run, wishes, lambda r: [u for d in r["destroyed"].values() for u in d], involved, rng
    )
    fought = {fid: formation(state, fid) for fid in result["formations"]}
    events = [
        event(
            "close-combat",
            wording.combat_summary(result, fought),
            details=wording.plain(result["steps"], fought.values()),
            barrier=True,
        )
    ]
    throes = choices.by_formation(action.get("throes_rolls"), "throes_rolls", list(by_id))
    for fid, new in result["formations"].items():
        face = choices.face(throes.get(fid), f"throes_rolls.{fid}")
        events += merge(state, formation(state, fid), new, result["destroyed"][fid], rng, face)
    state["last_attack"]["result"] = {"destroyed": result["destroyed"]}
    check_annihilation(state, events)
    return events


def _options(
    action: Mapping, entries: Mapping[str, list[dict[str, Any]]], involved: list[dict[str, Any]]
) -> dict[str, Any]:
    """Dice, hit order, rage, critical-hit and moral-check dice, checked."""
    fids = [f["id"] for f in involved]
    dice = choices.per_side_dice(action, melee.SIDES)
    berserk = [f["id"] for f in involved if any(u["traits"].get("berserk") for u in living(f))]
    crits = choices.by_formation(action.get("crit_rolls"), "crit_rolls", fids)
    morals = choices.by_formation(action.get("moral_rolls"), "moral_rolls", fids)
    by_id = {f["id"]: f for f in involved}
    crit_rolls = {
        fid: choices.crit_faces(v, f"crit_rolls.{fid}", by_id[fid]) for fid, v in crits.items()
    }
    moral_rolls = {fid: typed_faces(v, f"moral_rolls.{fid}") for fid, v in morals.items()}
    return {
        "rolls": {k: d["rolls"] for k, d in dice.items() if d["rolls"] is not None},
        "big_dice": {k: d["big_dice"] for k, d in dice.items()},
        "big_rolls": {k: d["big_rolls"] for k, d in dice.items() if d["big_rolls"] is not None},
        "hit_order": hit_order(action, entries),
        "rage": choices.flags(action.get("rage"), "rage", berserk),
        "crit_rolls": {k: v for k, v in crit_rolls.items() if v is not None},
        "moral_rolls": {k: v for k, v in moral_rolls.items() if v is not None},
    }


def hit_order(
    action: Mapping, entries: Mapping[str, list[dict[str, Any]]]
) -> dict[str, list[list[str]]] | None:
    """Per side, the enemy units it hits first, as ``[formation id, unit id]``: the given
    ``hit_order`` (unit ids or pairs), else the enemy units in base contact (``contact``)."""
    owner = {key: choices.unit_owner(e["formation"] for e in entries[key]) for key in melee.SIDES}
    raw = action.get("hit_order")
    out: dict[str, list[list[str]]] = {}
    if raw not in (None, "", {}):
        if not isinstance(raw, Mapping) or not set(raw) <= set(melee.SIDES):
            raise RuleError({"hit_order": "Give a list per side: attackers, defenders."})
        for key, listed in raw.items():
            items = listed.split() if isinstance(listed, str) else listed
            if not isinstance(items, list):
                raise RuleError({f"hit_order.{key}": "List the enemy units to hit, in order."})
            enemy = owner[ENEMY[key]]
            pairs = []
            for i, item in enumerate(items):
                uid = item[1] if isinstance(item, list | tuple) and len(item) == 2 else item
                if (
                    not isinstance(uid, str)
                    or uid not in enemy
                    or (uid != item and item[0] != enemy[uid])
                ):
                    raise RuleError({f"hit_order.{key}.{i}": "Not an involved enemy unit."})
                pairs.append([enemy[uid], uid])
            out[key] = pairs
    contact = choices.ids(action.get("contact"), "contact")
    for i, uid in enumerate(contact):
        if not any(uid in owner[key] for key in melee.SIDES):
            raise RuleError({f"contact.{i}": "Not a living unit in this close combat."})
    for key in melee.SIDES:
        enemy = owner[ENEMY[key]]
        first = [[enemy[u], u] for u in contact if u in enemy]
        if key not in out and first:
            out[key] = first
    return out or None
