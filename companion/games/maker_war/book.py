"""The facts of the Maker-War rule book as catalogue entries, in Muster's own words.

Each table of the book is kept as compact rows below and turned into ``EntrySpec``s by
``_table``; the texts are ours, the names, numbers and section names are the book's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from copy import deepcopy
from dataclasses import replace
from typing import Any

from companion.games.base import EntrySpec, FactionSpec, slugify
from companion.games.maker_war.traits import TRAIT_NAMES

# (slug, name, description, special-rule trait slugs, is_draft)
_FACTIONS: tuple[tuple[str, str, str, tuple[str, ...], bool], ...] = (
    (
        "terran-makers",
        "Terran Makers",
        "Humanity's restless colonists, who print ships, homes and weapons with 3D printers. "
        "Bending space took them to the stars, where they met hostile aliens and laws of "
        "nature that no longer held, so the printers turned to war.",
        ("maker-weapon",),
        False,
    ),
    (
        "stellar-pilgrim",
        "Stellar Pilgrim",
        "A single faith merged from Earth's believers in one god, whose settlers left early "
        "for remote colonies. There miracles have become everyday events, proof that a "
        "race's reality can change. The book marks this army as unfinished.",
        (),
        True,
    ),
    (
        "transcendent",
        "The Transcendent",
        "An ancient race that moved its minds into computer networks long ago. Drones, robots "
        "and artificial minds fight for it, fed by energy beamed across great distances, and "
        "only one or two of the uploaded minds are ever present.",
        ("generator", "conduit"),
        False,
    ),
    (
        "cyber-demons",
        "Cyber Demons",
        "Creatures whose wounds close fast and whose bodies grow together. They graft machines "
        "onto themselves and fuse dozens of their kind into monsters such as the tank-sized, "
        "four-legged Oni, caring nothing for individuals or the horror they spread.",
        ("regeneration", "berserk", "bloodlust", "broodmother"),
        False,
    ),
    (
        "astral",
        "The Astral",
        "A civilisation whose technology looks like magic to humans: graceful floating tanks "
        "and mages who call down lightning. Lies and deceit are unknown to them, so they judge "
        "most other races to be more or less insane.",
        ("portal",),
        False,
    ),
    (
        "fungus-pandemia",
        "Fungus Pandemia",
        "A fungus, often one colossal organism, that overgrows whole planets, cracks them "
        "apart and rides the debris to new worlds. No one knows whether it thinks; it must be "
        "met with lethal force before it swallows everything near it.",
        ("root", "hypha", "sprout"),
        False,
    ),
)


def factions() -> list[FactionSpec]:
    """The book's factions; the Swarm is background only and gets no faction."""
    return [
        FactionSpec(
            slug=slug,
            name=name,
            description=description,
            special_rules=special,
            rule=f"faction-{slug}",
            is_draft=draft,
        )
        for slug, name, description, special, draft in _FACTIONS
    ]


FACTION_NAMES: dict[str, str] = {slug: name for slug, name, *_ in _FACTIONS}


def faction_name(slug: str) -> str:
    """A faction as the book names it ("Kingdoms of Men"); an unknown slug in words."""
    return FACTION_NAMES.get(slug) or slug.replace("-", " ").capitalize()


# One row of any table: (slug, name, category, text, data).
Row = tuple[str, str, str, str, Mapping[str, Any]]

