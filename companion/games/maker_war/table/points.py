"""Points of interest during play: occupied, contested, controlled, activated.

The players tell the app which formations have a unit within 5 cm of a point (the app
cannot see the table). A point is contested when formations of both sides occupy it. A
formation controls a point it occupies uncontested at the start and at the end of its
turn; its seat may then take the point's benefit once per round. Flyers never control
points of interest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError


def poi_by_id(state: Mapping[str, Any], pid: Any) -> dict[str, Any]:
    for poi in state["pois"]:
        if poi["id"] == pid:
            return poi
    raise RuleError({"poi": "No such point of interest."})


def occupying_sides(
    state: Mapping[str, Any],
    poi: Mapping[str, Any],
    by_id: Mapping[Any, Mapping[str, Any]] | None = None,
) -> set[int]:
    """The sides with a formation on the ground at the point (``by_id``: the state's
    formations by id, when the caller has them at hand)."""
    if by_id is None:
        by_id = {f["id"]: f for f in state["formations"]}
    return {
        state["sides"][by_id[fid]["seat"]]
        for fid in poi["occupants"]
        if fid in by_id and by_id[fid]["where"] == "table" and not by_id[fid]["flyer"]
    }


def contested(
    state: Mapping[str, Any],
    poi: Mapping[str, Any],
    by_id: Mapping[Any, Mapping[str, Any]] | None = None,
) -> bool:
    return len(occupying_sides(state, poi, by_id)) > 1


def held_by(state: Mapping[str, Any], formation: Mapping[str, Any]) -> list[str]:
    """The points ``formation`` occupies without contest right now."""
    if formation["flyer"] or formation["where"] != "table":
        return []
    return [
        poi["id"]
        for poi in state["pois"]
        if formation["id"] in poi["occupants"] and not contested(state, poi)
    ]


def set_occupants(state: dict[str, Any], pid: Any, formations: Any) -> dict[str, Any]:
    """Record which formations occupy a point (``formations``: a list of ids)."""
    poi = poi_by_id(state, pid)
    if not isinstance(formations, list):
        raise RuleError({"formations": "List the formations within 5 cm of the point."})
    known = {f["id"]: f for f in state["formations"]}
    bad = [fid for fid in formations if fid not in known or known[fid]["where"] != "table"]
    if bad:
        raise RuleError({"formations": "Only formations on the table can occupy a point."})
    flyers = [known[fid]["name"] for fid in formations if known[fid]["flyer"]]
    if flyers:
        raise RuleError({"formations": f"Flyers cannot occupy a point: {', '.join(flyers)}."})
    poi["occupants"] = list(dict.fromkeys(formations))
    if contested(state, poi):
        poi["controller"] = None
    return poi


def settle_control(state: dict[str, Any], formation: Mapping[str, Any], start: list[str]) -> list:
    """At the end of a turn: points held at its start and its end pass to its seat.

    Returns the points whose controller changed."""
    changed = []
    now = set(held_by(state, formation))
    for poi in state["pois"]:
        if contested(state, poi):
            poi["controller"] = None
        elif poi["id"] in start and poi["id"] in now and poi["controller"] != formation["seat"]:
            poi["controller"] = formation["seat"]
            changed.append(poi)
    return changed


def check_benefit(state: Mapping[str, Any], seat: int, poi: Mapping[str, Any]) -> None:
    """Refuse a benefit the seat may not take now."""
    turn = state["turn"]
    active = turn["active"]
    if active is None:
        raise RuleError({"poi": "Activate the formation that holds the point first."})
    if poi["kind"] == "fortification":
        raise RuleError({"poi": "A fortification gives cover, not an activation benefit."})
    if seat in poi["benefited"]:
        raise RuleError({"poi": "You have already used this point this round."})
    if poi["id"] not in turn["poi_start"] or contested(state, poi):
        raise RuleError(
            {
                "poi": "The active formation must hold the point uncontested at the start and "
                "the end of its turn."
            }
        )
    if active not in poi["occupants"]:
        raise RuleError({"poi": "The active formation no longer occupies the point."})


def fortified(state: Mapping[str, Any], formation: Mapping[str, Any]) -> bool:
    """The formation touches a fortification point: cover, screen 6, melee disadvantage."""
    return any(
        poi["kind"] == "fortification" and formation["id"] in poi["occupants"]
        for poi in state["pois"]
    )


def new_round(state: dict[str, Any]) -> None:
    for poi in state["pois"]:
        poi["benefited"] = []
