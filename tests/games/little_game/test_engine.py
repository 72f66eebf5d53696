"""The little game's phases and moves, hand-worked from the post and RULINGS.md."""

from __future__ import annotations

import json
import random
from copy import deepcopy
from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.little_game.engine import ENGINE
from companion.games.little_game.table import ACTIONS
from companion.games.table import Seat, action_rng, replay
from tests.games.little_game.table_fixtures import (
    ANN,
    BEN,
    BOWMEN,
    LANCERS,
    SLINGERS,
    SPEARMEN,
    act,
    acting,
    break_ready,
    dealt,
    do,
    play,
    refused,
    seats,
    start,
    unit,
    with_pressure,
)

# Dealing and revealing ----------------------------------------------------------------


def test_reveal_values_the_cards_and_the_lower_card_acts_first() -> None:
    state = play(start(), 0, 8)
    outcome = do(state, 1, {"type": "play", "card": 3})
    revealed = outcome.state["revealed"]
    assert revealed == {"step": "action", "cards": [8, 3], "values": [5, 3], "first": 1}
    assert (outcome.state["phase"], outcome.state["to_act"]) == ("act", 1)
    assert outcome.is_barrier
    assert outcome.state["hands"] == [[2, 4, 6, 10], [1, 5, 7, 9]]


def test_default_split_gives_seat_0_the_evens_and_an_agreed_split_is_kept() -> None:
    assert start()["hands"] == [[2, 4, 6, 8, 10], [1, 3, 5, 7, 9]]
    agreed = start({"split": [[5, 1, 2], [3, 4, 6, 7, 8, 9, 10]]})
    assert agreed["hands"] == [[1, 2, 5], [3, 4, 6, 7, 8, 9, 10]]
    assert ENGINE.OPTIONS == {"split": "evens-odds"}


def test_the_split_saved_on_a_list_is_dealt_unless_the_table_chose_one() -> None:
    agreed = {**BEN, "options": {"split": [[1, 2, 3, 9, 10], [4, 5, 6, 7, 8]]}}
    for first, second in ((ANN, agreed), (agreed, ANN), (agreed, agreed)):
        hands = dealt({"split": "evens-odds"}, first=first, second=second).state["hands"]
        assert hands == [[1, 2, 3, 9, 10], [4, 5, 6, 7, 8]]
    table_choice = dealt({"split": "1 2 3 4 5"}, first=ANN, second=agreed).state["hands"]
    assert table_choice == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]
    other = {**ANN, "options": {"split": [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]}}
    with pytest.raises(RuleError) as caught:
        dealt({}, first=other, second=agreed)
    assert "different card splits" in caught.value.errors["options.split"]


@pytest.mark.parametrize(
    "split", ["halves", [[1, 2, 3], [4, 5]], [[1, 1, 2, 3, 4], [6, 7, 8, 9, 10]], [[True], []]]
)
def test_a_split_that_does_not_share_out_one_to_ten_is_refused(split) -> None:
    with pytest.raises(RuleError) as caught:
        start({"split": split})
    assert "options.split" in caught.value.errors


def test_units_come_from_the_lists_with_ids_and_no_pressure() -> None:
    state = start()
    assert [u["id"] for u in state["units"][0]] == [LANCERS, BOWMEN]
    assert unit(state, SLINGERS) == {
        "id": SLINGERS,
        "name": "Slingers",
        "quality": 0,
        "kinds": ["long-ranged"],
        "pressure": 0,
        "in_contact": False,
        "contacts": [],
        "removed": False,
    }
    assert (state["phase"], state["round"], state["result"]) == ("play-card", 1, None)


def test_two_seats_exactly() -> None:
    with pytest.raises(RuleError):
        ENGINE.initial_state([Seat(0, "Solo", ANN)], {}, random.Random(0))


# Choosing cards ----------------------------------------------------------------------