TRAIT_TEXTS: dict[str, str] = {
    "anti-tank": "Each 6 rolled is a critical hit, at most one per point of Anti-Tank "
    "firepower in the salvo. A critical hit kills a unit with armor outright; a Titan "
    "suffers a critical hit instead.",
    "terror": "Each 3 rolled puts one more impact token on the target, at most one per point "
    "of Terror firepower. A formation given such terror tokens must pass a moral check when "
    "it next activates.",
    "sustained-fire": "Under the Continuous Fire order this unit's firepower counts double.",
    "dicey": "Each 1 rolled in the salvo gives the shooting formation an impact token, at most "
    "one per point of Dicey firepower.",
    "artillery": "When only artillery units fire, terrain does not block their line of fire. "
    "If they cannot see a single unit of the target they shoot with disadvantage.",
    "assault": "Under the Assault order this unit may still shoot after moving, before the "
    "close combat is fought.",
    "hover": "A formation whose units all hover ignores terrain while moving. With the optional "
    "height levels it can climb or drop only one level at a time.",
    "transport": "Carries up to X infantry units while moving; carried units are left out of "
    "the formation's movement, which often makes the formation faster.",
    "carrier": "Brings a whole Invader formation of up to X infantry or tank units into battle, "
    "declared when the carrier is placed. The capacity also serves as transport capacity, but "
    "not for both at once.",
    "expendable": "Its formation gets no impact token when this unit is killed.",
    "sacrifice": "Once its formation's casualties are removed, remove this unit instead to save "
    "one of them.",
    "hero": "In close combat the side with more heroes involved has advantage. Several supply "
    "cards act on heroes.",
    "sniper": "Each sniper lets the shooter pick one unit of the target formation to hit, and "
    "other target units do not block its line of fire.",
    "scout": "After the chief has moved, scouts may be placed anywhere within 30 cm of it, "
    "path or not, still keeping 10 cm from enemies unless assaulting. A scout that transports "
    "may take infantry it could carry along, placed touching it.",
    "berserk": "When the unit would die you may give its formation the rage stance instead: "
    "the unit stays and the formation takes an impact token. A raging formation must assault "
    "until it fails a moral check.",
    "strategist": "The side with more strategists on the battlefield takes the first turn of "
    "every round, the first round included.",
    "screen": "When the formation is shot at from more than 45 cm, its first hits are "
    "cancelled, as many as the Screen values of all its units added up. Bombers flying high "
    "always count as more than 45 cm away.",
    "warlord": "When its formation takes the Assault order, up to two more formations with "
    "their chief within 30 cm of the warlord may assault with it; all move, then fight one "
    "close combat.",
    "medic": "When its formation activates, remove 1d6 impact tokens per medic in it.",
    "planetfall": "The formation starts off the table; on its first activation its planetfall "
    "units are dropped onto the table from 30 cm up. A planetfall carrier may bring an Invader "
    "formation down with it.",
    "invader": "The formation may start off the table and be carried in by carriers whose "
    "combined capacity is at least its number of units.",
    "bloodlust": "The unit always fights in a close combat it is involved in, even when its "
    "formation already assaulted this turn or is scattered.",
    "rookie": "A formation with a rookie must pass a moral check before it may take the Patrol, "
    "Continuous Fire or Assault order. If the check fails it takes the Regroup order instead "
    "of scattering.",
    "interceptor": "A patrolling formation made only of interceptors may move 30 cm when it "
    "reacts to an enemy's move.",
    "bomber": "May shoot at ground targets while flying high; this gives no protection from "
    "Anti-Air.",
    "anti-air": "Can always shoot at flyers, even those flying high. Flyers passing within "
    "10 cm of such a unit (FLAK) are destroyed.",
    "huge": "The Titan counts as standing on high ground: high terrain gives cover rather than "
    "blocking its line of fire, and the same holds for shots at it.",
    "shields": "X shield points soak hits from firepower first, normally without impact "
    "tokens, and stop critical hits while any remain. Ignored in close combat; recharge one "
    "per supply point during the unit's activation.",
    "single-shot": "The weapon fires once per game and then counts as removed from its Titan.",
    "annihilation": "Every hit it scores, shooting or in melee, is a critical hit.",
    "bombard": "Place the 5 cm template within range and arc: every unit touching it suffers "
    "the full rolled result.",
    "maker-weapon": "When the unit first enters the battlefield it takes Terror, Anti-Air, "
    "Anti-Tank or Sniper in place of this trait. Paying 1 supply point when its formation "
    "activates changes the choice.",
    "generator": "Each time its formation activates, gain 1d6 energy tokens per generator "
    "unit in it.",
    "conduit": "Spends energy tokens one for one: +1 firepower, +1 melee die in close combat, "
    "or +1 screen when its formation is shot at.",
    "portal": "An Invader formation off the table may enter through the portal. One on the "
    "table may step into a portal and out of another for 10 cm of its movement.",
    "root": "Its formation may start off the table and enter on a later activation, placed "
    "within 5 cm of another Fungus Pandemia unit at a spot linked to your deployment zone by "
    "a command chain.",
    "hypha": "Belongs to no formation and never takes orders or impact tokens. It acts with "
    "any formation that has a unit within 5 cm of it, and counts as part of a formation shot "
    "at within 5 cm.",
    "sprout": "When activated, creates a hypha of its given type anywhere linked to it by an "
    "unbroken command chain.",
    "regeneration": "Raises the unit's defence in the cost formula by a fifth; the book gives "
    "it no effect on the table.",
    "broodmother": "Adds 32 points in the cost formula; the book gives it no effect on the table.",
}

