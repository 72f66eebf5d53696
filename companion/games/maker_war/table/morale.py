"""Moral checks the table calls for, and what a Titan's death throes do to morale.

``moral-check``: a check for one formation (a supply card, a planetfall mishap, a ruling),
Muster's dice or the two typed faces (``roll``).

``death-throes``: Losing Hope and Cheers wait (``state["throes"]``) until the players say
which formations have a unit within the Titan's initial structure in cm of it (the one
thing the app cannot measure). Then the rules are applied: Losing Hope, each named
formation allied with the Titan takes a moral check at once; Cheers, each named formation
opposing it loses 1d6 impact tokens and the scatter stance. Typed dice per formation
(``rolls``: two faces for a check, one for Cheers) or Muster's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.dice import typed_faces
from companion.games.maker_war.combat import allocation, morale
from companion.games.maker_war.combat.dice import roll_d6s
from companion.games.maker_war.table import choices
from companion.games.maker_war.table.combat import merge, view
from companion.games.maker_war.table.end import check_annihilation
from companion.games.maker_war.table.play import Events, event, formation

LOSING_HOPE = "losing-hope"  # the other death throe that waits for the players: Cheers


def reaches_allies(waiting: Mapping[str, Any]) -> bool:
    """Losing Hope reaches the Titan's allies (a moral check each); Cheers its enemies."""
    return waiting["slug"] == LOSING_HOPE


def moral_check(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    """A check the table calls for (a supply card, a planetfall mishap, a ruling)."""
    f = formation(state, action.get("formation"))
    if f["where"] != "table":
        raise RuleError({"formation": "Only a formation on the table checks its morale."})
    return _check(state, f, typed_faces(action.get("roll"), "roll"), action.get("reason"), rng)


def _check(state: dict, f: dict, roll: Any, reason: Any, rng: random.Random) -> Events:
    result = morale.moral_check(view(f), rng=rng, roll=roll, reason=str(reason or "")[:40])
    events = merge(state, f, result["formation"], result["removed"], rng)
    return [
        event("moral-check", f"{f['name']}: " + " ".join(result["steps"]), barrier=True),
        *events,
    ]


def candidates(state: Mapping[str, Any], waiting: Mapping[str, Any]) -> list[str]:
    """Formations on the table the rule may reach: allies for Losing Hope, enemies for
    Cheers (the players tick those within range)."""
    side = state["sides"][waiting["seat"]]
    allied = reaches_allies(waiting)
    return [
        f["id"]
        for f in state["formations"]
        if f["where"] == "table" and (state["sides"][f["seat"]] == side) == allied
    ]


def death_throes(state: dict, seat: int, action: Mapping, rng: random.Random) -> Events:
    """Apply the first waiting Losing Hope or Cheers to the formations named in range."""
    queue = state.get("throes") or []
    if not queue:
        raise RuleError({"type": "No Titan's death throes wait for the players."})
    waiting = queue[0]
    allowed = candidates(state, waiting)
    named = choices.ids(action.get("formations"), "formations")
    for i, fid in enumerate(named):
        if fid not in allowed:
            who = "allied with" if reaches_allies(waiting) else "opposing"
            raise RuleError({f"formations.{i}": f"Name formations on the table {who} the Titan."})
    rolls = choices.by_formation(action.get("rolls"), "rolls", named)
    state["throes"] = queue[1:]
    events = [
        event(
            "death-throes",
            f"{waiting['name']} ({waiting['titan']}): "
            + (
                f"{len(named)} formation(s) within {waiting['radius_cm']} cm."
                if named
                else f"no formation within {waiting['radius_cm']} cm."
            ),
        )
    ]
    for fid in dict.fromkeys(named):
        f = formation(state, fid)
        typed = typed_faces(rolls.get(fid), f"rolls.{fid}")
        if reaches_allies(waiting):
            events += _check(state, f, typed, "Losing Hope", rng)
        else:
            events.append(_cheer(state, f, typed, rng))
    check_annihilation(state, events)
    return events


def _cheer(state: dict, f: dict, typed: list[int] | None, rng: random.Random) -> dict[str, Any]:
    face = roll_d6s(1, rng=rng, typed=typed, path=f"rolls.{f['id']}")[0]
    new, removed = allocation.remove_impact_tokens(view(f), face)
    rallied = new["stance"] == "scatter"
    if rallied:
        new["stance"] = None
    merge(state, f, new, [], rng)
    text = f"{f['name']} cheers: rolled {face}, {removed} impact token(s) removed"
    return event("cheers", text + (", the scatter stance ends." if rallied else "."), barrier=True)
