"""Close combat, dogfights and FLAK, worked by hand, plus properties (Hypothesis)."""

from __future__ import annotations

import json
import random
from copy import deepcopy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war.combat import melee
from tests.games.maker_war.combat_helpers import formation, titan, unit


def fighters(fid: str, n: int = 2, melee_dice: int = 1, **fields) -> dict:
    """A chief and ``n`` units, each with ``melee_dice`` melee."""
    members = [unit(f"{fid}c", chief=True, melee=melee_dice)]
    members += [unit(f"{fid}{i}", "tank", 3, melee=melee_dice) for i in range(1, n + 1)]
    return formation(fid, *members, **fields)


def test_both_sides_strike_at_once_and_each_hit_kills():
    a, d = fighters("a"), fighters("d")
    r = melee.close_combat(
        [{"formation": a}],
        [{"formation": d}],
        rolls={"attackers": [5, 6, 1], "defenders": [5, 1, 1]},
        moral_rolls={"a": [1, 1]},
    )
    assert r["sides"]["attackers"]["hits"] == 2 and r["sides"]["defenders"]["hits"] == 1
    # Armor 3 does not help in close combat; the defenders' chief, left alone, goes too.
    assert r["destroyed"] == {"a": ["a1"], "d": ["d1", "d2", "dc"]}
    # Only the attackers are left to check: 1+1 = 2 beats their 1 token.
    assert r["moral_checks"] == {
        "a": {"passed": True, "faces": [1, 1], "total": 2, "impact_tokens": 1}
    }


def test_more_heroes_give_advantage():
    a = fighters("a")
    a["units"][1]["traits"] = {"hero": 1}
    r = melee.close_combat(
        [{"formation": a}],
        [{"formation": fighters("d")}],
        rolls={"attackers": [4, 4, 4], "defenders": [4, 4, 4]},
        moral_rolls={"a": [6, 6], "d": [6, 6]},
    )
    assert r["sides"]["attackers"]["hit_on"] == 4 and r["sides"]["defenders"]["hit_on"] == 5
    assert r["sides"]["attackers"]["hits"] == 3 and r["sides"]["defenders"]["hits"] == 0


def test_higher_impact_total_gives_disadvantage_and_fortification_too():
    r = melee.close_combat(
        [{"formation": fighters("a", impact_tokens=3)}],
        [{"formation": fighters("d", impact_tokens=1)}],
        rolls={"attackers": [5, 5, 6], "defenders": [5, 5, 1]},
        moral_rolls={"a": [6, 6], "d": [6, 6]},
    )
    assert r["sides"]["attackers"]["hit_on"] == 6 and r["sides"]["attackers"]["hits"] == 1
    fort = melee.close_combat(
        [{"formation": fighters("a")}],
        [{"formation": fighters("d")}],
        rolls={"attackers": [5, 5, 6], "defenders": [1, 1, 1]},
        defender_fortified=True,
        moral_rolls={"a": [6, 6], "d": [6, 6]},
    )
    assert fort["sides"]["attackers"]["disadvantages"] == ["attacking a fortification"]


def test_scattered_side_has_no_melee_and_gives_advantage():
    r = melee.close_combat(
        [{"formation": fighters("a")}],
        [{"formation": fighters("d", stance="scatter")}],
        rolls={"attackers": [4, 1, 1], "defenders": []},
        moral_rolls={"a": [6, 6], "d": [6, 6]},
    )
    assert r["sides"]["defenders"]["dice"] == 0
    assert r["sides"]["defenders"]["disadvantages"] == ["scatter stance"]
    assert r["sides"]["attackers"]["advantages"] == ["enemy in the scatter stance"]
    assert r["destroyed"]["d"] == ["d1"]


def test_an_activated_attacker_adds_tokens_but_only_bloodlust_fights():
    spent = fighters("b", impact_tokens=2)
    spent["units"][1]["traits"] = {"bloodlust": 1}
    r = melee.close_combat(
        [{"formation": fighters("a")}, {"formation": spent, "contributes": False}],
        [{"formation": fighters("d")}],
        rolls={"attackers": [1, 1, 1, 1], "defenders": [1, 1, 1]},
        moral_rolls={"a": [6, 6], "b": [6, 6], "d": [6, 6]},
    )
    assert r["sides"]["attackers"]["dice"] == 4  # 3 from a, 1 from b's bloodlust unit
    assert r["sides"]["attackers"]["impact_tokens"] == 2
    assert r["sides"]["attackers"]["disadvantages"] == ["higher impact token total"]