# Orders: (slug, name, faction, text, data). ``flyer_supply`` is the supply cost to give
# the order to flyers; absent where flyers cannot take it.
_ORDERS: tuple[tuple[str, str, str, str, dict[str, Any]], ...] = (
    (
        "advance",
        "Advance",
        "",
        "Basic movement, then basic shooting. Immobile formations may take it without moving.",
        {"move": "basic", "fire": True, "flyers": True, "immobile": True, "flyer_supply": 2},
    ),
    (
        "assault",
        "Assault",
        "",
        "Double movement that may end within 10 cm of enemies and in base contact, then close "
        "combat. Only units with the Assault trait shoot.",
        {"move": "double", "fire": False, "close_combat": True, "flyers": False, "immobile": False},
    ),
    (
        "march",
        "March",
        "",
        "Three basic movements in a row; the formation then takes the march stance and its "
        "turn ends.",
        {"move": "triple", "fire": False, "stance": "march", "flyers": False, "immobile": False},
    ),
    (
        "continuous-fire",
        "Continuous Fire",
        "",
        "No movement; the formation shoots with advantage.",
        {
            "move": "none",
            "fire": True,
            "fire_advantage": True,
            "flyers": True,
            "immobile": False,
            "flyer_supply": 2,
        },
    ),
    (
        "patrol",
        "Patrol",
        "",
        "Basic movement, then the patrol stance: later it may shoot at an enemy formation "
        "right after that formation moves.",
        {
            "move": "basic",
            "fire": False,
            "stance": "patrol",
            "flyers": True,
            "immobile": True,
            "flyer_supply": 2,
        },
    ),
    (
        "regroup",
        "Regroup",
        "",
        "Shed half the formation's impact tokens (round up), plus one per supply point spent; "
        "then move 5 cm if its speed allows.",
        {
            "move": "5 cm",
            "fire": False,
            "sheds": "half, rounded up",
            "flyers": True,
            "immobile": True,
            "flyer_supply": 2,
        },
    ),
    (
        "scatter",
        "Scatter",
        "",
        "Roll a D6: remove that many impact tokens and as many units (never more units than "
        "tokens). Basic movement; units ending within 10 cm of an enemy are lost. Then a "
        "moral check, failed means scattered again.",
        {
            "move": "basic",
            "fire": False,
            "moral_check": True,
            "flyers": True,
            "immobile": True,
            "flyer_supply": 2,
        },
    ),
    (
        "veer-off",
        "Veer Off",
        "",
        "Flyers only and free of supply: the flyers turn and fly straight off the table.",
        {
            "move": "straight off the table",
            "fire": False,
            "flyers": True,
            "flyers_only": True,
            "immobile": False,
            "flyer_supply": 0,
        },
    ),
    (
        "hit-and-run",
        "Hit and Run",
        "astral",
        "Astral formations whose units all hover or are transported: basic movement, basic "
        "shooting, then up to 10 cm more movement.",
        {"move": "basic, then 10 cm", "fire": True, "flyers": False, "immobile": False},
    ),
)

# Stances: (slug, name, text, data).
_STANCES: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    (
        "patrol",
        "Patrol",
        "May interrupt the enemy to shoot at a formation that has just moved; the stance ends "
        "once used.",
        {"source": "Patrol order", "symbol": "crosshair"},
    ),
    (
        "march",
        "March",
        "No benefit from cover; shooters and close-combat attackers against it have advantage.",
        {
            "source": "March order",
            "symbol": "triple arrows",
            "no_cover": True,
            "attacker_advantage": True,
        },
    ),
    (
        "scatter",
        "Scatter",
        "As March, and its firepower and melee power drop to 0; it must take the Scatter order "
        "on its next activation.",
        {
            "source": "failed moral check",
            "symbol": "spreading arrows",
            "no_cover": True,
            "attacker_advantage": True,
            "no_attacks": True,
        },
    ),
    (
        "rage",
        "Rage",
        "Berserk units that would die stay and give the formation an impact token instead; the "
        "formation must take the Assault order until a moral check fails.",
        {"source": "Berserk trait"},
    ),
    (
        "fly-high",
        "Fly High",
        "Flyers high above the battle: only Anti-Air units and other high flyers can shoot at "
        "them, and only bombers among them can shoot at the ground.",
        {"source": "flyer's choice before its order", "flyers_only": True},
    ),
    (
        "flying-low",
        "Flying Low",
        "Flyers at low altitude: they can be targeted like any other formation.",
        {
            "source": "flyer's choice before its order",
            "symbol": "arrow into a star",
            "flyers_only": True,
        },
    ),
)