def test_a_card_must_be_in_hand_and_chosen_once() -> None:
    state = start()
    assert "card" in refused(state, 0, {"type": "play", "card": 3})
    assert "card" in refused(state, 0, {"type": "play", "card": True})
    chosen = play(state, 0, 2)
    assert "card" in refused(chosen, 0, {"type": "play", "card": 4})
    assert "seat" in refused(state, None, {"type": "play", "card": 2})


def test_only_the_player_to_act_acts() -> None:
    state = acting((4, 9))
    assert state["to_act"] == 0
    not_yours = {"type": "It is not your turn to act."}
    assert refused(state, 1, {"type": "act", "action": "advance", "units": [SPEARMEN]}) == not_yours
    choosing = play(start(), 0, 2)
    assert refused(choosing, 0, {"type": "act", "action": "advance", "units": []}) == not_yours


def test_cards_are_chosen_only_before_the_action_and_break_steps() -> None:
    errors = refused(acting((4, 9)), 0, {"type": "play", "card": 2})
    assert errors == {"type": "Cards are chosen before the action and break steps."}


def test_the_phases_follow_each_other_round_after_round() -> None:
    assert start()["phase"] == "play-card"
    state = acting((4, 9))
    assert state["phase"] == "act"
    state = act(state, 0, "shift", []).state
    assert state["phase"] == "act"  # until both have acted
    state = act(state, 1, "shift", []).state
    assert state["phase"] == "break-card"
    state = play(play(state, 0, 6), 1, 4)
    assert (state["phase"], state["round"]) == ("play-card", 2)


# The actions -------------------------------------------------------------------------


def test_advance_and_retreat_move_the_value_and_cavalry_double() -> None:
    state = acting((4, 9))
    outcome = act(state, 0, "advance", [LANCERS, BOWMEN])
    assert outcome.events[0]["effects"] == {LANCERS: {"inches": 8}, BOWMEN: {"inches": 4}}
    assert outcome.state["units"] == state["units"]
    retreat = act(outcome.state, 1, "retreat", [SPEARMEN])
    assert retreat.events[0]["effects"] == {SPEARMEN: {"inches": 5}}


def test_shift_has_no_numbers_and_a_player_may_act_with_no_unit() -> None:
    state = acting((4, 9))
    assert act(state, 0, "shift", [LANCERS]).events[0]["effects"] == {LANCERS: {}}
    nobody = act(state, 0, "advance", [])
    assert nobody.state["to_act"] == 1 and nobody.state["acted"] == [True, False]


