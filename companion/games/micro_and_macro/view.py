"""What one seat may see of a Micro and Macro table.

Public: buildings with LP, Defense and upgrades, base radius, resources, units with their
current dice, discard piles, counts of decks, hands and building piles; the turn, the
command, the reaction and the offered strike as the state holds them (the engine's
``PUBLIC`` keys). A player also sees their own hand and building pile. Nobody is ever sent
a deck's order, the other player's hand, or the card ids hidden in them (the state's
``cards`` map stays on the server). Every event of the log is public (a draw says how many
cards, never which), so the engine keeps the framework's ``visible_event``.
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import deepcopy
from typing import Any

from companion.games.micro_and_macro.book import faction_name
from companion.games.micro_and_macro.mechanics import DIE_LADDER
from companion.games.micro_and_macro.table import cards, macro, units


def card_view(state: Mapping[str, Any], card_id: str) -> dict[str, Any]:
    facts = cards.card(state["cards"][card_id])
    return {
        "id": card_id,
        "slug": facts["slug"],
        "name": facts["name"],
        "category": facts["category"],
        "cost": facts["cost"],
        "text": facts["text"],
        "lp": facts["lp"],
        "defense": facts["defense"],
        "slots": facts["slots"],
    }


def _building_view(state: Mapping[str, Any], building: Mapping[str, Any]) -> dict[str, Any]:
    facts = cards.card(building["slug"])
    return {
        **deepcopy(dict(building)),
        "defense_now": macro.defense_die(state, building),  # type: ignore[arg-type]
        "text": facts["text"],
        "produces": deepcopy(facts["produces"]),
        "upgrades": [card_view(state, u) if u else None for u in building["upgrades"]],
        "used": building["id"] in state["used"],
    }


def _unit_view(state: Mapping[str, Any], unit: Mapping[str, Any]) -> dict[str, Any]:
    profile = units.profile(state, unit)  # type: ignore[arg-type]
    weapon = cards.weapon(profile["weapon"])
    return {
        **deepcopy(dict(unit)),
        "profile": profile,
        "weapon_name": weapon["name"],
        "weapon_range": weapon["range"],
        "weapon_damage": weapon["damage"],
        "spell_names": [cards.name_of("spell", s) for s in profile["spells"]],
    }


def player_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees beyond the engine's ``PUBLIC`` keys: each player's board and
    counts, the units with their profiles, its own hand and pile, and the labels."""
    players = []
    for number, player in enumerate(state["players"]):
        players.append(
            {
                "seat": number,
                "name": state["names"][number],
                "faction": player["faction"],
                "faction_name": faction_name(player["faction"]),
                "deck_count": len(player["deck"]),
                "hand_count": len(player["hand"]),
                "pile_count": len(player["pile"]),
                "discard": [card_view(state, c) for c in player["discard"]],
                "buildings": [_building_view(state, b) for b in player["buildings"]],
                "resources": player["resources"],
                "radius": macro.radius(player),  # type: ignore[arg-type]
                "marker": state["markers"][number],
                "unit_count": sum(1 for u in state["units"] if u["owner"] == number),
            }
        )
    view: dict[str, Any] = {
        "seat": seat,
        "players": players,
        "units": [_unit_view(state, u) for u in state["units"]],
    }
    labels = {u["id"]: units.label(u) for u in state["units"]}
    for player in players:
        labels.update({b["id"]: b["name"] for b in player["buildings"]})
    if seat is not None:
        mine = state["players"][seat]
        view["hand"] = [card_view(state, c) for c in mine["hand"]]
        view["pile"] = [card_view(state, c) for c in mine["pile"]]
        labels.update({c["id"]: c["name"] for c in [*view["hand"], *view["pile"]]})
    labels["base"] = "the enemy base (left-most building)"
    view["labels"] = labels
    view["ladder"] = list(DIE_LADDER)
    return view
