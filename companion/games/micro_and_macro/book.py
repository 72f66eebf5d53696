"""The facts of the Micro and Macro rule book as catalogue entries, in Muster's own words.

Names, numbers and section names are the book's (chapters 4-6); descriptions and rules
texts are ours. Dice are stored as die-ladder steps ("D6", "D16"): the book writes every
attribute as one die, and ``mechanics.dice_rolled`` says which steps take two dice.
"""

from __future__ import annotations

from companion.games.base import EntrySpec, FactionSpec

# (slug, name, description, keywords, is_draft)
_FACTIONS: tuple[tuple[str, str, str, tuple[str, ...], bool], ...] = (
    (
        "kingdoms-of-men",
        "Kingdoms of Men",
        "Many small human realms under a high king who calls them to one banner when danger "
        "comes. Humans endure through adaptability and ambition; in quiet times the lesser "
        "kings quarrel for the high king's favour.",
        ("mortal", "many", "ambitious", "resilient", "principled", "hierarchy"),
        False,
    ),
    (
        "bloodmages",
        "Bloodmages",
        "Mages on a dark path with no return, drawing destructive power from the underworld "
        "through blood and sacrifice. A bloodmage mostly works alone among demons, skeletons "
        "and zombies, and spends its own allies freely to survive.",
        ("daemonic", "vicious", "inconsiderate", "self-destructive"),
        False,
    ),
    (
        "swampbeasts",
        "Swampbeasts",
        "The creatures of the marshes around human settlements, which seem to share one mind: "
        "caravans are ambushed and the high king's building works sabotaged, and rumour says a "
        "few clever beings steer the whole fauna. The book's units are placeholders.",
        ("hidden", "predator", "ambush", "one with nature", "claws and teeth"),
        True,
    ),
    (
        "mountain-men",
        "Mountain-Men",
        "Cave and hut dwellers of the northern mountains, loosely tied to the human kingdoms "
        "and often at odds with them and with the dwarfs. Their shamans draw power from the "
        "spirits of the mountains and strive to keep the world as it is. The book's units are "
        "placeholders.",
        ("few", "hermit", "mysterious", "sorcerer", "shaman"),
        True,
    ),
    (
        "dwarfs",
        "Dwarfs",
        "Miners deep under the northern mountains who cut gem-stones to tap the power of the "
        "old gods and craft it into amulets for war and daily life. Their greed drives them "
        "ever deeper, angering the mountain-men. The book's units are placeholders and three "
        "of its keywords are still '???'.",
        ("greedy", "amulets"),
        True,
    ),
    (
        "unnamed",
        "???",
        "The book reserves a sixth faction section (5.6) whose name, description, keywords "
        "and units are all still blank.",
        (),
        True,
    ),
)

PLACEHOLDER_FACTIONS = frozenset(slug for slug, *_, draft in _FACTIONS if draft)


def factions() -> list[FactionSpec]:
    """The book's factions in chapter 5's order; unfinished ones are drafts."""
    return [
        FactionSpec(
            slug=slug,
            name=name,
            description=description,
            keywords=keywords,
            rule=f"faction-{slug}",
            is_draft=draft,
        )
        for slug, name, description, keywords, draft in _FACTIONS
    ]


FACTION_NAMES: dict[str, str] = {slug: name for slug, name, *_ in _FACTIONS}


def faction_name(slug: str) -> str:
    """A faction as the book names it ("Kingdoms of Men"); an unknown slug in words."""
    return FACTION_NAMES.get(slug) or slug.replace("-", " ").capitalize()


# Weapons (section 6.1): (slug, name, range cm, damage, ability in our words).
_WEAPONS: tuple[tuple[str, str, int, int, str], ...] = (
    ("wooden-staff", "Wooden Staff", 1, 4, ""),
    ("rusty-sword", "Rusty Sword", 1, 2, ""),
    ("lance", "Lance", 2, 2, ""),
    ("bow", "Bow", 12, 1, "Deals double damage on a critical hit."),
    ("sword-and-board", "Sword and Board", 1, 3, "The carrier's Defense is one step higher."),
    ("teeth", "Teeth", 1, 3, ""),
    ("felsword", "Felsword", 1, 4, "The carrier heals 1 damage after each successful attack."),
    ("claws", "Claws", 1, 1, ""),
    ("dueling-sword", "Dueling Sword", 1, 5, "The carrier strikes back after it is attacked."),
)

WEAPON_SLUGS: tuple[str, ...] = tuple(w[0] for w in _WEAPONS)


def weapons() -> list[EntrySpec]:
    """The weapons table of section 6.1, every column of it."""
    return [
        EntrySpec(
            kind="weapon",
            slug=slug,
            name=name,
            text=ability or f"{'Melee' if rng == 1 else 'Reach'} weapon without a special ability.",
            data={"range": rng, "damage": damage, "ability": ability},
            rule="weapons",
            order=order,
        )
        for order, (slug, name, rng, damage, ability) in enumerate(_WEAPONS, start=1)
    ]