def test_an_attack_no_unit_can_make_is_refused_before_the_action_is_spent() -> None:
    state = acting((4, 9))  # nobody touches an enemy yet
    errors = refused(state, 0, {"type": "act", "action": "attack", "units": []})
    assert errors == {
        "action": "Attack would do nothing: none of your units touches an enemy. "
        "Choose another action."
    }
    assert (
        "recover"
        in refused(state, 0, {"type": "act", "action": "recover", "units": []})["action"].lower()
    )
    offered = [a["action"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "act"]
    assert "attack" not in offered and "recover" not in offered
    reasons = ENGINE.player_view(state, 0)["unavailable"]
    assert [r["action"] for r in reasons] == ["recover", "attack"]
    touching = do(state, 1, {"type": "contact", "unit": SPEARMEN, "enemy": LANCERS}).state
    offered = [a["action"] for a in ENGINE.legal_actions(touching, 0) if a["type"] == "act"]
    assert "attack" in offered
    assert act(touching, 0, "attack", [LANCERS]).events[0]["effects"][LANCERS]["pressure"] == 4


def test_units_must_be_the_players_own_and_living() -> None:
    state = acting((4, 9))
    assert "units.0" in refused(state, 0, {"type": "act", "action": "advance", "units": [SPEARMEN]})
    assert "units.0" in refused(state, 0, {"type": "act", "action": "advance", "units": ["0-9"]})
    assert "units" in refused(
        state, 0, {"type": "act", "action": "advance", "units": [LANCERS, LANCERS]}
    )
    assert "action" in refused(state, 0, {"type": "act", "action": "charge", "units": []})


def test_recover_removes_the_value_never_below_zero() -> None:
    state = with_pressure(acting((4, 9)), u0_0=6, u0_1=3)
    outcome = act(state, 0, "recover", [LANCERS, BOWMEN])
    assert unit(outcome.state, LANCERS)["pressure"] == 2
    assert unit(outcome.state, BOWMEN)["pressure"] == 0


def test_recover_is_not_allowed_in_contact() -> None:
    state = with_pressure(acting((4, 9)), u0_0=6)
    state = do(state, 1, {"type": "contact", "unit": SPEARMEN, "enemy": LANCERS}).state
    errors = refused(state, 0, {"type": "act", "action": "recover", "units": [LANCERS]})
    assert "touches an enemy" in errors["units.0"]


def test_attack_puts_the_value_on_the_enemy_in_contact() -> None:
    state = acting((4, 9))
    state = do(state, 0, {"type": "contact", "unit": LANCERS, "enemy": SPEARMEN}).state
    assert unit(state, SPEARMEN)["in_contact"] and unit(state, LANCERS)["contacts"] == [SPEARMEN]
    outcome = act(state, 0, "attack", [LANCERS])  # the only enemy it touches
    assert unit(outcome.state, SPEARMEN)["pressure"] == 4
    second = act(outcome.state, 1, "attack", [SPEARMEN], targets={SPEARMEN: LANCERS})
    assert unit(second.state, LANCERS)["pressure"] == 5


def test_attack_needs_an_enemy_touching_the_unit() -> None:
    state = acting((4, 9))
    errors = refused(state, 0, {"type": "act", "action": "attack", "units": [LANCERS]})
    assert f"targets.{LANCERS}" in errors
    touching = do(state, 0, {"type": "contact", "unit": LANCERS, "enemy": SPEARMEN}).state
    wrong = {"type": "act", "action": "attack", "units": [LANCERS], "targets": {LANCERS: SLINGERS}}
    assert f"targets.{LANCERS}" in refused(touching, 0, wrong)


def shoot(state: dict, seat: int, shooter: str, target: str, distance: float) -> Any:
    return act(
        state, seat, "shoot", [shooter], targets={shooter: target}, distances={shooter: distance}
    )


def test_shoot_is_value_minus_distance_never_below_zero() -> None:
    state = acting((5, 10))  # 5 and 5: seat 0 first
    assert unit(shoot(state, 0, BOWMEN, SPEARMEN, 3).state, SPEARMEN)["pressure"] == 2
    assert unit(shoot(state, 0, BOWMEN, SPEARMEN, 12).state, SPEARMEN)["pressure"] == 0
    assert unit(shoot(state, 0, BOWMEN, SPEARMEN, 2.5).state, SPEARMEN)["pressure"] == 2.5


def test_long_ranged_shoot_doubles_the_value() -> None:
    state = act(acting((4, 9)), 0, "shift", []).state  # seat 1's card is worth 5
    assert unit(shoot(state, 1, SLINGERS, BOWMEN, 3).state, BOWMEN)["pressure"] == 7
    assert unit(shoot(state, 1, SLINGERS, BOWMEN, 11).state, BOWMEN)["pressure"] == 0


def test_only_ranged_units_out_of_contact_shoot_with_a_distance() -> None:
    state = acting((4, 9))
    errors = refused(
        state,
        0,
        {"type": "act", "action": "shoot", "units": [LANCERS], "targets": {LANCERS: SPEARMEN},
         "distances": {LANCERS: 1}},
    )  # fmt: skip
    assert "not ranged" in errors["units.0"]
    base = {"type": "act", "action": "shoot", "units": [BOWMEN], "targets": {BOWMEN: SPEARMEN}}
    assert f"distances.{BOWMEN}" in refused(state, 0, base)
    assert f"distances.{BOWMEN}" in refused(state, 0, {**base, "distances": {BOWMEN: -1}})
    assert f"distances.{BOWMEN}" in refused(state, 0, {**base, "distances": {BOWMEN: "3"}})
    mine = {**base, "targets": {BOWMEN: LANCERS}, "distances": {BOWMEN: 1}}
    assert f"targets.{BOWMEN}" in refused(state, 0, mine)
    touching = do(state, 1, {"type": "contact", "unit": SLINGERS, "enemy": BOWMEN}).state
    errors = refused(touching, 0, {**base, "distances": {BOWMEN: 1}})
    assert "touches an enemy" in errors["units.0"]


def test_targets_and_distances_belong_to_attack_and_shoot() -> None:
    state = acting((4, 9))
    action = {"type": "act", "action": "advance", "units": [LANCERS]}
    assert "targets" in refused(state, 0, {**action, "targets": {LANCERS: SPEARMEN}})
    assert "distances" in refused(state, 0, {**action, "distances": {LANCERS: 2}})


# Passing, breaking, stealing ---------------------------------------------------------


def test_after_both_act_the_played_cards_pass() -> None:
    state = act(acting((4, 9)), 0, "shift", []).state
    outcome = act(state, 1, "shift", [])
    assert outcome.state["hands"] == [[2, 6, 8, 9, 10], [1, 3, 4, 5, 7]]
    assert outcome.state["phase"] == "break-card"
    assert [e["type"] for e in outcome.events] == ["act", "pass"]


def test_a_unit_breaks_when_pressure_minus_quality_beats_its_own_card_value() -> None:
    # Ann plays 6, Ben plays 4: Ann's card worth 2, Ben's 4.
    state = break_ready(u0_0=3, u0_1=3, u1_0=6, u1_1=4)
    state = play(state, 0, 6)
    outcome = do(state, 1, {"type": "play", "card": 4})
    after = outcome.state
    assert after["revealed"]["values"] == [2, 4]
    assert unit(after, LANCERS)["removed"] is False  # 3 - 1 = 2, not more than 2
    assert unit(after, BOWMEN)["removed"] is True  # 3 - 0 = 3 > 2
    assert unit(after, SPEARMEN)["removed"] is False  # 6 - 2 = 4, not more than 4
    assert unit(after, SLINGERS)["removed"] is False  # 4 - 0 = 4, not more than 4
    assert after["losses"] == [1, 0]
    assert unit(after, LANCERS)["pressure"] == 3  # pressure stays on survivors


def test_the_side_that_lost_fewer_steals_the_difference_at_random() -> None:
    state = break_ready(u1_0=9, u1_1=9)  # Ben's 4 is worth 4: both his units break
    state = play(play(state, 0, 6), 1, 4)
    # Ben had no units: the game ends at the pass and nobody steals.
    assert state["phase"] == "over" and state["last_steal"] is None
    assert state["result"]["winner"] == 0

    state = break_ready(u1_0=9)
    before = play(state, 0, 6)
    outcome = do(before, 1, {"type": "play", "card": 4}, seed=7)
    after = outcome.state
    assert after["losses"] == [0, 1]
    steal = after["last_steal"]
    assert (steal["thief"], steal["victim"], len(steal["cards"])) == (0, 1, 1)
    # Ben's hand after the pass was [1, 3, 5, 6, 7]
    assert set(steal["cards"]) <= {1, 3, 5, 6, 7}
    assert sorted(after["hands"][0] + after["hands"][1]) == list(range(1, 11))
    assert (len(after["hands"][0]), len(after["hands"][1])) == (6, 4)
    assert [e["type"] for e in outcome.events][-1] == "steal"
    assert outcome.events[-1]["barrier"]
    assert (after["phase"], after["round"]) == ("play-card", 2)
    expected = random.Random(7).sample([1, 3, 5, 6, 7], 1)
    assert steal["cards"] == expected


def test_equal_losses_steal_nothing() -> None:
    state = break_ready(u0_1=9, u1_1=9)
    after = play(play(state, 0, 6), 1, 4)
    assert after["losses"] == [1, 1] and after["last_steal"] is None
    assert [len(h) for h in after["hands"]] == [5, 5]


def test_steal_takes_at_most_the_whole_hand_and_an_empty_hand_loses() -> None:
    # Ben holds only the 10; he loses a unit at the break, Ann none: she steals his card.
    options = {"split": [[1, 2, 3, 4, 5, 6, 7, 8, 9], [10]]}
    three = {"units": [*BEN["units"], {"name": "Scouts", "quality": 0}]}
    state = acting((1, 10), options=options, second=three)
    state = act(act(state, 0, "shift", []).state, 1, "shift", []).state
    assert state["hands"] == [[2, 3, 4, 5, 6, 7, 8, 9, 10], [1]]
    state = with_pressure(state, u1_2=5)
    outcome = do(play(state, 0, 9), 1, {"type": "play", "card": 1})
    after = outcome.state
    assert after["losses"] == [0, 1]
    assert after["hands"] == [list(range(1, 11)), []]
    assert after["result"] == {
        "winner": 0,
        "losers": [1],
        "reasons": {"1": "has no cards"},
        "when": "after the steal",
    }
    assert after["phase"] == "over" and ENGINE.is_over(after)
    assert ENGINE.legal_actions(after, 0) == ENGINE.legal_actions(after, None) == []
    assert "type" in refused(after, 0, {"type": "adjust", "unit": LANCERS, "delta": 1})


def test_a_player_without_units_loses_and_both_at_once_is_a_draw() -> None:
    state = break_ready(u0_0=9, u0_1=9)
    after = play(play(state, 0, 6), 1, 4)
    assert after["result"]["winner"] == 1 and after["result"]["reasons"] == {"0": "has no units"}

    state = break_ready(u0_0=9, u0_1=9, u1_0=9, u1_1=9)
    outcome = do(play(state, 0, 6), 1, {"type": "play", "card": 4})
    assert outcome.state["result"]["winner"] is None
    assert outcome.state["result"]["losers"] == [0, 1]
    assert "a draw" in outcome.events[-1]["text"]


def test_a_player_who_starts_without_units_or_cards_has_lost() -> None:
    empty = dealt(second={"units": []})
    assert empty.state["phase"] == "over" and empty.state["result"]["winner"] == 0
    assert [e["type"] for e in empty.events] == ["over"]
    assert empty.events[0]["text"] == "Ben has no units at setup: Ann wins."
    assert dealt().events == []  # a dealing that leaves the game open says nothing
    no_cards = start({"split": [[], list(range(1, 11))]})
    assert no_cards["result"]["reasons"] == {"0": "has no cards"}


def test_a_broken_unit_leaves_its_contacts() -> None:
    state = break_ready(u1_0=9)
    state = do(state, 0, {"type": "contact", "unit": LANCERS, "enemy": SPEARMEN}).state
    after = play(play(state, 0, 6), 1, 4)
    assert unit(after, LANCERS)["contacts"] == [] and not unit(after, LANCERS)["in_contact"]
    assert "unit" in refused(after, 0, {"type": "adjust", "unit": SPEARMEN, "delta": 1})


# Table facts -------------------------------------------------------------------------


def test_contact_is_mutual_and_set_or_lifted_by_anyone() -> None:
    state = start()
    state = do(state, None, {"type": "contact", "unit": LANCERS, "enemy": SPEARMEN}).state
    state = do(state, 1, {"type": "contact", "unit": SLINGERS, "enemy": LANCERS}).state
    assert unit(state, LANCERS)["contacts"] == [SPEARMEN, SLINGERS]
    assert unit(state, SPEARMEN)["contacts"] == [LANCERS]
    lifted = {"type": "contact", "unit": SLINGERS, "enemy": LANCERS, "in_contact": False}
    state = do(state, 0, lifted).state
    assert unit(state, LANCERS)["contacts"] == [SPEARMEN]
    state = do(state, 0, {"type": "contact", "unit": SPEARMEN, "enemy": None}).state
    assert not any(u["in_contact"] for units in state["units"] for u in units)
    assert "enemy" in refused(state, 0, {"type": "contact", "unit": LANCERS, "enemy": BOWMEN})
    assert "unit" in refused(state, 0, {"type": "contact", "unit": "9-9", "enemy": None})


def test_adjust_corrects_pressure_but_never_below_zero() -> None:
    assert set(ENGINE.DELTA_ACTIONS) == {"adjust"}
    state = start()
    state = do(state, 1, {"type": "adjust", "unit": LANCERS, "delta": 3}).state
    state = do(state, None, {"type": "adjust", "unit": LANCERS, "delta": -2}).state
    assert unit(state, LANCERS)["pressure"] == 1
    assert "delta" in refused(state, 0, {"type": "adjust", "unit": LANCERS, "delta": -2})
    assert "delta" in refused(state, 0, {"type": "adjust", "unit": LANCERS, "delta": 0})
    assert "delta" in refused(state, 0, {"type": "adjust", "unit": LANCERS, "delta": True})


def test_unknown_actions_and_seats_are_refused() -> None:
    state = start()
    assert "type" in refused(state, 0, {"type": "concede"})
    assert "action" in refused(state, 0, ["play"])  # type: ignore[arg-type]
    assert "seat" in refused(state, 2, {"type": "adjust", "unit": LANCERS, "delta": 1})
    only_players = {"seat": "Only a player may do this."}
    assert refused(state, None, {"type": "play", "card": 2}) == only_players
    assert refused(acting((4, 9)), None, {"type": "act", "action": "shift", "units": []}) == (
        only_players
    )


# What the page offers ------------------------------------------------------------------


def test_legal_actions_offer_cards_then_the_actions_that_can_do_something() -> None:
    state = start()
    plays = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "play"]
    assert plays == [{"type": "play", "card": c} for c in (2, 4, 6, 8, 10)]
    state = acting((4, 9))
    acts = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "act"]
    # Nobody is under pressure or touching an enemy: Recover and Attack would do nothing.
    assert [a["action"] for a in acts] == [a for a in ACTIONS if a not in ("recover", "attack")]
    shoot_template = acts[-1]
    assert shoot_template["units"] == [BOWMEN]
    assert not [a for a in ENGINE.legal_actions(state, 1) if a["type"] in ("act", "play")]
    for template in acts:
        act(state, 0, template["action"], template["units"], **{
            k: v for k, v in template.items() if k in ("targets", "distances")
        })  # fmt: skip
    public = ENGINE.legal_actions(state, None)
    assert {a["type"] for a in public} == {"contact", "adjust"}


