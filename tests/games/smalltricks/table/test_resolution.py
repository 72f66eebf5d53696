"""The resolution turn (``table/resolution.py``, ``table/choices.py``): Combat, Spear,
ranged abilities, Crash Through and castle damage, with the secret choices of each step."""

from __future__ import annotations

import pytest

from companion.games.smalltricks.engine import ENGINE
from tests.games.smalltricks.table_fixtures import act, board_state, end_turns, play, unit


def test_mortar_fire_hits_its_own_side_too():
    """Spears (seat 0) and Militia (seat 1) fight in C4: Militia deals 3, Spears 2. Then
    seat 0's Cannons in C2 shell C4 (range 2): 1 more to each, the own Spears included."""
    state = board_state([(0, "cannons", "C2"), (0, "spears", "C4"), (1, "militia", "C4")])
    state = end_turns(state)
    assert state["resolution"]["step"] == "ranged"
    assert unit(state, "0-1")["life"] == 2 and unit(state, "1-0")["life"] == 3  # combat done
    assert ENGINE.legal_actions(state, 1) == []  # seat 1 has nothing to choose
    state = act(state, 0, {"type": "orders", "step": "ranged", "choices": {"0-0": "C4"}})
    assert unit(state, "0-1")["life"] == 1
    assert unit(state, "1-0")["life"] == 2
    assert state["round"] == 2 and state["phase"] == "turn"


def test_combat_damage_is_split_as_the_owner_chooses_and_deaths_are_simultaneous():
    """C4: seat 0 Militia (3) and Spears (2) against seat 1 Archers and Cannons (2 + 2)."""
    state = board_state(
        [(0, "militia", "C4"), (0, "spears", "C4"), (1, "archers", "C4"), (1, "cannons", "C4")]
    )
    state["units"][2]["life"] = 3  # seat 1's Archers, hurt before
    state = end_turns(state)
    assert state["resolution"]["step"] == "combat"
    given = play(
        state, 0, {"type": "orders", "step": "combat", "choices": {"0-0": "1-0", "0-1": "1-1"}}
    )
    state = given.state
    view = ENGINE.player_view(state, 1)
    assert view["resolution"]["my_orders"] == {}  # seat 0's split stays hidden
    assert "1-0" not in str(ENGINE.visible_log(given.events, 1))
    state = act(
        state,
        1,
        {"type": "orders", "step": "combat", "choices": {"1-0": "0-0:1,0-1:1", "1-1": "0-0"}},
    )
    assert not unit(state, "1-0")["alive"]  # 3 - 3
    assert unit(state, "1-1")["life"] == 3  # 5 - 2
    assert unit(state, "0-0")["life"] == 2  # 5 - 1 - 2
    assert unit(state, "0-1")["life"] == 4  # 5 - 1


def test_one_and_two_engagement_the_single_unit_chooses_and_the_free_one_may_fire():
    """C4: seat 0 Spears alone against seat 1 Archers and Cannons. Seat 0 engages the
    Cannons; the Archers keep out and Volley the Spears (new target: 2 - 1 = 1)."""
    state = board_state([(0, "spears", "C4"), (1, "archers", "C4"), (1, "cannons", "C4")])
    state = end_turns(state)
    assert state["resolution"]["step"] == "engage"
    assert ENGINE.legal_actions(state, 1) == []
    state = act(state, 0, {"type": "orders", "step": "engage", "choices": {"C4": "1-1"}})
    assert state["resolution"]["step"] == "join"
    state = act(state, 1, {"type": "orders", "step": "join", "choices": {"1-0": "hold"}})
    # Combat 1 against 1 resolved by itself; the Archers are free at the ranged step.
    assert unit(state, "0-0")["life"] == 3 and unit(state, "1-1")["life"] == 3
    assert state["resolution"]["step"] == "ranged"
    state = act(state, 1, {"type": "orders", "step": "ranged", "choices": {"1-0": "0-0"}})
    assert unit(state, "0-0")["life"] == 2


def test_volley_penalties_for_moving_and_for_a_new_target():
    """The first Volley is a new target (1); the same target again, standing still, 2;
    after the Archers move (C2 -> D2, still range 2 of C4), 1 again."""
    state = board_state([(0, "archers", "C2"), (1, "spears", "C4")])
    lives = []
    for move in (None, None, ["D2"]):
        if move:
            state = act(state, 0, {"type": "move", "unit": "0-0", "path": move})
        state = end_turns(state) if not move else act(state, 1, {"type": "end-turn"})
        state = act(state, 0, {"type": "orders", "step": "ranged", "choices": {"0-0": "1-0"}})
        lives.append(unit(state, "1-0")["life"])
    assert lives == [4, 2, 1]


