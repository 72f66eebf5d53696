"""Allocating hits to units, worked by hand, plus properties (Hypothesis)."""

from __future__ import annotations

import doctest
import importlib
import json
import random
from copy import deepcopy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war import units
from companion.games.maker_war.combat import allocation
from tests.games.maker_war.combat_helpers import formation, titan, unit


def test_chief_is_skipped_while_others_live():
    f = formation("f", unit("c", chief=True), unit("a"), unit("b"))
    r = allocation.allocate_hits(f, 1)
    assert r["destroyed"] == ["a"]
    assert [u["alive"] for u in r["formation"]["units"]] == [True, False, True]


def test_chief_left_alone_is_removed_at_once():
    f = formation("f", unit("c", chief=True), unit("a"), unit("b", "tank", 3))
    r = allocation.allocate_hits(f, 4)
    assert r["destroyed"] == ["a", "b", "c"]
    assert r["wiped_out"] and r["unused_hits"] == 0
    assert r["formation"]["impact_tokens"] == 2  # the chief is removed, not shot down


def test_a_lone_unit_is_hit_normally():
    f = formation("f", unit("c", "tank", 2, chief=True))
    assert allocation.allocate_hits(f, 1)["destroyed"] == []
    assert allocation.allocate_hits(f, 2)["destroyed"] == ["c"]


def test_dead_units_are_ignored():
    f = formation("f", unit("c", chief=True), unit("a", alive=False), unit("b"))
    r = allocation.allocate_hits(f, 5)
    assert r["destroyed"] == ["b", "c"] and r["unused_hits"] == 4
    with pytest.raises(RuleError) as err:
        allocation.allocate_hits(f, 1, order=["a"])
    assert "order.0" in err.value.errors


def test_armor_needs_all_hits_in_one_turn_and_hits_carry_within_the_turn():
    f = formation("f", unit("c", chief=True), unit("a", "tank", 3), unit("b"))
    first = allocation.allocate_hits(f, 2)
    assert first["destroyed"] == [] and first["formation"]["turn_hits"] == {"a": 2}
    second = allocation.allocate_hits(first["formation"], 1)
    assert second["destroyed"] == ["a"] and second["formation"]["turn_hits"] == {}
    healed = allocation.clear_turn_hits(first["formation"])
    assert allocation.allocate_hits(healed, 1)["destroyed"] == []


def test_a_critical_hit_kills_armor_at_once_when_plain_hits_fall_short():
    f = formation("f", unit("c", chief=True), unit("a", "tank", 3), unit("b"))
    r = allocation.allocate_hits(f, 2, 1)
    # 1 plain hit cannot beat armor 3: the crit kills the tank, the plain hit kills b.
    assert r["destroyed"] == ["a", "b", "c"]


def test_attacker_order_is_followed():
    f = formation("f", unit("c", chief=True), unit("a"), unit("b"), unit("d"))
    assert allocation.allocate_hits(f, 2, order=["d", "b"])["destroyed"] == ["d", "b"]


def test_expendable_units_give_no_impact_token():
    f = formation("f", unit("c", chief=True), unit("a", traits={"expendable": 1}), unit("b"))
    r = allocation.allocate_hits(f, 2)
    assert r["destroyed"] == ["a", "b", "c"] and r["impact_tokens"] == 1


def test_sacrifice_saves_a_casualty():
    f = formation(
        "f", unit("c", chief=True), unit("a", "tank", 2), unit("s", traits={"sacrifice": 1})
    )
    r = allocation.allocate_hits(f, 2, sacrifices=[["s", "a"]])
    assert r["destroyed"] == ["s"]
    alive = {u["id"]: u["alive"] for u in r["formation"]["units"]}
    assert alive == {"c": True, "a": True, "s": False}
    assert r["formation"]["impact_tokens"] == 1


def test_only_a_sacrifice_unit_may_be_sacrificed():
    f = formation("f", unit("c", chief=True), unit("a"), unit("b"), unit("d"))
    with pytest.raises(RuleError) as err:
        allocation.allocate_hits(f, 1, sacrifices=[["b", "a"]])
    assert "sacrifices.0.0" in err.value.errors


