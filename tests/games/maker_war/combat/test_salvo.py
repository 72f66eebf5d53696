"""Shooting salvos worked by hand from the rules text, plus properties (Hypothesis)."""

from __future__ import annotations

import json
import random
from copy import deepcopy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war.combat import salvo
from tests.games.maker_war.combat_helpers import formation, shooter, titan, unit


def squad(n: int = 4, armor: int = 1) -> dict:
    """A chief and ``n`` units of ``armor``."""
    return formation(
        "f", unit("chief", chief=True), *(unit(f"u{i}", armor=armor) for i in range(1, n + 1))
    )


def test_advantage_hits_on_four():
    adv, dis = salvo.shooting_edges(order="continuous-fire")
    r = salvo.resolve_salvo(
        [shooter("s", 4)], squad(), rolls=[4, 4, 5, 3], advantages=adv, disadvantages=dis
    )
    assert r["hit_on"] == 4
    assert r["hits"] == 3
    assert r["destroyed"] == ["u1", "u2", "u3"]  # the chief is skipped
    assert r["target"]["impact_tokens"] == 3


def test_disadvantage_hits_on_six_only():
    adv, dis = salvo.shooting_edges(target_in_cover=True)
    r = salvo.resolve_salvo(
        [shooter("s", 3)], squad(), rolls=[5, 6, 5], advantages=adv, disadvantages=dis
    )
    assert (r["hit_on"], r["hits"], r["destroyed"]) == (6, 1, ["u1"])


def test_advantage_and_disadvantage_cancel_whatever_their_number():
    r = salvo.resolve_salvo(
        [shooter("s", 3)],
        squad(),
        rolls=[4, 5, 6],
        advantages=["Continuous Fire order", "target in the march stance"],
        disadvantages=["target in cover"],
    )
    assert (r["hit_on"], r["hits"]) == (5, 2)
    assert "cancel" in r["steps"][1]


def test_target_in_march_stance_gets_no_cover():
    adv, dis = salvo.shooting_edges(target_stance="march", target_in_cover=True)
    assert adv == ["target in the march stance"] and dis == []


def test_blind_artillery_in_continuous_fire_cancels_out():
    adv, dis = salvo.shooting_edges(order="continuous-fire", artillery_blind=True)
    assert (adv, dis) == (["Continuous Fire order"], ["artillery cannot see the target"])


def test_anti_tank_crits_are_capped_by_anti_tank_firepower():
    # 2 AT dice among 4: three 6s, but only 2 critical hits.
    target = formation("f", unit("c", chief=True), *(unit(f"a{i}", "tank", 3) for i in range(3)))
    r = salvo.resolve_salvo([shooter("at", 2, "AT"), shooter("gun", 2)], target, rolls=[6, 6, 6, 1])
    assert (r["hits"], r["crits"]) == (3, 2)
    # Two crits kill two armor-3 tanks; the third plain hit only scratches the last one.
    assert r["destroyed"] == ["a0", "a1"]
    assert r["target"]["turn_hits"] == {"a2": 1}


def test_terror_tokens_are_capped_and_force_a_check():
    r = salvo.resolve_salvo([shooter("tr", 1, "TR"), shooter("s", 2)], squad(), rolls=[3, 3, 3])
    assert r["terror_tokens"] == 1
    assert r["target"]["impact_tokens"] == 1
    assert r["target"]["terror_tokens"] == 1
    assert r["target"]["terror_check"] is True


def test_dicey_tokens_for_the_shooter_are_capped():
    r = salvo.resolve_salvo([shooter("dy", 2, "DY"), shooter("s", 1)], squad(), rolls=[1, 1, 1])
    assert r["shooter_impact_tokens"] == 2
    assert r["hits"] == 0


def test_maker_weapon_choice_counts_like_the_fire_trait():
    r = salvo.resolve_salvo([shooter("m", 2, **{"anti-tank": 1})], squad(), rolls=[6, 6])
    assert r["crits"] == 2


def test_screen_negates_first_hits_beyond_45_cm():
    target = formation("f", unit("c", chief=True, traits={"screen": 2}), unit("a"), unit("b"))
    r = salvo.resolve_salvo([shooter("s", 3)], target, rolls=[5, 5, 6], distance_cm=60)
    assert (r["hits"], r["screened"], r["destroyed"]) == (3, 2, ["a"])
    near = salvo.resolve_salvo([shooter("s", 3)], target, rolls=[5, 5, 6], distance_cm=45)
    assert near["screened"] == 0 and near["destroyed"] == ["a", "b", "c"]


