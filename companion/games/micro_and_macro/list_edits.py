"""The Micro and Macro deck builder's actions: each tap on the page is one pure edit.

The edits only keep the body well-formed (a card to add must exist, a pile must be "main"
or "buildings", a count must be 0-99); they never refuse a move because it breaks a
deckbuilding rule: the validator reports that, so a player can build through an illegal
deck towards a legal one. Removing works for cards no longer in the catalogue, so a deck
can always be cleaned up.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from companion.games import plain_lists
from companion.games.base import RuleError
from companion.games.building import Catalogue
from companion.games.list_editing import arg_bool, arg_int, arg_quantity, arg_str
from companion.games.micro_and_macro.build_rules import TYPE_TITLES
from companion.games.micro_and_macro.deck_reading import (
    MAX_COPIES,
    NEUTRAL,
    OPTIONS,
    PILES,
    TYPE_ORDER,
    Card,
    card_info,
    draft_units,
    faction_names,
    whole,
)
from companion.games.plain_lists import PlainLine, PlainReading

PILE_NAMES = {"main": "main deck", "buildings": "building pile"}


def _faction(body: Mapping[str, Any]) -> str:
    """The deck's faction slug for catalogue look-ups; "" for neutral or unreadable."""
    faction = body.get("faction") if isinstance(body, Mapping) else None
    return faction if isinstance(faction, str) and faction != NEUTRAL else ""


def _lines(body: dict[str, Any], pile: str) -> list[Any]:
    if not isinstance(body.get(pile), list):
        body[pile] = []
    return body[pile]


def _count(line: Any) -> int:
    count = whole(line.get("count", 1)) if isinstance(line, dict) else None
    return count if count is not None and count > 0 else 0


def _find(lines: list[Any], card: str) -> list[dict[str, Any]]:
    return [ln for ln in lines if isinstance(ln, dict) and ln.get("card") == card]


def _pile(body: dict[str, Any], args: Mapping[str, str], catalogue: Catalogue) -> str:
    """The ``pile`` argument; when it is left out, the pile the card belongs in (or the one
    that already holds it, for a card the catalogue no longer has)."""
    pile = str(args.get("pile", "")).strip()
    if pile:
        if pile not in PILES:
            raise RuleError({"pile": "Must be one of: main, buildings."})
        return pile
    slug = arg_str(args, "card")
    item = catalogue.get("card", slug, _faction(body))
    if item is not None:
        return "buildings" if item.category == "building" else "main"
    for pile in PILES:
        if _find(_lines(body, pile), slug):
            return pile
    raise RuleError({"pile": "Say which pile: main or buildings."})