def test_hits_follow_the_order_across_formations():
    d, e = fighters("d"), fighters("e")
    r = melee.close_combat(
        [{"formation": fighters("a", 3)}],
        [{"formation": d}, {"formation": e}],
        rolls={"attackers": [5, 5, 1, 1], "defenders": [1, 1, 1, 1, 1, 1]},
        hit_order={"attackers": [["e", "e1"], ["d", "d2"], ["d", "d1"]]},
        moral_rolls={"a": [6, 6], "d": [6, 6], "e": [6, 6]},
    )
    assert r["destroyed"] == {"a": [], "d": ["d2"], "e": ["e1"]}


def test_titans_lose_structure_in_melee_and_shields_do_not_help():
    t = formation("t", titan(structure=12, shields=4, melee=2))
    r = melee.close_combat(
        [{"formation": fighters("a", 3)}],
        [{"formation": t}],
        rolls={"attackers": [5, 5, 6, 1], "defenders": [1, 1]},
        moral_rolls={"a": [6, 6], "t": [6, 6]},
    )
    giant = r["formations"]["t"]["units"][0]
    assert (giant["structure"], giant["shields"]) == (9, 4)
    assert r["formations"]["t"]["impact_tokens"] == 3


def test_failed_moral_check_after_close_combat_scatters():
    r = melee.close_combat(
        [{"formation": fighters("a", impact_tokens=4)}],
        [{"formation": fighters("d", impact_tokens=4)}],
        rolls={"attackers": [1, 1, 1], "defenders": [1, 1, 1]},
        moral_rolls={"a": [2, 2], "d": [3, 2]},
    )
    assert r["formations"]["a"]["stance"] == "scatter"
    assert r["formations"]["d"]["stance"] is None


def test_flyers_never_fight_in_close_combat():
    air = formation("air", unit("f1", "flyer", chief=True, melee=2))
    with pytest.raises(RuleError) as err:
        melee.close_combat([{"formation": air}], [{"formation": fighters("d")}], rng=None)
    assert "attackers.0.involved" in err.value.errors


def test_dogfight_uses_air_to_air_dice_front_only_within_15_cm():
    hunters = [unit("h1", "flyer", 2, melee=2, fire_power=5)]
    prey = formation("p", unit("pc", "flyer", 1, chief=True), unit("p1", "flyer", 1))
    r = melee.dogfight(hunters, prey, distance_cm=12, in_front=True, rolls=[5, 2])
    assert r["dice"] == 2 and r["destroyed"] == ["p1", "pc"]
    with pytest.raises(RuleError) as err:
        melee.dogfight(hunters, prey, distance_cm=16, in_front=True, rolls=[5, 2])
    assert "distance_cm" in err.value.errors
    with pytest.raises(RuleError) as err:
        melee.dogfight(hunters, prey, distance_cm=5, in_front=False, rolls=[5, 2])
    assert "in_front" in err.value.errors


def test_flak_destroys_flyers_that_came_close():
    air = formation("air", unit("c", "flyer", chief=True), unit("a", "flyer"), unit("b", "flyer"))
    r = melee.flak(air, ["a"])
    assert r["destroyed"] == ["a"] and r["formation"]["impact_tokens"] == 1
    both = melee.flak(air, ["a", "b"])
    assert both["destroyed"] == ["a", "b", "c"]
    with pytest.raises(RuleError):
        melee.flak(formation("g", unit("x")), ["x"])


side_st = st.lists(
    st.tuples(st.integers(0, 3), st.booleans(), st.integers(1, 3)), min_size=1, max_size=6
)


def side(fid: str, specs: list) -> dict:
    members = [
        unit(f"{fid}{i}", "tank", armor, melee=m, traits={"hero": 1} if hero else {})
        for i, (m, hero, armor) in enumerate(specs)
    ]
    members[0]["chief"] = True
    return formation(fid, *members, impact_tokens=len(specs) % 3)


@settings(max_examples=60, deadline=None)
@given(side_st, side_st, st.integers(0, 10**6))
def test_close_combat_properties(a_specs, d_specs, seed):
    a, d = side("a", a_specs), side("d", d_specs)
    before = deepcopy((a, d))
    r = melee.close_combat([{"formation": a}], [{"formation": d}], rng=random.Random(seed))
    assert (a, d) == before
    assert json.loads(json.dumps(r)) == r
    for fid, hits in (
        ("a", r["sides"]["defenders"]["hits"]),
        ("d", r["sides"]["attackers"]["hits"]),
    ):
        assert r["formations"][fid]["impact_tokens"] >= 0
        assert len(r["destroyed"][fid]) <= hits + 1
