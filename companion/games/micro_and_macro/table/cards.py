"""Cards, units, weapons and spells as the live table reads them: facts by slug.

The table knows the built-in catalogue (the book's tables and Muster's starter cards);
a deck body names cards by slug, so ``deck_cards`` turns it into card instances with ids
given in list order, before any shuffle, so an id never tells where a card lay in a deck.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.games.base import RuleError
from companion.games.micro_and_macro import catalogue
from companion.games.micro_and_macro.starter import LABEL

MAX_CARDS = 200  # per deck: far above the 40 + 7 the rules allow, a guard against junk
_INCOME = re.compile(r"at the start of your turn gain (\d+) resources?", re.IGNORECASE)


@cache
def _entries() -> dict[tuple[str, str], Any]:
    return {(e.kind, e.slug): e for e in catalogue.entries()}


def entry(kind: str, slug: str) -> Any:
    """The catalogue entry of ``kind`` with ``slug``, or None."""
    return _entries().get((kind, slug))


def name_of(kind: str, slug: str) -> str:
    found = entry(kind, slug)
    return found.name if found is not None else slug


@cache
def card(slug: str) -> dict[str, Any]:
    """A card's facts as plain data; ``RuleError`` for a card the table does not know."""
    found = entry("card", slug)
    if found is None:
        raise RuleError({"card": f"The table knows no card {slug!r}."})
    data = dict(found.data)
    text = found.text.removeprefix(LABEL).strip()
    income = _INCOME.search(text)
    return {
        "slug": slug,
        "name": found.name,
        "category": found.category,
        "cost": int(data.get("cost") or 0),
        "text": text,
        "lp": int(data.get("lp") or 0),
        "defense": data.get("defense") or "D4",
        "slots": min(int(data.get("upgrade_slots") or 0), 3),
        "is_main": data.get("is_main") is True,
        "produces": [dict(p) for p in data.get("produces") or []],
        "fits": list(data.get("fits") or []),
        "units": list(data.get("units") or []),
        "teaches": list(data.get("teaches") or []),
        "weapon": data.get("weapon") or "",
        "income": int(income.group(1)) if income else 0,
        "has_ability": text.lower().startswith("ability"),
        "reminder": "start of your turn" in text.lower() or text.lower().startswith("ability"),
    }


@cache
def unit(slug: str) -> dict[str, Any]:
    """A unit's printed profile."""
    found = entry("unit", slug)
    if found is None:
        raise RuleError({"unit": f"The table knows no unit {slug!r}."})
    return {"slug": slug, "name": found.name, **dict(found.data)}


@cache
def weapon(slug: str) -> dict[str, Any]:
    """A weapon's range and damage; no weapon is a bare attack of range 1 and damage 1."""
    found = entry("weapon", slug) if slug else None
    if found is None:
        return {"slug": "", "name": "bare hands", "range": 1, "damage": 1}
    return {"slug": slug, "name": found.name, **dict(found.data)}


def spell(slug: str) -> dict[str, Any]:
    found = entry("spell", slug)
    if found is None:
        raise RuleError({"spell": f"There is no spell {slug!r}."})
    return {"slug": slug, "name": found.name, "category": found.category, **dict(found.data)}


def deck_cards(body: Mapping[str, Any], seat: int) -> tuple[list[str], list[str], dict]:
    """(main deck ids, building ids, id -> slug) of a deck body; one main building exactly.

    Ids are ``<seat>c<n>`` in the body's order, so they say nothing of the shuffle."""
    if not isinstance(body, Mapping):
        raise RuleError({f"seats.{seat}.list": "The deck must be an object."})
    slugs: dict[str, str] = {}
    piles: dict[str, list[str]] = {"main": [], "buildings": []}
    for pile, ids in piles.items():
        lines = body.get(pile) or []
        if not isinstance(lines, list):
            raise RuleError({f"seats.{seat}.list.{pile}": "Expected a list of card lines."})
        for index, line in enumerate(lines):
            path = f"seats.{seat}.list.{pile}.{index}"
            slug = line.get("card") if isinstance(line, Mapping) else None
            count = line.get("count", 1) if isinstance(line, Mapping) else None
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise RuleError({path: "Each line needs a card and a count of 1 or more."})
            try:
                facts = card(slug) if isinstance(slug, str) else card("")
            except RuleError as exc:
                raise RuleError({path: exc.errors["card"]}) from exc
            if (facts["category"] == "building") != (pile == "buildings"):
                where = "building pile" if pile == "buildings" else "main deck"
                raise RuleError({path: f"{facts['name']} does not belong in the {where}."})
            for _ in range(count):
                card_id = f"{seat}c{len(slugs)}"
                slugs[card_id] = slug
                ids.append(card_id)
                if len(slugs) > MAX_CARDS:
                    raise RuleError({f"seats.{seat}.list": f"At most {MAX_CARDS} cards."})
    mains = [i for i in piles["buildings"] if card(slugs[i])["is_main"]]
    if len(mains) != 1:
        raise RuleError({f"seats.{seat}.list.buildings": "A deck needs exactly one main building."})
    return piles["main"], piles["buildings"], slugs
