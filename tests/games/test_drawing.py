"""Seeded hands and exact draw odds: hand-worked values, edges, and a Monte Carlo cross-check."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import drawing

DECK = [f"card-{n}" for n in range(40)]


# --- draw_hand ----------------------------------------------------------------------------


def test_same_seed_same_hand_and_more_draws_extend_it() -> None:
    first = drawing.draw_hand(DECK, "abc")
    assert first == drawing.draw_hand(DECK, "abc")
    assert len(first["hand"]) == 5 and first["library"] == 35 and first["seed"] == "abc"
    assert first["exhausted"] is False
    more = drawing.draw_hand(DECK, "abc", draws=2)
    assert more["hand"][:5] == first["hand"] and len(more["hand"]) == 7
    assert more["library"] == 33


def test_a_new_seed_is_a_new_shuffle() -> None:
    orders = {tuple(drawing.draw_hand(DECK, seed, opening=40)["hand"]) for seed in range(5)}
    assert len(orders) == 5
    assert drawing.draw_hand(DECK, 7)["hand"] != drawing.draw_hand(DECK, "7")["hand"]


def test_the_deck_itself_is_not_shuffled_in_place() -> None:
    deck = list(DECK)
    drawing.draw_hand(deck, 1, opening=40)
    assert deck == DECK


def test_draws_stop_at_the_end_of_the_deck_and_say_so() -> None:
    small = ["a", "b", "c", "d", "e", "f", "g"]
    hand = drawing.draw_hand(small, 3, opening=5, draws=5)
    assert sorted(hand["hand"]) == small and hand["library"] == 0 and hand["exhausted"] is True
    exact = drawing.draw_hand(small, 3, opening=5, draws=2)
    assert exact["library"] == 0 and exact["exhausted"] is False
    empty = drawing.draw_hand([], 3)
    assert empty == {"hand": [], "library": 0, "seed": 3, "exhausted": True}


def test_negative_counts_draw_nothing() -> None:
    hand = drawing.draw_hand(DECK, 1, opening=-2, draws=-1)
    assert hand["hand"] == [] and hand["library"] == 40 and hand["exhausted"] is False


@settings(max_examples=50, deadline=None)
@given(
    cards=st.lists(st.sampled_from(["relic", "tithe", "spire", "imp", "golem"]), max_size=45),
    seed=st.one_of(st.integers(), st.text(max_size=10)),
    opening=st.integers(0, 10),
    draws=st.integers(0, 50),
)
def test_no_card_is_duplicated_or_lost(
    cards: list[str], seed: int | str, opening: int, draws: int
) -> None:
    hand = drawing.draw_hand(cards, seed, opening=opening, draws=draws)
    order = drawing.draw_hand(cards, seed, opening=len(cards))["hand"]
    assert Counter(order) == Counter(cards)
    assert hand["hand"] == order[: opening + draws]
    assert len(hand["hand"]) + hand["library"] == len(cards)
    assert hand["exhausted"] == (opening + draws > len(cards))


# --- at_least: hand-worked values ---------------------------------------------------------


def test_one_copy_in_forty_seen_in_five_cards_is_one_in_eight() -> None:
    assert drawing.at_least(40, 1, 5) == 1 / 8


def test_two_in_ten_drawing_three() -> None:
    # No success: 8/10 * 7/9 * 6/8 = 7/15, so at least one is 8/15.
    assert drawing.at_least(10, 2, 3) == 8 / 15


def test_four_of_a_card_in_sixty_in_a_seven_card_hand() -> None:
    # The classic 39.9%: 1 - C(56,7)/C(60,7) = 1 - (53*52*51*50)/(60*59*58*57).
    expected = 1 - Fraction(53 * 52 * 51 * 50, 60 * 59 * 58 * 57)
    assert drawing.at_least(60, 4, 7) == float(expected)
    assert drawing.at_least(60, 4, 7) == pytest.approx(0.39949, abs=1e-5)


def test_four_cards_two_successes_pairs_worked_by_hand() -> None:
    # Six pairs: one is both failures, one is both successes.
    assert drawing.at_least(4, 2, 2, k=1) == 5 / 6
    assert drawing.at_least(4, 2, 2, k=2) == 1 / 6


def test_three_copies_in_forty_at_least_two_in_seven() -> None:
    # Two of the three and five of the 37 others, or all three and four others.
    favourable = 3 * math.comb(37, 5) + math.comb(37, 4)
    expected = Fraction(favourable, math.comb(40, 7))
    assert drawing.at_least(40, 3, 7, k=2) == float(expected)


def comb_sum(deck: int, successes: int, drawn: int, k: int) -> int:
    """Count the favourable hands by brute force, for small decks."""
    return sum(
        1
        for hand in combinations(range(deck), drawn)
        if sum(1 for card in hand if card < successes) >= k
    )


@pytest.mark.parametrize(
    ("deck", "successes", "drawn", "k"),
    [(6, 2, 3, 1), (8, 3, 4, 2), (9, 4, 5, 3), (7, 7, 3, 3), (10, 1, 10, 1), (12, 5, 6, 4)],
)
def test_matches_brute_force_enumeration(deck: int, successes: int, drawn: int, k: int) -> None:
    expected = Fraction(comb_sum(deck, successes, drawn, k), math.comb(deck, drawn))
    assert drawing.at_least(deck, successes, drawn, k) == float(expected)


# --- at_least: edges ----------------------------------------------------------------------


def test_edges() -> None:
    assert drawing.at_least(40, 3, 7, k=0) == 1.0
    assert drawing.at_least(40, 3, 7, k=-2) == 1.0
    assert drawing.at_least(40, 0, 7) == 0.0
    assert drawing.at_least(40, 3, 7, k=4) == 0.0  # more than there are
    assert drawing.at_least(40, 3, 2, k=3) == 0.0  # more than drawn
    assert drawing.at_least(40, 3, 0) == 0.0
    assert drawing.at_least(40, 3, -5) == 0.0
    assert drawing.at_least(40, 3, 40, k=3) == 1.0  # the whole deck
    assert drawing.at_least(40, 3, 99, k=3) == 1.0  # clamped to the whole deck
    assert drawing.at_least(0, 0, 5) == 0.0
    assert drawing.at_least(0, 0, 5, k=0) == 1.0
    assert drawing.at_least(5, 5, 1) == 1.0


@pytest.mark.parametrize(("deck", "successes"), [(-1, 0), (10, 11), (10, -1)])
def test_impossible_decks_are_refused(deck: int, successes: int) -> None:
    with pytest.raises(ValueError):
        drawing.at_least(deck, successes, 3)
    with pytest.raises(ValueError):
        drawing.odds_by_turn(deck, successes)


def test_monotonic_in_cards_drawn_and_in_successes() -> None:
    for k in (1, 2, 3):
        by_drawn = [drawing.at_least(40, 4, n, k) for n in range(41)]
        assert by_drawn == sorted(by_drawn)
        by_successes = [drawing.at_least(40, s, 7, k) for s in range(41)]
        assert by_successes == sorted(by_successes)
        by_k = [drawing.at_least(40, 4, 7, j) for j in range(k, 6)]
        assert by_k == sorted(by_k, reverse=True)


# --- odds_by_turn -------------------------------------------------------------------------


def test_odds_by_turn_draws_at_the_start_of_every_turn() -> None:
    rows = drawing.odds_by_turn(40, 3, turns=3)
    assert [(r["turn"], r["cards_seen"]) for r in rows] == [(1, 6), (2, 7), (3, 8)]
    assert rows[0]["probability"] == drawing.at_least(40, 3, 6)
    assert rows[0]["probability"] == pytest.approx(1 - math.comb(37, 6) / math.comb(40, 6))


def test_odds_by_turn_without_a_first_turn_draw_and_with_more_per_turn() -> None:
    rows = drawing.odds_by_turn(40, 3, turns=3, draw_on_first_turn=False, per_turn=2)
    assert [r["cards_seen"] for r in rows] == [5, 7, 9]
    assert rows[0]["probability"] == drawing.at_least(40, 3, 5)


def test_odds_by_turn_stop_growing_once_the_deck_is_seen() -> None:
    rows = drawing.odds_by_turn(8, 2, k=2, opening=5, turns=6)
    assert [r["cards_seen"] for r in rows] == [6, 7, 8, 8, 8, 8]
    assert rows[-1]["probability"] == 1.0
    probabilities = [r["probability"] for r in rows]
    assert probabilities == sorted(probabilities)
    assert drawing.odds_by_turn(40, 3, turns=0) == []


# --- simulate -----------------------------------------------------------------------------


def test_simulate_is_seeded_and_certain_cases_are_exact() -> None:
    assert drawing.simulate(40, 3, 7, 1, 500, 9) == drawing.simulate(40, 3, 7, 1, 500, 9)
    assert drawing.simulate(40, 0, 7, 1, 100, 1) == 0.0
    assert drawing.simulate(40, 3, 40, 3, 100, 1) == 1.0
    assert drawing.simulate(40, 3, 7, 0, 100, 1) == 1.0
    with pytest.raises(ValueError):
        drawing.simulate(40, 3, 7, 1, 0, 1)


TRIALS = 3000


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    data=st.data(),
    deck=st.integers(1, 60),
    seed=st.integers(0, 2**32),
)
def test_exact_odds_match_the_seeded_simulation(data: st.DataObject, deck: int, seed: int) -> None:
    successes = data.draw(st.integers(0, deck), label="successes")
    drawn = data.draw(st.integers(0, deck + 3), label="drawn")
    k = data.draw(st.integers(0, 5), label="k")
    exact = drawing.at_least(deck, successes, drawn, k)
    estimate = drawing.simulate(deck, successes, drawn, k, TRIALS, seed)
    error = math.sqrt(exact * (1 - exact) / TRIALS)
    # Four standard errors, plus one trial's worth for odds too small for the normal view.
    assert abs(estimate - exact) <= 4 * error + 1 / TRIALS