def test_berserk_rage_keeps_the_unit_and_adds_tokens():
    f = formation("f", unit("c", chief=True), unit("z", traits={"berserk": 1}))
    r = allocation.allocate_hits(f, 3, rage=True)
    assert r["destroyed"] == [] and r["formation"]["stance"] == "rage"
    assert r["formation"]["impact_tokens"] == 3  # hit again and again, a token each time
    calm = allocation.allocate_hits(f, 1)
    assert calm["destroyed"] == ["z", "c"]


def test_close_combat_hits_kill_whatever_the_armor():
    f = formation("f", unit("c", chief=True), unit("a", "tank", 3), unit("b", "tank", 3))
    assert allocation.allocate_hits(f, 1, mode="melee")["destroyed"] == ["a"]


def test_titan_structure_never_goes_below_zero():
    f = formation("t", titan(structure=3))
    r = allocation.allocate_hits(f, 5)
    t = r["formation"]["units"][0]
    assert (t["structure"], t["alive"], r["unused_hits"]) == (0, False, 2)
    assert r["formation"]["impact_tokens"] == 3  # a token per hit on a Titan


def test_impact_tokens_come_off_terror_first():
    f = allocation.add_impact_tokens(formation("f", unit("a")), 3, terror=2)
    assert (f["impact_tokens"], f["terror_tokens"], f["terror_check"]) == (3, 2, True)
    less, removed = allocation.remove_impact_tokens(f, 2)
    assert (removed, less["impact_tokens"], less["terror_tokens"]) == (2, 1, 0)


def test_combat_unit_reads_a_starter_titan():
    foundry = next(u for u in units.STARTER_UNITS["terran-makers"] if u.type == "titan")
    weapons = [units.weapon_profile(foundry, w) | {"name": w.name} for w in foundry.weapons]
    t = allocation.combat_unit("t1", foundry.profile(), name=foundry.name, weapons=weapons)
    assert (t["structure"], t["max_structure"], t["shields"]) == (14, 14, 2)
    assert [w["mount"] for w in t["weapons"]] == ["left-weapon", "right-weapon"]


def test_bad_input_names_the_field():
    with pytest.raises(RuleError) as err:
        allocation.allocate_hits(formation("f", unit("a"), unit("a")), 1)
    assert "target.units.1.id" in err.value.errors
    with pytest.raises(RuleError) as err:
        allocation.allocate_hits(formation("f", unit("a")), 1, 2)
    assert "crits" in err.value.errors


units_st = st.lists(
    st.fixed_dictionaries(
        {
            "armor": st.integers(1, 4),
            "kind": st.sampled_from(["infantry", "tank", "titan"]),
            "trait": st.sampled_from([None, "expendable", "berserk", "sacrifice"]),
            "structure": st.integers(1, 20),
        }
    ),
    min_size=1,
    max_size=12,
)


def build(specs: list[dict]) -> dict:
    out = []
    for i, s in enumerate(specs):
        if s["kind"] == "titan":
            out.append(titan(f"u{i}", structure=s["structure"], shields=s["armor"] - 1))
        else:
            traits = {s["trait"]: 1} if s["trait"] else {}
            out.append(unit(f"u{i}", s["kind"], s["armor"], traits=traits))
    out[0]["chief"] = True
    return formation("f", *out, impact_tokens=1)


@settings(max_examples=100, deadline=None)
@given(units_st, st.integers(0, 30), st.data())
def test_allocation_properties(specs, hits, data):
    f = build(specs)
    crits = data.draw(st.integers(0, hits))
    mode = data.draw(st.sampled_from(["fire", "melee"]))
    rage = data.draw(st.booleans())
    before = deepcopy(f)
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    r = allocation.allocate_hits(f, hits, crits, mode=mode, rage=rage, rng=rng)
    assert f == before  # never mutates its input
    assert json.loads(json.dumps(r)) == r
    new = r["formation"]
    assert new["impact_tokens"] >= f["impact_tokens"]
    assert all(u.get("structure", 0) >= 0 for u in new["units"])
    # No more units removed than hits allow (a chief left alone goes without a hit).
    assert len(r["destroyed"]) <= hits + 1
    assert sorted(r["destroyed"]) == sorted(u["id"] for u in new["units"] if not u["alive"])


@pytest.mark.parametrize(
    "name",
    [
        "combat.dice",
        "combat.state",
        "combat.allocation",
        "combat.salvo",
        "combat.melee",
        "combat.morale",
        "titans",
    ],
)
def test_module_examples_run(name):
    module = importlib.import_module(f"companion.games.maker_war.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
