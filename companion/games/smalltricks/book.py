"""Smalltricks' book typed in as data: the unit types, abilities and named options.

The names, die faces and numbers are the rule text's; every sentence is Muster's own, and
where the draft is unclear the project's rulings (RULINGS.md) decide. A unit type's stats
are the base stats ("move 1, range 0, 2 combat damage, 5 life") with its own always-on rules
applied: Charge gives Mounted a second hexagon, Melee expertise gives Militia 3 damage.
``catalogue`` turns these rows into entries, fresh copies every time.
"""

from __future__ import annotations

from typing import Any

BASE_LIFE = 5
BASE_COMBAT_DAMAGE = 2
BASE_MOVEMENT = 1
BASE_RANGE = 0

ABILITY_TYPES = ("movement", "melee", "ranged", "passive")

# Abilities: (slug, name, type, text, data, option slugs that change it).
ABILITIES: tuple[tuple[str, str, str, str, dict[str, Any], tuple[str, ...]], ...] = (
    (
        "volley",
        "Volley",
        "ranged",
        "2 damage to one unit within range 2. Lose 1 damage if the Archers moved this turn, "
        "and 1 more if the target differs from the last Volley's target (a new target, or "
        "firing again after an Engagement). Muster reads the first Volley of a game as a "
        "new target.",
        {
            "range": 2,
            "damage": 2,
            "moved_penalty": 1,
            "new_target_penalty": 1,
            "first_volley_is_new_target": True,
        },
        (),
    ),
    (
        "mortar-fire",
        "Mortar Fire",
        "ranged",
        "1 damage to every unit in one hexagon within range 2, your own units included.",
        {"range": 2, "damage": 1, "area": "hexagon", "hits_own_units": True},
        (),
    ),
    (
        "charge",
        "Charge",
        "movement",
        "The unit may move one extra hexagon. If it moves two hexagons and ends Engaged with "
        "one or two opponent units, it deals 2 damage to one of them, as soon as the move "
        "ends. It may pass through a hexagon holding two of its own units but not stop there. "
        "Spears answer it with Counter Charge.",
        {"damage": 2, "extra_movement": 1, "hexes_needed": 2, "when": "move-ends"},
        (),
    ),
    (
        "trample",
        "Trample",
        "movement",
        "The unit may move even while Engaged. With the Trample damage option on, it also "
        "deals 1 damage to each unit in a hexagon with opponent units that it enters.",
        {"damage": 1, "moves_when_engaged": True, "entry_damage_by_default": False},
        ("trample-damage",),
    ),
    (
        "spear",
        "Spear",
        "melee",
        "1 damage to one unit within range 1.",
        {"range": 1, "damage": 1},
        (),
    ),
    (
        "counter-charge",
        "Counter Charge",
        "movement",
        "When an opponent's Mounted unit charges the hexagon this Spears unit is in, the "
        "Mounted unit takes the Charge's 2 damage instead. With the Counter Charge range "
        "option, a Spears unit within range 1 of the charged hexagon also counters.",
        {"range": 0, "damage": 2},
        ("counter-charge-range",),
    ),
    (
        "crash-through",
        "Crash Through",
        "melee",
        "A Battery Ram that stands unengaged in the opponent's castle row wins the game. "
        "Muster reads one Crash Through for each faction in the same round as a draw.",
        {"wins_game": True},
        (),
    ),
    (
        "fire",
        "Fire!",
        "ranged",
        "1 damage to every opponent unit in the Muskets' column, at any distance. Muster lets "
        "Muskets fire whether or not they moved; the Muskets option allows it only to "
        "Muskets that stayed put.",
        {"damage": 1, "area": "column", "hits_own_units": False, "only_if_not_moved": False},
        ("muskets-fire",),
    ),
    (
        "aerial-assault",
        "Assault",
        "movement",
        "The Aerial unit may move to any hexagon of the Battlefield that holds no unit.",
        {"destination": "any empty hexagon"},
        (),
    ),
    (
        "rowdy-crowd",
        "Rowdy Crowd",
        "passive",
        "A faction may have only one Militia unit in a hexagon.",
        {"max_per_hex": 1},
        (),
    ),
    (
        "melee-expertise",
        "Melee expertise",
        "passive",
        "The unit deals 3 damage in Combat instead of 2.",
        {"combat_damage": 3},
        (),
    ),
)

ABILITY_SLUGS: tuple[str, ...] = tuple(row[0] for row in ABILITIES)