# Terrain samples: (name, kinds for every unit, kinds by unit type, text).
_TERRAIN: tuple[tuple[str, tuple[str, ...], dict[str, list[str]], str], ...] = (
    (
        "Forest",
        ("cover",),
        {"tank": ["difficult"], "infantry": ["shelter"]},
        "Cover; difficult for tanks, shelter for infantry.",
    ),
    (
        "Building",
        ("cover", "difficult"),
        {"infantry": ["shelter"]},
        "Cover and difficult; shelter for infantry.",
    ),
    ("Hill", ("high-ground",), {}, "High ground."),
    ("Lake", ("difficult",), {"tank": ["impassable"]}, "Difficult; impassable for tanks."),
    ("Minefield", ("deadly",), {}, "Deadly."),
    (
        "Fortress",
        ("fortification",),
        {"titan": ["impassable"]},
        "Fortification; impassable for Titans.",
    ),
    ("Street", ("street",), {}, "Street."),
)

# Setup tiers: (slug, name, min, max, cards, PoI, stars, table, pieces, training, reshuffle).
_SETUP = (
    ("training-500", "500 (training)", 500, 500, 0, 0, 0, (100, 80), 2, True, False),
    ("up-to-1000", "1-1000", 1, 1000, 1, 2, 1, (100, 80), 2, False, False),
    ("up-to-2000", "1001-2000", 1001, 2000, 2, 3, 2, (120, 120), 6, False, False),
    ("up-to-4000", "2001-4000", 2001, 4000, 3, 4, 3, (120, 120), 6, False, False),
    ("up-to-9999", "4001-9999", 4001, 9999, 3, 6, 5, (200, 120), 10, False, False),
    ("10000-or-more", "10000 or more", 10000, None, 4, 8, 8, (200, 200), 16, False, True),
)

# Supply cards: (name, supply value, alternate use).
_SUPPLY_CARDS = (
    (
        "Lucky Shot",
        2,
        "After a salvo's hits are resolved, the last hit allocated becomes a critical hit.",
    ),
    (
        "Reinforcements",
        2,
        "Just before a scattered formation activates, give it the Regroup "
        "order instead of Scatter.",
    ),
    (
        "Shock and Awe",
        2,
        "At the end of your turn, pick an enemy formation: it takes a moral check at once.",
    ),
    (
        "More Fuel",
        3,
        "At the end of an activation, before your turn ends, activate one more "
        "formation this turn.",
    ),
    (
        "More Ammunition",
        2,
        "After rolling a salvo or close-combat dice, reroll all of them; the "
        "new roll stands even if worse.",
    ),
    (
        "Orbital Barrage",
        3,
        "Instead of an activation, attack a formation with firepower 3, plus "
        "1 per supply point spent, tracing line of fire from any of your units.",
    ),
    ("Second Wind", 3, "After a hero is hit, it has 3 more armor until the end of the turn."),
    (
        "Against All Odds",
        2,
        "In a close combat, before you roll, a hero gains 2 melee until the end of the turn.",
    ),
)
SUPPLY_CARD_COPIES = 5