# A whole game ------------------------------------------------------------------------

SEED = "little-game-1"
GAME: list[tuple[int | None, dict[str, Any]]] = [
    # Round 1. Ann 2 (worth 2) against Ben 5 (worth 3): Ann acts first.
    (0, {"type": "play", "card": 2}),
    (1, {"type": "play", "card": 5}),
    (0, {"type": "act", "action": "advance", "units": [LANCERS, BOWMEN]}),
    (1, {"type": "act", "action": "shoot", "units": [SLINGERS], "targets": {SLINGERS: BOWMEN},
         "distances": {SLINGERS: 4}}),
    # Break: Ann 10 (worth 1), Ben 9 (worth 9).
    (0, {"type": "play", "card": 10}),
    (1, {"type": "play", "card": 9}),
    # Round 2: the Lancers charge home.
    (0, {"type": "contact", "unit": LANCERS, "enemy": SPEARMEN}),
    (0, {"type": "play", "card": 5}),
    (1, {"type": "play", "card": 10}),
    (0, {"type": "act", "action": "attack", "units": [LANCERS]}),
    (1, {"type": "act", "action": "attack", "units": [SPEARMEN], "targets": {SPEARMEN: LANCERS}}),
    (0, {"type": "play", "card": 6}),
    (1, {"type": "play", "card": 4}),
]  # fmt: skip


