"""What each seat sees of a Maker-War table, and the action templates the page offers.

Everything on the battlefield is public (formations, tokens, stances, points of interest,
supply points, energy, played cards), and so is every event of the log. Hidden: the deck's
order from everyone, and each hand from the other side (a seat sees its own hand and its
allies'; spectators none). The state keys every seat sees as they are, the engine declares
``PUBLIC``; this view adds the rest: what is drawn from the state (formations, points of
interest, the supply as counts and visible hands) and what depends on the seat. The view
carries what the page needs to draw each choice (the orders a formation may take, the
inputs a card's alternate use asks for), so the device's drawing (``static/view.js``) knows
no rule and no card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.maker_war import titans
from companion.games.maker_war.book import faction_name
from companion.games.maker_war.table import morale, points, report, rounds, setup, supply
from companion.games.maker_war.table.army import hypha_types, living
from companion.games.maker_war.table.attacks import may_shoot
from companion.games.maker_war.table.benefits import EFFECT_CHOICES
from companion.games.maker_war.table.factions import MAKER_WEAPON_CHOICES
from companion.games.maker_war.table.play import deployable_first
from companion.games.plain_data import clone


def _formations_view(
    state: Mapping[str, Any], by_id: Mapping[Any, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Every formation as the page draws it. A 12,000-point table of four has hundreds of
    formations and thousands of units: each formation is copied shallowly, in one go with
    what is drawn of it (the units are the state's own: a view is encoded, never changed),
    the points of interest are read once, and each formation's living units are walked
    once (the Titans' lasting effects found then serve its orders too)."""
    sides = state["sides"]
    holding, fortified = _occupation(state, by_id)
    copies = []
    for f in state["formations"]:
        alive = living(f)
        fid = f["id"]
        figures = _unit_figures(f, alive)
        lasting = figures.pop("lasting")
        copies.append(
            {
                **f,
                "side": sides[f["seat"]],
                "alive": len(alive),
                "orders": rounds.allowed_orders(state, f, lasting) if f["where"] != "gone" else [],
                "needs_maker_weapon": figures.pop("needs_maker_weapon"),
                "holds": [] if f["flyer"] or f["where"] != "table" else list(holding.get(fid, ())),
                "fortified": fid in fortified,
                **figures,  # screen, weapons, snipers, sacrifice units, berserk, crit dice
            }
        )
    return copies


def _occupation(
    state: Mapping[str, Any], by_id: Mapping[Any, Mapping[str, Any]]
) -> tuple[dict[Any, list[str]], set[Any]]:
    """Per formation id, the points of interest it occupies uncontested (in the points'
    order: ``points.held_by`` for a formation on the table and not flying), and the ids
    of the formations touching a fortification (``points.fortified``)."""
    holding: dict[Any, list[str]] = {}
    fortified: set[Any] = set()
    for poi in state["pois"]:
        occupants = set(poi["occupants"])
        if poi["kind"] == "fortification":
            fortified |= occupants
        if not points.contested(state, poi, by_id):
            for fid in occupants:
                holding.setdefault(fid, []).append(poi["id"])
    return holding, fortified


def _unit_figures(f: Mapping[str, Any], alive: list[dict[str, Any]]) -> dict[str, Any]:
    """What the page needs of the living units, in one pass: the Maker Weapon still to
    choose, the screen, the Titans' usable weapons, snipers, sacrifices, Berserk, and the
    dice of a critical hit on the formation's Titan."""
    maker = False
    screen = 0
    weapons: list[dict[str, Any]] = []
    snipers: list[dict[str, Any]] = []
    sacrifices: list[dict[str, Any]] = []
    berserk = False
    titan = None
    lasting: list[dict[str, Any]] = []
    sniper_weapons = f["maker_weapon"] == "sniper"
    for u in alive:
        traits = u["traits"]
        if traits:
            maker = maker or "maker-weapon" in traits
            screen += traits.get("screen", 0)
            if traits.get("sniper") or (sniper_weapons and traits.get("maker-weapon")):
                snipers.append({"id": u["id"], "name": u["name"]})
            if traits.get("sacrifice"):
                sacrifices.append({"id": u["id"], "name": u["name"]})
            berserk = berserk or bool(traits.get("berserk"))
        if u["type"] == "titan":
            titan = titan or u
            lasting.append(titans.effects(u))
            weapons += (
                {
                    "id": w["id"],
                    "name": w.get("name") or w["id"],
                    "bombard": bool(w["traits"].get("bombard")),
                }
                for w in titans.usable_weapons(u)
            )
    return {
        "needs_maker_weapon": maker and not f["entered"],
        "screen": screen,
        "weapons": weapons,
        "snipers": snipers,
        "sacrifice_units": sacrifices,
        "berserk": berserk,
        "crit_dice": _crit_dice(titan),
        "lasting": lasting,  # the living Titans' effects (``rounds.titan_effects``)
    }