# Spells (section 6.2): (slug, name, faction, active/passive, range cm or None, target, text).
# Faction "" is the book's "General" list. Ranges without a unit are cm (RULINGS).
_SPELLS: tuple[tuple[str, str, str, str, int | None, str, str], ...] = (
    (
        "commanding-presence",
        "Commanding presence",
        "",
        "passive",
        5,
        "area",
        "Units within 5 cm of this unit have Attack one step higher. The book does not limit "
        "it to friendly units.",
    ),
    (
        "blessing-of-the-gods",
        "Blessing of the Gods",
        "kingdoms-of-men",
        "active",
        3,
        "friendly",
        "Pick a friendly unit within 3 cm: it heals 3 damage and its Defense is one step higher "
        "until it activates or is attacked.",
    ),
    (
        "inspiring-aura",
        "Inspiring Aura",
        "kingdoms-of-men",
        "passive",
        3,
        "area",
        "Friendly units within 3 cm have Magic Defense one step higher.",
    ),
    (
        "knights-order",
        "Knight's Order",
        "kingdoms-of-men",
        "passive",
        None,
        "self",
        "This unit may form a group with units of other kinds; those units gain 2 Movement.",
    ),
    (
        "mobstrength",
        "Mobstrength",
        "kingdoms-of-men",
        "passive",
        None,
        "self",
        "In a group of 4 or more units of the same kind that all have this spell, each has "
        "Attack and Defense one step higher.",
    ),
    (
        "thats-an-order",
        "Thats an order!",
        "kingdoms-of-men",
        "active",
        6,
        "friendly",
        "Pick a friendly unit within 6 cm: it makes one attack action at once.",
    ),
    (
        "beacon-of-evil",
        "Beacon of Evil",
        "bloodmages",
        "passive",
        2,
        "area",
        "A newly summoned skeleton may be placed anywhere within 2 cm of this unit.",
    ),
    (
        "demonic-leech",
        "Demonic Leech",
        "bloodmages",
        "active",
        8,
        "enemy",
        "Throw a demonic leech at an enemy within 8 cm: it takes 8 damage and this unit heals "
        "4 LP.",
    ),
    (
        "fel-mortar",
        "Fel Mortar",
        "bloodmages",
        "active",
        10,
        "enemy",
        "Pick an enemy unit within 10 cm and roll a D6: it takes that much damage.",
    ),
    (
        "infectious-bite",
        "Infectious bite",
        "bloodmages",
        "passive",
        None,
        "enemy",
        "Each successful attack by this unit lowers the target's Movement by 1.",
    ),
    (
        "masters-presence",
        "Masters Presence",
        "bloodmages",
        "passive",
        2,
        "self",
        "While within 2 cm of a Bloodmage, this unit gains 2 Movement.",
    ),
    (
        "unholy-presence",
        "Unholy Presence",
        "bloodmages",
        "passive",
        5,
        "area",
        "Skeletons within 5 cm of this unit have Defense one step higher.",
    ),
    (
        "persistence-of-the-undead",
        "Persistence of the Undead",
        "bloodmages",
        "passive",
        None,
        "self",
        "Whenever this unit is dealt damage, roll a D6: on a 5 or 6 it takes only half, "
        "rounded down.",
    ),
    (
        "hermit",
        "Hermit",
        "mountain-men",
        "passive",
        10,
        "self",
        "With no other friendly unit within 10 cm, this unit gains 3 Movement and has Attack "
        "and Defense one step higher.",
    ),
)

SPELL_SLUGS: tuple[str, ...] = tuple(s[0] for s in _SPELLS)


def spells() -> list[EntrySpec]:
    """Every spell of section 6.2; Unholy Presence is passive by ruling."""
    return [
        EntrySpec(
            kind="spell",
            slug=slug,
            name=name,
            faction=faction,
            category=category,
            text=text,
            data={"range": rng, "target": target},
            rule=f"spell-{slug}",
            order=order,
        )
        for order, (slug, name, faction, category, rng, target, text) in enumerate(_SPELLS, start=1)
    ]


# Units (chapter 5): faction -> rows of (slug, name, M, LP, A, D, SP, MD, weapon, spells).
# The unit pages write spell and weapon names loosely ("Mob-strength", "Rusty sword"):
# they are mapped to the Arsenal's slugs here.
UnitRow = tuple[str, str, int, int, str, str, str, str, str, tuple[str, ...]]

