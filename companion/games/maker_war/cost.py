"""The Maker-War unit cost formula, exactly as RULINGS.md reads the book's PHP code.

``UnitProfile.from_data`` turns the API's JSON profile into a checked profile (a
``RuleError`` names every bad field); ``unit_cost`` prices it and keeps each term of the
formula in ``breakdown`` so a player can see where the points come from.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.traits import TRAITS_BY_SLUG

UNIT_TYPES = ("infantry", "tank", "titan", "flyer", "weapon")
FIRE_ARCS = ("all", "front", "left", "right", "rear")
FIRE_TRAITS = ("AT", "TR", "DY")
ARC_FACTOR = {"all": 1.0, "front": 0.65, "left": 0.8, "right": 0.8, "rear": 0.5}

# Flat additions of step 12, by trait slug.
FLAT_TRAIT_POINTS = {
    "hero": 20,
    "sacrifice": 25,
    "strategist": 35,
    "invader": 15,
    "warlord": 25,
    "medic": 25,
    "scout": 10,
    "sniper": 10,
    "generator": 28,
    "broodmother": 32,
}
_NUMBERS = ("armor", "structure", "speed", "fire_range", "fire_power", "melee")
# The largest value of each number a unit may have: well past the book's biggest (armor 3,
# structure 20, speed 20 cm, range 90 cm, 5 dice, melee 6), and small enough that the
# formula's price stays a number people and the database can hold.
MAXIMA = {
    "armor": 20,
    "structure": 100,
    "speed": 100,
    "fire_range": 300,
    "fire_power": 20,
    "melee": 20,
}
MAX_TRAIT_VALUE = 20
# Keys a catalogue or homebrew unit carries besides its profile; they do not affect price.
_IGNORED_KEYS = frozenset({"name", "mounts", "titan", "mount"})
_KNOWN_KEYS = frozenset({"type", *_NUMBERS, "fire_traits", "fire_arc", "traits"}) | _IGNORED_KEYS


def round_half_up(value: float) -> int:
    """PHP's ``round()``: halves go away from zero (the book's app is PHP)."""
    return int(math.floor(value + 0.5)) if value >= 0 else -int(math.floor(-value + 0.5))


@dataclass(frozen=True)
class UnitProfile:
    """A priced unit's numbers; Titans carry ``structure``, every other type ``armor``."""

    type: str
    armor: int = 1
    structure: int = 0
    speed: int = 0
    fire_range: int = 0
    fire_power: int = 0
    fire_traits: frozenset[str] = frozenset()
    fire_arc: str = "all"
    melee: int = 0
    traits: Mapping[str, int] = field(default_factory=dict)

    def has(self, trait: str) -> int:
        """1 for a flag trait, X for a valued trait, 0 when absent (the book's has())."""
        return self.traits.get(trait, 0)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> UnitProfile:
        """Check a JSON profile; every bad field is reported at once, by its name."""
        if not isinstance(data, Mapping):
            raise RuleError({"non_field_errors": "Expected a JSON object."})
        errors: dict[str, str] = {}
        for key in data:
            if key not in _KNOWN_KEYS:
                errors[str(key)] = "Unknown field."
        unit_type = data.get("type")
        if unit_type not in UNIT_TYPES:
            errors["type"] = f"Must be one of: {', '.join(UNIT_TYPES)}."
        numbers: dict[str, int] = {}
        for name in _NUMBERS:
            value = data.get(name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                errors[name] = "Expected a whole number."
            elif value < 0:
                errors[name] = "Must not be negative."
            elif name == "armor" and value < 1:
                errors[name] = "Must be at least 1."
            elif value > MAXIMA[name]:
                errors[name] = f"Must be at most {MAXIMA[name]}."
            else:
                numbers[name] = value
        if unit_type == "titan" and "structure" not in errors and not numbers.get("structure"):
            errors["structure"] = "A Titan needs its structure (at least 1)."
        fire_traits = data.get("fire_traits") or []
        if not isinstance(fire_traits, list) or any(t not in FIRE_TRAITS for t in fire_traits):
            errors["fire_traits"] = f"A list of any of: {', '.join(FIRE_TRAITS)}."
            fire_traits = []
        fire_arc = data.get("fire_arc") or "all"
        if fire_arc not in FIRE_ARCS:
            errors["fire_arc"] = f"Must be one of: {', '.join(FIRE_ARCS)}."
        traits = _clean_traits(data.get("traits") or {}, errors)
        if errors:
            raise RuleError(errors)
        if unit_type in ("titan", "weapon"):
            numbers["armor"] = 1  # Titans and their weapons are priced with armor 1
        return cls(
            type=unit_type,
            fire_traits=frozenset(fire_traits),
            fire_arc=fire_arc,
            traits=traits,
            **numbers,
        )


def _clean_traits(raw: Any, errors: dict[str, str]) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        errors["traits"] = 'Expected an object of trait slug to 1 or its value X: {"screen": 2}.'
        return {}
    traits: dict[str, int] = {}
    for slug, value in raw.items():
        path = f"traits.{slug}"
        trait = TRAITS_BY_SLUG.get(slug)
        if trait is None:
            errors[path] = "Unknown trait."
        elif isinstance(value, bool) or not isinstance(value, int):
            errors[path] = "Expected 1, or the trait's value X."
        elif value < 0:
            errors[path] = "Must not be negative."
        elif value > MAX_TRAIT_VALUE:
            errors[path] = f"Must be at most {MAX_TRAIT_VALUE}."
        elif not trait.valued and value not in (0, 1):
            errors[path] = f"{trait.name} takes no value: use 1."
        elif value:
            traits[slug] = value
    return traits


@dataclass(frozen=True)
class UnitCost:
    points: int
    breakdown: dict[str, float]


def unit_cost(unit: UnitProfile) -> UnitCost:
    """Price ``unit``; the step numbers are those of RULINGS.md."""
    has = unit.has
    flyer = unit.type == "flyer"
    at, tr, dy = (int(t in unit.fire_traits) for t in FIRE_TRAITS)

    # 1. Fire power.
    fp = unit.fire_power * (0.333 + 0.333 * at + 0.15 * tr - 0.1 * dy)
    if has("annihilation"):
        fp *= 2.7
    if has("bombard"):
        fp *= 3.6
    if has("sustained-fire"):
        fp *= 1.6
    if has("maker-weapon"):
        fp += unit.fire_power * 0.333
    # 2. Speed.
    speed = unit.speed * (1.14 if has("hover") else 1.0)
    # 3. Normalised fire range.
    fr = float(unit.fire_range)
    if has("assault"):
        fr *= 2
    if has("bomber"):
        fr += 120
    fr = (speed + fr + 5) / 25
    range_pow = 1.3 + 0.2 * bool(has("artillery")) + 0.4 * bool(has("anti-air"))
    # 4. Offence by fire.
    off_fire = fr**range_pow * fp
    if has("single-shot"):
        off_fire /= 5
    off_fire *= ARC_FACTOR[unit.fire_arc]
    # 5-6. Offence in close combat (air-to-air for flyers).
    cc = unit.melee * (0.33 * 2 if flyer else 0.5)
    if has("annihilation"):
        cc *= 2.7
    if has("assault"):
        cc += fp
    cc_range = 65 / 25 if flyer else (2 * speed + 5) / 25
    if has("berserk"):
        cc_range *= 1.2
    if has("interceptor"):
        cc_range *= 1.5
    off_cc = cc * cc_range**1.3
    # 7-8. Defence.
    hp = unit.structure if unit.type == "titan" else 1
    defense = unit.armor**1.3 * (hp + 1.1 * has("shields"))
    if has("regeneration"):
        defense *= 1.2
    evade = 3.6 if flyer else max(speed / 15, 1)
    defense = max(defense * evade * 0.9, 1)
    # 9. Value, damped so big units do not grow too steeply.
    offense = max(off_cc, off_fire, 0.1) + 0.25 * min(off_cc, off_fire)
    raw = defense * offense
    p = raw * (1 / math.sqrt(raw)) ** 0.5
    # 10. Type and trait factors.
    type_factor = {"infantry": 1.2, "flyer": 0.6}.get(unit.type, 1.0)
    type_factor *= (1.2 if has("expendable") else 1.0) * (0.7 if has("rookie") else 1.0)
    p *= type_factor
    # 11. Base cost and scale.
    p = (p + 0.4) * 6 if unit.type == "weapon" else (p + 0.5) * 4
    scaled = p
    # 12. Trait additions, with the fixed evade of flyers and planetfall.
    if flyer:
        evade = 1.8
    if has("planetfall"):
        evade = 1.4
    additions = {slug: float(n) for slug, n in FLAT_TRAIT_POINTS.items() if has(slug)}
    if has("conduit"):
        additions["conduit"] = 0.17 * fr**4
    if has("screen"):
        additions["screen"] = (12 + defense) * has("screen")
    if has("transport"):
        additions["transport"] = 6 * evade * has("transport") ** 0.8
    if has("carrier"):
        additions["carrier"] = 7 * evade * has("carrier") ** 0.8
    if has("portal"):
        additions["portal"] = 35 * evade
    p += sum(additions.values())
    planetfall = 1.3 if has("planetfall") else 1.0
    p *= planetfall
    # 13. Round half up.
    points = round_half_up(p)
    breakdown = {
        "fire_power": fp,
        "speed": speed,
        "fire_range": fr,
        "range_pow": range_pow,
        "offense_fire": off_fire,
        "offense_close_combat": off_cc,
        "defense": defense,
        "offense": offense,
        "value": raw,
        "damped_value": raw * (1 / math.sqrt(raw)) ** 0.5,
        "type_factor": type_factor,
        "scaled": scaled,
        **{f"trait_{slug.replace('-', '_')}": v for slug, v in additions.items()},
        "planetfall_factor": planetfall,
        "total": p,
    }
    return UnitCost(points, {k: round(v, 4) for k, v in breakdown.items()})