def start(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """A new, empty deck of one faction symbol ("neutral" for a neutral deck)."""
    faction = arg_str(args, "faction")
    known = faction == NEUTRAL or faction in faction_names()
    if not known and not any(c.faction == faction for c in catalogue.of_kind("card")):
        raise RuleError({"faction": f"There is no faction '{faction[:60]}'."})
    return {
        "faction": faction,
        "main": [],
        "buildings": [],
        "options": {o: False for o in OPTIONS},
    }


def set_count(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """Set the copies of a card in one pile; 0 removes it. Repeated lines become one."""
    slug = arg_str(args, "card")
    pile = _pile(body, args, catalogue)
    count = arg_int(args, "count", low=0, high=MAX_COPIES)
    lines = _lines(body, pile)
    found = _find(lines, slug)
    if count == 0:
        for line in found:
            lines.remove(line)
        return body
    if not found:
        if catalogue.get("card", slug, _faction(body)) is None:
            raise RuleError({"card": f"There is no card '{slug[:60]}'."})
        lines.append({"card": slug, "count": count})
        return body
    found[0]["count"] = count
    for line in found[1:]:
        lines.remove(line)
    return body


def add_card(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """``quantity`` more copies of a card (a "+" tap adds one, "4x" four): buildings go
    to the building pile, the rest to the main deck."""
    quantity = arg_quantity(args, high=MAX_COPIES)
    slug = arg_str(args, "card")
    item = catalogue.get("card", slug, _faction(body))
    if item is None:
        raise RuleError({"card": f"There is no card '{slug[:60]}'."})
    pile = "buildings" if item.category == "building" else "main"
    copies = sum(_count(line) for line in _find(_lines(body, pile), slug))
    if copies + quantity > MAX_COPIES:
        raise RuleError({"card": f"A deck line holds at most {MAX_COPIES} copies."})
    return set_count(body, {"card": slug, "pile": pile, "count": str(copies + quantity)}, catalogue)


def remove_card(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    """One copy fewer of a card in a pile (a "-" tap); the line goes when it reaches 0."""
    slug = arg_str(args, "card")
    pile = _pile(body, args, catalogue)
    found = _find(_lines(body, pile), slug)
    if not found:
        raise RuleError({"card": f"The {PILE_NAMES[pile]} holds no '{slug[:60]}'."})
    copies = sum(_count(line) for line in found)
    return set_count(
        body, {"card": slug, "pile": pile, "count": str(max(copies - 1, 0))}, catalogue
    )


def set_option(body: dict, args: Mapping[str, str], catalogue: Catalogue) -> dict:
    name = arg_str(args, "option")
    if name not in OPTIONS:
        raise RuleError({"option": f"Must be one of: {', '.join(OPTIONS)}."})
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    options[name] = arg_bool(args, "value")
    body["options"] = options
    return body


ACTIONS: dict[str, Callable[[dict, Mapping[str, str], Catalogue], dict]] = {
    "start": start,
    "add-card": add_card,
    "remove-card": remove_card,
    "set-count": set_count,
    "set-option": set_option,
}


def choices(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    """The card pool of this deck: its faction's cards and the neutral ones, with short
    facts and the copies already taken, sorted by type, cost and name for a page that
    filters as you type. Drafts and homebrew are listed with ``allowed`` false until the
    deck's options turn them on."""
    faction = _faction(body)
    raw_options = body.get("options") if isinstance(body, Mapping) else None
    options = {o: isinstance(raw_options, Mapping) and raw_options.get(o) is True for o in OPTIONS}
    copies: Counter[str] = Counter()
    for pile in PILES:
        lines = body.get(pile) if isinstance(body, Mapping) else None
        for line in lines if isinstance(lines, list) else []:
            if isinstance(line, dict) and isinstance(line.get("card"), str):
                copies[line["card"]] += _count(line)
    cards = []
    for slug in dict.fromkeys(item.slug for item in catalogue.of_kind("card")):
        item = catalogue.get("card", slug, faction)
        if item is None:
            continue
        card = card_info(item)
        if card.symbol not in {faction or NEUTRAL, NEUTRAL}:
            continue
        is_draft = item.is_draft or bool(draft_units(card, catalogue))
        cards.append(
            {
                "slug": slug,
                "name": card.name,
                "category": card.category,
                "cost": card.cost,
                "symbol": card.symbol,
                "is_main": card.is_building and card.is_main,
                "pile": "buildings" if card.is_building else "main",
                "facts": _facts(card, catalogue),
                "is_draft": is_draft,
                "is_homebrew": item.is_homebrew,
                "allowed": (options["allow_drafts"] or not is_draft)
                and (options["allow_homebrew"] or not item.is_homebrew),
                "copies": copies[slug],
            }
        )
    rank = {t: i for i, t in enumerate(TYPE_ORDER)}
    cards.sort(
        key=lambda c: (
            rank.get(c["category"], len(rank)),
            c["cost"] if c["cost"] is not None else 10**9,
            c["name"].lower(),
        )
    )
    return {"faction": faction or NEUTRAL, "options": options, "cards": cards}


def _facts(card: Card, catalogue: Catalogue) -> list[str]:
    """A card's rules in a few words (no card text): what a player filters and compares."""
    faction = "" if card.symbol == NEUTRAL else card.symbol

    def name(kind: str, slug: str) -> str:
        item = catalogue.get(kind, slug, faction)
        return item.name if item is not None else slug

    data = card.item.data if isinstance(card.item.data, Mapping) else {}
    facts: list[str] = []
    if card.is_building:
        if card.is_main:
            facts.append("main building")
        facts += [
            f"{label} {data[key]}"
            for key, label in (("lp", "LP"), ("defense", "Defense"))
            if isinstance(data.get(key), int | str) and data.get(key) != ""
        ]
        slots = whole(data.get("upgrade_slots"))
        if slots is not None:
            facts.append(f"{slots} upgrade slot{'' if slots == 1 else 's'}")
        if card.produces:
            made = ", ".join(
                f"{name('unit', unit)} ({'?' if cost is None else cost})"
                for unit, cost in card.produces
            )
            facts.append(f"makes {made}")
    elif card.is_upgrade:
        fits = ", ".join(name("card", slug) for slug in card.fits)
        facts.append(f"fits {fits}" if fits else "fits any building")
        who = ", ".join(name("unit", unit) for unit in card.units)
        if card.teaches:
            learnt = ", ".join(name("spell", spell) for spell in card.teaches)
            facts.append(f"teaches {learnt}" + (f" to {who}" if who else ""))
        if card.weapon:
            facts.append(f"gives {who + ' ' if who else ''}the {name('weapon', card.weapon)}")
    return facts


_DECK_HEAD = re.compile(r"^(?P<faction>.+?) deck(?::.*)?$", re.I)
_SECTION_TITLES = {
    plain_lists.key(title)
    for title in (*TYPE_TITLES.values(), "Building pile", "Main deck", "Deck", "Main")
}
_SECTION = re.compile(r"^(?P<title>[^\d].*?)\s*\(\d+\)$")


def read_plain(lines: list[PlainLine], catalogue: Catalogue) -> PlainReading:
    """A decklist as plain text: "<Faction> deck" (or the faction's name alone) first,
    then "3x Card" lines; section titles ("Instants (14)", "Building pile (6)") and the
    export's verdict are skipped. Each card goes where the "+" tap puts it."""
    factions = plain_lists.Names(
        [(NEUTRAL, "Neutral"), *((slug, name) for slug, (name, _) in faction_names().items())]
    )
    reading = PlainReading(body={})
    cards: plain_lists.Names | None = None
    for line in lines:
        if plain_lists.is_verdict(line):
            break
        head = _DECK_HEAD.match(line.text)
        faction = factions.find(head.group("faction") if head else line.text)
        if faction is not None and line.quantity is None and not reading.body:
            plain_lists.apply(reading, ACTIONS, catalogue, line, "start", faction=faction)
            continue
        if not reading.body:
            reading.problems.append(
                plain_lists.unmatched(line, 'name the deck\'s faction first ("Bloodmages deck").')
            )
            continue
        name = line.name.removesuffix("(main building)").strip()
        if cards is None:
            cards = plain_lists.Names(
                (c["slug"], c["name"]) for c in choices(reading.body, catalogue)["cards"]
            )
        slug = cards.find(name)
        if slug is None:
            if line.quantity is None and (
                _SECTION.match(line.text) or plain_lists.key(line.text) in _SECTION_TITLES
            ):
                continue
            reading.problems.append(plain_lists.unmatched(line, "no card of that name."))
            continue
        plain_lists.apply(
            reading, ACTIONS, catalogue, line, "add-card", card=slug, quantity=line.count
        )
    return reading
