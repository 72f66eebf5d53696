"""Setting up a Maker-War table: the setup-table row for a budget, the first-deployment
budget, terrain, and both ways of placing points of interest (RULINGS.md)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war.table import setup

# (budget, points of interest, table) from the book's game setup table.
TIERS = [
    (500, 0, [100, 80]),
    (1000, 2, [100, 80]),
    (1500, 3, [120, 120]),
    (3000, 4, [120, 120]),
    (5000, 6, [200, 120]),
    (12000, 8, [200, 200]),
]


@pytest.mark.parametrize(("budget", "count", "table"), TIERS)
def test_each_tier_gives_its_count_of_points_and_its_table(budget, count, table):
    guide = setup.guidance(budget)
    assert guide["points_of_interest"] == count
    assert guide["table_cm"] == table
    assert len(setup.place("app", count, table, random.Random(3))) == count
    assert len(setup.place("beads", count, table, random.Random(3))) == count


def test_the_first_deployment_budget_is_the_budget_over_200_rounded_half_up():
    assert setup.first_deployment_budget(1000) == 5
    assert setup.first_deployment_budget(2500) == 13  # 12.5 rounds up
    assert setup.first_deployment_budget(2499) == 12
    assert setup.guidance(500)["training"] is True
    assert setup.guidance(500)["supply_cards_per_round"] == 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), tier=st.sampled_from(TIERS[1:]))
def test_app_points_are_point_symmetric_spaced_and_inside_the_edges(seed, tier):
    _, count, table = tier
    pois = setup.place_app(count, table, random.Random(seed))
    spots = [(p["x"], p["y"]) for p in pois]
    assert len(spots) == count
    for x, y in spots:
        assert (-x, -y) in spots  # point-symmetric about the centre
        assert abs(x) <= table[0] / 2 - 15 and abs(y) <= table[1] / 2 - 15
    for i, a in enumerate(spots):
        for b in spots[i + 1 :]:
            assert math.dist(a, b) >= 20
    assert ((0, 0) in spots) == (count % 2 == 1)


def test_mirrored_points_share_their_kind():
    pois = setup.place_app(6, [200, 120], random.Random(11))
    by_spot = {(p["x"], p["y"]): p["kind"] for p in pois}
    assert all(by_spot[(-x, -y)] == kind for (x, y), kind in by_spot.items())


def test_beads_lie_on_the_middle_line_30_cm_apart_and_centred():
    three = setup.place_beads(3, [120, 120], random.Random(1))
    assert [(p["x"], p["y"]) for p in three] == [(-30, 0), (0, 0), (30, 0)]
    two = setup.place_beads(2, [100, 80], random.Random(1))
    assert [p["x"] for p in two] == [-15, 15]
    eight = setup.place_beads(8, [200, 200], random.Random(1))
    assert [p["x"] for p in eight] == [-105, -75, -45, -15, 15, 45, 75, 105]
    assert [p["on_table"] for p in eight] == [False, *[True] * 6, False]


def test_a_point_is_given_as_distances_from_the_compass():
    table = {
        "table_cm": [100, 80],
        "terrain": [],
        "pois": [setup._poi(0, "ordnance", 3, 12, -8, [100, 80])],
    }
    drawn = setup.diagram(table)
    assert drawn["pois"][0]["label"] == "12 cm right, 8 cm towards side 1"
    assert (drawn["pois"][0]["sx"], drawn["pois"][0]["sy"]) == (62, 48)


def test_terrain_must_be_a_sample_kind_on_the_table():
    piece = setup.terrain_piece({"kind": "forest", "x": 20, "y": -10}, 0, [100, 80])
    assert piece == {"id": "t0", "kind": "forest", "x": 20, "y": -10}
    with pytest.raises(RuleError) as bad:
        setup.terrain_piece({"kind": "forest", "x": 51, "y": 0}, 0, [100, 80])
    assert "x" in bad.value.errors
    with pytest.raises(RuleError):
        setup.terrain_piece({"kind": "fortress", "x": 0, "y": 0}, 0, [100, 80])