def test_spear_hits_a_unit_in_range_1():
    state = board_state([(0, "spears", "C3"), (1, "archers", "C4")])
    state = end_turns(state)
    state = act(state, 0, {"type": "orders", "step": "melee", "choices": {"0-0": "1-0"}})
    assert unit(state, "1-0")["life"] == 4


@pytest.mark.parametrize(("rule", "life"), [
    ("whether-moved-or-not", 4), ("only-if-not-moved", 5),
])  # fmt: skip
def test_muskets_fire_option(rule, life):
    state = board_state([(0, "muskets", "C1"), (1, "spears", "C6")], {"muskets_fire": rule})
    state = act(state, 0, {"type": "move", "unit": "0-0", "path": ["C2"]})
    state = act(state, 1, {"type": "end-turn"})
    assert unit(state, "1-0")["life"] == life


def test_an_engaged_unit_in_the_castle_row_deals_no_castle_damage():
    state = board_state([(0, "assault-beasts", "A6"), (1, "assault-beasts", "A6")])
    state = end_turns(state)
    assert unit(state, "0-0")["life"] == 3 and unit(state, "1-0")["life"] == 3
    assert state["castle"] == [0, 0] and state["round"] == 2


def test_a_unit_whose_enemy_fell_in_combat_ends_unengaged_and_scores():
    """RULINGS.md: castle damage counts units that END the resolution turn unengaged."""
    state = board_state([(0, "assault-beasts", "A6"), (1, "assault-beasts", "A6")])
    state["units"][1]["life"] = 2
    state = end_turns(state)
    assert not unit(state, "1-0")["alive"]
    assert state["castle"] == [0, 1] and state["hold"] == [0, 1]


def test_crash_through_wins_the_game_and_a_single_game_match():
    state = board_state([(0, "battery-ram", "C6"), (1, "spears", "A4")])
    state = end_turns(state)
    assert state["result"]["winner"] == 0 and state["result"]["reason"] == "Crash Through"
    assert state["phase"] == "match-over" and ENGINE.is_over(state)
    assert state["match"]["score"] == [1, 0]


def test_two_crash_throughs_in_one_round_are_a_draw():
    state = board_state([(0, "battery-ram", "C6"), (1, "battery-ram", "D1")])
    state = end_turns(state)
    assert state["result"]["winner"] is None
    assert state["match"]["draws"] == 1


@pytest.mark.parametrize(("order", "winner"), [("crash", 0), ("spears", None)])
def test_the_second_faction_orders_a_spear_killing_a_crashing_ram(order, winner):
    """Seat 0's Ram (1 life) stands in C6; seat 1's Spears in B5 would kill it. Both cannot
    happen at once: seat 1, the second faction, chooses which comes first."""
    state = board_state([(0, "battery-ram", "C6"), (1, "spears", "B5")])
    state["units"][0]["life"] = 1
    state = end_turns(state)
    state = act(state, 1, {"type": "orders", "step": "melee", "choices": {"1-0": "0-0"}})
    assert state["resolution"]["step"] == "order"
    assert ENGINE.legal_actions(state, 0) == []
    state = act(state, 1, {"type": "orders", "step": "order", "choices": {"crash": order}})
    if winner is None:
        assert state["result"] is None and not unit(state, "0-0")["alive"]
    else:
        assert state["result"]["winner"] == 0


def test_revealed_orders_are_logged_in_words_not_unit_ids():
    """The log once read "Ann: mortar 0-0 → C4"; it names the unit, its hexagon and the
    order instead."""
    state = board_state([(0, "cannons", "C2"), (0, "spears", "C4"), (1, "militia", "C4")])
    state = end_turns(state)
    events = play(state, 0, {"type": "orders", "step": "ranged", "choices": {"0-0": "C4"}}).events
    reveal = next(e for e in events if e["type"] == "reveal")
    assert "Ann: Mortar Fire by their Cannons in C2 → C4: 2 unit(s)" in reveal["text"]
    assert "0-0" not in reveal["text"] and "mortar " not in reveal["text"]
