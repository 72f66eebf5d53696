"""Muster's starter cards for Kingdoms of Men and Bloodmages: not from the book.

The book describes card types but prints no cards (RULINGS), so these give each finished
faction a playable deck: five buildings (one main building carrying the resource income),
upgrades that teach the faction's spells or swap weapons, and instants. Costs, LP and
defense dice are Muster's own modest numbers; units, spells and weapons are the book's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import EntrySpec
from companion.games.micro_and_macro import book

LABEL = "Muster starter card."

# Buildings: (slug, name, cost, LP, defense, upgrade slots, is_main, produces, text).
BuildingRow = tuple[str, str, int, int, str, int, bool, tuple[tuple[str, int], ...], str]
# Upgrades: (slug, name, cost, fits, units, teaches, weapon, text).
UpgradeRow = tuple[str, str, int, tuple[str, ...], tuple[str, ...], tuple[str, ...], str, str]
# Instants: (slug, name, cost, text).
InstantRow = tuple[str, str, int, str]

_BUILDINGS: dict[str, tuple[BuildingRow, ...]] = {
    "kingdoms-of-men": (
        (
            "royal-keep",
            "Royal Keep",
            0,
            20,
            "D8",
            3,
            True,
            (("peasant", 1),),
            "Main building. At the start of your turn gain 2 resources.",
        ),
        ("barracks", "Barracks", 3, 10, "D8", 2, False, (("town-guard", 2), ("knight", 4)), ""),
        ("chapel", "Chapel", 3, 8, "D6", 2, False, (("cleric", 3),), ""),
        ("manor", "Manor", 4, 12, "D10", 2, False, (("aristocrat", 5),), ""),
        (
            "market-town",
            "Market Town",
            3,
            6,
            "D4",
            1,
            False,
            (),
            "At the start of your turn gain 1 resource.",
        ),
    ),
    "bloodmages": (
        (
            "blood-spire",
            "Blood Spire",
            0,
            20,
            "D8",
            3,
            True,
            (("bloodmage", 6),),
            "Main building. At the start of your turn gain 2 resources.",
        ),
        ("graveyard", "Graveyard", 2, 6, "D6", 2, False, (("skeleton", 1), ("ghoul", 3)), ""),
        ("wolf-den", "Wolf Den", 2, 6, "D6", 1, False, (("direwolf", 3),), ""),
        ("fel-forge", "Fel Forge", 4, 10, "D10", 2, False, (("blood-knight", 5),), ""),
        (
            "sacrificial-pit",
            "Sacrificial Pit",
            2,
            6,
            "D4",
            1,
            False,
            (),
            "Ability, once per turn: deal 3 damage to one of your units to gain 2 resources.",
        ),
    ),
}

_UPGRADES: dict[str, tuple[UpgradeRow, ...]] = {
    "kingdoms-of-men": (
        (
            "drill-yard",
            "Drill Yard",
            2,
            ("barracks",),
            ("town-guard",),
            ("mobstrength",),
            "",
            "",
        ),
        (
            "knightly-vows",
            "Knightly Vows",
            2,
            ("barracks",),
            ("knight",),
            ("knights-order",),
            "",
            "",
        ),
        (
            "shrine-of-the-gods",
            "Shrine of the Gods",
            3,
            ("chapel",),
            ("cleric",),
            ("blessing-of-the-gods",),
            "",
            "",
        ),
        (
            "court-of-the-high-king",
            "Court of the High King",
            3,
            ("manor",),
            ("aristocrat",),
            ("thats-an-order",),
            "",
            "",
        ),
        (
            "royal-banner",
            "Royal Banner",
            2,
            ("manor",),
            ("aristocrat",),
            ("commanding-presence",),
            "",
            "",
        ),
        ("lance-training", "Lance Training", 2, ("barracks",), ("knight",), (), "lance", ""),
        ("archery-butts", "Archery Butts", 2, ("barracks",), ("town-guard",), (), "bow", ""),
        (
            "village-smithy",
            "Village Smithy",
            2,
            ("royal-keep",),
            ("peasant",),
            (),
            "sword-and-board",
            "",
        ),
        (
            "stone-walls",
            "Stone Walls",
            2,
            (),
            (),
            (),
            "",
            "Fits any building. That building's Defense is one step higher.",
        ),
    ),
    "bloodmages": (
        (
            "unholy-relic",
            "Unholy Relic",
            2,
            ("blood-spire", "fel-forge"),
            ("bloodmage", "blood-knight"),
            ("unholy-presence",),
            "",
            "",
        ),
        (
            "rite-of-undeath",
            "Rite of Undeath",
            3,
            ("graveyard",),
            ("skeleton", "ghoul"),
            ("persistence-of-the-undead",),
            "",
            "",
        ),
        (
            "masters-bond",
            "Master's Bond",
            1,
            ("graveyard",),
            ("ghoul",),
            ("masters-presence",),
            "",
            "",
        ),
        (
            "beacon-shrine",
            "Beacon Shrine",
            2,
            ("blood-spire",),
            ("bloodmage",),
            ("beacon-of-evil",),
            "",
            "",
        ),
        (
            "ghoul-hunger",
            "Ghoul Hunger",
            2,
            ("graveyard",),
            ("ghoul",),
            ("infectious-bite",),
            "",
            "",
        ),
        (
            "leech-brood",
            "Leech Brood",
            3,
            ("fel-forge",),
            ("blood-knight",),
            ("demonic-leech",),
            "",
            "",
        ),
        (
            "mortar-sigil",
            "Mortar Sigil",
            3,
            ("blood-spire",),
            ("bloodmage",),
            ("fel-mortar",),
            "",
            "",
        ),
        ("cursed-blades", "Cursed Blades", 2, ("graveyard",), ("skeleton",), (), "felsword", ""),
        ("bone-bows", "Bone Bows", 2, ("graveyard",), ("skeleton",), (), "bow", ""),
    ),
}

_INSTANTS: dict[str, tuple[InstantRow, ...]] = {
    "kingdoms-of-men": (
        (
            "call-to-arms",
            "Call to Arms",
            2,
            "Make a Peasant at your Royal Keep without paying its cost.",
        ),
        (
            "shield-wall",
            "Shield Wall",
            1,
            "One friendly unit or group has Defense one step higher until it next activates.",
        ),
        ("royal-tax", "Royal Tax", 1, "Gain 3 resources."),
        ("mend-the-walls", "Mend the Walls", 1, "One of your buildings heals 3 LP."),
    ),
    "bloodmages": (
        (
            "blood-tithe",
            "Blood Tithe",
            0,
            "Deal 3 damage to one of your units, then gain 2 resources.",
        ),
        (
            "raise-the-dead",
            "Raise the Dead",
            1,
            "Make a Skeleton at one of your Graveyards without paying its cost.",
        ),
        (
            "dark-pact",
            "Dark Pact",
            1,
            "Your main building heals 3 LP; one of your units takes 3 damage.",
        ),
        (
            "fel-ward",
            "Fel Ward",
            1,
            "One friendly unit has Magic Defense one step higher until it is next attacked.",
        ),
    ),
}

STARTER_FACTIONS: tuple[str, ...] = tuple(_BUILDINGS)

# The book's names, so card texts read "Knight" and "Knight's Order", not slugs.
_NAMES: dict[tuple[str, str], str] = {(e.kind, e.slug): e.name for e in book.entries()}


def _sentence(text: str) -> str:
    """End a sentence once, even after a name like "Thats an order!"."""
    return text if text[-1] in ".!?" else f"{text}."


def _resources(amount: int) -> str:
    """ "1 resource", "3 resources": card texts read as the cards would."""
    return f"{amount} resource{'' if amount == 1 else 's'}"


def _card(
    faction: str,
    slug: str,
    name: str,
    category: str,
    text: str,
    data: Mapping[str, Any],
    refs: tuple[tuple[str, str], ...] = (),
) -> EntrySpec:
    """One starter card, labelled as Muster's and linked to its card type's section."""
    return EntrySpec(
        kind="card",
        slug=slug,
        name=name,
        faction=faction,
        category=category,
        text=f"{LABEL} {text}".strip(),
        data={"cost": data["cost"], "symbol": faction, **data},
        rule=f"card-type-{category}",
        refs=refs,
        is_starter=True,
    )


def _buildings(faction: str) -> list[EntrySpec]:
    """Buildings: the main one carries the income, the others say what each unit costs."""
    cards = []
    for slug, name, cost, lp, defense, slots, is_main, produces, extra in _BUILDINGS[faction]:
        made = " and ".join(f"{_NAMES['unit', u]} ({_resources(c)})" for u, c in produces)
        text = " ".join(t for t in (extra, f"Makes {made}." if made else "") if t)
        data = {
            "cost": cost,
            "lp": lp,
            "defense": defense,
            "upgrade_slots": slots,
            "is_main": is_main,
            "produces": [{"unit": u, "cost": c} for u, c in produces],
        }
        refs = tuple(("unit", u) for u, _ in produces)
        cards.append(_card(faction, slug, name, "building", text, data, refs))
    return cards


def _upgrades(faction: str) -> list[EntrySpec]:
    """Upgrades: each teaches spells to, or swaps the weapon of, units its building makes."""
    cards = []
    for slug, name, cost, fits, units, teaches, weapon, extra in _UPGRADES[faction]:
        who = " or ".join(_NAMES["unit", u] for u in units)
        parts = [extra] if extra else []
        if teaches:
            learnt = ", ".join(_NAMES["spell", t] for t in teaches)
            parts.append(_sentence(f"Each {who} made by this building learns {learnt}"))
        if weapon:
            parts.append(
                f"Each {who} made by this building carries the {_NAMES['weapon', weapon]}."
            )
        data: dict[str, Any] = {"cost": cost, "fits": list(fits), "units": list(units)}
        if teaches:
            data["teaches"] = list(teaches)
        if weapon:
            data["weapon"] = weapon
        refs = (
            *(("card", f) for f in fits),
            *(("unit", u) for u in units),
            *(("spell", s) for s in teaches),
            *((("weapon", weapon),) if weapon else ()),
        )
        cards.append(_card(faction, slug, name, "upgrade", " ".join(parts), data, refs))
    return cards


def _instants(faction: str) -> list[EntrySpec]:
    """Instants: one-off effects, playable as reactions."""
    return [
        _card(faction, slug, name, "instant", text, {"cost": cost})
        for slug, name, cost, text in _INSTANTS[faction]
    ]


def entries() -> list[EntrySpec]:
    """Every starter card, per faction: buildings, upgrades, instants, numbered in order."""
    cards = [
        card
        for faction in STARTER_FACTIONS
        for card in (*_buildings(faction), *_upgrades(faction), *_instants(faction))
    ]
    return [replace(card, order=order) for order, card in enumerate(cards, start=1)]
