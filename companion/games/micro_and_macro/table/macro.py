"""The macro game: draws, buildings, upgrades, instants, making units, card abilities.

Buildings in play are kept left to right (index 0 is the left-most): a new building goes
to the left of the last one placed, and units attacking a base hit the left-most. At most
five buildings (main building included), at most three upgrade slots each; overbuilding
a building (never the main one) costs half the old one's cost, rounded up, on top.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.base import RuleError
from companion.games.micro_and_macro.mechanics import (
    MAX_BUILDINGS_IN_PLAY,
    base_radius,
    overbuild_cost,
    raise_die,
)
from companion.games.micro_and_macro.table import cards, units


def building_from(card_id: str, slug: str) -> dict[str, Any]:
    facts = cards.card(slug)
    return {
        "id": card_id,
        "slug": slug,
        "name": facts["name"],
        "lp": facts["lp"],
        "max_lp": facts["lp"],
        "defense": facts["defense"],
        "slots": facts["slots"],
        "upgrades": [None] * facts["slots"],
        "main": facts["is_main"],
        "cost": facts["cost"],
    }


def defense_die(state: dict[str, Any], building: dict[str, Any]) -> str:
    """The printed Defense, one step up per Stone Walls on the building."""
    walls = sum(1 for u in building["upgrades"] if u and state["cards"][u] == "stone-walls")
    return raise_die(building["defense"], walls)


def radius(player: dict[str, Any]) -> float:
    return base_radius(max(1, len(player["buildings"])))


def main_building(player: dict[str, Any]) -> dict[str, Any] | None:
    return next((b for b in player["buildings"] if b["main"]), None)


def find_building(state: dict[str, Any], seat: int, building_id: Any) -> dict[str, Any]:
    for building in state["players"][seat]["buildings"]:
        if building["id"] == building_id:
            return building
    raise RuleError({"building": "That building is not in your base."})


def pay(state: dict[str, Any], seat: int, amount: int, what: str) -> None:
    player = state["players"][seat]
    if amount > player["resources"]:
        raise RuleError(
            {"resources": f"{what} costs {amount}; you have {player['resources']} resources."}
        )
    player["resources"] -= amount


def draw(state: dict[str, Any], seat: int, count: int, events: list[dict[str, Any]]) -> None:
    """Draw ``count`` cards; each card missing deals 1 damage to the main building."""
    player = state["players"][seat]
    drawn = 0
    for _ in range(count):
        if player["deck"]:
            player["hand"].append(player["deck"].pop(0))
            drawn += 1
            continue
        main = main_building(player)
        events.append(
            {
                "type": "out-of-cards",
                "seat": seat,
                "text": f"{state['names'][seat]} is out of "
                "cards: the main building takes 1 damage.",
            }
        )
        if main is not None:
            damage_building(state, seat, main, 1, events)
    if drawn:
        events.append(
            {
                "type": "draw",
                "seat": seat,
                "count": drawn,
                "barrier": True,
                "text": f"{state['names'][seat]} draws {drawn} card{'s' if drawn > 1 else ''}.",
            }
        )


def damage_building(
    state: dict[str, Any],
    seat: int,
    building: dict[str, Any],
    amount: int,
    events: list[dict[str, Any]],
) -> None:
    """A building at 0 LP is destroyed: back to the pile, its upgrades discarded. The main
    building stays at 0 (the turn code ends the game)."""
    player = state["players"][seat]
    building["lp"] = max(0, building["lp"] - amount)
    if building["lp"] > 0 or building["main"]:
        return
    _take_down(state, seat, building)
    events.append(
        {
            "type": "building-lost",
            "seat": seat,
            "text": f"{state['names'][seat]}'s {building['name']} is destroyed; base radius "
            f"now {radius(player):g} cm.",
        }
    )


def _take_down(state: dict[str, Any], seat: int, building: dict[str, Any]) -> None:
    player = state["players"][seat]
    player["buildings"] = [b for b in player["buildings"] if b["id"] != building["id"]]
    player["discard"] += [u for u in building["upgrades"] if u]
    player["pile"].append(building["id"])


def build(state: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """A building from the pile into the base, or over one already there."""
    player = state["players"][seat]
    card_id = action.get("card")
    if card_id not in player["pile"]:
        raise RuleError({"card": "Choose a building from your building pile."})
    new = building_from(card_id, state["cards"][card_id])
    over_id = action.get("over")
    names = state["names"]
    if over_id in (None, ""):
        if len(player["buildings"]) >= MAX_BUILDINGS_IN_PLAY:
            raise RuleError(
                {"over": f"Your base has {MAX_BUILDINGS_IN_PLAY} buildings: build over one."}
            )
        pay(state, seat, new["cost"], new["name"])
        player["buildings"].insert(0, new)
        text = f"{names[seat]} builds {new['name']} for {new['cost']}"
    else:
        old = find_building(state, seat, over_id)
        if old["main"]:
            raise RuleError({"over": "The main building cannot be built over."})
        tear = overbuild_cost(old["cost"])
        pay(state, seat, new["cost"] + tear, f"{new['name']} over {old['name']}")
        index = player["buildings"].index(old)
        _take_down(state, seat, old)
        player["buildings"].insert(index, new)
        text = (
            f"{names[seat]} builds {new['name']} over {old['name']} for {new['cost']} + "
            f"{tear} to tear it down"
        )
    player["pile"].remove(card_id)
    # Which building left the pile is a reveal: undo does not reach past it.
    return {
        "type": "build",
        "seat": seat,
        "barrier": True,
        "text": f"{text}; base radius {radius(player):g} cm.",
    }


def play_upgrade(state: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """An upgrade from hand into a slot of one of your buildings (a used slot is overwritten
    and its card discarded)."""
    player = state["players"][seat]
    card_id = action["card"]
    facts = cards.card(state["cards"][card_id])
    building = find_building(state, seat, action.get("building"))
    if facts["fits"] and building["slug"] not in facts["fits"]:
        fits = ", ".join(cards.name_of("card", f) for f in facts["fits"])
        raise RuleError({"building": f"{facts['name']} fits only on {fits}."})
    if not building["slots"]:
        raise RuleError({"building": f"{building['name']} has no upgrade slots."})
    slot = action.get("slot")
    if slot in (None, ""):
        slot = next((i for i, u in enumerate(building["upgrades"]) if u is None), None)
        if slot is None:
            raise RuleError({"slot": "Every slot is used: choose one to overwrite."})
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < building["slots"]:
        raise RuleError({"slot": f"{building['name']} has slots 1 to {building['slots']}."})
    pay(state, seat, facts["cost"], facts["name"])
    player["hand"].remove(card_id)
    old = building["upgrades"][slot]
    if old:
        player["discard"].append(old)
    building["upgrades"][slot] = card_id
    text = f"{state['names'][seat]} plays {facts['name']} on {building['name']} (slot {slot + 1})"
    if old:
        text += f", overwriting {cards.name_of('card', state['cards'][old])}"
    return {
        "type": "upgrade",
        "seat": seat,
        "card": facts["slug"],
        "barrier": True,  # a card from the hand is revealed
        "text": text + ".",
    }


def make_unit(
    state: dict[str, Any], seat: int, building_id: Any, slug: Any, free: bool = False
) -> dict[str, Any]:
    """Make a unit the building lists, paying what the card says (nothing if ``free``)."""
    building = find_building(state, seat, building_id)
    produces = {p["unit"]: p["cost"] for p in cards.card(building["slug"])["produces"]}
    if slug not in produces:
        raise RuleError({"unit": f"{building['name']} does not make that unit."})
    if not free:
        pay(state, seat, produces[slug], cards.name_of("unit", slug))
    unit = units.make(state, seat, slug, building["id"])
    price = "free" if free else f"for {produces[slug]}"
    return {
        "type": "make-unit",
        "seat": seat,
        "unit": unit["id"],
        "text": f"{state['names'][seat]} makes a {units.label(unit)} at "
        f"{building['name']} {price}; it enters at the entry point.",
    }


def use_ability(
    state: dict[str, Any], seat: int, action: dict[str, Any], rng: random.Random
) -> list[dict[str, Any]]:
    """A building's ability, once per turn; Sacrificial Pit is worked out, any other
    ability is logged for the players to apply."""
    building = find_building(state, seat, action.get("building"))
    facts = cards.card(building["slug"])
    if not facts["has_ability"]:
        raise RuleError({"building": f"{building['name']} has no ability to use."})
    if building["id"] in state["used"]:
        raise RuleError({"building": "That ability was already used this turn."})
    events: list[dict[str, Any]] = []
    name = state["names"][seat]
    if building["slug"] == "sacrificial-pit":
        unit = units.own(state, seat, action.get("unit"))
        events.append(
            {"type": "ability", "text": f"{name} sacrifices 3 LP of {unit['name']} at the Pit."}
        )
        units.damage(state, unit, 3, rng, events)
        state["players"][seat]["resources"] += 2
        events.append({"type": "resources", "text": f"{name} gains 2 resources."})
    else:
        events.append(
            {"type": "ability", "text": f"{name} uses {building['name']}: {facts['text']}"}
        )
    state["used"].append(building["id"])
    return events


def play_instant(
    state: dict[str, Any], seat: int, action: dict[str, Any], rng: random.Random
) -> list[dict[str, Any]]:
    """An instant from hand: paid, resolved at once, discarded."""
    player = state["players"][seat]
    card_id = action["card"]
    facts = cards.card(state["cards"][card_id])
    effect = _INSTANTS.get(facts["slug"])
    # Check targets before paying, so a refused card changes nothing.
    target = effect[0](state, seat, action) if effect else None
    pay(state, seat, facts["cost"], facts["name"])
    player["hand"].remove(card_id)
    player["discard"].append(card_id)
    events = [
        {
            "type": "instant",
            "seat": seat,
            "card": facts["slug"],
            "barrier": True,  # a card from the hand is revealed
            "text": f"{state['names'][seat]} plays {facts['name']}: {facts['text']}",
        }
    ]
    if effect:
        effect[1](state, seat, target, action, rng, events)
    return events


def _own_unit(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    return units.own(state, seat, action.get("unit"))


def _own_building(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    return find_building(state, seat, action.get("building"))


def _building_of(slug: str) -> Any:
    def pick(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
        found = [b for b in state["players"][seat]["buildings"] if b["slug"] == slug]
        chosen = next((b for b in found if b["id"] == action.get("building")), None)
        if chosen is None and found and action.get("building") in (None, ""):
            chosen = found[0]
        if chosen is None:
            raise RuleError({"building": f"You need a {cards.name_of('card', slug)} in play."})
        return chosen

    return pick


def _nothing(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    return None


def _gain(amount: int) -> Any:
    def effect(state, seat, target, action, rng, events) -> None:  # type: ignore[no-untyped-def]
        state["players"][seat]["resources"] += amount
        events.append({"type": "resources", "text": f"{state['names'][seat]} gains {amount}."})

    return effect


def _heal_building(state, seat, target, action, rng, events) -> None:  # type: ignore[no-untyped-def]
    healed = min(3, target["max_lp"] - target["lp"])
    target["lp"] += healed
    events.append({"type": "heal", "text": f"{target['name']} heals {healed} LP."})


def _free_unit(slug: str) -> Any:
    def effect(state, seat, target, action, rng, events) -> None:  # type: ignore[no-untyped-def]
        events.append(make_unit(state, seat, target["id"], slug, free=True))

    return effect


def _buff(stat: str, until: str, source: str) -> Any:
    def effect(state, seat, target, action, rng, events) -> None:  # type: ignore[no-untyped-def]
        for member in units.group_of(state, target) if until == "activates" else [target]:
            member["buffs"].append({"stat": stat, "steps": 1, "until": [until], "source": source})
        events.append({"type": "buff", "text": f"{source}: {stat.upper()} one step up."})

    return effect


def _tithe(state, seat, target, action, rng, events) -> None:  # type: ignore[no-untyped-def]
    units.damage(state, target, 3, rng, events)
    _gain(2)(state, seat, target, action, rng, events)


def _pact(state, seat, target, action, rng, events) -> None:  # type: ignore[no-untyped-def]
    main = main_building(state["players"][seat])
    if main is not None:
        _heal_building(state, seat, main, action, rng, events)
    units.damage(state, target, 3, rng, events)


_INSTANTS: dict[str, tuple[Any, Any]] = {
    "royal-tax": (_nothing, _gain(3)),
    "mend-the-walls": (_own_building, _heal_building),
    "call-to-arms": (_building_of("royal-keep"), _free_unit("peasant")),
    "shield-wall": (_own_unit, _buff("d", "activates", "Shield Wall")),
    "blood-tithe": (_own_unit, _tithe),
    "raise-the-dead": (_building_of("graveyard"), _free_unit("skeleton")),
    "dark-pact": (_own_unit, _pact),
    "fel-ward": (_own_unit, _buff("md", "attacked", "Fel Ward")),
}
# What each worked-out instant needs: "unit" (yours), "building" (yours) or a building slug.
INSTANT_TARGETS: dict[str, str] = {
    "mend-the-walls": "building",
    "call-to-arms": "royal-keep",
    "shield-wall": "unit",
    "blood-tithe": "unit",
    "raise-the-dead": "graveyard",
    "dark-pact": "unit",
    "fel-ward": "unit",
}
