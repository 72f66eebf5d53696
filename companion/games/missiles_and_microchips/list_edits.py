"""The Missiles & Microchips kit builder's actions: pick the supercomputers in play.

A tap adds or removes one computer (one per player). Actions refuse only what cannot apply
(an unknown computer, adding one already in play, removing one that is not); a kit with too
few or too many players is still saved, and the validator says what is wrong with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.games import plain_lists
from companion.games.base import RuleError
from companion.games.building import Catalogue, CatalogueItem
from companion.games.list_editing import arg_quantity, arg_str
from companion.games.missiles_and_microchips.build_rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    computer_order,
)
from companion.games.plain_lists import PlainLine, PlainReading


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


def add_players(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """``quantity`` more players at once: the next computers not yet in play, in seat
    order (a computer sits once, so this is what "3x" can mean for a kit)."""
    quantity = arg_quantity(args, high=MAX_PLAYERS)
    computers = _kit(body)
    free = [item.slug for item in _all_computers(catalogue) if item.slug not in computers]
    if quantity > len(free):
        raise RuleError({"quantity": f"Only {len(free)} more supercomputers can join."})
    computers.extend(free[:quantity])
    return body


ACTIONS: dict[str, Callable[..., dict]] = {
    "start": start,
    "add-computer": add_computer,
    "add-players": add_players,
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


_COLOUR = re.compile(r"\s*\([^()]*\)$")


def read_plain(lines: list[PlainLine], catalogue: Catalogue) -> PlainReading:
    """A kit as plain text: one supercomputer a line ("Crimson Core (red)"); the export's
    head line is skipped and its card list ("Cards: ...", what to print) ends the kit."""
    computers = plain_lists.Names((item.slug, item.name) for item in _all_computers(catalogue))
    reading = PlainReading(body={"computers": []})
    for line in lines:
        if line.text.lower().startswith(("cards:", "to print:")) or plain_lists.is_verdict(line):
            break
        if re.match(r"^.*\bkit\b.*:\s*\d+\s+players?$", line.text, re.I):
            continue
        slug = computers.find(_COLOUR.sub("", line.text))
        if slug is None:
            reading.problems.append(plain_lists.unmatched(line, "no supercomputer of that name."))
            continue
        plain_lists.apply(reading, ACTIONS, catalogue, line, "add-computer", computer=slug)
    return reading
