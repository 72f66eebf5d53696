"""Moral checks, scatter, regroup, medics, rookies and rage, worked by hand."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war.combat import morale
from tests.games.maker_war.combat_helpers import formation, titan, unit


def squad(tokens: int, *extra: dict, **fields) -> dict:
    return formation(
        "f",
        unit("c", chief=True),
        *(unit(f"u{i}") for i in range(1, 6)),
        *extra,
        impact_tokens=tokens,
        **fields,
    )


def test_moral_check_needs_more_than_the_impact_tokens():
    assert morale.moral_check(squad(6), roll=[3, 4])["passed"] is True
    failed = morale.moral_check(squad(7), roll=[3, 4])
    assert failed["passed"] is False and failed["formation"]["stance"] == "scatter"


def test_moral_check_roll_is_checked():
    with pytest.raises(RuleError) as err:
        morale.moral_check(squad(1), roll=[3])
    assert "roll" in err.value.errors


def test_failed_check_then_the_scatter_order():
    scattered = morale.moral_check(squad(8), roll=[2, 3])["formation"]
    assert scattered["stance"] == "scatter"
    assert morale.activation_checks(scattered, "scatter")["must_scatter"]
    # D6 shows 4 with 8 tokens: 4 tokens and 4 units go, the chief last.
    losses = morale.scatter_losses(scattered, roll=4)
    assert losses["tokens_shed"] == 4 and losses["formation"]["impact_tokens"] == 4
    assert losses["destroyed"] == ["u5", "u4", "u3", "u2"]
    # After moving, u1 is within 10 cm of an enemy; then the check: 2+2 = 4, not above 4.
    end = morale.scatter_finish(losses["formation"], caught=["u1"], roll=[2, 2])
    assert end["destroyed"] == ["u1", "c"]  # the chief, left alone, goes too
    assert end["passed"] is None
    kept = morale.scatter_finish(scattered, caught=["u5"], roll=[2, 2])
    assert kept["passed"] is False and kept["formation"]["stance"] == "scatter"
    assert kept["destroyed"] == ["u5"]


def test_scatter_never_removes_more_units_than_tokens():
    r = morale.scatter_losses(squad(2, stance="scatter"), roll=6)
    assert r["tokens_shed"] == 2 and len(r["destroyed"]) == 2


def test_scatter_passed_check_ends_the_stance():
    end = morale.scatter_finish(squad(1, stance="scatter"), roll=[6, 1])
    assert end["passed"] and end["formation"]["stance"] is None


def test_owner_chooses_scatter_losses():
    r = morale.scatter_losses(squad(2), roll=2, remove=["u1", "u3"])
    assert r["destroyed"] == ["u1", "u3"]
    with pytest.raises(RuleError) as err:
        morale.scatter_losses(squad(2), roll=2, remove=["u1"])
    assert "remove" in err.value.errors


def test_a_lone_titan_scatters_with_a_critical_hit():
    f = formation("t", titan(structure=12), impact_tokens=3)
    r = morale.scatter_losses(f, roll=5, crit_faces=[6])
    assert r["tokens_shed"] == 3
    assert r["formation"]["units"][0]["broken"] == ["head"]
    with pytest.raises(RuleError) as err:
        morale.scatter_finish(r["formation"], caught=["t"], roll=[6, 6])
    assert "caught.0" in err.value.errors


def test_regroup_sheds_half_rounded_up_then_supply():
    r = morale.regroup(squad(5), supply_points=1)
    assert (r["shed"], r["formation"]["impact_tokens"]) == (4, 1)
    with pytest.raises(RuleError) as err:
        morale.regroup(squad(5), supply_points=3)
    assert "supply_points" in err.value.errors


def test_regroup_medic_acts_after_the_shedding():
    medic = unit("m", traits={"medic": 1})
    r = morale.regroup(squad(9, medic), medic_rolls=[3])
    assert r["shed"] == 5 and r["medic_faces"] == [3]
    assert r["formation"]["impact_tokens"] == 1


def test_broken_quarters_forbid_regroup():
    f = formation("t", titan(structure=20, broken=["quarters"]), impact_tokens=2)
    with pytest.raises(RuleError):
        morale.regroup(f)
    assert morale.activation_checks(f, "advance")["quarters_tokens"] == 1


def test_each_medic_removes_a_d6_terror_first():
    f = squad(6, unit("m1", traits={"medic": 1}), unit("m2", traits={"medic": 1}), terror_tokens=2)
    r = morale.medic(f, rolls=[2, 3])
    assert r["removed"] == 5
    assert (r["formation"]["impact_tokens"], r["formation"]["terror_tokens"]) == (1, 0)


def test_terror_check_is_owed_even_after_a_medic_and_serves_rookies():
    rookie = unit("r", traits={"rookie": 1})
    f = squad(3, rookie, terror_tokens=1, terror_check=True)
    assert morale.activation_checks(f, "assault")["moral_check"] == "terror"
    f["impact_tokens"] = f["terror_tokens"] = 0  # a medic took every token
    r = morale.activation_moral_check(f, "assault", roll=[1, 1])
    assert r["check"] == "terror" and r["passed"]
    assert r["formation"]["terror_check"] is False
    assert morale.activation_checks(r["formation"], "advance")["moral_check"] is None


def test_failed_rookie_check_forces_regroup_not_scatter():
    f = squad(5, unit("r", traits={"rookie": 1}))
    assert morale.activation_checks(f, "advance")["moral_check"] is None
    r = morale.activation_moral_check(f, "patrol", roll=[2, 2])
    assert (r["passed"], r["forced_order"], r["formation"]["stance"]) == (False, "regroup", None)
    with pytest.raises(RuleError):
        morale.activation_moral_check(f, "advance", roll=[2, 2])


def test_a_titan_with_a_broken_head_is_a_rookie():
    f = formation("t", titan(structure=12, broken=["head"]))
    assert morale.activation_checks(f, "continuous-fire")["moral_check"] == "rookie"


def test_failed_check_ends_rage_one_berserk_per_token():
    f = formation(
        "f",
        unit("c", chief=True),
        unit("b1", traits={"berserk": 1}),
        unit("b2", traits={"berserk": 1}),
        unit("b3", traits={"berserk": 1}),
        impact_tokens=2,
        stance="rage",
    )
    assert morale.activation_checks(f, "assault")["must_assault"]
    r = morale.moral_check(f, roll=[1, 1])
    assert r["removed"] == ["b1", "b2"]
    assert r["formation"]["impact_tokens"] == 0 and r["formation"]["stance"] == "scatter"


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 12), st.integers(0, 10**6), st.integers(0, 3))
def test_morale_properties(tokens, seed, supply):
    rng = random.Random(seed)
    f = squad(tokens, unit("m", traits={"medic": 1}))
    for result in (
        morale.moral_check(f, rng=rng),
        morale.scatter_losses(f, rng=rng),
        morale.medic(f, rng=rng),
    ):
        assert json.loads(json.dumps(result)) == result
        assert result["formation"]["impact_tokens"] >= 0
    left = tokens - (tokens + 1) // 2
    if supply <= left:
        r = morale.regroup(f, supply_points=supply, rng=rng)
        assert 0 <= r["formation"]["impact_tokens"] <= left - supply
