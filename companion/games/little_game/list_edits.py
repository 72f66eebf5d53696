"""The little game's army builder actions: add, change and remove named units.

Ranged and long ranged are one choice (a unit shoots plainly, far, or not at all) and
cavalry is a separate tick, so the page cannot even ask for both kinds of shooting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.building import Catalogue
from companion.games.list_editing import arg_bool, arg_int, arg_str, item_at
from companion.games.little_game.build_rules import CARDS, DEFAULT_SPLIT

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
    _units(body).append(_unit_from(args))
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
