"""What Maker-War's unit cost calculator asks, so that the site's page knows no field of it.

The page builds a profile of the priced kind from the fields named here, prices it with
``GAME.cost`` and can save it as a homebrew entry; each field is asked the way its
``FieldSpec`` says (a choice as a list to pick from, a whole number as a number box).
"""

from __future__ import annotations

from typing import Any

KIND = "unit"  # the priced kind whose profile the page builds
RULE = "unit-cost"  # the rules section of the cost formula

# Asked one by one, in this order.
FIELDS = ("type", "armor", "structure", "speed", "fire_range", "fire_power", "melee", "fire_arc")
NOTES = {"structure": "Titans"}  # a word after a field's label, for whom the field is
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