# Unit types: (slug, name, category, face, abilities, replaces, text, stat changes).
UNIT_TYPES: tuple[tuple[str, str, str, int, tuple[str, ...], str, str, dict[str, int]], ...] = (
    (
        "archers",
        "Archers",
        "base",
        1,
        ("volley",),
        "",
        "Ranged damage dealers that hit hardest when they stand still and keep one target.",
        {},
    ),
    (
        "cannons",
        "Cannons",
        "base",
        2,
        ("mortar-fire",),
        "",
        "Artillery that shells a whole hexagon, friend and foe alike.",
        {},
    ),
    (
        "mounted",
        "Mounted",
        "base",
        3,
        ("charge",),
        "",
        "Fast riders whose two-hexagon Charge hits on arrival; Spears punish it.",
        {"movement": 2},
    ),
    (
        "assault-beasts",
        "Assault Beasts",
        "base",
        4,
        ("trample",),
        "",
        "Beasts that walk out of a fight when they please.",
        {},
    ),
    (
        "spears",
        "Spears",
        "base",
        5,
        ("spear", "counter-charge"),
        "",
        "Pikes that jab the next hexagon and turn a Charge back on the rider.",
        {},
    ),
    (
        "battery-ram",
        "Battery Ram",
        "base",
        6,
        ("crash-through",),
        "",
        "A siege engine that wins the game outright if it reaches the enemy castle unhindered.",
        {},
    ),
    (
        "muskets",
        "Muskets",
        "alternative",
        2,
        ("fire",),
        "cannons",
        "Gunners who rake every opponent in their column.",
        {},
    ),
    (
        "aerial",
        "Aerial",
        "alternative",
        4,
        ("aerial-assault",),
        "assault-beasts",
        "Flyers that land on any empty hexagon of the battlefield.",
        {},
    ),
    (
        "militia",
        "Militia",
        "alternative",
        6,
        ("rowdy-crowd", "melee-expertise"),
        "battery-ram",
        "A brawling crowd: 3 damage in Combat, one to a hexagon.",
        {"combat_damage": 3, "max_per_hex": 1},
    ),
)

BASE_TYPE_SLUGS: tuple[str, ...] = tuple(r[0] for r in UNIT_TYPES if r[2] == "base")

# Options: (slug, name, default, alternatives, value type, ability refs, text).
RULE_OPTIONS: tuple[tuple[str, str, str, tuple[str, ...], str, tuple[str, ...], str], ...] = (
    (
        "end-of-game",
        "End of game",
        "damage-and-hold",
        ("player-driven",),
        "choice",
        (),
        "Damage and Hold (the text's NEW rule) ends a game on castle-damage leads checked "
        "after every round; Player-driven (the OLD rule) ends it when the players agree.",
    ),
    (
        "round-limit",
        "Round limit",
        "7",
        (),
        "int",
        (),
        "Under Damage and Hold, the round after which an undecided game is scored: 7 by "
        "default, or any other number of rounds the players choose.",
    ),
    (
        "rolled-faction-types",
        "Rolled faction types",
        "base",
        ("alternatives",),
        "choice",
        (),
        "When factions are rolled, a 2, 4 or 6 gives the base type (Cannons, Assault Beasts, "
        "Battery Ram) by default, or its alternative (Muskets, Aerial, Militia).",
    ),
    (
        "counter-charge-range",
        "Counter Charge range",
        "same-hexagon",
        ("within-range-1",),
        "choice",
        ("counter-charge",),
        "Counter Charge needs the Spears in the charged hexagon by default, or anywhere within "
        "range 1 of it.",
    ),
    (
        "trample-damage",
        "Trample damage",
        "off",
        ("on",),
        "choice",
        ("trample",),
        "Off by default; on, Trample deals 1 damage to each unit in a hexagon with opponent "
        "units that the Assault Beasts enter (a rule the author is still weighing).",
    ),
    (
        "muskets-fire",
        "Muskets fire",
        "whether-moved-or-not",
        ("only-if-not-moved",),
        "choice",
        ("fire",),
        "Muskets fire whether or not they moved by default, or only when they did not move "
        "this turn (a rule the author is still weighing).",
    ),
)

BATTLEFIELD_TEXT = (
    "6 columns of 6 flat-top hexagons. Rows 1-3 are one side's half and rows 4-6 the "
    "other's for the whole match; row 1 and row 6 are the castles. A hexagon holds at "
    "most two units of each faction."
)
