"""Smalltricks' catalogue: the book's unit types, abilities, battlefield and named options
(``book``) as entries, with their rule anchors and cross-references."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import EntrySpec, FactionSpec
from companion.games.smalltricks import board, book


def factions() -> list[FactionSpec]:
    """None: players build their own faction of six units from the unit types."""
    return []


def unit_types() -> list[EntrySpec]:
    """The six base types by die face 1-6, then the alternatives for faces 2, 4 and 6."""
    entries = []
    for order, (slug, name, category, face, abilities, replaces, text, changes) in enumerate(
        book.UNIT_TYPES, start=1
    ):
        data: dict[str, Any] = {
            "face": face,
            "life": book.BASE_LIFE,
            "combat_damage": book.BASE_COMBAT_DAMAGE,
            "movement": book.BASE_MOVEMENT,
            "range": book.BASE_RANGE,
            "max_per_hex": board.UNITS_PER_FACTION_PER_HEX,
            "abilities": list(abilities),
            **changes,
        }
        if replaces:
            data["replaces"] = replaces
        entries.append(
            EntrySpec(
                kind="unit-type",
                slug=slug,
                name=name,
                category=category,
                text=text,
                data=data,
                rule=f"unit-{slug}",
                refs=tuple(("ability", a) for a in abilities)
                + ((("unit-type", replaces),) if replaces else ()),
                order=order,
            )
        )
    return entries


def abilities() -> list[EntrySpec]:
    """Every ability of the nine unit types, in the text's order."""
    return [
        EntrySpec(
            kind="ability",
            slug=slug,
            name=name,
            category=kind,
            text=text,
            data={**_copy(data), "options": list(options)},
            rule=f"ability-{slug}",
            refs=tuple(("option", o) for o in options),
            order=order,
        )
        for order, (slug, name, kind, text, data, options) in enumerate(book.ABILITIES, start=1)
    ]


def battlefield() -> list[EntrySpec]:
    """The one board, as the data ``board`` works from."""
    data = {
        "columns": board.COLUMNS,
        "rows": board.ROWS,
        "cells": len(board.CELLS),
        "hexes": "flat-top",
        "layout": board.LAYOUT,
        "halves": {side: list(rows) for side, rows in board.HALF_ROWS.items()},
        "castle_rows": dict(board.CASTLE_ROW),
        "units_per_faction_per_hex": board.UNITS_PER_FACTION_PER_HEX,
    }
    return [
        EntrySpec(
            kind="board",
            slug="battlefield",
            name="Battlefield",
            text=book.BATTLEFIELD_TEXT,
            data=data,
            rule="battlefield",
            order=1,
        )
    ]


def options() -> list[EntrySpec]:
    """The house-rule settings RULINGS.md names for Smalltricks, with their defaults."""
    return [
        EntrySpec(
            kind="option",
            slug=slug,
            name=name,
            text=text,
            data={
                "default": default,
                "alternatives": list(alternatives),
                "value_type": value_type,
                **({"min_value": 1} if value_type == "int" else {}),
            },
            rule=f"option-{slug}",
            refs=tuple(("ability", a) for a in refs),
            order=order,
        )
        for order, (slug, name, default, alternatives, value_type, refs, text) in enumerate(
            book.RULE_OPTIONS, start=1
        )
    ]


def entries() -> list[EntrySpec]:
    """Everything in Smalltricks' catalogue, unit types first."""
    return [*unit_types(), *abilities(), *battlefield(), *options()]


def _copy(data: Mapping[str, Any]) -> dict[str, Any]:
    """A fresh copy, so callers can never change the book's tables."""
    return {k: list(v) if isinstance(v, list | tuple) else v for k, v in data.items()}