_UNITS: dict[str, tuple[UnitRow, ...]] = {
    "kingdoms-of-men": (
        ("peasant", "Peasant", 4, 5, "D6", "D4", "D4", "D4", "rusty-sword", ("mobstrength",)),
        ("town-guard", "Town-guard", 4, 8, "D6", "D6", "D4", "D4", "sword-and-board", ()),
        (
            "knight",
            "Knight",
            6,
            12,
            "D8",
            "D10",
            "D6",
            "D8",
            "sword-and-board",
            ("commanding-presence",),
        ),
        ("cleric", "Cleric", 5, 8, "D4", "D6", "D12", "D10", "wooden-staff", ("inspiring-aura",)),
        ("aristocrat", "Aristocrat", 6, 12, "D8", "D10", "D8", "D10", "dueling-sword", ()),
    ),
    "bloodmages": (
        (
            "bloodmage",
            "Bloodmage",
            5,
            20,
            "D6",
            "D6",
            "D16",
            "D12",
            "wooden-staff",
            ("demonic-leech",),
        ),
        (
            "blood-knight",
            "Blood Knight",
            6,
            15,
            "D12",
            "D8",
            "D6",
            "D8",
            "felsword",
            ("beacon-of-evil",),
        ),
        (
            "skeleton",
            "Skeleton",
            3,
            4,
            "D4",
            "D6",
            "D4",
            "D6",
            "rusty-sword",
            ("masters-presence",),
        ),
        ("direwolf", "Direwolf", 8, 8, "D10", "D6", "D4", "D4", "teeth", ("infectious-bite",)),
        ("ghoul", "Ghoul", 3, 8, "D6", "D6", "D12", "D12", "claws", ("fel-mortar",)),
    ),
}

# Placeholder factions: names only, every stat 0 or D4, no weapon, no spells.
_PLACEHOLDER_UNITS: dict[str, tuple[tuple[str, str], ...]] = {
    "swampbeasts": (
        ("troll", "Troll"),
        ("mud-tree", "Mud-Tree"),
        ("mosquitoswarm", "Mosquitoswarm"),
        ("giant-frog", "Giant Frog"),
        ("swampbeasts-unknown", "???"),
    ),
    "mountain-men": (
        ("shaman", "Shaman"),
        ("hermit", "Hermit"),
        ("tracker", "Tracker"),
        ("beastmaster", "Beastmaster"),
        ("bear", "Bear"),
    ),
    "dwarfs": (
        ("miner", "Miner"),
        ("gem-stone-prist", "Gem-Stone Prist"),
        ("detoneer", "Detoneer"),
        ("berserk", "Berserk"),
        ("dwarfs-unknown", "???"),
    ),
}


def units() -> list[EntrySpec]:
    """Every unit table of chapter 5; placeholder factions and "???" units are drafts."""
    found: list[EntrySpec] = []
    for faction, rows in _UNITS.items():
        for slug, name, m, lp, a, d, sp, md, weapon, known in rows:
            found.append(
                EntrySpec(
                    kind="unit",
                    slug=slug,
                    name=name,
                    faction=faction,
                    data={
                        "m": m,
                        "lp": lp,
                        "a": a,
                        "d": d,
                        "sp": sp,
                        "md": md,
                        "weapon": weapon,
                        "spells": list(known),
                    },
                    rule=f"faction-{faction}",
                    refs=(("weapon", weapon), *(("spell", s) for s in known)),
                    is_draft=name == "???",
                    order=len(found) + 1,
                )
            )
    for faction, names in _PLACEHOLDER_UNITS.items():
        for slug, name in names:
            found.append(
                EntrySpec(
                    kind="unit",
                    slug=slug,
                    name=name,
                    faction=faction,
                    text="Placeholder in the book: movement and LP 0, every die D4, "
                    "no weapon and no spells.",
                    data={
                        "m": 0,
                        "lp": 0,
                        "a": "D4",
                        "d": "D4",
                        "sp": "D4",
                        "md": "D4",
                        "weapon": "",
                        "spells": [],
                    },
                    rule=f"faction-{faction}",
                    is_draft=True,
                    order=len(found) + 1,
                )
            )
    return found


UNIT_SLUGS: tuple[str, ...] = tuple(row[0] for rows in _UNITS.values() for row in rows) + tuple(
    slug for names in _PLACEHOLDER_UNITS.values() for slug, _ in names
)

# Card types (section 4.1): (slug, name, text).
_CARD_TYPES: tuple[tuple[str, str, str], ...] = (
    (
        "building",
        "Building",
        "Kept in the building pile, not the main deck. Has LP, a Defense die and up to three "
        "upgrade slots; pay its cost to put it into the base, left of the last building. At "
        "most five buildings in play, main building included.",
    ),
    (
        "upgrade",
        "Upgrade",
        "Played from hand into a free or used slot of one of your buildings; it changes the "
        "units that building makes and/or the building itself. Some fit only certain "
        "buildings.",
    ),
    (
        "instant",
        "Instant",
        "A one-off effect resolved as soon as it is played, in your own turn or as a reaction "
        "after an action of your opponent.",
    ),
)

CARD_TYPES: tuple[str, ...] = tuple(c[0] for c in _CARD_TYPES)


def card_types() -> list[EntrySpec]:
    """One entry per card type of section 4.1."""
    return [
        EntrySpec(
            kind="card-type",
            slug=slug,
            name=name,
            text=text,
            rule=f"card-type-{slug}",
            order=order,
        )
        for order, (slug, name, text) in enumerate(_CARD_TYPES, start=1)
    ]


def entries() -> list[EntrySpec]:
    """Every table of the book: units, weapons, spells and card types."""
    return [*units(), *weapons(), *spells(), *card_types()]
