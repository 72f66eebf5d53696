"""What Maker-War's unit cost calculator asks, so that the site's page knows no field of it.

The page builds a profile of the priced kind from the fields named here, prices it with
``GAME.cost`` and can save it as a homebrew entry; each field is asked the way its
``FieldSpec`` says (a choice as a list to pick from, a whole number as a number box). The
homebrew form of the priced kind is this same form, with the list fields of ``ROWS`` added;
``term_label`` names each term of the price's breakdown in the book's words.
"""

from __future__ import annotations

from typing import Any

from companion.games.maker_war.traits import TRAITS_BY_SLUG
from companion.games.maker_war.units import BIG_MOUNTS, MODERATE_MOUNTS

KIND = "unit"  # the priced kind whose profile the page builds
RULE = "unit-cost"  # the rules section of the cost formula

# Asked one by one, in this order.
FIELDS = ("type", "armor", "structure", "speed", "fire_range", "fire_power", "melee", "fire_arc")
# A word after a field's label, for whom the field is.
NOTES = {"structure": "Titans", "mounts": "Titans: the weapon on each named mount"}
CHECKLISTS = ("fire_traits",)  # list fields: one checkbox per value they allow

# The dict field filled by ticking catalogue entries of a kind (slug -> 1); an entry whose
# ``data`` sets the flag takes a number X instead.
TRAITS_FIELD = "traits"
TRAITS_KIND = "trait"
TRAITS_VALUED = "valued"

START: dict[str, Any] = {  # the profile the page opens with: a plain infantry unit
    "type": "infantry",
    "armor": 1,
    "speed": 10,
    "fire_range": 30,
    "fire_power": 1,
    "melee": 1,
    "traits": {},
}

# List fields of objects asked as rows of small inputs (a homebrew unit's Titan mounts):
# field -> (how many rows, its columns). A column offers fixed choices, or the catalogue
# entries of a kind and category (by name, keeping their slug).
ROWS: dict[str, tuple[int, tuple[dict[str, Any], ...]]] = {
    "mounts": (
        len(BIG_MOUNTS),
        (
            {"key": "mount", "label": "Mount", "choices": MODERATE_MOUNTS + BIG_MOUNTS},
            {"key": "weapon", "label": "Weapon", "kind": "unit", "category": "weapon"},
        ),
    ),
}

# Each term of the formula's breakdown in the book's words ("UNIT COST CALCULATION": its
# comments and variable names), with the step of RULINGS.md that makes it.
TERMS: dict[str, str] = {
    "fire_power": "Fire power (step 1: dice, Anti-Tank, Terror, Dicey, weapon traits)",
    "speed": "Speed (step 2: Hover as speed bonus)",
    "fire_range": "Fire range, normalised (step 3)",
    "range_pow": "Range power (step 3: Artillery, Anti-Air adjustment)",
    "offense_fire": "Offensive fire (step 4: range, Single Shot, fire arc)",
    "offense_close_combat": "Offensive close combat (steps 5-6: melee, air to air, cc range)",
    "defense": "Defense (steps 7-8: armor, hit points, shields, evade)",
    "offense": "Offensive (step 9: the better attack plus a quarter of the other)",
    "value": "Points: defense times offensive (step 9)",
    "damped_value": "Points after the overpowered damping (step 9)",
    "type_factor": "Type factor (step 10: infantry, aircraft, Expendable, Rookie)",
    "scaled": "Base cost and Maker War scale (step 11)",
    "planetfall_factor": "Planetfall factor (step 12)",
    "total": "Points before rounding (step 13 rounds half up)",
}
_TRAIT_TERM = "trait_"  # the formula's flat additions of step 12, by trait


def term_label(term: str) -> str:
    """A breakdown term as the page shows it; a trait's addition is named by the trait."""
    if term in TERMS:
        return TERMS[term]
    if term.startswith(_TRAIT_TERM):
        trait = TRAITS_BY_SLUG.get(term.removeprefix(_TRAIT_TERM).replace("_", "-"))
        if trait is not None:
            return f"{trait.name} (step 12 addition)"
    return term.replace("_", " ").capitalize()