def test_a_whole_game_step_by_step() -> None:
    table = seats()
    state = ENGINE.initial_state(table, {}, action_rng(SEED, 0))
    steps = []
    for seq, (seat, action) in enumerate(GAME, start=1):
        outcome = ENGINE.apply(state, seat, action, action_rng(SEED, seq))
        state = outcome.state
        steps.append((outcome, deepcopy(state)))

    # Round 1: values 2 and 3; the Lancers may go 4 in (cavalry), the Bowmen 2 in.
    assert steps[1][1]["revealed"]["values"] == [2, 3] and steps[1][1]["to_act"] == 0
    assert steps[2][0].events[0]["effects"] == {LANCERS: {"inches": 4}, BOWMEN: {"inches": 2}}
    # Long ranged Slingers: 2 x 3 - 4 = 2 pressure on the Bowmen; then the 2 and the 5 pass.
    after_acts = steps[3][1]
    assert unit(after_acts, BOWMEN)["pressure"] == 2
    assert after_acts["hands"] == [[4, 5, 6, 8, 10], [1, 2, 3, 7, 9]]
    # Break: Ann's 10 is worth 1, so the Bowmen (2 - 0 > 1) break; Ben's units have none.
    # Cards pass (Ann gets the 9, Ben the 10); Ben lost fewer and steals 1 card: the 4.
    round_one = steps[5][1]
    assert round_one["revealed"]["values"] == [1, 9]
    assert unit(round_one, BOWMEN)["removed"] and round_one["losses"] == [1, 0]
    assert round_one["last_steal"] == {"round": 1, "thief": 1, "victim": 0, "cards": [4]}
    assert round_one["hands"] == [[5, 6, 8, 9], [1, 2, 3, 4, 7, 10]]
    assert steps[5][0].is_barrier and round_one["round"] == 2
    # Round 2: 5 against 10 are both worth 5; the lower card (Ann) attacks first.
    assert steps[8][1]["revealed"] == {
        "step": "action", "cards": [5, 10], "values": [5, 5], "first": 0
    }  # fmt: skip
    assert unit(steps[9][1], SPEARMEN)["pressure"] == 5
    assert unit(steps[10][1], LANCERS)["pressure"] == 5
    assert steps[10][1]["hands"] == [[6, 8, 9, 10], [1, 2, 3, 4, 5, 7]]
    # Break: Ann's 6 is worth 2 (Ben's 4 is worth 4). Lancers 5 - 1 = 4 > 2: they break;
    # Spearmen 5 - 2 = 3 is not more than 4. Ann has no units left after the pass.
    final = steps[12][1]
    assert unit(final, LANCERS)["removed"] and not unit(final, SPEARMEN)["removed"]
    assert final["hands"] == [[4, 8, 9, 10], [1, 2, 3, 5, 6, 7]]
    assert final["result"] == {
        "winner": 1,
        "losers": [0],
        "reasons": {"0": "has no units"},
        "when": "after the pass",
    }
    assert final["last_steal"]["round"] == 1  # no steal once the game has ended
    assert steps[12][0].events[-1]["text"] == "Ann has no units after the pass: Ben wins."

    log = [(seq, seat, action) for seq, (seat, action) in enumerate(GAME, start=1)]
    assert replay(ENGINE, table, {}, SEED, log) == final
    assert json.loads(json.dumps(final)) == final
