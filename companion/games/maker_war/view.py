"""What each seat sees of a Maker-War table, and the action templates the page offers.

Everything on the battlefield is public (formations, tokens, stances, points of interest,
supply points, energy, played cards), and so is every event of the log. Hidden: the deck's
order from everyone, and each hand from the other side (a seat sees its own hand and its
allies'; spectators none). The state keys every seat sees as they are, the engine declares
``PUBLIC``; this view adds the rest: what is drawn from the state (formations, points of
interest, the supply as counts and visible hands) and what depends on the seat. The view
carries what the page needs to draw each choice (the orders a formation may take, the
inputs a card's alternate use asks for), so the templates know no rule and no card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.maker_war.table import morale, points, report, rounds, setup, supply
from companion.games.maker_war.table.army import hypha_types, living
from companion.games.maker_war.table.attacks import may_shoot
from companion.games.maker_war.table.benefits import EFFECT_CHOICES
from companion.games.maker_war.table.factions import MAKER_WEAPON_CHOICES, needs_maker_weapon
from companion.games.maker_war.table.play import deployable_first
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
    """What ``seat`` sees beyond the engine's ``PUBLIC`` keys: the battlefield as the page
    draws it, the hands it may see (its own side's), counts of the others', and its own
    choices."""
    sup = state["supply"]
    last = state.get("last_attack")
    view: dict[str, Any] = {
        "seat": seat,
        "side": state["sides"][seat] if seat is not None else None,
        "diagram": setup.diagram(state),
        "terrain_kinds": list(setup.TERRAIN_KINDS),
        "pois": [{**clone(p), "contested": points.contested(state, p)} for p in state["pois"]],
        "formations": [_formation_view(state, f) for f in state["formations"]],
        "deck_count": len(sup["deck"]),
        "deck_removed": sup["removed"],
        "discard": [supply.cards()[c]["name"] for c in sup["discard"]],
        "hand_counts": [len(h) for h in sup["hands"]],
        "hands": supply.visible_hands(sup, state["sides"], seat),
        "supply_points": list(sup["points"]),
        "landing_points": list(sup["landing"]),
        "last_attack": {"kind": last["kind"], "seat": last["seat"]} if last else None,
        "detonation": state.get("detonation") is not None,
        "throes": [
            {
                **clone(w),
                "candidates": morale.candidates(state, w),
                "allies": morale.reaches_allies(w),
            }
            for w in state.get("throes") or []
        ],
        "losses": report.losses(state),
        "chart": report.chart(state),
        "maker_weapon_choices": list(MAKER_WEAPON_CHOICES),
        "card_names": {slug: c["name"] for slug, c in supply.cards().items()},
    }
    view["my_hand"] = (
        [
            {**card, "inputs": card_inputs(state, seat, card["slug"])}
            for card in view["hands"].get(str(seat), [])
        ]
        if seat is not None
        else []
    )
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


def card_inputs(state: Mapping[str, Any], seat: int, card: str) -> list[dict[str, Any]]:
    """The inputs the page shows beside ``card``'s alternate use for ``seat``: a choice of
    ``options`` ({value, text}) per asked field, or a number (``options`` None)."""
    side = state["sides"][seat]
    names = state["names"]
    mine = [f for f in state["formations"] if f["seat"] == seat]
    enemies = [
        f
        for f in state["formations"]
        if state["sides"][f["seat"]] != side and f["where"] == "table"
    ]
    choices: dict[str, list[dict[str, str]] | None] = {
        "own-formation": [
            {"value": f["id"], "text": f["name"]} for f in mine if f["where"] == "table"
        ],
        "hero": [
            {"value": u["id"], "text": f"{u['name']} ({f['name']})"}
            for f in mine
            for u in living(f)
            if u["traits"].get("hero")
        ],
        "enemy-formation": [
            {"value": f["id"], "text": f"{f['name']} ({names[f['seat']]})"} for f in enemies
        ],
        "supply-points": None,
    }
    return [
        {"name": field, "label": label, "options": choices[kind]}
        for field, kind, label in EFFECT_CHOICES.get(card, ())
    ]


def offers(state: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """Buttons the page may offer ``seat`` now (each valid as it stands, or nearly: fields
    the players type, such as distances, are left out); the engine keeps those the phase
    allows."""
    phase = state["phase"]
    if seat is None:
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
        by_id = {f["id"]: f for f in mine}
        fresh = [fid for fid in turn["deployed"] if not by_id[fid]["activated"]]
        must = fresh if turn["deployed"] and not turn["activations"] else None
        funds = state["supply"]["points"][seat] + state["supply"]["landing"][seat]
        for f in mine:
            returning = f["flyer"] and f["where"] == "off" and f["entered"]
            if (f["where"] == "table" or returning) and not f["activated"]:
                if must is None or f["id"] in must:
                    paid = not f["flyer"] or f["id"] in turn["deployed"]
                    for order in rounds.allowed_orders(state, f):
                        if paid or order == "veer-off" or funds >= supply.FLYER_ORDER_COST:
                            actions.append(
                                {"type": "activate", "formation": f["id"], "order": order}
                            )
            elif (
                f["where"] == "off"
                and not (f["flyer"] and f["entered"])
                and f["supply_cost"] <= funds
            ):
                actions.append({"type": "deploy", "formation": f["id"]})
    if turn["activations"]:
        actions.append({"type": "end-turn"})
    else:
        actions.append({"type": "pass"})
    active = turn["active"]
    if active is not None:
        f = next(x for x in state["formations"] if x["id"] == active)
        targets = [
            e
            for e in state["formations"]
            if e["where"] == "table" and state["sides"][e["seat"]] != state["sides"][seat]
        ]
        order = f["order"]
        if order in rounds.FIRING_ORDERS or order == "assault":
            actions += [
                {"type": "shoot", "formation": active, "target": e["id"]}
                for e in targets
                if may_shoot(state, f, order, e)
            ]
        enemies = [e for e in targets if not e["flyer"]]
        if order == "assault" and f["where"] == "table" and not f["flyer"] and enemies:
            actions.append({"type": "close-combat", "defenders": []})
    return actions


def _patrol_shots(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    turn = state["turn"]
    if state["sides"][turn["seat"]] == state["sides"][seat] or turn["active"] is None:
        return []
    target = next(f for f in state["formations"] if f["id"] == turn["active"])
    if target["where"] != "table":
        return []
    return [
        {"type": "shoot", "formation": f["id"], "target": target["id"]}
        for f in state["formations"]
        if f["seat"] == seat
        and f["where"] == "table"
        and f["stance"] == "patrol"
        and may_shoot(state, f, "patrol", target)
    ]
