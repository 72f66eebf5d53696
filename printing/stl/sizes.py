"""The documented sizes of printed pieces, gathered from every game (no Django).

Each game's ``models3d`` declares its rows (``SIZES``: Maker-War's bases at 6 mm scale and
the book's 5 cm and 15 cm templates, the little game's 30x60 mm bases, Micro and Macro's
base radius...) and which row a unit of a given profile type takes (``size_row``).
Generators take their defaults from those rows and the upload check measures an uploaded
design against them; ``other`` serves anything no game names.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from companion.games.meshes.sizes import OTHER, Size
from companion.games.registry import all_games, get_game

__all__ = ["TABLE", "TOLERANCE_MM", "Size", "fits", "size_for"]


def _table() -> dict[str, Size]:
    rows: dict[str, Size] = {}
    for game in all_games().values():
        module = game.capability("models3d")
        for size in module.SIZES if module is not None else ():
            if rows.setdefault(size.key, size) is not size:
                raise ValueError(f"Two size rows named {size.key!r}.")
    rows[OTHER.key] = OTHER
    return rows


class _Rows(Mapping[str, Size]):
    """Every game's rows, gathered from the registry at each look-up rather than once at
    import, so a game registered after this module (a test's toy game) is measured too."""

    def __getitem__(self, key: str) -> Size:
        return _table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(_table())

    def __len__(self) -> int:
        return len(_table())


TABLE: Mapping[str, Size] = _Rows()

TOLERANCE_MM = 0.5


def size_for(game: str, unit_type: str = "") -> Size:
    """The size row for a unit of ``game`` whose profile type is ``unit_type``: the game's
    own rule (its ``models3d.size_row``), ``other`` for a game without pieces."""
    module = get_game(game).capability("models3d") if game in all_games() else None
    key = module.size_row(unit_type) if module is not None else OTHER.key
    return TABLE.get(key, OTHER)


def fits(size: Size, extent: tuple[float, float, float]) -> list[str]:
    """Why a bounding box of ``extent`` (x, y, z mm) does not fit ``size``; empty if it does."""
    small, large = sorted(extent[:2])
    problems = []
    if large > size.footprint_max + TOLERANCE_MM:
        problems.append(
            f"{large:.1f} mm across is larger than the {size.footprint_max:g} mm "
            f"allowed for a {size.label}."
        )
    if small < size.footprint_min - TOLERANCE_MM:
        problems.append(
            f"{small:.1f} mm across is smaller than the {size.footprint_min:g} mm "
            f"expected for a {size.label}."
        )
    if extent[2] > size.height_max + TOLERANCE_MM:
        problems.append(
            f"{extent[2]:.1f} mm tall is taller than the {size.height_max:g} mm "
            f"allowed for a {size.label}."
        )
    return problems