# Critical hits: (roll, system, text, extra data); the roll in brackets is reached only by
# stepping up past broken systems.
_MODERATE = (
    (1, "Legs", "The Titan can no longer take the Assault or March order.", {}),
    (2, "Accumulator", "The Titan takes 1 structure damage at the end of each of its turns.", {}),
    (3, "Left Weapon", "The left weapon is out of action.", {"mount": "left-weapon"}),
    (4, "Right Weapon", "The right weapon is out of action.", {"mount": "right-weapon"}),
    (5, "Shields", "Shields, or another defensive trait, can no longer be recharged.", {}),
    (6, "Head", "The Titan gains the Rookie trait.", {}),
    (7, "Generator", "4 structure damage.", {"structure_damage": 4, "stepped_up_only": True}),
)
_BIG = (
    (2, "Left Leg", "Speed drops by 5 cm.", {}),
    (3, "Right Leg", "Speed drops by 5 cm.", {}),
    (4, "Quarters", "No more Regroup orders, and 1 impact token on each activation.", {}),
    (5, "Accumulator", "The Titan takes 1 structure damage at the end of each of its turns.", {}),
    (6, "Ammunition", "The Titan gains the Dicey trait.", {}),
    (7, "Left Arm", "The weapon on this mount is out of action.", {"mount": "left-arm"}),
    (8, "Right Arm", "The weapon on this mount is out of action.", {"mount": "right-arm"}),
    (9, "Left Mount", "The weapon on this mount is out of action.", {"mount": "left-mount"}),
    (10, "Right Mount", "The weapon on this mount is out of action.", {"mount": "right-mount"}),
    (11, "Shields", "Shields can no longer be recharged.", {}),
    (12, "Head", "The Titan gains the Rookie trait.", {}),
    (13, "Generator", "5 structure damage.", {"structure_damage": 5, "stepped_up_only": True}),
)
_TABLE_SIZES: dict[str, dict[str, int]] = {
    "moderate": {"min_structure": 7, "max_structure": 15},
    "big": {"min_structure": 16},
}

# Death throes: (name, D6 results, text).
_DEATH_THROES = (
    ("Nothing Special", [1, 2], "No further effect."),
    (
        "Small Detonation",
        [3],
        "Roll firepower equal to the Titan's starting structure. Hits go "
        "to the nearest unit first, friend or foe, each until destroyed, then outward.",
    ),
    (
        "Losing Hope",
        [4],
        "Each allied formation with a unit within the Titan's starting "
        "structure in cm takes a moral check at once.",
    ),
    (
        "Cheers",
        [5],
        "Each enemy formation with a unit that close may drop 1d6 impact tokens "
        "and the scatter stance.",
    ),
    ("Large Detonation", [6], "As Small Detonation, but the firepower has Annihilation."),
)

# Points of interest: (name, D6 results, terrain examples, text).
_POINTS_OF_INTEREST = (
    (
        "Source of Supply",
        [1],
        ["Depot", "Factory", "Mine"],
        "Activation benefit: draw one extra supply card.",
    ),
    (
        "Source of Supply",
        [2],
        ["Crossroads", "Alien artifacts"],
        "Activation benefit: draw one extra supply card.",
    ),
    (
        "Ordnance",
        [3],
        ["Turret", "Tower"],
        "Activation benefit: shoot with firepower 2, any range, with Artillery and Annihilation.",
    ),
    (
        "Fortification",
        [4],
        ["Fortress", "Bunker"],
        "Fortification terrain: blocks line of fire, gives cover, screen 6 and close-combat "
        "disadvantage to attackers. No activation benefit.",
    ),
    (
        "Reliquary",
        [5],
        ["Ruin", "Church", "Small bunker"],
        "Activation benefit: remove 2d6 impact tokens spread over your army.",
    ),
    (
        "Landing Zone",
        [6],
        ["Landing pads", "Portals"],
        "While controlled, it is an extra deployment zone and gives 3 supply points each round, "
        "only for deploying formations or activating flyers.",
    ),
)


def _table(kind: str, rows: Iterable[Row], rule: str = "", prefix: str = "") -> list[EntrySpec]:
    """Rows of one book table as entries, numbered in the book's order.

    Every row links to ``rule``; without one, each row links to ``<prefix>-<slug>``.
    """
    return [
        EntrySpec(
            kind=kind,
            slug=slug,
            name=name,
            category=category,
            text=text,
            data=deepcopy(dict(data)),
            rule=rule or f"{prefix or kind}-{slug}",
            order=index,
        )
        for index, (slug, name, category, text, data) in enumerate(rows, start=1)
    ]


def traits() -> list[EntrySpec]:
    """One entry per canonical trait, so units and the cost formula share the slugs."""
    rows = [
        (t.slug, t.name, t.category, TRAIT_TEXTS[t.slug], {"valued": t.valued}) for t in TRAIT_NAMES
    ]
    return _table("trait", rows)


def orders() -> list[EntrySpec]:
    """The general orders (faction "") and Astral's Hit and Run."""
    rows = [(slug, name, "", text, data) for slug, name, _, text, data in _ORDERS]
    owners = [faction for _, _, faction, _, _ in _ORDERS]
    return [replace(e, faction=f) for e, f in zip(_table("order", rows), owners, strict=True)]


