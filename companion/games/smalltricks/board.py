"""The Smalltricks battlefield as pure geometry: 36 flat-top hexes in 6 columns of 6 rows.

Layout (Muster's choice; the text only says "6x6, flat-top"):

- A cell is ``(column, row)``, both 1-6. Columns run left to right; rows run from row 1
  (side A's castle) to row 6 (side B's castle). Labels read ``A1`` .. ``F6``.
- Flat-top hexes stack into straight vertical columns. Even columns (2, 4, 6) sit half a
  hex further toward row 6 than odd columns ("odd-q" in 0-based terms). The board is then
  point-symmetric: ``(c, r)`` and ``(7 - c, 7 - r)`` mirror each other, so both halves have
  the same shape and neither side is favoured.
- Side A holds rows 1-3 (castle row 1), side B rows 4-6 (castle row 6), for the whole
  match; who plays first alternates between games, the halves do not.

Distance counts hex steps (the text's range), computed through cube coordinates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

Side = Literal["a", "b"]

COLUMNS = 6
ROWS = 6
SIDES: tuple[Side, Side] = ("a", "b")
HALF_ROWS: dict[Side, tuple[int, ...]] = {"a": (1, 2, 3), "b": (4, 5, 6)}
CASTLE_ROW: dict[Side, int] = {"a": 1, "b": 6}
UNITS_PER_FACTION_PER_HEX = 2
LAYOUT = "flat-top, even columns half a hex toward row 6"

_COLUMN_LETTERS = "ABCDEF"
# Cube-coordinate steps to the six hexagons sharing a side.
_CUBE_STEPS = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))


@dataclass(frozen=True, order=True)
class Cell:
    """One hexagon of the battlefield; ordering is by column, then row."""

    column: int
    row: int

    def __post_init__(self) -> None:
        if not is_on_board(self.column, self.row):
            raise ValueError(f"({self.column}, {self.row}) is off the 6x6 battlefield.")

    @property
    def label(self) -> str:
        """A short name such as ``C4`` for logs, forms and the board drawing."""
        return f"{_COLUMN_LETTERS[self.column - 1]}{self.row}"

    @classmethod
    def parse(cls, label: str) -> Cell:
        """The cell a label such as ``c4`` names; ``ValueError`` for anything else."""
        text = label.strip().upper()
        if len(text) != 2 or text[0] not in _COLUMN_LETTERS or not text[1].isdigit():
            raise ValueError(f"{label!r} is not a cell label such as 'C4'.")
        return cls(_COLUMN_LETTERS.index(text[0]) + 1, int(text[1]))


def is_on_board(column: int, row: int) -> bool:
    """Whether ``(column, row)`` lies on the battlefield; units never leave it."""
    return 1 <= column <= COLUMNS and 1 <= row <= ROWS


# Every cell, in cell order (column by column).
CELLS: tuple[Cell, ...] = tuple(
    Cell(c, r) for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)
)


def _cube(cell: Cell) -> tuple[int, int, int]:
    """Cube coordinates, where hex steps are plain vector steps."""
    q = cell.column - 1
    z = (cell.row - 1) - (q - (q & 1)) // 2
    return q, -q - z, z


def _from_cube(x: int, z: int) -> tuple[int, int]:
    """Back from cube coordinates to ``(column, row)``, possibly off the board."""
    return x + 1, z + (x - (x & 1)) // 2 + 1


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The hexagons sharing a side with ``cell`` (2 to 6 of them), in cell order."""
    x, _y, z = _cube(cell)
    found = []
    for dx, _dy, dz in _CUBE_STEPS:
        column, row = _from_cube(x + dx, z + dz)
        if is_on_board(column, row):
            found.append(Cell(column, row))
    return tuple(sorted(found))


def are_adjacent(a: Cell, b: Cell) -> bool:
    """The text's "adjacent": the two hexagons share a side."""
    return distance(a, b) == 1


def distance(a: Cell, b: Cell) -> int:
    """Hex steps from ``a`` to ``b``: the text's range, 0 for the same hexagon."""
    ax, ay, az = _cube(a)
    bx, by, bz = _cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def within(cell: Cell, reach: int) -> tuple[Cell, ...]:
    """Every hexagon in range ``reach`` of ``cell``, its own hexagon included."""
    return tuple(sorted(c for c in CELLS if distance(cell, c) <= reach))


def column_of(cell: Cell) -> tuple[Cell, ...]:
    """The straight column through ``cell`` (what Muskets fire along), rows 1 to 6."""
    return tuple(Cell(cell.column, r) for r in range(1, ROWS + 1))


def half(cell: Cell) -> Side:
    """The side whose half of the battlefield holds ``cell``."""
    return "a" if cell.row in HALF_ROWS["a"] else "b"


def opponent(side: Side) -> Side:
    """The other side."""
    return "b" if side == "a" else "a"


def castle(side: Side) -> tuple[Cell, ...]:
    """The six hexagons of ``side``'s castle row."""
    return tuple(Cell(c, CASTLE_ROW[side]) for c in range(1, COLUMNS + 1))


def castle_side(cell: Cell) -> Side | None:
    """Whose castle ``cell`` is in, or None in the four middle rows."""
    for side in SIDES:
        if cell.row == CASTLE_ROW[side]:
            return side
    return None


def mirrored(cell: Cell) -> Cell:
    """The cell in the same place seen from the other side (a half-turn of the board)."""
    return Cell(COLUMNS + 1 - cell.column, ROWS + 1 - cell.row)


def center(cell: Cell, size: float = 1.0) -> tuple[float, float]:
    """Centre of ``cell`` for drawing, hexes of circumradius ``size``; y grows toward row 6."""
    x = size * (1 + 1.5 * (cell.column - 1))
    y = size * math.sqrt(3) * (cell.row - 0.5 + (0.5 if cell.column % 2 == 0 else 0.0))
    return x, y
