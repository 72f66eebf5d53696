"""The big-table benchmark (``bench/bench_maker_war_table.py``) measures what it says: each
seat's army is a legal list at the budget (no guideline ignored), the battle it sets up
has every formation on the table and points of interest occupied, its play applies
offered actions, and its verdict fails when a median is over the target."""

from __future__ import annotations

import pytest

from bench import bench_maker_war_table as bench
from companion.games.maker_war import GAME
from companion.games.maker_war.engine import ENGINE
from companion.games.maker_war.table.army import catalogue


@pytest.mark.parametrize("budget", [bench.BASELINE_BUDGET, bench.BUDGET])
@pytest.mark.parametrize("faction", bench.FACTIONS)
def test_each_army_is_a_legal_list_close_to_the_budget(faction, budget):
    body = bench.army(faction, budget)
    report = GAME.validate_list(body, catalogue())
    assert report.problems == []
    assert budget - 200 < report.figures["total"] <= budget  # no formation more fits


def test_the_battle_has_every_formation_on_the_table():
    state = bench.battle(bench.BUDGET)
    assert state["phase"] == "battle" and state["budget"] == bench.BUDGET
    assert len(state["names"]) == bench.SEATS
    assert len(state["formations"]) > 300
    assert all(f["where"] == "table" and f["entered"] for f in state["formations"])
    assert all(poi["occupants"] for poi in state["pois"])
    assert any(f["maker_weapon"] for f in state["formations"])


def test_play_applies_offered_actions_and_times_each_step():
    state = bench.battle(bench.BASELINE_BUDGET)
    times = bench.play(state, 6)
    assert len(times["view"]) == 6 * (bench.SEATS + 1)
    assert len(times["views"]) == 6
    assert len(times["legal"]) == 6 * bench.SEATS
    assert len(times["apply"]) == 6
    assert not ENGINE.is_over(state)


def test_the_verdict_fails_over_the_target_or_on_too_few_actions():
    fine = {"apply": (4.0, 9.0), "view": (6.0, 12.0), "count": {"apply": bench.STEPS}}
    assert bench.met(fine)
    assert not bench.met({**fine, "view": (bench.TARGET_MS + 0.1, 20.0)})
    assert not bench.met({**fine, "apply": (bench.TARGET_MS + 0.1, 20.0)})
    assert not bench.met({**fine, "count": {"apply": 3}})
