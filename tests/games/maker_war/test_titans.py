"""Titans: critical-hit tables with the step-up rule, lasting damage, repair and death."""

from __future__ import annotations

import json
import random
from copy import deepcopy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war import titans
from tests.games.maker_war.combat_helpers import formation, titan

WEAPONS = [
    {"mount": "left-weapon", "name": "Rail", "fire_power": 4, "fire_traits": ["AT"], "traits": {}},
    {"mount": "right-weapon", "name": "Flak", "fire_power": 3, "traits": {"anti-air": 1}},
]


@pytest.mark.parametrize(
    ("structure", "size"), [(6, "titan-tank"), (7, "moderate"), (15, "moderate"), (16, "big")]
)
def test_table_follows_the_full_structure(structure, size):
    assert titans.table_size(titan(structure=structure)) == size


def test_tables_come_from_the_book():
    assert [r["system"] for r in titans.critical_table("moderate")][-1] == "Generator"
    assert len(titans.critical_table("big")) == 12


def test_moderate_crit_hits_the_rolled_system():
    r = titans.critical_hit(titan(structure=12), faces=[1])
    assert (r["system"], r["titan"]["broken"], r["titan"]["structure"]) == ("Legs", ["legs"], 12)


def test_broken_systems_step_up_to_the_generator():
    t = titan(structure=12, broken=["shields", "head"])
    r = titans.critical_hit(t, faces=[5])
    assert r["system"] == "Generator" and r["stepped_from"] == ["Shields", "Head"]
    assert r["titan"]["structure"] == 8  # the Generator: 4 structure damage
    again = titans.critical_hit(r["titan"], faces=[6])
    assert again["system"] == "Generator" and again["titan"]["structure"] == 4


def test_big_titan_rolls_two_dice_and_steps_up():
    t = titan(structure=20, broken=["left-mount", "right-mount"])
    r = titans.critical_hit(t, faces=[4, 5])
    assert r["system"] == "Shields" and r["stepped_from"] == ["Left Mount", "Right Mount"]
    top = titans.critical_hit(titan(structure=20, broken=["shields", "head"]), faces=[5, 6])
    assert top["system"] == "Generator" and top["titan"]["structure"] == 15


def test_titan_tank_plating_takes_three_structure_without_a_roll():
    r = titans.critical_hit(titan(structure=5))
    assert r["system"] == "Plating" and r["titan"]["structure"] == 2
    with pytest.raises(RuleError):
        titans.critical_hit(titan(structure=5), faces=[3])


def test_structure_stops_at_zero():
    r = titans.critical_hit(titan(structure=2, max_structure=12, broken=["head"]), faces=[6])
    assert r["titan"]["structure"] == 0


def test_crit_roll_is_checked():
    with pytest.raises(RuleError) as err:
        titans.critical_hit(titan(structure=20), faces=[4])
    assert "faces" in err.value.errors
    with pytest.raises(RuleError) as err:
        titans.critical_hit({"type": "tank", "structure": 3})
    assert "titan" in err.value.errors


def test_lasting_effects_of_each_broken_system():
    big = titans.effects(
        titan(
            structure=20,
            broken=["left-leg", "right-leg", "quarters", "accumulator", "ammunition", "left-arm"],
        )
    )
    assert big["speed_penalty_cm"] == 10
    assert big["no_regroup"] and big["impact_token_per_activation"] == 1
    assert big["structure_loss_per_turn"] == 1 and big["dicey"]
    assert big["weapons_out"] == ["left-arm"]
    moderate = titans.effects(titan(structure=12, broken=["legs", "shields", "head"]))
    assert moderate["no_assault_or_march"] and moderate["no_shield_recharge"]
    assert moderate["rookie"] and moderate["speed_penalty_cm"] == 0


def test_usable_weapons_leave_out_broken_mounts_and_turn_dicey():
    t = titan(structure=12, weapons=deepcopy(WEAPONS), broken=["left-weapon"])
    assert [w["mount"] for w in titans.usable_weapons(t)] == ["right-weapon"]
    big = titan(structure=20, weapons=[{**WEAPONS[0], "mount": "left-arm"}], broken=["ammunition"])
    assert titans.usable_weapons(big)[0]["fire_traits"] == ["AT", "DY"]


def test_single_shot_weapon_is_spent():
    gun = {"mount": "left-weapon", "fire_power": 6, "traits": {"single-shot": 1}}
    t = titans.spend_single_shot(titan(structure=12, weapons=[gun]), "left-weapon")
    assert titans.usable_weapons(t) == []
    with pytest.raises(RuleError):
        titans.spend_single_shot(titan(structure=12, weapons=deepcopy(WEAPONS)), "left-weapon")


def test_accumulator_costs_structure_each_turn():
    r = titans.end_of_turn(titan(structure=1, max_structure=12, broken=["accumulator"]))
    assert (r["structure_lost"], r["destroyed"]) == (1, True)
    assert titans.end_of_turn(titan(structure=12))["structure_lost"] == 0


def test_shields_recharge_one_per_supply_point_unless_broken():
    t = titan(structure=12, shields=4)
    t["shields"] = 1
    assert titans.recharge_shields(t, 3)["titan"]["shields"] == 4
    with pytest.raises(RuleError):
        titans.recharge_shields(t, 4)
    with pytest.raises(RuleError):
        titans.recharge_shields({**t, "broken": ["shields"]}, 1)


def test_repair_costs_two_supply_per_system():
    r = titans.repair(titan(structure=12, broken=["legs", "head"]), ["legs", "head"])
    assert (r["titan"]["broken"], r["supply_spent"]) == ([], 4)
    with pytest.raises(RuleError) as err:
        titans.repair(titan(structure=12), ["legs"])
    assert "systems.0" in err.value.errors


def test_titan_scatter_sheds_tokens_and_takes_one_critical_hit():
    f = formation("t", titan(structure=12, shields=2), impact_tokens=6)
    r = titans.titan_scatter(f, roll=4, crit_faces=[2])
    t = r["formation"]["units"][0]
    assert r["tokens_shed"] == 4
    assert r["formation"]["impact_tokens"] == 6 - 4 + 1
    assert (t["structure"], t["shields"], t["broken"]) == (11, 2, ["accumulator"])
    assert r["destroyed"] == []


def test_death_throes():
    t = titan(structure=0, max_structure=16)
    assert titans.death_throes(t, roll=2)["name"] == "Nothing Special"
    small = titans.death_throes(t, roll=3)
    assert (small["fire_power"], small["annihilation"]) == (16, False)
    large = titans.death_throes(t, roll=6)
    assert large["shooter"]["traits"] == {"annihilation": 1}
    assert titans.death_throes(t, roll=4)["radius_cm"] == 16
    assert titans.death_throes(t, roll=5)["name"] == "Cheers"


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 30),
    st.lists(st.sampled_from(["legs", "head", "shields", "left-leg", "quarters"]), unique=True),
    st.integers(0, 10**6),
)
def test_crits_never_drive_structure_negative(structure, broken, seed):
    t = titan(structure=structure, broken=broken)
    rng = random.Random(seed)
    for _ in range(5):
        r = titans.critical_hit(t, rng=rng)
        assert json.loads(json.dumps(r)) == r
        t = r["titan"]
        assert t["structure"] >= 0
