"""The little game's army builder actions: add, change and remove named units.

Ranged and long ranged are one choice (a unit shoots plainly, far, or not at all) and
cavalry is a separate tick, so the page cannot even ask for both kinds of shooting.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.games import plain_lists
from companion.games.base import RuleError
from companion.games.building import Catalogue
from companion.games.list_editing import arg_bool, arg_int, arg_quantity, arg_str, item_at
from companion.games.little_game.build_rules import CARDS, DEFAULT_SPLIT
from companion.games.plain_lists import PlainLine, PlainReading

SHOOTING = ("", "ranged", "long-ranged")


def _units(body: dict[str, Any]) -> list[Any]:
    if not isinstance(body.get("units"), list):
        body["units"] = []
    return body["units"]


def _unit_from(args: Mapping[str, str]) -> dict[str, Any]:
    shooting = str(args.get("shooting", ""))
    if shooting not in SHOOTING:
        raise RuleError({"shooting": "Choose none, ranged or long ranged."})
    kinds = (["cavalry"] if arg_bool(args, "cavalry") else []) + ([shooting] if shooting else [])
    return {
        "name": arg_str(args, "name")[:60],
        "base": str(args.get("base") or "rectangular"),
        "quality": arg_int(args, "quality", 0, 5),
        "kinds": kinds,
    }


def start(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    return {"units": [], "options": {"split": DEFAULT_SPLIT}}


def add_unit(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """``quantity`` units alike (default 1): "3x" adds three of the same name and kind."""
    quantity = arg_quantity(args, high=20)
    unit = _unit_from(args)
    _units(body).extend(dict(unit, kinds=list(unit["kinds"])) for _ in range(quantity))
    return body


def update_unit(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    units = _units(body)
    index = arg_int(args, "index")
    item_at(units, index, "index")
    units[index] = _unit_from(args)
    return body


def remove_unit(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    units = _units(body)
    index = arg_int(args, "index")
    item_at(units, index, "index")
    units.pop(index)
    return body


def set_split(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """The agreed split of the ten cards: evens/odds, or the cards of the first hand
    (``hand`` as "1 2 3 4 5"), the rest going to the other player."""
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    hand = str(args.get("hand", "")).replace(",", " ").split()
    if not hand or str(args.get("split", "")) == DEFAULT_SPLIT:
        options["split"] = DEFAULT_SPLIT
    else:
        try:
            first = sorted({int(card) for card in hand})
        except ValueError:
            raise RuleError({"hand": "List card numbers 1 to 10."}) from None
        if any(card not in CARDS for card in first):
            raise RuleError({"hand": "Cards are numbered 1 to 10."})
        options["split"] = [first, [card for card in CARDS if card not in first]]
    body["options"] = options
    return body


ACTIONS: dict[str, Callable[[dict, Mapping[str, str], Catalogue], dict]] = {
    "start": start,
    "add-unit": add_unit,
    "update-unit": update_unit,
    "remove-unit": remove_unit,
    "set-split": set_split,
}


def choices(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    """Base sizes and kinds for the unit form."""
    return {
        "bases": [{"slug": b.slug, "name": b.name} for b in catalogue.of_kind("base-size")],
        "kinds": [{"slug": k.slug, "name": k.name} for k in catalogue.of_kind("unit-kind")],
        "qualities": list(range(6)),
    }


_CARDS = re.compile(r"^cards:\s*(?P<label>[^(]*?)\s*\((?P<hands>[^)]*)\)$", re.I)


def read_plain(lines: list[PlainLine], catalogue: Catalogue) -> PlainReading:
    """An army as plain text: "Name: rectangular base, quality 3, cavalry, ranged" a
    line ("3x Name: ..." for three alike; a bare name is a plain unit of quality 0 on the
    first base), and the export's "Cards: agreed split (1 2 3 | ...)" line."""
    bases = plain_lists.Names((b.slug, b.name) for b in catalogue.of_kind("base-size"))
    kinds = plain_lists.Names((k.slug, k.name) for k in catalogue.of_kind("unit-kind"))
    first_base = next(iter(catalogue.of_kind("base-size")), None)
    reading = PlainReading(body=start({}, {}, catalogue))
    for line in lines:
        text = line.text
        if plain_lists.is_verdict(line):
            break
        if re.match(r"^little game army\b", text, re.I):
            continue
        cards = _CARDS.match(text)
        if cards:
            first = cards.group("hands").split("|")[0]
            split = DEFAULT_SPLIT if "evens" in cards.group("label").lower() else ""
            plain_lists.apply(
                reading, ACTIONS, catalogue, line, "set-split", hand=first, split=split
            )
            continue
        name, _, described = line.name.rpartition(": ")
        if not name:
            name, described = line.name, ""
        args = {"name": name, "quality": "0", "shooting": "", "cavalry": ""}
        args["base"] = first_base.slug if first_base else "rectangular"
        unknown = []
        for part in (p.strip() for p in described.split(",") if p.strip()):
            quality = re.fullmatch(r"quality (\d+)", part, re.I)
            base = bases.find(part.split(" base")[0]) if " base" in part.lower() else None
            kind = kinds.find(part)
            if quality:
                args["quality"] = quality.group(1)
            elif base:
                args["base"] = base
            elif kind == "cavalry":
                args["cavalry"] = "1"
            elif kind in SHOOTING and kind:
                args["shooting"] = kind
            elif part.lower() != "plain":
                unknown.append(part)
        if unknown:
            reading.problems.append(
                plain_lists.unmatched(line, f"no base or kind called {', '.join(unknown)}.")
            )
            continue
        plain_lists.apply(
            reading, ACTIONS, catalogue, line, "add-unit", quantity=line.count, **args
        )
    return reading
