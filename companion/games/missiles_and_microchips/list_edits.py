"""The Missiles & Microchips kit builder's actions: pick the supercomputers in play.

A tap adds or removes one computer (one per player). Actions refuse only what cannot apply
(an unknown computer, adding one already in play, removing one that is not); a kit with too
few or too many players is still saved, and the validator says what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.building import Catalogue, CatalogueItem
from companion.games.list_editing import arg_str
from companion.games.missiles_and_microchips.build_rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    computer_order,
)


def _all_computers(catalogue: Catalogue) -> list[CatalogueItem]:
    return sorted(catalogue.of_kind("supercomputer"), key=computer_order)


def _kit(body: dict[str, Any]) -> list[Any]:
    computers = body.get("computers")
    if not isinstance(computers, list):
        computers = body["computers"] = []
    return computers


def start(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """The smallest table: the first three computers in seat order."""
    return {"computers": [item.slug for item in _all_computers(catalogue)[:MIN_PLAYERS]]}


def add_computer(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """One more player, as ``computer``."""
    slug = arg_str(args, "computer")
    if catalogue.get("supercomputer", slug) is None:
        raise RuleError({"computer": f"No supercomputer '{slug}'."})
    computers = _kit(body)
    if slug in computers:
        raise RuleError({"computer": "That supercomputer is already in play."})
    computers.append(slug)
    return body


def remove_computer(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """One player fewer: every seat of ``computer`` leaves the kit."""
    slug = arg_str(args, "computer")
    computers = _kit(body)
    if slug not in computers:
        raise RuleError({"computer": "That supercomputer is not in play."})
    body["computers"] = [c for c in computers if c != slug]
    return body


ACTIONS: dict[str, Callable[..., dict]] = {
    "start": start,
    "add-computer": add_computer,
    "remove-computer": remove_computer,
}


def choices(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    """Every computer with its name and colour, and whether the kit has it."""
    computers = body.get("computers") if isinstance(body, Mapping) else None
    chosen = {c for c in computers if isinstance(c, str)} if isinstance(computers, list) else set()
    return {
        "computers": [
            {
                "slug": item.slug,
                "name": item.name,
                "colour": item.data.get("colour", "") if isinstance(item.data, Mapping) else "",
                "in_kit": item.slug in chosen,
            }
            for item in _all_computers(catalogue)
        ],
        "names": {item.slug: item.name for item in _all_computers(catalogue)},
        "players": len(computers) if isinstance(computers, list) else 0,
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
    }
