"""What each seat sees of a Maker-War table, and the action templates the page offers.

Everything on the battlefield is public (formations, tokens, stances, points of interest,
supply points, energy, played cards). Hidden: the deck's order from everyone, and each
hand from the other side (a seat sees its own hand and its allies'; spectators none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.maker_war import table_morale as morale
from companion.games.maker_war import table_points as points
from companion.games.maker_war import table_report as report
from companion.games.maker_war import table_rounds as rounds
from companion.games.maker_war import table_setup as setup
from companion.games.maker_war import table_supply as supply
from companion.games.maker_war.table_army import hypha_types, living
from companion.games.maker_war.table_factions import MAKER_WEAPON_CHOICES, needs_maker_weapon
from companion.games.maker_war.table_play import deployable_first
from companion.games.plain_data import clone


def _formation_view(state: Mapping[str, Any], f: Mapping[str, Any]) -> dict[str, Any]:
    alive = living(f)
    out = clone(f)
    out.update(
        {
            "side": state["sides"][f["seat"]],
            "alive": len(alive),
            "orders": rounds.allowed_orders(state, f) if f["where"] != "gone" else [],
            "needs_maker_weapon": needs_maker_weapon(f) and not f["entered"],
            "holds": points.held_by(state, f),
            "fortified": points.fortified(state, f),
            "screen": rounds.screen_total(f),
            "weapons": [
                {
                    "id": w["id"],
                    "name": w.get("name") or w["id"],
                    "bombard": bool(w["traits"].get("bombard")),
                }
                for u in alive
                if u["type"] == "titan"
                for w in _titan_weapons(u)
            ],
            "snipers": [
                {"id": u["id"], "name": u["name"]}
                for u in alive
                if u["traits"].get("sniper")
                or (f["maker_weapon"] == "sniper" and u["traits"].get("maker-weapon"))
            ],
            "sacrifice_units": [
                {"id": u["id"], "name": u["name"]} for u in alive if u["traits"].get("sacrifice")
            ],
            "berserk": any(u["traits"].get("berserk") for u in alive),
            "crit_dice": _crit_dice(alive),
        }
    )
    return out


def _crit_dice(alive: list[dict[str, Any]]) -> int:
    """Dice per critical hit on this formation's Titan (0: no Titan, or a Titan tank)."""
    from companion.games.maker_war import titans

    titan = next((u for u in alive if u["type"] == "titan"), None)
    if titan is None:
        return 0
    return {"titan-tank": 0, "moderate": 1, "big": 2}[titans.table_size(titan)]


def _titan_weapons(unit: Mapping[str, Any]) -> list[dict[str, Any]]:
    from companion.games.maker_war import titans

    return titans.usable_weapons(unit)


def player_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    sup = state["supply"]
    last = state.get("last_attack")
    view: dict[str, Any] = {
        "seat": seat,
        "side": state["sides"][seat] if seat is not None else None,
        "phase": state["phase"],
        "round": state["round"],
        "names": list(state["names"]),
        "sides": list(state["sides"]),
        "factions": list(state["factions"]),
        "budget": state["budget"],
        "guidance": clone(state["guidance"]),
        "options": clone(state["options"]),
        "diagram": setup.diagram(state),
        "terrain_kinds": list(setup.TERRAIN_KINDS),
        "pois": [{**clone(p), "contested": points.contested(state, p)} for p in state["pois"]],
        "deploy_turn": state["deploy_turn"],
        "deploy_budget": list(state["deploy_budget"]),
        "deploy_passed": list(state["deploy_passed"]),
        "turn": clone(state["turn"]),
        "passed": list(state["passed"]),
        "formations": [_formation_view(state, f) for f in state["formations"]],
        "hypha": clone(state["hypha"]),
        "deck_count": len(sup["deck"]),
        "deck_removed": sup["removed"],
        "discard": [supply.cards()[c]["name"] for c in sup["discard"]],
        "hand_counts": [len(h) for h in sup["hands"]],
        "hands": supply.visible_hands(sup, state["sides"], seat),
        "supply_points": list(sup["points"]),
        "landing_points": list(sup["landing"]),
        "energy": list(state["energy"]),
        "reliquary": list(state["reliquary"]),
        "last_attack": {"kind": last["kind"], "seat": last["seat"]} if last else None,
        "detonation": state.get("detonation") is not None,
        "throes": [
            {**clone(w), "candidates": morale.candidates(state, w)}
            for w in state.get("throes") or []
        ],
        "result": clone(state["result"]),
        "losses": report.losses(state),
        "chart": report.chart(state),
        "log": clone(state["log"]),
        "maker_weapon_choices": list(MAKER_WEAPON_CHOICES),
        "card_names": {slug: c["name"] for slug, c in supply.cards().items()},
    }
    view["my_hand"] = view["hands"].get(str(seat), []) if seat is not None else []
    if seat is not None:
        if state["phase"] == "deploy":
            view["deployable"] = [f["id"] for f in deployable_first(state, seat)]
        else:
            view["deployable"] = [
                f["id"]
                for f in state["formations"]
                if f["seat"] == seat and f["where"] == "off" and not (f["flyer"] and f["entered"])
            ]
        view["activatable"] = [
            f["id"]
            for f in state["formations"]
            if f["seat"] == seat
            and not f["activated"]
            and (f["where"] == "table" or (f["flyer"] and f["where"] == "off" and f["entered"]))
        ]
        view["carriers"] = [
            {"id": f["id"], "name": f["name"]}
            for f in state["formations"]
            if f["seat"] == seat
            and f["where"] != "gone"
            and any(u["traits"].get("carrier") or u["traits"].get("portal") for u in living(f))
        ]
        view["hypha_types"] = hypha_types(state["factions"][seat])
        view["my_turn"] = (
            state["phase"] == "battle"
            and state["turn"] is not None
            and state["turn"]["seat"] == seat
        ) or (state["phase"] == "deploy" and state["deploy_turn"] == seat)
    return view


