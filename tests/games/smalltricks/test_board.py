"""The battlefield geometry: 36 flat-top hexes, halves, castles, neighbours and distance."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.smalltricks import board
from companion.games.smalltricks.board import Cell

cells = st.sampled_from(board.CELLS)


def cell(label: str) -> Cell:
    return Cell.parse(label)


def labels(found: tuple[Cell, ...]) -> list[str]:
    return [c.label for c in found]


def test_the_battlefield_has_36_distinct_cells() -> None:
    assert len(board.CELLS) == len(set(board.CELLS)) == 36
    assert tuple(sorted(board.CELLS)) == board.CELLS
    assert (board.CELLS[0].label, board.CELLS[-1].label) == ("A1", "F6")


@pytest.mark.parametrize(("column", "row"), [(0, 1), (7, 1), (1, 0), (1, 7), (-1, -1)])
def test_cells_off_the_board_cannot_be_made(column: int, row: int) -> None:
    assert not board.is_on_board(column, row)
    with pytest.raises(ValueError):
        Cell(column, row)


def test_labels_round_trip_and_bad_labels_are_refused() -> None:
    assert all(Cell.parse(c.label) == c for c in board.CELLS)
    assert Cell.parse(" c4 ") == Cell(3, 4)
    for bad in ("", "G1", "A7", "A0", "AA", "A10", "4C"):
        with pytest.raises(ValueError):
            Cell.parse(bad)


def test_each_side_has_a_castle_of_six_cells_on_its_own_edge() -> None:
    assert labels(board.castle("a")) == ["A1", "B1", "C1", "D1", "E1", "F1"]
    assert labels(board.castle("b")) == ["A6", "B6", "C6", "D6", "E6", "F6"]
    sides = Counter(board.castle_side(c) for c in board.CELLS)
    assert sides == {"a": 6, "b": 6, None: 24}


def test_rows_one_to_three_are_side_a_and_four_to_six_side_b() -> None:
    assert Counter(board.half(c) for c in board.CELLS) == {"a": 18, "b": 18}
    assert {c.row for c in board.CELLS if board.half(c) == "a"} == {1, 2, 3}
    assert all(board.half(c) == board.castle_side(c) for c in board.castle("a") + board.castle("b"))
    assert board.opponent("a") == "b" and board.opponent("b") == "a"


def test_corners_have_two_or_three_neighbours() -> None:
    corners = {label: len(board.neighbours(cell(label))) for label in ("A1", "F1", "A6", "F6")}
    assert corners == {"A1": 2, "F6": 2, "F1": 3, "A6": 3}


def test_side_edges_have_four_neighbours() -> None:
    for label in ("A2", "A3", "A4", "A5", "F2", "F3", "F4", "F5"):
        assert len(board.neighbours(cell(label))) == 4, label


def test_castle_edges_alternate_between_three_and_five_neighbours() -> None:
    assert [len(board.neighbours(c)) for c in board.castle("a")] == [2, 5, 3, 5, 3, 3]
    assert [len(board.neighbours(c)) for c in board.castle("b")] == [3, 3, 5, 3, 5, 2]


def test_inner_cells_have_six_neighbours() -> None:
    inner = [c for c in board.CELLS if 2 <= c.column <= 5 and 2 <= c.row <= 5]
    assert len(inner) == 16
    assert all(len(board.neighbours(c)) == 6 for c in inner)


def test_neighbour_counts_over_the_whole_board() -> None:
    degrees = Counter(len(board.neighbours(c)) for c in board.CELLS)
    assert degrees == {2: 2, 3: 6, 4: 8, 5: 4, 6: 16}
    # Each shared side counts from both cells: 6 columns x 5 sides inside a column,
    # plus 5 pairs of columns x 11 sides between them, is 85.
    assert sum(n * k for n, k in degrees.items()) == 2 * 85


def test_odd_columns_sit_half_a_hex_higher_than_even_columns() -> None:
    assert labels(board.neighbours(cell("A1"))) == ["A2", "B1"]
    assert labels(board.neighbours(cell("B1"))) == ["A1", "A2", "B2", "C1", "C2"]
    assert labels(board.neighbours(cell("C3"))) == ["B2", "B3", "C2", "C4", "D2", "D3"]
    assert labels(board.neighbours(cell("D3"))) == ["C3", "C4", "D2", "D4", "E3", "E4"]


def test_neighbours_are_exactly_the_cells_whose_centres_are_one_hex_apart() -> None:
    step = math.sqrt(3)
    for a in board.CELLS:
        ax, ay = board.center(a)
        touching = [
            b for b in board.CELLS if math.isclose(math.dist((ax, ay), board.center(b)), step)
        ]
        assert board.neighbours(a) == tuple(sorted(touching)), a.label


def test_range_two_around_an_inner_cell_holds_nineteen_hexagons() -> None:
    assert len(board.within(cell("C3"), 2)) == 19
    assert board.within(cell("C3"), 0) == (cell("C3"),)
    assert len(board.within(cell("A1"), 5 + 5)) == 36


def test_the_longest_distance_is_castle_to_castle_corner() -> None:
    assert board.distance(cell("A1"), cell("F6")) == 8
    assert board.distance(cell("A1"), cell("A6")) == 5
    assert max(board.distance(a, b) for a in board.CELLS for b in board.CELLS) == 8


def test_a_column_is_the_six_cells_straight_through_a_cell() -> None:
    assert labels(board.column_of(cell("D4"))) == ["D1", "D2", "D3", "D4", "D5", "D6"]


@given(cells)
def test_a_cell_is_at_distance_zero_from_itself_and_not_its_own_neighbour(a: Cell) -> None:
    assert board.distance(a, a) == 0
    assert a not in board.neighbours(a)
    assert 2 <= len(board.neighbours(a)) <= 6


@given(cells, cells)
def test_distance_is_symmetric_and_positive_between_different_cells(a: Cell, b: Cell) -> None:
    assert board.distance(a, b) == board.distance(b, a)
    assert (board.distance(a, b) == 0) == (a == b)


@given(cells, cells)
def test_neighbours_are_symmetric_and_exactly_the_cells_at_distance_one(a: Cell, b: Cell) -> None:
    assert (b in board.neighbours(a)) == (a in board.neighbours(b))
    assert (b in board.neighbours(a)) == (board.distance(a, b) == 1) == board.are_adjacent(a, b)


@given(cells, cells, cells)
def test_distance_obeys_the_triangle_inequality(a: Cell, b: Cell, c: Cell) -> None:
    assert board.distance(a, c) <= board.distance(a, b) + board.distance(b, c)


@given(cells, cells)
def test_distance_is_the_fewest_steps_between_neighbours(a: Cell, b: Cell) -> None:
    frontier, seen, steps = {a}, {a}, 0
    while b not in frontier:
        frontier = {n for c in frontier for n in board.neighbours(c)} - seen
        seen |= frontier
        steps += 1
    assert board.distance(a, b) == steps


@given(cells, cells)
def test_the_board_looks_the_same_from_either_side(a: Cell, b: Cell) -> None:
    assert board.mirrored(board.mirrored(a)) == a
    assert board.distance(board.mirrored(a), board.mirrored(b)) == board.distance(a, b)
    assert board.neighbours(board.mirrored(a)) == tuple(
        sorted(board.mirrored(n) for n in board.neighbours(a))
    )
    assert board.half(board.mirrored(a)) == board.opponent(board.half(a))


@given(cells, st.integers(min_value=0, max_value=8))
def test_within_holds_every_cell_in_range_and_no_other(a: Cell, reach: int) -> None:
    found = set(board.within(a, reach))
    assert found == {c for c in board.CELLS if board.distance(a, c) <= reach}
    assert a in found