def _crit_dice(titan: Mapping[str, Any] | None) -> int:
    """Dice per critical hit on the formation's first living Titan (0: no Titan, or a
    Titan tank)."""
    if titan is None:
        return 0
    return {"titan-tank": 0, "moderate": 1, "big": 2}[titans.table_size(titan)]


def shared(state: Mapping[str, Any]) -> dict[str, Any]:
    """What every seat sees alike beyond the engine's ``PUBLIC`` keys, drawn once per
    change for all of them: the battlefield as the page draws it, the supply as counts
    and the discard, the losses and the chart."""
    sup = state["supply"]
    last = state.get("last_attack")
    by_id = {f["id"]: f for f in state["formations"]}
    return {
        "diagram": setup.diagram(state),
        "terrain_kinds": list(setup.TERRAIN_KINDS),
        "pois": [
            {**clone(p), "contested": points.contested(state, p, by_id)} for p in state["pois"]
        ],
        "formations": _formations_view(state, by_id),
        "deck_count": len(sup["deck"]),
        "deck_removed": sup["removed"],
        "discard": [supply.cards()[c]["name"] for c in sup["discard"]],
        "hand_counts": [len(h) for h in sup["hands"]],
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
        "faction_names": [faction_name(f) for f in state.get("factions", [])],
    }


def player_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees beyond the ``shared`` view: the hands it may see (its own
    side's) and its own choices."""
    hands = supply.visible_hands(state["supply"], state["sides"], seat)
    view: dict[str, Any] = {
        "seat": seat,
        "side": state["sides"][seat] if seat is not None else None,
        "hands": hands,
    }
    asked: dict[str, list[dict[str, str]] | None] = {}  # each kind of choice listed once
    view["my_hand"] = (
        [
            {**card, "inputs": card_inputs(state, seat, card["slug"], asked)}
            for card in hands.get(str(seat), [])
        ]
        if seat is not None
        else []
    )
    if seat is not None:
        # Every supply card's name, for a seat naming the cards its actions play. Not in
        # the public view: the public board's page carries that view, and names no card
        # it does not show (a list of every name would read as the hands' secrets).
        view["card_names"] = {slug: c["name"] for slug, c in supply.cards().items()}
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


def card_inputs(
    state: Mapping[str, Any],
    seat: int,
    card: str,
    listed: dict[str, list[dict[str, str]] | None] | None = None,
) -> list[dict[str, Any]]:
    """The inputs the page shows beside ``card``'s alternate use for ``seat``: a choice of
    ``options`` ({value, text}) per asked field, or a number (``options`` None). Only the
    kinds of choice the card asks for are listed (``listed`` keeps them for the other
    cards of the same hand: a big army has hundreds of formations to go through)."""
    listed = {} if listed is None else listed
    inputs = []
    for field, kind, label in EFFECT_CHOICES.get(card, ()):
        if kind not in listed:
            listed[kind] = _card_choice(state, seat, kind)
        options = listed[kind]
        inputs.append(
            {
                "name": field,
                "label": label,
                "options": None if options is None else [dict(o) for o in options],
            }
        )
    return inputs


def _card_choice(state: Mapping[str, Any], seat: int, kind: str) -> list[dict[str, str]] | None:
    """The options of one kind of card input for ``seat`` (None: a number is typed)."""
    if kind == "own-formation":
        return [
            {"value": f["id"], "text": f["name"]}
            for f in state["formations"]
            if f["seat"] == seat and f["where"] == "table"
        ]
    if kind == "hero":
        return [
            {"value": u["id"], "text": f"{u['name']} ({f['name']})"}
            for f in state["formations"]
            if f["seat"] == seat
            for u in living(f)
            if u["traits"].get("hero")
        ]
    if kind == "enemy-formation":
        side, names = state["sides"][seat], state["names"]
        return [
            {"value": f["id"], "text": f"{f['name']} ({names[f['seat']]})"}
            for f in state["formations"]
            if state["sides"][f["seat"]] != side and f["where"] == "table"
        ]
    if kind == "supply-points":
        return None
    raise KeyError(kind)


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