def legal_actions(state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """Buttons the page may offer ``seat`` now (each valid as it stands, or nearly: fields
    the players type, such as distances, are left out)."""
    phase = state["phase"]
    if phase == "over" or seat is None:
        return []
    actions: list[dict[str, Any]] = [{"type": "surrender"}] if state["started"] else []
    if phase == "setup":
        return [
            {"type": "begin-deployment"},
            {"type": "place-pois", "method": "app"},
            {"type": "place-pois", "method": "beads"},
            {"type": "terrain"},
        ]
    if phase == "deploy":
        if state["deploy_turn"] != seat:
            return actions
        return [{"type": "deploy", "formation": f["id"]} for f in deployable_first(state, seat)] + [
            {"type": "pass"}
        ]
    turn = state["turn"]
    if state.get("throes"):
        actions.append({"type": "death-throes", "formations": []})
    hand = state["supply"]["hands"][seat]
    actions += [{"type": "play-card", "card": c, "use": "points"} for c in dict.fromkeys(hand)]
    if turn["seat"] != seat:
        return actions + _patrol_shots(state, seat)
    mine = [f for f in state["formations"] if f["seat"] == seat]
    if turn["activations"] < turn["allowed"]:
        for f in mine:
            returning = f["flyer"] and f["where"] == "off" and f["entered"]
            if (f["where"] == "table" or returning) and not f["activated"]:
                for order in rounds.allowed_orders(state, f):
                    actions.append({"type": "activate", "formation": f["id"], "order": order})
            elif f["where"] == "off" and not (f["flyer"] and f["entered"]):
                actions.append({"type": "deploy", "formation": f["id"]})
    if turn["activations"]:
        actions.append({"type": "end-turn"})
    else:
        actions.append({"type": "pass"})
    active = turn["active"]
    if active is not None:
        f = next(x for x in state["formations"] if x["id"] == active)
        targets = [
            e["id"]
            for e in state["formations"]
            if e["where"] == "table" and state["sides"][e["seat"]] != state["sides"][seat]
        ]
        assaulters = any("assault" in u["traits"] for u in living(f))
        if f["order"] in rounds.FIRING_ORDERS or (f["order"] == "assault" and assaulters):
            actions += [{"type": "shoot", "formation": active, "target": t} for t in targets]
        if f["order"] == "assault":
            actions.append({"type": "close-combat", "defenders": []})
    return actions


def _patrol_shots(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    turn = state["turn"]
    if state["sides"][turn["seat"]] == state["sides"][seat] or turn["active"] is None:
        return []
    return [
        {"type": "shoot", "formation": f["id"], "target": turn["active"]}
        for f in state["formations"]
        if f["seat"] == seat and f["where"] == "table" and f["stance"] == "patrol"
    ]
