"""The unit cost formula against every worked example of RULINGS.md, plus its invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war.cost import (
    FIRE_ARCS,
    UnitProfile,
    round_half_up,
    unit_cost,
)
from companion.games.maker_war.traits import TRAIT_NAMES

WORKED_EXAMPLES = [
    (
        {
            "type": "infantry",
            "armor": 1,
            "speed": 10,
            "fire_range": 30,
            "fire_power": 1,
            "melee": 1,
        },
        6,
    ),
    (
        {
            "type": "tank",
            "armor": 3,
            "speed": 20,
            "fire_range": 45,
            "fire_power": 2,
            "fire_traits": ["AT"],
            "melee": 0,
        },
        47,
    ),
    (
        {
            "type": "flyer",
            "armor": 2,
            "fire_range": 30,
            "fire_power": 3,
            "melee": 2,
            "traits": {"bomber": 1, "interceptor": 1},
        },
        78,
    ),
    ({"type": "titan", "structure": 16, "speed": 10, "melee": 4, "traits": {"shields": 4}}, 62),
    (
        {
            "type": "weapon",
            "speed": 10,
            "fire_range": 60,
            "fire_power": 6,
            "fire_traits": ["AT"],
            "fire_arc": "front",
        },
        38,
    ),
    (
        {
            "type": "tank",
            "armor": 2,
            "speed": 15,
            "fire_range": 30,
            "fire_power": 1,
            "traits": {"hover": 1, "transport": 4, "screen": 2},
        },
        59,
    ),
    (
        {
            "type": "infantry",
            "armor": 1,
            "speed": 10,
            "fire_range": 30,
            "fire_power": 1,
            "melee": 2,
            "traits": {"hero": 1, "medic": 1},
        },
        52,
    ),
    (
        {
            "type": "tank",
            "armor": 2,
            "speed": 10,
            "fire_range": 90,
            "fire_power": 3,
            "fire_traits": ["TR"],
            "traits": {"artillery": 1},
        },
        50,
    ),
]


def price(data: dict) -> int:
    return unit_cost(UnitProfile.from_data(data)).points


@pytest.mark.parametrize(("profile", "points"), WORKED_EXAMPLES)
def test_matches_every_worked_example_of_the_rulings(profile, points):
    assert price(profile) == points


def test_breakdown_names_each_term_and_ends_at_the_unrounded_total():
    result = unit_cost(UnitProfile.from_data(WORKED_EXAMPLES[5][0]))
    assert {"fire_power", "defense", "offense", "trait_screen", "trait_transport"} <= set(
        result.breakdown
    )
    assert round_half_up(result.breakdown["total"]) == result.points


def test_rounding_is_half_up_like_php():
    assert [round_half_up(x) for x in (2.5, 3.5, 2.49, 0.5)] == [3, 4, 2, 1]


def test_titans_and_weapons_are_priced_with_armor_one():
    titan = {"type": "titan", "structure": 16, "speed": 10, "melee": 4, "traits": {"shields": 4}}
    assert price({**titan, "armor": 5}) == price(titan)


def test_traits_the_formula_does_not_name_cost_nothing():
    base = WORKED_EXAMPLES[1][0]
    for free in ("huge", "bloodlust", "root", "hypha", "sprout"):
        assert price({**base, "traits": {free: 1}}) == price(base)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "spaceship"}, "type"),
        ({"type": "tank", "armor": 0}, "armor"),
        ({"type": "tank", "speed": -1}, "speed"),
        ({"type": "tank", "fire_power": 1.5}, "fire_power"),
        ({"type": "tank", "melee": True}, "melee"),
        ({"type": "tank", "fire_traits": ["AT", "XX"]}, "fire_traits"),
        ({"type": "tank", "fire_arc": "up"}, "fire_arc"),
        ({"type": "tank", "traits": {"laser-eyes": 1}}, "traits.laser-eyes"),
        ({"type": "tank", "traits": {"hover": 3}}, "traits.hover"),
        ({"type": "tank", "traits": {"screen": -2}}, "traits.screen"),
        ({"type": "tank", "traits": ["hover"]}, "traits"),
        ({"type": "titan"}, "structure"),
        ({"type": "tank", "colour": "red"}, "colour"),
    ],
)
def test_bad_profiles_name_the_field(data, field):
    with pytest.raises(RuleError) as caught:
        UnitProfile.from_data(data)
    assert field in caught.value.errors


def test_all_bad_fields_are_reported_at_once():
    with pytest.raises(RuleError) as caught:
        UnitProfile.from_data({"type": "tank", "armor": -1, "speed": "fast"})
    assert {"armor", "speed"} <= set(caught.value.errors)


valued = [t.slug for t in TRAIT_NAMES if t.valued]
flags = [t.slug for t in TRAIT_NAMES if not t.valued]
profiles = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["infantry", "tank", "titan", "flyer", "weapon"]),
        "armor": st.integers(1, 8),
        "structure": st.integers(1, 40),
        "speed": st.integers(0, 60),
        "fire_range": st.integers(0, 150),
        "fire_power": st.integers(0, 15),
        "fire_traits": st.lists(st.sampled_from(["AT", "TR", "DY"]), unique=True),
        "fire_arc": st.sampled_from(FIRE_ARCS),
        "melee": st.integers(0, 10),
        "traits": st.dictionaries(st.sampled_from(flags), st.just(1), max_size=4).flatmap(
            lambda f: st.dictionaries(st.sampled_from(valued), st.integers(1, 6), max_size=2).map(
                lambda v: {**f, **v}
            )
        ),
    }
)


@given(profiles, st.integers(1, 5))
def test_price_never_falls_when_armor_grows(profile, more):
    assert price({**profile, "armor": profile["armor"] + more}) >= price(profile)


@given(profiles, st.integers(1, 5))
def test_price_never_falls_when_fire_power_grows(profile, more):
    assert price({**profile, "fire_power": profile["fire_power"] + more}) >= price(profile)


@given(profiles, st.integers(1, 60))
def test_price_never_falls_when_fire_range_grows(profile, more):
    assert price({**profile, "fire_range": profile["fire_range"] + more}) >= price(profile)


@given(profiles)
def test_every_valid_profile_has_a_positive_whole_price(profile):
    points = price(profile)
    assert isinstance(points, int) and points > 0