def stances() -> list[EntrySpec]:
    """Every stance the book names, the berserk rage and the flyers' altitudes included."""
    return _table("stance", [(slug, name, "", text, data) for slug, name, text, data in _STANCES])


def terrain_samples() -> list[EntrySpec]:
    """The sample terrain table; ``kinds`` joins the general and per-type effects."""
    rows = []
    for name, general, by_type, text in _TERRAIN:
        kinds = list(dict.fromkeys([*general, *(k for ks in by_type.values() for k in ks)]))
        data = {"kinds": kinds, "general": list(general), "by_type": by_type}
        rows.append((slugify(name), name, "", text, data))
    return _table("terrain", rows, "terrain-samples")


def _count(n: int, noun: str) -> str:
    """``n`` with ``noun`` in the right number, for readable generated texts."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def setup_tiers() -> list[EntrySpec]:
    """The game setup table; the 500-point row is the training game (per the rulings)."""
    rows = []
    for slug, name, low, high, cards, poi, stars, size, pieces, training, reshuffle in _SETUP:
        if training:
            text = "Training game: no supply cards, points of interest or rare formations"
        else:
            text = (
                f"{_count(cards, 'supply card')} per player a round, "
                f"{_count(poi, 'point')} of interest, {_count(stars, 'star')} per side"
            )
            text += ", deck reshuffled once" if reshuffle else ""
        text += f"; table {size[0]}x{size[1]} cm with {pieces} terrain pieces."
        data = {
            "min_points": low,
            "max_points": high,
            "supply_cards_per_round": cards,
            "points_of_interest": poi,
            "stars": stars,
            "table_cm": list(size),
            "terrain_pieces": pieces,
            "training": training,
            "reshuffle": reshuffle,
        }
        rows.append((slug, name, "", text, data))
    return _table("setup-tier", rows, "game-setup-table")


def supply_cards() -> list[EntrySpec]:
    """The 8 basic cards; the deck holds ``copies`` of each."""
    rows = [
        (
            slugify(name),
            name,
            "",
            f"Worth {value} supply points, or: {use}",
            {"value": value, "copies": SUPPLY_CARD_COPIES, "alternate_use": use},
        )
        for name, value, use in _SUPPLY_CARDS
    ]
    return _table("supply-card", rows, "supply-cards")


def critical_hits() -> list[EntrySpec]:
    """The fixed Titan-tank result, then the moderate and big tables, each row its own entry."""
    rows: list[Row] = [
        (
            "titan-tank-plating-penetrated",
            "Plating Penetrated",
            "titan-tank",
            "Plating penetrated: 3 structure damage.",
            {"system": "Plating", "max_structure": 6, "structure_damage": 3},
        )
    ]
    for table, results in (("moderate", _MODERATE), ("big", _BIG)):
        for roll, system, text, extra in results:
            data = {"roll": roll, "system": system, **extra, **_TABLE_SIZES[table]}
            rows.append((f"{table}-{roll}-{slugify(system)}", system, table, text, data))
    return _table("critical-hit", rows, "critical-hits")


def death_throes() -> list[EntrySpec]:
    """The D6 roll when a Titan's structure reaches 0."""
    rows = [(slugify(n), n, "", text, {"rolls": rolls}) for n, rolls, text in _DEATH_THROES]
    return _table("death-throe", rows, "death-of-a-titan")


def points_of_interest() -> list[EntrySpec]:
    """The six rows of the D6 table; Source of Supply fills two rows with other terrain."""
    names = [name for name, *_ in _POINTS_OF_INTEREST]
    rows = []
    for name, rolls, examples, text in _POINTS_OF_INTEREST:
        slug = slugify(name)
        if names.count(name) > 1:
            slug = f"{slug}-{rolls[0]}"
        data = {"rolls": rolls, "terrain_examples": examples}
        rows.append((slug, name, "", text, data))
    specs = _table("point-of-interest", rows)
    return [replace(e, rule=f"poi-{slugify(e.name)}") for e in specs]


def entries() -> list[EntrySpec]:
    """Every table of the book, traits first."""
    return [
        *traits(),
        *orders(),
        *stances(),
        *terrain_samples(),
        *setup_tiers(),
        *supply_cards(),
        *critical_hits(),
        *death_throes(),
        *points_of_interest(),
    ]
