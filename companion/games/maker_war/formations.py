"""Muster's starter formation plans: at least three per playable Maker-War faction.

A plan lists its unit choices (with min/max counts, obligatory ones), the units allowed to
lead it, dependencies ("at most one X per two Y"), its rare stars, and a classic formation
that the army builder offers as a one-click template. Fungus Pandemia's hypha belong to
no formation, so no plan lists them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.base import EntrySpec, RuleError, slugify


@dataclass(frozen=True)
class Choice:
    unit: str  # unit slug within the faction
    min: int = 0
    max: int = 1

    def as_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "min": self.min, "max": self.max, "obligatory": self.min > 0}


@dataclass(frozen=True)
class Plan:
    name: str
    choices: tuple[Choice, ...]
    min_units: int
    max_units: int
    chiefs: tuple[str, ...] = ()
    dependencies: tuple[tuple[str, int, str], ...] = ()  # (unit, per, per_unit)
    stars: int = 0
    classic: dict[str, int] = field(default_factory=dict)
    invader: bool = False
    text: str = ""

    def as_data(self) -> dict[str, Any]:
        return {
            "choices": [c.as_data() for c in self.choices],
            "min_units": self.min_units,
            "max_units": self.max_units,
            "chiefs": list(self.chiefs),
            "dependencies": [
                {"unit": unit, "per": per, "per_unit": per_unit}
                for unit, per, per_unit in self.dependencies
            ],
            "stars": self.stars,
            "classic": dict(self.classic),
            "invader": self.invader,
        }


def _titan(name: str, titan: str, stars: int, text: str) -> Plan:
    """A Titan is a formation by itself."""
    return Plan(name, (Choice(titan, 1, 1),), 1, 1, stars=stars, classic={titan: 1}, text=text)


STARTER_PLANS: dict[str, tuple[Plan, ...]] = {
    "terran-makers": (
        Plan(
            "Maker Rifle Company",
            (
                Choice("squad-leader", 1, 1),
                Choice("maker-rifles", 2, 8),
                Choice("maker-heavy-weapons", 0, 2),
                Choice("field-printer-crew", 0, 1),
                Choice("mule-carrier", 0, 3),
            ),
            3,
            14,
            chiefs=("squad-leader",),
            dependencies=(("maker-heavy-weapons", 2, "maker-rifles"),),
            classic={
                "squad-leader": 1,
                "maker-rifles": 6,
                "maker-heavy-weapons": 2,
                "mule-carrier": 2,
            },
            text="Riflemen under a squad leader, with heavy weapons and carriers.",
        ),
        Plan(
            "Armoured Spearhead",
            (Choice("colonel", 0, 1), Choice("bulwark-tank", 2, 6), Choice("howitzer", 0, 2)),
            2,
            9,
            chiefs=("colonel", "bulwark-tank"),
            stars=1,
            dependencies=(("howitzer", 2, "bulwark-tank"),),
            classic={"colonel": 1, "bulwark-tank": 4, "howitzer": 1},
            text="Battle tanks and a howitzer, led by the army's colonel: a rare formation.",
        ),
        Plan(
            "Hawk Wing",
            (Choice("hawk-gunship", 1, 3),),
            1,
            3,
            stars=1,
            classic={"hawk-gunship": 2},
            text="Gunships that hunt in pairs.",
        ),
        _titan("Foundry Titan", "foundry-titan", 1, "A moderate Titan, alone."),
    ),
    "transcendent": (
        Plan(
            "Drone Host",
            (
                Choice("conduit-adept", 1, 1),
                Choice("drone-cloud", 3, 10),
                Choice("generator-pylon", 0, 1),
            ),
            4,
            12,
            chiefs=("conduit-adept",),
            classic={"conduit-adept": 1, "drone-cloud": 6, "generator-pylon": 1},
            text="Drones spent freely around one uploaded mind and its power source.",
        ),
        Plan(
            "Phase Squadron",
            (
                Choice("phase-tank", 2, 5),
                Choice("lance-walker", 0, 2),
                Choice("generator-pylon", 0, 1),
            ),
            2,
            8,
            chiefs=("phase-tank",),
            dependencies=(("lance-walker", 2, "phase-tank"),),
            classic={"phase-tank": 3, "lance-walker": 1},
            text="Hovering tanks screened by nanites, with marksmen walkers.",
        ),
        Plan(
            "Seraph Choir",
            (Choice("mind-seraph", 1, 3),),
            1,
            3,
            stars=1,
            classic={"mind-seraph": 2},
            text="Fighters that keep the sky clear.",
        ),
        _titan("Ascendant Titan", "ascendant-titan", 2, "A big Titan, alone."),
    ),
    "cyber-demons": (
        Plan(
            "Thrall Brood",
            (
                Choice("demon-chieftain", 1, 1),
                Choice("flesh-thralls", 4, 12),
                Choice("grafted-gunners", 0, 4),
                Choice("brood-mother", 0, 1),
            ),
            5,
            18,
            chiefs=("demon-chieftain",),
            dependencies=(("grafted-gunners", 2, "flesh-thralls"),),
            classic={"demon-chieftain": 1, "flesh-thralls": 8, "grafted-gunners": 2},
            text="A chieftain driving a mass of thralls, with gunners behind.",
        ),
        Plan(
            "Oni Pack",
            (Choice("oni", 2, 4), Choice("brood-mother", 0, 1)),
            2,
            5,
            chiefs=("oni",),
            stars=1,
            classic={"oni": 3},
            text="Fused war-beasts on mechanical legs: a rare formation.",
        ),
        Plan(
            "Drake Flight",
            (Choice("spine-drake", 1, 4),),
            1,
            4,
            stars=1,
            classic={"spine-drake": 2},
            text="Winged horrors hunting flyers.",
        ),
        _titan("Abomination", "abomination", 1, "A moderate Titan, alone."),
    ),
    "astral": (
        Plan(
            "Mage Circle",
            (
                Choice("high-mage", 0, 1),
                Choice("star-mages", 2, 6),
                Choice("astral-wardens", 0, 4),
                Choice("glide-skiff", 0, 2),
            ),
            2,
            12,
            chiefs=("high-mage", "star-mages"),
            classic={"high-mage": 1, "star-mages": 4, "astral-wardens": 2},
            text="Lightning mages guarded by wardens.",
        ),
        Plan(
            "Barque Fleet",
            (
                Choice("portal-barque", 0, 1),
                Choice("glide-skiff", 1, 4),
                Choice("storm-barque", 0, 2),
            ),
            2,
            6,
            chiefs=("storm-barque", "glide-skiff"),
            classic={"portal-barque": 1, "glide-skiff": 2, "storm-barque": 1},
            text="Floating gun-boats that may fight with the Hit and Run order.",
        ),
        Plan(
            "Portal Host",
            (Choice("portal-host", 2, 8), Choice("astral-wardens", 0, 2)),
            2,
            10,
            invader=True,
            classic={"portal-host": 4, "astral-wardens": 1},
            text="An invader formation that enters through a portal.",
        ),
        Plan(
            "Kite Flight",
            (Choice("aether-kite", 1, 3),),
            1,
            3,
            stars=1,
            classic={"aether-kite": 2},
            text="Bombers of light.",
        ),
        _titan("Celestial Titan", "celestial-titan", 1, "A moderate Titan, alone."),
    ),
    "fungus-pandemia": (
        Plan(
            "Spore Swarm",
            (
                Choice("mycelial-node", 1, 1),
                Choice("spore-walkers", 3, 10),
                Choice("rootling-host", 0, 4),
            ),
            4,
            15,
            chiefs=("mycelial-node",),
            classic={"mycelial-node": 1, "spore-walkers": 6, "rootling-host": 2},
            text="Walkers around a sprouting node; rootlings may grow in later.",
        ),
        Plan(
            "Mycelid Herd",
            (Choice("crusher-mycelid", 1, 4), Choice("sporecaster", 0, 3)),
            2,
            6,
            chiefs=("crusher-mycelid",),
            dependencies=(("sporecaster", 1, "crusher-mycelid"),),
            classic={"crusher-mycelid": 2, "sporecaster": 2},
            text="Crushing beasts with living mortars behind them.",
        ),
        Plan(
            "Spore Drift",
            (Choice("spore-cloud", 1, 4),),
            1,
            4,
            stars=1,
            classic={"spore-cloud": 3},
            text="Clouds of spores high on the wind.",
        ),
        _titan("Fungal Colossus", "fungal-colossus", 2, "A big Titan, alone."),
    ),
}


def entries() -> list[EntrySpec]:
    """One entry per plan, referring to every unit it may hold."""
    specs: list[EntrySpec] = []
    order = 0
    for faction, plans in STARTER_PLANS.items():
        for plan in plans:
            order += 1
            specs.append(
                EntrySpec(
                    kind="formation-plan",
                    slug=slugify(plan.name),
                    name=plan.name,
                    faction=faction,
                    category="",
                    text=plan.text,
                    data=plan.as_data(),
                    rule="assemble-a-formation",
                    refs=tuple(("unit", c.unit) for c in plan.choices),
                    is_starter=True,
                    order=order,
                )
            )
    return specs


def check_plan_data(data: dict[str, Any]) -> None:
    """Refuse a homebrew plan whose choices, limits or dependencies cannot work.

    Raises ``RuleError`` naming every bad path, e.g. ``data.choices.1.max``.
    """
    errors: dict[str, str] = {}
    choices = data.get("choices") or []
    if not choices:
        errors["data.choices"] = "List at least one unit choice."
    units: set[str] = set()
    low_total = 0
    for i, choice in enumerate(choices):
        path = f"data.choices.{i}"
        if not isinstance(choice, dict):
            errors[path] = 'Expected {"unit": slug, "min": n, "max": n}.'
            continue
        unit = choice.get("unit")
        if not isinstance(unit, str) or not unit:
            errors[f"{path}.unit"] = "Name the unit by its slug."
        elif unit in units:
            errors[f"{path}.unit"] = f"'{unit}' is listed twice."
        else:
            units.add(unit)
        low, high = choice.get("min", 0), choice.get("max", 1)
        for key, value in (("min", low), ("max", high)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                errors[f"{path}.{key}"] = "Expected a whole number, 0 or more."
        if isinstance(low, int) and isinstance(high, int) and low > high:
            errors[f"{path}.max"] = "Must not be below min."
        if isinstance(low, int):
            low_total += low
    for key in ("chiefs",):
        for i, unit in enumerate(data.get(key) or []):
            if unit not in units:
                errors[f"data.{key}.{i}"] = f"'{unit}' is not one of the plan's unit choices."
    for i, dep in enumerate(data.get("dependencies") or []):
        path = f"data.dependencies.{i}"
        if not isinstance(dep, dict):
            errors[path] = 'Expected {"unit": slug, "per": n, "per_unit": slug}.'
            continue
        for key in ("unit", "per_unit"):
            if dep.get(key) not in units:
                errors[f"{path}.{key}"] = "Must be one of the plan's unit choices."
        per = dep.get("per")
        if isinstance(per, bool) or not isinstance(per, int) or per < 1:
            errors[f"{path}.per"] = "Expected a whole number, 1 or more."
    low_units, high_units = data.get("min_units"), data.get("max_units")
    if isinstance(low_units, int) and isinstance(high_units, int) and low_units > high_units:
        errors["data.max_units"] = "Must not be below the fewest units."
    if isinstance(high_units, int) and low_total > high_units:
        errors["data.max_units"] = "The obligatory units alone exceed it."
    classic = data.get("classic") or {}
    for unit, count in classic.items():
        if unit not in units:
            errors[f"data.classic.{unit}"] = "Must be one of the plan's unit choices."
        elif isinstance(count, bool) or not isinstance(count, int) or count < 0:
            errors[f"data.classic.{unit}"] = "Expected a whole number, 0 or more."
    if errors:
        raise RuleError(errors)
