"""The copy a Maker-War move changes (``table/state_copy.py``) shares only the units'
traits with the state it copies, and those are the only lists and dicts the state holds
that the copy does not copy. Played at random, as the random-play harness plays (which
also checks that ``apply`` never changes the state it is given)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.maker_war import GAME
from companion.games.maker_war.table import state_copy
from tests.games.test_random_play import play

SEEDS = range(3)


def _containers(value: dict[str, Any]) -> set[str]:
    return {key for key, item in value.items() if isinstance(item, (list, dict))}


def _states() -> list[dict[str, Any]]:
    return [state for seed in SEEDS for state in play(GAME, seed, checks=False).states]


@pytest.fixture(scope="module")
def states() -> list[dict[str, Any]]:
    return _states()


def test_every_key_of_a_played_formation_and_unit_is_one_the_copy_knows(states):
    """Unknown keys are deep-copied (correct, only slower): a played game has none."""
    formation_keys, unit_keys, flat_values = set(), set(), set()
    for state in states:
        for f in state["formations"]:
            formation_keys |= f.keys()
            for key in state_copy.FORMATION_FLAT & f.keys():
                values = f[key].values() if isinstance(f[key], dict) else f[key]
                flat_values |= {type(v) for v in values}
            for unit in f["units"]:
                unit_keys |= unit.keys()
                flat_values |= {type(v) for v in unit.get("broken", [])}
        for hypha in state["hypha"]:
            for unit in hypha:
                unit_keys |= unit.keys()
    assert formation_keys <= state_copy.FORMATION_KEYS
    assert unit_keys <= state_copy.UNIT_KEYS
    assert flat_values <= {int, str}
    assert "weapons" in unit_keys, "the games played hold a Titan"


def test_an_unknown_key_is_copied_deeply(states):
    state = dict(states[-1])
    f = {**state["formations"][0], "new_facts": {"nested": [1]}}
    unit = {**f["units"][0], "new_marks": [[1]]}
    f["units"] = [unit, *f["units"][1:]]
    state["formations"] = [f, *state["formations"][1:]]
    copy = state_copy.copy_state(state)
    assert copy["formations"][0]["new_facts"] == {"nested": [1]}
    assert copy["formations"][0]["new_facts"]["nested"] is not f["new_facts"]["nested"]
    assert copy["formations"][0]["units"][0]["new_marks"][0] is not unit["new_marks"][0]


def test_energy_channelled_into_a_formation_is_the_copys_own():
    """A formation's ``energy_bonus`` appears only when a conduit spends energy (random
    play rarely gets there): the copy must not share it."""
    f = {"id": "f", "units": [], "energy_bonus": {"firepower": 1}}
    copy = state_copy.copy_state({"formations": [f]})
    copy["formations"][0]["energy_bonus"]["firepower"] = 0
    assert f["energy_bonus"] == {"firepower": 1}


def test_the_copy_is_equal_and_shares_only_the_traits(states):
    shared = {"traits", "fire_traits"}
    for state in states[:: max(1, len(states) // 40)]:
        copy = state_copy.copy_state(state)
        assert copy == state
        for key, value in state.items():
            if isinstance(value, (list, dict)):
                assert copy[key] is not value, key
        for f, g in zip(state["formations"], copy["formations"], strict=True):
            assert g is not f
            for key in _containers(f):
                assert g[key] is not f[key], key
            for unit, other in zip(f["units"], g["units"], strict=True):
                assert other is not unit
                for key in _containers(unit):
                    assert (other[key] is unit[key]) == (key in shared), key
                for weapon, copied in zip(
                    unit.get("weapons", []), other.get("weapons", []), strict=True
                ):
                    assert copied is not weapon