def test_screen_stops_high_bombers_at_any_distance_plain_hits_first():
    target = formation("f", unit("c", chief=True, traits={"screen": 2}), unit("a", "tank", 3))
    r = salvo.resolve_salvo([shooter("s", 3, "AT")], target, rolls=[6, 5, 5], bomber_high=True)
    # 3 hits, 1 critical; the screen takes the two plain hits, the crit kills the tank.
    assert (r["hits"], r["crits"], r["screened"]) == (3, 1, 2)
    assert r["destroyed"] == ["a", "c"]


def test_fortification_screen_adds_to_the_units_screen():
    r = salvo.resolve_salvo(
        [shooter("s", 3)], squad(), rolls=[5, 5, 5], distance_cm=50, extra_screen=6
    )
    assert r["screened"] == 3 and r["destroyed"] == []


def test_shields_soak_plain_hits_first_and_crits_reach_the_structure():
    target = formation("t", titan(structure=14, shields=2))
    r = salvo.resolve_salvo(
        [shooter("at", 1, "AT"), shooter("s", 3)], target, rolls=[5, 5, 5, 6], crit_rolls=[[3]]
    )
    t = r["target"]["units"][0]
    # 2 plain hits on shields; 1 plain hit and the crit on structure: 14 -> 12.
    assert (r["shield_hits"], t["shields"], t["structure"]) == (2, 0, 12)
    assert r["target"]["impact_tokens"] == 2
    assert t["broken"] == ["left-weapon"]
    assert r["titan_crits"][0]["system"] == "Left Weapon"


def test_critical_hits_on_shields_give_impact_tokens():
    target = formation("t", titan(structure=14, shields=3))
    r = salvo.resolve_salvo([shooter("at", 2, "AT")], target, rolls=[6, 6])
    t = r["target"]["units"][0]
    assert (t["shields"], t["structure"], t["broken"]) == (1, 14, [])
    assert r["target"]["impact_tokens"] == 2


def test_salvo_crit_on_a_titan_steps_up_past_broken_systems_to_the_generator():
    target = formation("t", titan(structure=10, broken=["shields", "head"]))
    r = salvo.resolve_salvo([shooter("at", 1, "AT")], target, rolls=[6], crit_rolls=[[5]])
    crit = r["titan_crits"][0]
    assert crit["system"] == "Generator" and crit["stepped_from"] == ["Shields", "Head"]
    assert r["target"]["units"][0]["structure"] == 10 - 1 - 4


def test_sustained_fire_doubles_under_continuous_fire():
    shots = [shooter("s", 2, **{"sustained-fire": 1})]
    assert salvo.fire_pool(shots, order="continuous-fire")["dice"] == 4
    assert salvo.fire_pool(shots, order="advance")["dice"] == 2
    with pytest.raises(RuleError) as err:
        salvo.resolve_salvo(shots, squad(), rolls=[5, 5], order="continuous-fire")
    assert "rolls" in err.value.errors


def test_scattered_shooters_have_no_firepower():
    r = salvo.resolve_salvo([shooter("s", 5)], squad(), rolls=[], shooter_stance="scatter")
    assert r["dice"] == 0 and r["hits"] == 0


def test_big_dice_count_five_times():
    r = salvo.resolve_salvo(
        [shooter("s", 12, "AT")], squad(8), rolls=[1, 2, 3, 4, 5, 6, 2], big_dice=1, big_rolls=[6]
    )
    # Normal dice hit twice (5, 6); the big 6 is 5 hits and 5 sixes. 6 sixes, AT cap 12.
    assert (r["hits"], r["crits"]) == (7, 6)
    assert len(r["destroyed"]) == 7


def test_big_dice_leave_five_normal_dice():
    with pytest.raises(RuleError) as err:
        salvo.resolve_salvo([shooter("s", 12)], squad(), rng=random.Random(1), big_dice=2)
    assert "big_dice" in err.value.errors


def test_titan_weapon_traits_fire_apart():
    big_gun = shooter("gun", 3, annihilation=1)
    with pytest.raises(RuleError) as err:
        salvo.fire_pool([shooter("s", 1), big_gun])
    assert "shooters.1" in err.value.errors
    groups = salvo.salvo_groups([shooter("s", 1), big_gun, shooter("r", 2)])
    assert [[s["id"] for s in g] for g in groups] == [["s", "r"], ["gun"]]


def test_annihilation_makes_every_hit_critical():
    target = formation("f", unit("c", chief=True), unit("a", "tank", 3), unit("b", "tank", 3))
    r = salvo.resolve_salvo([shooter("gun", 3, annihilation=1)], target, rolls=[5, 5, 1])
    assert (r["hits"], r["crits"], r["destroyed"]) == (2, 2, ["a", "b", "c"])


