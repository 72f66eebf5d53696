"""Smalltricks factions: six units, where they start, and whether a rolled faction is honest.

A body looks like ``EXAMPLE``. ``units`` are six unit-type slugs (repeats allowed).
``arrangement`` is optional: one cell per unit (same index) or ``null`` while unplaced, in
side a's coordinates (rows 1-3, row 1 the own castle); the table mirrors it for side b with
``cells_for_side``. ``rolled`` and ``options`` only matter for the rolled-faction variant.

The arrangement is secret until both players are ready (the text's setup), so ``figures``
only count placements and ``summary`` prints the grid only when ``show_arrangement`` is true.

Codes: ``malformed``, ``unit-count``, ``unknown-unit``, ``arrangement-length``, ``bad-cell``,
``outside-half``, ``hex-full``, ``arrangement-incomplete`` (warning), ``bad-dice``,
``rolled-mismatch``, ``too-many-rerolls``, ``too-many-shifts``, ``ignored-option`` (warning).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.games.building import BuildReport, Catalogue, CatalogueItem
from companion.games.smalltricks import board, rolling
from companion.games.smalltricks.board import Cell, Side

UNIT_COUNT = 6
OWN_ROWS = board.HALF_ROWS["a"]
OPTION_KEYS = ("rolled", "alternatives_on_roll", "max_rerolls", "max_shifts")
_CELL = re.compile(r"[A-F][1-6]")

EXAMPLE: dict[str, Any] = {
    "units": ["archers", "cannons", "mounted", "assault-beasts", "spears", "militia"],
    "arrangement": ["B2", "C2", "A3", "F3", "B2", "E1"],
    "show_arrangement": False,
    "options": {
        "rolled": False,
        "alternatives_on_roll": False,
        "max_rerolls": 0,
        "max_shifts": 0,
    },
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_cell(value: str) -> Cell | None:
    """The cell an ASCII label such as ``C2`` names (any case), or None."""
    text = value.strip().upper()
    return Cell.parse(text) if _CELL.fullmatch(text) else None


def _unit_name(item: CatalogueItem | None, slug: str) -> str:
    return item.name if item else slug


def _limit(item: CatalogueItem | None) -> int:
    """Units of this type one faction may stack in a hexagon (Militia: 1)."""
    value = item.data.get("max_per_hex") if item else None
    if _is_int(value) and 1 <= value <= board.UNITS_PER_FACTION_PER_HEX:
        return value
    return board.UNITS_PER_FACTION_PER_HEX


def _units(body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport) -> list[Any]:
    """Check ``units``; return it as a list (unusable entries kept, for index alignment)."""
    units = body.get("units")
    if not isinstance(units, list):
        report.error("malformed", "The faction's units must be a list of unit types.", "units")
        return []
    if len(units) != UNIT_COUNT:
        report.error(
            "unit-count",
            f"A faction has exactly {UNIT_COUNT} units; this one has {len(units)}.",
            "units",
        )
    for index, slug in enumerate(units):
        path = f"units.{index}"
        if not isinstance(slug, str):
            report.error("malformed", f"Unit {index + 1} must be a unit-type slug.", path)
        elif catalogue.get("unit-type", slug) is None:
            report.error("unknown-unit", f"Unit {index + 1}, {slug!r}, is no unit type.", path)
    return units


def _arrangement(
    body: Mapping[str, Any], units: list[Any], catalogue: Catalogue, report: BuildReport
) -> dict[int, Cell]:
    """Check ``arrangement``; return unit index -> cell for the usable placements."""
    if body.get("arrangement") is None:
        return {}
    arrangement = body["arrangement"]
    if not isinstance(arrangement, list):
        report.error(
            "malformed", "The arrangement must be a list of cells, one per unit.", "arrangement"
        )
        return {}
    if isinstance(body.get("units"), list) and len(arrangement) != len(units):
        report.error(
            "arrangement-length",
            f"The arrangement has {len(arrangement)} places for {len(units)} units; "
            "give one cell (or null) per unit.",
            "arrangement",
        )
    placed: dict[int, Cell] = {}
    unplaced = 0
    for index, value in enumerate(arrangement):
        path = f"arrangement.{index}"
        if value is None:
            unplaced += 1
            continue
        if not isinstance(value, str):
            report.error("malformed", f"Place {index + 1} must be a cell such as 'C2'.", path)
            continue
        cell = _parse_cell(value)
        if cell is None:
            report.error(
                "bad-cell", f"Place {index + 1}, {value!r}, is no cell; cells run A1 to F6.", path
            )
        elif cell.row not in OWN_ROWS:
            report.error(
                "outside-half",
                f"{cell.label} is outside your half: units start in rows "
                f"{OWN_ROWS[0]}-{OWN_ROWS[-1]} (row 1 is your castle).",
                path,
            )
        elif index < len(units) or not isinstance(body.get("units"), list):
            placed[index] = cell
    if unplaced:
        report.warning(
            "arrangement-incomplete",
            f"{unplaced} unit(s) not placed yet; the faction is ready once all "
            f"{len(arrangement)} are.",
            "arrangement",
        )
    _stacking(placed, units, catalogue, report)
    return placed


def _stacking(
    placed: Mapping[int, Cell], units: list[Any], catalogue: Catalogue, report: BuildReport
) -> None:
    """Two units of a faction per hexagon, and the per-type limits (Rowdy Crowd: 1 Militia)."""
    per_cell: Counter[Cell] = Counter()
    per_type: Counter[tuple[Cell, str]] = Counter()
    for index in sorted(placed):
        cell = placed[index]
        path = f"arrangement.{index}"
        per_cell[cell] += 1
        if per_cell[cell] == board.UNITS_PER_FACTION_PER_HEX + 1:
            report.error(
                "hex-full",
                f"Hexagon {cell.label} holds more than {board.UNITS_PER_FACTION_PER_HEX} "
                "of your units.",
                path,
            )
        slug = units[index] if index < len(units) else None
        if not isinstance(slug, str):
            continue
        item = catalogue.get("unit-type", slug)
        per_type[cell, slug] += 1
        limit = _limit(item)
        if limit < board.UNITS_PER_FACTION_PER_HEX and per_type[cell, slug] == limit + 1:
            report.error(
                "hex-full",
                f"Hexagon {cell.label} holds {per_type[cell, slug]} "
                f"{_unit_name(item, slug)}; only {limit} may share a hexagon.",
                path,
            )


def _options(body: Mapping[str, Any], report: BuildReport) -> dict[str, Any]:
    """The rolled-faction settings, defaults filled in; bad values reported and defaulted."""
    found: dict[str, Any] = {
        "rolled": False,
        "alternatives_on_roll": False,
        "max_rerolls": rolling.DEFAULT_MAX_REROLLS,
        "max_shifts": rolling.DEFAULT_MAX_SHIFTS,
    }
    options = body.get("options")
    if options is None:
        return found
    if not isinstance(options, Mapping):
        report.error("malformed", "Options must be an object.", "options")
        return found
    for key, value in options.items():
        path = f"options.{key}"
        if key not in OPTION_KEYS:
            report.warning(
                "ignored-option", f"{key!r} is no Smalltricks faction option; it is ignored.", path
            )
        elif value is None:
            continue
        elif key in ("rolled", "alternatives_on_roll"):
            if isinstance(value, bool):
                found[key] = value
            else:
                report.error("malformed", f"Option {key} must be true or false.", path)
        elif _is_int(value) and value >= 0:
            found[key] = value
        else:
            report.error("malformed", f"Option {key} must be a whole number, 0 or more.", path)
    return found


def _rolled(
    body: Mapping[str, Any],
    units: list[Any],
    options: Mapping[str, Any],
    catalogue: Catalogue,
    report: BuildReport,
) -> list[int] | None:
    """A rolled faction: six good dice, the units they give, rerolls and shifts in limits."""
    if not options["rolled"]:
        return None
    rolled = body.get("rolled")
    if rolled is None:
        report.error("bad-dice", "A rolled faction needs the six dice it rolled.", "rolled")
        return None
    if not isinstance(rolled, Mapping):
        report.error("malformed", "The roll must be an object with its dice.", "rolled")
        return None
    dice = rolled.get("dice")
    good = isinstance(dice, list) and len(dice) == rolling.DICE
    if not isinstance(dice, list):
        report.error("bad-dice", "The roll needs its six dice as a list.", "rolled.dice")
        dice = []
    elif not good:
        report.error(
            "bad-dice", f"A roll is {rolling.DICE} dice; this one has {len(dice)}.", "rolled.dice"
        )
    for index, face in enumerate(dice):
        if not rolling.is_face(face):
            good = False
            report.error(
                "bad-dice", f"Die {index + 1} shows {face!r}, not 1-6.", f"rolled.dice.{index}"
            )
    for field, limit, code in (
        ("rerolls", options["max_rerolls"], "too-many-rerolls"),
        ("shifts", options["max_shifts"], "too-many-shifts"),
    ):
        used = rolled.get(field, 0)
        if used is None:
            continue
        if not _is_int(used) or used < 0:
            report.error(
                "malformed", f"The roll's {field} must be a whole number.", f"rolled.{field}"
            )
        elif used > limit:
            report.error(code, f"{used} {field} used; the table allows {limit}.", f"rolled.{field}")
    if not good:
        return None
    if all(isinstance(slug, str) for slug in units) and not rolling.matches(
        dice, units, options["alternatives_on_roll"]
    ):

        def names(slugs: list[str]) -> str:
            return ", ".join(_unit_name(catalogue.get("unit-type", s), s) for s in slugs)

        gives = names(rolling.units_for(dice))
        either = ""
        if options["alternatives_on_roll"]:
            either = " (or their alternatives for 2, 4 and 6)"
        report.error(
            "rolled-mismatch",
            f"The dice {', '.join(map(str, dice))} give {gives}{either}; "
            f"the faction lists {names(units) or 'nothing'}.",
            "units",
        )
    return list(dice)


def validate(body: Mapping[str, Any], catalogue: Catalogue) -> BuildReport:
    """Every problem of a faction, and its figures; malformed data is a problem, not a crash."""
    report = BuildReport()
    if not isinstance(body, Mapping):
        report.error("malformed", "A faction must be an object with its units.", "")
        return report
    units = _units(body, catalogue, report)
    placed = _arrangement(body, units, catalogue, report)
    show = body.get("show_arrangement")
    if show is not None and not isinstance(show, bool):
        report.error("malformed", "Show arrangement must be true or false.", "show_arrangement")
    options = _options(body, report)
    dice = _rolled(body, units, options, catalogue, report)
    by_type = Counter(slug for slug in units if isinstance(slug, str))
    faces = []
    for slug in units:
        item = catalogue.get("unit-type", slug) if isinstance(slug, str) else None
        face = item.data.get("face") if item else None
        faces.append(face if rolling.is_face(face) else None)
    report.figures = {
        "unit_count": len(units),
        "units_by_type": dict(by_type),
        "faces": faces,
        "rolled": options["rolled"],
        "dice": dice,
        "placed": len(placed),
        "cells_used": len(set(placed.values())),
    }
    return report


def cells_for_side(body: Mapping[str, Any], side: Side) -> list[str | None]:
    """The arrangement as cell labels on the real board: side b sees it mirrored."""
    arrangement = body.get("arrangement") if isinstance(body, Mapping) else None
    if not isinstance(arrangement, list):
        return []
    labels: list[str | None] = []
    for value in arrangement:
        cell = _parse_cell(value) if isinstance(value, str) else None
        if cell is not None and side == "b":
            cell = board.mirrored(cell)
        labels.append(cell.label if cell else None)
    return labels


def model_counts(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, int]:
    """Unit-type slug -> units fielded (each unit is one die or model)."""
    units = body.get("units") if isinstance(body, Mapping) else None
    if not isinstance(units, list):
        return {}
    return dict(
        Counter(
            slug
            for slug in units
            if isinstance(slug, str) and catalogue.get("unit-type", slug) is not None
        )
    )


def _short(name: str) -> str:
    """Two letters for the grid: initials of a two-word name, else its first two letters."""
    words = re.findall(r"[A-Za-z0-9]+", name) or ["?"]
    text = words[0][0] + words[1][0] if len(words) > 1 else words[0][:2]
    return text[:1].upper() + text[1:2].lower() if len(words) == 1 else text.upper()


def _grid(units: list[Any], placed: Mapping[int, Cell], catalogue: Catalogue) -> list[str]:
    """Own half as text, castle row 1 at the bottom, nearest its player."""
    codes: dict[Cell, list[str]] = {}
    legend: dict[str, str] = {}  # unit name -> its code, unique per name
    for index in sorted(placed):
        slug = units[index] if index < len(units) and isinstance(units[index], str) else "?"
        item = catalogue.get("unit-type", slug)
        name = _unit_name(item, slug)
        if name not in legend:
            code = _short(name)
            taken = set(legend.values())
            legend[name] = code if code not in taken else f"{code}{len(legend) + 1}"
        codes.setdefault(placed[index], []).append(legend[name])
    width = 8
    lines = ["   " + "".join(letter.ljust(width) for letter in "ABCDEF").rstrip()]
    for row in reversed(OWN_ROWS):
        cells = ["+".join(codes.get(Cell(column, row), [])) or "." for column in range(1, 7)]
        castle = "  (castle)" if row == board.CASTLE_ROW["a"] else ""
        lines.append(f"{row}  " + "".join(c.ljust(width) for c in cells).rstrip() + castle)
    if legend:
        lines.append("   " + ", ".join(f"{code} {name}" for name, code in legend.items()))
    return lines


def summary(body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport) -> str:
    """Plain text for forums; the arrangement only when the list says it may be shown."""
    if not isinstance(body, Mapping):
        body = {}
    units = body.get("units") if isinstance(body.get("units"), list) else []
    lines = [f"Smalltricks faction: {len(units)} units"]
    for slug, count in Counter(s for s in units if isinstance(s, str)).items():
        item = catalogue.get("unit-type", slug)
        face = item.data.get("face") if item else None
        lines.append(f"- {count}x {_unit_name(item, slug)}" + (f" [{face}]" if face else ""))
    dice = report.figures.get("dice")
    rolled = body.get("rolled") if isinstance(body.get("rolled"), Mapping) else {}
    if dice:
        lines.append(
            f"Rolled: {' '.join(map(str, dice))} "
            f"(rerolls {rolled.get('rerolls', 0)}, shifts {rolled.get('shifts', 0)})"
        )
    if body.get("show_arrangement") is True and isinstance(body.get("arrangement"), list):
        placed = {
            index: cell
            for index, value in enumerate(body["arrangement"])
            if isinstance(value, str)
            and (cell := _parse_cell(value)) is not None
            and cell.row in OWN_ROWS
        }
        lines.append("Arrangement (own half, row 1 is the castle):")
        lines.extend(_grid(units, placed, catalogue))
    elif body.get("arrangement") is not None:
        lines.append(f"Arrangement: hidden ({report.figures.get('placed', 0)} units placed).")
    lines.extend(_problems(report))
    return "\n".join(lines)


def _problems(report: BuildReport) -> list[str]:
    """Legal or not, then every problem with where it is."""
    lines = ["Legal." if report.legal else "Not legal:"]
    for problem in report.problems:
        where = f" ({problem.path})" if problem.path else ""
        lines.append(f"- {problem.severity}: {problem.message}{where}")
    return lines
