"""The figures of a Micro and Macro deck: counts, the cost curve, and what the base can make.

Everything here is JSON-ready (string keys, plain lists). ``total`` is the number of cards
in both piles: the site stores and shows it as the list's total, since decks have no points.
Unknown cards count in the pile sizes (they take a slot) but in no type, cost or unit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.games.micro_and_macro.deck_reading import NEUTRAL, TYPE_ORDER, Card, Deck, Line

STATS = ("m", "lp", "a", "d", "sp", "md")


def known(lines: list[Line]) -> list[tuple[Line, Card]]:
    """The lines that name a catalogue card and hold at least one copy."""
    return [(line, line.card) for line in lines if line.card is not None and line.count > 0]


def figures(deck: Deck) -> dict[str, Any]:
    """Every figure of the deck; see the module docstring for ``total``."""
    main, pile = known(deck.main), known(deck.buildings)
    by_type: Counter[str] = Counter({t: 0 for t in TYPE_ORDER})
    for line, card in (*main, *pile):
        by_type[card.category or "other"] += line.count
    by_cost: Counter[int] = Counter()
    card_copies: Counter[str] = Counter()
    type_copies: Counter[str] = Counter()
    for line, card in main:
        if card.cost is not None:
            by_cost[card.cost] += line.count
        card_copies[card.slug] += line.count
        type_copies[card.category or "other"] += line.count
    main_buildings = [card for _, card in pile if card.is_building and card.is_main]
    head = main_buildings[0] if main_buildings else None
    return {
        "main_count": deck.main_count,
        "building_count": deck.building_count,
        "total": deck.main_count + deck.building_count,
        "by_type": dict(by_type),
        "by_cost": {str(cost): n for cost, n in sorted(by_cost.items())},
        "cost_curve": [{"cost": cost, "count": n} for cost, n in sorted(by_cost.items())],
        "main_building": None if head is None else _building(head),
        "units": units(deck),
        "kinds": {"card": dict(card_copies), "type": dict(type_copies)},
        "names": {card.slug: card.name for _, card in (*main, *pile)},
    }


def _building(card: Card) -> dict[str, Any]:
    data = card.item.data if isinstance(card.item.data, Mapping) else {}
    return {
        "slug": card.slug,
        "name": card.name,
        "cost": card.cost,
        "lp": data.get("lp"),
        "defense": data.get("defense"),
        "upgrade_slots": data.get("upgrade_slots"),
    }


def _add(found: dict[str, list[str]], key: str, upgrade: str) -> None:
    """Note that ``upgrade`` gives ``key``, once per upgrade name."""
    names = found.setdefault(key, [])
    if upgrade not in names:
        names.append(upgrade)


def _named(deck: Deck, kind: str, slug: str, faction: str) -> dict[str, str]:
    return {"slug": slug, "name": deck.name_of(kind, slug, faction)}


def units(deck: Deck) -> list[dict[str, Any]]:
    """Each unit the building pile can make: who makes it at what cost, its profile, and
    the spells and weapons the main deck's upgrades can give it.

    An upgrade reaches a unit when the unit is one it names and it fits a building of the
    pile that makes the unit (an upgrade with no ``fits`` goes on any building): its text
    is "each <unit> made by this building learns ...".
    """
    makers: dict[str, list[tuple[Card, int | None]]] = {}
    for _, card in known(deck.buildings):
        if not card.is_building:
            continue
        for unit, cost in card.produces:
            if all(maker.slug != card.slug for maker, _ in makers.get(unit, [])):
                makers.setdefault(unit, []).append((card, cost))
    upgrades = [card for _, card in known(deck.main) if card.is_upgrade]
    found = []
    for slug, made_by in makers.items():
        symbol = made_by[0][0].symbol
        faction = "" if symbol == NEUTRAL else symbol
        item = deck.unit(slug, faction)
        data = item.data if item is not None and isinstance(item.data, Mapping) else {}
        own_spells = [s for s in data.get("spells") or [] if isinstance(s, str)]
        own_weapon = data.get("weapon") if isinstance(data.get("weapon"), str) else ""
        builders = {card.slug for card, _ in made_by}
        learn: dict[str, list[str]] = {}
        wield: dict[str, list[str]] = {}
        for up in upgrades:
            if slug not in up.units or (up.fits and not builders & set(up.fits)):
                continue
            for spell in up.teaches:
                if spell not in own_spells:
                    _add(learn, spell, up.name)
            if up.weapon and up.weapon != own_weapon:
                _add(wield, up.weapon, up.name)
        found.append(
            {
                "slug": slug,
                "name": item.name if item is not None else slug,
                "known": item is not None,
                "is_draft": bool(item and item.is_draft),
                "made_by": [
                    {"building": card.slug, "name": card.name, "cost": cost}
                    for card, cost in made_by
                ],
                "stats": {stat: data.get(stat) for stat in STATS},
                "weapon": _named(deck, "weapon", own_weapon, faction) if own_weapon else None,
                "spells": [_named(deck, "spell", s, faction) for s in own_spells],
                "can_learn": [
                    {**_named(deck, "spell", s, faction), "upgrades": names}
                    for s, names in learn.items()
                ],
                "can_wield": [
                    {**_named(deck, "weapon", w, faction), "upgrades": names}
                    for w, names in wield.items()
                ],
            }
        )
    return found