def test_bombard_hits_every_unit_under_the_template_with_the_full_result():
    target = formation("f", unit("c", chief=True), unit("a", "tank", 3), unit("b", "tank", 3))
    r = salvo.resolve_salvo(
        [shooter("mortar", 4, bombard=1)], target, rolls=[5, 5, 6, 1], bombard_units=["a", "b"]
    )
    assert r["destroyed"] == ["a", "b", "c"]
    with pytest.raises(RuleError):
        salvo.resolve_salvo([shooter("s", 1)], target, rolls=[5], bombard_units=["a"])


def test_sniper_picks_the_chief_first():
    shots = [shooter("s", 2, sniper=1)]
    r = salvo.resolve_salvo(shots, squad(), rolls=[5, 1], picks=["chief"])
    assert r["destroyed"] == ["chief"]
    with pytest.raises(RuleError) as err:
        salvo.resolve_salvo(shots, squad(), rolls=[5, 1], picks=["chief", "u1"])
    assert "picks" in err.value.errors


def test_only_anti_air_reaches_high_flyers():
    flyers = formation("air", unit("c", "flyer", chief=True), unit("a", "flyer"))
    with pytest.raises(RuleError) as err:
        salvo.resolve_salvo([shooter("s", 1)], flyers, rolls=[5], target_flying_high=True)
    assert "shooters.0" in err.value.errors
    flak = [shooter("flak", 1, **{"anti-air": 1})]
    r = salvo.resolve_salvo(flak, flyers, rolls=[5], target_flying_high=True)
    assert r["destroyed"] == ["a", "c"]


def test_typed_faces_are_checked():
    with pytest.raises(RuleError) as err:
        salvo.resolve_salvo([shooter("s", 2)], squad(), rolls=[5, 7])
    assert "rolls.1" in err.value.errors
    with pytest.raises(RuleError) as err:
        salvo.resolve_salvo([shooter("s", 2)], squad())
    assert "rolls" in err.value.errors


def test_bad_target_names_the_field():
    bad = formation("f", unit("a"), {"id": "b", "type": "tank", "armor": 0})
    with pytest.raises(RuleError) as err:
        salvo.resolve_salvo([shooter("s", 1)], bad, rolls=[5])
    assert "target.units.1.armor" in err.value.errors


def test_same_seed_same_salvo_and_input_unchanged():
    target, shots = squad(6, 2), [shooter("s", 10, "AT", "TR"), shooter("d", 4, "DY")]
    before = deepcopy(target)
    a = salvo.resolve_salvo(shots, target, rng=random.Random(42))
    b = salvo.resolve_salvo(shots, target, rng=random.Random(42))
    assert a == b and target == before
    assert a["hits"] == sum(5 if d["big"] else 1 for d in a["dice_rolled"] if d["hit"])


def test_every_die_is_explained():
    r = salvo.resolve_salvo(
        [shooter("s", 10, "AT", "TR")], squad(), rolls=[6, 3, 2, 1, 2], big_dice=1, big_rolls=[5]
    )
    notes = [d["note"] for d in r["dice_rolled"]]
    assert notes == [
        "hit, a six for Anti-Tank",
        "miss, a three for Terror",
        "miss",
        "miss",
        "miss",
        "hit (big die: counts 5)",
    ]


shooters_st = st.lists(
    st.builds(
        lambda i, fp, traits: shooter(f"s{i}", fp, *traits),
        st.integers(0, 99),
        st.integers(0, 8),
        st.lists(st.sampled_from(["AT", "TR", "DY"]), unique=True),
    ),
    min_size=1,
    max_size=6,
)
targets_st = st.lists(st.integers(1, 4), min_size=1, max_size=10).map(
    lambda armors: formation(
        "f", *(unit(f"u{i}", armor=a, chief=i == 0) for i, a in enumerate(armors))
    )
)


@settings(max_examples=80, deadline=None)
@given(shooters_st, targets_st, st.integers(0, 10**6), st.booleans(), st.booleans())
def test_salvo_properties(shots, target, seed, adv, dis):
    before = deepcopy(target)
    result = salvo.resolve_salvo(
        shots,
        target,
        rng=random.Random(seed),
        advantages=["a"] if adv else [],
        disadvantages=["d"] if dis else [],
        distance_cm=seed % 90,
    )
    assert target == before
    assert json.loads(json.dumps(result)) == result
    assert result["target"]["impact_tokens"] >= 0
    assert result["crits"] <= min(result["hits"], result["pool"]["anti_tank"])
    assert result["terror_tokens"] <= result["pool"]["terror"]
    assert result["shooter_impact_tokens"] <= result["pool"]["dicey"]
    # Every destroyed unit took at least one hit, but a chief left alone goes for free.
    assert len(result["destroyed"]) <= result["hits"] + 1
