"""Faction rules at the table: the Maker Weapon choice and its 1-point change, energy
from generators, invaders carried in by carrier capacity, planetfall drops, roots; and two
table moments around them: an enemy patrol's reaction and a Titan's death throes."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.maker_war.table import factions
from tests.games.maker_war.table_fixtures import act, army, fid, get, start, to_battle

TERRAN = army("maker-rifle-company", "maker-rifle-company", "foundry-titan")


def battle() -> dict:
    return to_battle(
        start(TERRAN, TERRAN),
        [
            (0, "Maker Rifle Company", {"maker_weapon": "sniper"}),
            (1, "Maker Rifle Company", {"maker_weapon": "terror"}),
            (0, "Foundry Titan", {}),
            (1, "Foundry Titan", {}),
        ],
    )


def test_changing_the_maker_weapon_at_activation_costs_one_supply_point():
    state = battle()
    mine = fid(state, 0, "Maker Rifle Company")
    with pytest.raises(RuleError) as poor:
        act(
            state,
            0,
            {"type": "activate", "formation": mine, "order": "advance", "maker_weapon": "anti-air"},
        )
    assert "supply" in poor.value.errors
    state["supply"]["points"][0] = 1
    state, events = act(
        state,
        0,
        {"type": "activate", "formation": mine, "order": "advance", "maker_weapon": "anti-air"},
    )
    assert get(state, mine)["maker_weapon"] == "anti-air" and state["supply"]["points"][0] == 0
    with pytest.raises(RuleError):
        factions.choose_maker_weapon(get(state, mine), "lasers")


def carrier_state() -> dict:
    """A hand-made state: a carrier formation (capacity 4) and an invader of 5 units."""

    def unit(uid: str, traits: dict) -> dict:
        return {"id": uid, "type": "infantry", "alive": True, "traits": traits}

    carrier = {
        "id": "c",
        "seat": 0,
        "name": "Dropships",
        "where": "off",
        "planetfall": False,
        "invader": False,
        "root": False,
        "units": [unit("c1", {"carrier": 2}), unit("c2", {"carrier": 2})],
    }
    invader = {
        "id": "i",
        "seat": 0,
        "name": "Boarders",
        "where": "off",
        "planetfall": False,
        "invader": True,
        "root": False,
        "units": [unit(f"i{n}", {"invader": 1}) for n in range(5)],
    }
    return {
        "formations": [carrier, invader],
        "pois": [],
        "hypha": [[]],
        "started": True,
        "turn": {"deployed": ["c"]},
    }


def test_an_invader_needs_carrier_capacity_for_every_unit():
    state = carrier_state()
    invader = state["formations"][1]
    with pytest.raises(RuleError) as full:
        factions.check_entry(state, invader, "carrier", "c")
    assert "carries 4" in full.value.errors["via"]
    invader["units"][4]["alive"] = False  # four left: they fit
    assert factions.check_entry(state, invader, "carrier", "c")["id"] == "c"
    state["turn"]["deployed"] = []
    with pytest.raises(RuleError):  # carried in only as the carrier itself enters
        factions.check_entry(state, invader, "carrier", "c")


def test_planetfall_formations_drop_in_and_only_they_do():
    state = carrier_state()
    dropper = state["formations"][0]
    with pytest.raises(RuleError):
        factions.check_entry(state, dropper, "planetfall", None)
    dropper["planetfall"] = True
    assert factions.check_entry(state, dropper, "planetfall", None) is None
    with pytest.raises(RuleError):
        factions.check_entry(state, dropper, "edge", None)


def test_a_root_needs_a_fungus_unit_on_the_table():
    state = carrier_state()
    root = state["formations"][0]
    root["root"] = True
    with pytest.raises(RuleError):
        factions.check_entry(state, root, "root", None)
    state["formations"][1]["where"] = "table"
    assert factions.check_entry(state, root, "root", None) is None


def test_energy_can_only_be_spent_by_a_conduit_and_not_beyond_the_pool():
    state = to_battle(
        start(army("drone-host"), TERRAN),
        [(0, "Drone Host", {}), (1, "Maker Rifle Company", {"maker_weapon": "terror"})],
    )
    host = fid(state, 0, "Drone Host")
    state["energy"][0] = 2
    with pytest.raises(RuleError):
        act(state, 0, {"type": "conduit", "formation": host, "amount": 3, "use": "melee"})
    state, _ = act(state, 0, {"type": "conduit", "formation": host, "amount": 2, "use": "screen"})
    assert state["energy"][0] == 0 and get(state, host)["energy_bonus"] == {"screen": 2}
    terran = to_battle(
        start(TERRAN, TERRAN), [(0, "Maker Rifle Company", {"maker_weapon": "terror"})]
    )
    terran["energy"][0] = 3
    with pytest.raises(RuleError):
        act(
            terran,
            0,
            {
                "type": "conduit",
                "formation": fid(terran, 0, "Maker Rifle Company"),
                "amount": 1,
                "use": "melee",
            },
        )


def test_an_enemy_patrol_fires_at_a_formation_that_moved_and_its_stance_ends():
    state = battle()
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": fid(state, 0, "Foundry Titan"), "order": "advance"},
    )
    state, _ = act(state, 0, {"type": "end-turn"})
    patrol = fid(state, 1, "Maker Rifle Company")
    state, _ = act(state, 1, {"type": "activate", "formation": patrol, "order": "patrol"})
    state, _ = act(state, 1, {"type": "end-turn"})
    mover = fid(state, 0, "Maker Rifle Company")
    state, _ = act(state, 0, {"type": "activate", "formation": mover, "order": "advance"})
    with pytest.raises(RuleError):  # only its owner fires a patrol
        act(state, 0, {"type": "shoot", "formation": patrol, "target": mover})
    state, events = act(
        state,
        1,
        {"type": "shoot", "formation": patrol, "target": mover, "distance": 20, "rolls": [2] * 13},
    )
    assert get(state, patrol)["stance"] is None and events[0]["type"] == "salvo"


def test_a_titan_at_zero_structure_rolls_its_death_throes():
    state = battle()
    enemy_titan = fid(state, 1, "Foundry Titan")
    titan = get(state, enemy_titan)["units"][0]
    titan.update(structure=1, shields=0)
    state, _ = act(
        state,
        0,
        {"type": "activate", "formation": fid(state, 0, "Maker Rifle Company"), "order": "advance"},
    )
    state, events = act(
        state, 0, {"type": "shoot", "target": enemy_titan, "distance": 20, "rolls": [5] + [2] * 12}
    )
    assert get(state, enemy_titan)["where"] == "gone"
    assert any(e["type"] == "death-throes" for e in events)
    assert state["destroyed"][0][1] == 87  # chassis 42 and its two weapons, as priced


def test_listed_hypha_grow_in_with_the_first_formation_and_die_without_tokens():
    body = army("spore-swarm", hypha=[{"unit": "hypha-tendril", "count": 2}])
    state = start(body, TERRAN)
    assert [h["where"] for h in state["hypha"][0]] == ["off", "off"]
    state = to_battle(
        state, [(0, "Spore Swarm", {}), (1, "Maker Rifle Company", {"maker_weapon": "terror"})]
    )
    assert [h["where"] for h in state["hypha"][0]] == ["table", "table"]
    state, _ = act(state, 1, {"type": "casualty", "hypha": ["s0h0"]})
    assert [h["alive"] for h in state["hypha"][0]] == [False, True]
    assert all(f["impact_tokens"] == 0 for f in state["formations"])
