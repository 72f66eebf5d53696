"""The orders a formation may take: ``rounds.allowed_orders`` remembers its answer per
combination of the facts ``order_problem`` reads (``rounds.order_facts``), since every
seat's view lists them for every formation on every change. The remembered answer must
be ``order_problem``'s own for every formation, whatever was asked before it; a new
condition in ``order_problem`` that ``order_facts`` misses fails here."""

from __future__ import annotations

import itertools
from copy import deepcopy

import pytest

from companion.games.maker_war.table import rounds
from companion.games.registry import all_games
from tests.games import test_random_play as harness
from tests.games.maker_war.table_fixtures import army, get, start

MIXED = army("maker-rifle-company", "armoured-spearhead", "hawk-wing", "foundry-titan", budget=2000)
ASTRAL = army("mage-circle", "barque-fleet", "kite-flight", "celestial-titan", budget=2000)
STANCES = (None, "scatter", "rage", "march", "patrol", "fly-high")


def _direct(state: dict, formation: dict) -> list[str]:
    """What ``order_problem`` allows, asked order by order (nothing remembered)."""
    return [o for o in rounds.ORDERS if not rounds.order_problem(state, formation, o)]


def _variants(formation: dict) -> list[dict]:
    """The formation in every stance, reinforced or not, each Titan's legs and quarters
    broken or whole, and (for the ground) immobile or not."""
    out = []
    flags = itertools.product(STANCES, (False, True), (False, True), (False, True), (0, 1))
    for stance, reinforced, legs, quarters, immobile in flags:
        f = deepcopy(formation)
        f.update(stance=stance, reinforced=reinforced)
        if not f["flyer"]:
            f["immobile"] = bool(immobile) or formation["immobile"]
        for unit in f["units"]:
            if unit["type"] == "titan":
                unit["broken"] = [s for s, on in (("legs", legs), ("quarters", quarters)) if on]
        out.append(f)
    return out


def test_every_combination_gets_the_orders_order_problem_allows():
    state = start(MIXED, ASTRAL, ignore_setup_guidelines=True)
    asked = 0
    for formation in state["formations"]:
        for f in _variants(formation):
            assert rounds.allowed_orders(state, f) == _direct(state, f), (f["name"], f["stance"])
            asked += 1
    assert asked > 100
    # Hit and Run depends on the faction and on every unit hovering or riding.
    orders = {f["name"]: rounds.allowed_orders(state, f) for f in state["formations"]}
    assert "hit-and-run" not in orders["Maker Rifle Company"]
    assert any("hit-and-run" in allowed for allowed in orders.values())


def test_the_same_facts_in_another_faction_are_not_confused():
    """A formation that hovers everywhere is allowed Hit and Run as an Astral one only."""
    state = start(MIXED, ASTRAL, ignore_setup_guidelines=True)
    astral = next(
        f
        for f in state["formations"]
        if f["seat"] == 1 and "hit-and-run" in rounds.allowed_orders(state, f)
    )
    borrowed = {**deepcopy(astral), "seat": 0}
    assert "hit-and-run" not in rounds.allowed_orders(state, borrowed)
    assert rounds.allowed_orders(state, borrowed) == _direct(state, borrowed)
    get(state, astral["id"])["units"][0]["traits"].pop("hover", None)
    changed = get(state, astral["id"])
    assert rounds.allowed_orders(state, changed) == _direct(state, changed)


MAKER_WAR = next(g for g in all_games().values() if g.slug == "maker-war")


@pytest.mark.parametrize("seed", range(3))
def test_random_play_states_get_the_orders_order_problem_allows(seed):
    played = harness.play(MAKER_WAR, seed, checks=False)
    for state in played.states:
        for f in state["formations"]:
            assert rounds.allowed_orders(state, f) == _direct(state, f)
