"""A Maker-War army as read from its JSON body, and the figures derived from it.

``build_rules`` reads a body into an ``Army`` (reporting what it cannot read) and checks
the rules; this module holds that read form, the per-call catalogue index that keeps the
validator O(n), and the pure arithmetic of the figures and the forum summary.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.building import Catalogue, CatalogueItem

UNIT_TYPES = ("infantry", "tank", "titan", "flyer")
ROLES = ("command", "artillery", "anti-tank", "anti-air", "transport", "support", "line")
# First match wins; "anti-tank" is decided by the AT fire trait (or an anti-tank trait).
_ROLE_TRAITS: tuple[tuple[str, frozenset[str]], ...] = (
    ("command", frozenset({"hero", "strategist", "warlord"})),
    ("artillery", frozenset({"artillery", "bombard"})),
    ("anti-tank", frozenset({"anti-tank"})),
    ("anti-air", frozenset({"anti-air", "interceptor"})),
    ("transport", frozenset({"transport", "carrier", "portal"})),
    ("support", frozenset({"medic", "generator", "conduit", "screen"})),
)


def whole(value: Any) -> int | None:
    """A JSON whole number, or None: ``True`` and ``1.0`` are not counts."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def div_half_up(numerator: int, denominator: int) -> int:
    """``round_half_up(numerator / denominator)`` in exact integers (no float overflow)."""
    if numerator < 0:
        return -div_half_up(-numerator, denominator)
    return (2 * numerator + denominator) // (2 * denominator)


def traits_of(data: Mapping[str, Any]) -> dict[str, int]:
    """Trait slug to 1 or its value X; absent or zero traits are left out."""
    raw = data.get("traits")
    if not isinstance(raw, Mapping):
        return {}
    traits: dict[str, int] = {}
    for slug, value in raw.items():
        number = whole(value)
        if number is None:
            number = 1 if value is True or (isinstance(value, float) and value > 0) else 0
        if isinstance(slug, str) and number > 0:
            traits[slug] = number
    return traits


def role_of(traits: Mapping[str, int], fire_traits: Any) -> str:
    """The unit's battlefield role from its traits, in the brief's order of precedence."""
    anti_tank = isinstance(fire_traits, list | tuple) and "AT" in fire_traits
    for role, names in _ROLE_TRAITS:
        if (role == "anti-tank" and anti_tank) or any(name in traits for name in names):
            return role
    return "line"


@dataclass(frozen=True)
class UnitInfo:
    """What the validator needs of one catalogue unit, worked out once per call."""

    item: CatalogueItem
    traits: Mapping[str, int]
    role: str
    speed: int
    mounts: tuple[tuple[str, str], ...]  # (mount, weapon slug): a Titan's own weapons

    @property
    def slug(self) -> str:
        return self.item.slug

    @property
    def name(self) -> str:
        return self.item.name

    @property
    def category(self) -> str:
        return self.item.category

    @property
    def points(self) -> int:
        return whole(self.item.points) or 0

    @property
    def is_titan(self) -> bool:
        return self.item.category == "titan"

    @property
    def is_flyer(self) -> bool:
        return self.item.category == "flyer"

    @property
    def is_hypha(self) -> bool:
        return "hypha" in self.traits

    @classmethod
    def of(cls, item: CatalogueItem) -> UnitInfo:
        data = item.data if isinstance(item.data, Mapping) else {}
        traits = traits_of(data)
        mounts: list[tuple[str, str]] = []
        raw_mounts = data.get("mounts")
        if item.category == "titan" and isinstance(raw_mounts, list):
            for mount in raw_mounts:
                if isinstance(mount, Mapping):
                    name, weapon = mount.get("mount"), mount.get("weapon")
                    if isinstance(name, str) and isinstance(weapon, str):
                        mounts.append((name, weapon))
        speed = whole(data.get("speed"))
        return cls(
            item,
            traits,
            role_of(traits, data.get("fire_traits")),
            speed if speed is not None and speed > 0 else 0,
            tuple(mounts),
        )


@dataclass(frozen=True)
class PlanInfo:
    """A formation plan's limits, read defensively (homebrew plans are data too)."""

    item: CatalogueItem
    choices: Mapping[str, tuple[int, int | None, bool]]  # unit -> (min, max, obligatory)
    min_units: int | None
    max_units: int | None
    chiefs: frozenset[str]
    dependencies: tuple[tuple[str, int, str], ...]  # at most one unit per `per` of per_unit
    stars: int
    invader: bool

    @classmethod
    def of(cls, item: CatalogueItem) -> PlanInfo:
        data = item.data if isinstance(item.data, Mapping) else {}
        choices: dict[str, tuple[int, int | None, bool]] = {}
        for choice in _list(data.get("choices")):
            if isinstance(choice, Mapping) and isinstance(choice.get("unit"), str):
                low = max(whole(choice.get("min")) or 0, 0)
                high = whole(choice.get("max"))
                choices[choice["unit"]] = (low, high, choice.get("obligatory") is True)
        deps = tuple(
            (dep["unit"], per, dep["per_unit"])
            for dep in _list(data.get("dependencies"))
            if isinstance(dep, Mapping)
            and isinstance(dep.get("unit"), str)
            and isinstance(dep.get("per_unit"), str)
            and (per := whole(dep.get("per"))) is not None
            and per >= 1
        )
        chiefs = frozenset(c for c in _list(data.get("chiefs")) if isinstance(c, str))
        return cls(
            item,
            choices,
            whole(data.get("min_units")),
            whole(data.get("max_units")),
            chiefs,
            deps,
            max(whole(data.get("stars")) or 0, 0),
            data.get("invader") is True,
        )


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


class Index:
    """The catalogue looked up once per slug per call, so a big army stays O(n)."""

    def __init__(self, catalogue: Catalogue, faction: str) -> None:
        self.catalogue = catalogue
        self.faction = faction
        self._units: dict[str, UnitInfo | None] = {}
        self._plans: dict[str, PlanInfo | None] = {}
        self._weapon_points: dict[tuple[str, str], int] = {}

    def unit(self, slug: str) -> UnitInfo | None:
        if slug not in self._units:
            item = self.catalogue.get("unit", slug, self.faction)
            self._units[slug] = UnitInfo.of(item) if item is not None else None
        return self._units[slug]

    def plan(self, slug: str) -> PlanInfo | None:
        if slug not in self._plans:
            item = self.catalogue.get("formation-plan", slug, self.faction)
            self._plans[slug] = PlanInfo.of(item) if item is not None else None
        return self._plans[slug]

    def weapon_points(self, weapon: UnitInfo, titan: UnitInfo) -> int:
        """A weapon is priced at the speed of the Titan carrying it (RULINGS)."""
        key = (weapon.slug, titan.slug)
        if key not in self._weapon_points:
            points = weapon.points
            data = weapon.item.data if isinstance(weapon.item.data, Mapping) else {}
            if whole(data.get("speed")) != titan.speed:
                from companion.games.maker_war import cost

                try:
                    profile = cost.UnitProfile.from_data({**data, "speed": titan.speed})
                    points = cost.unit_cost(profile).points
                except Exception:  # a broken homebrew profile keeps its catalogue price
                    points = weapon.points
            self._weapon_points[key] = points
        return self._weapon_points[key]

    def tier(self, budget: int) -> CatalogueItem | None:
        """The setup-table row for ``budget``; the narrowest wins (500 is training)."""
        best: tuple[float, CatalogueItem] | None = None
        for item in self.catalogue.of_kind("setup-tier"):
            data = item.data if isinstance(item.data, Mapping) else {}
            low, high = whole(data.get("min_points")), whole(data.get("max_points"))
            if low is None or budget < low or (high is not None and budget > high):
                continue
            width = float("inf") if high is None else high - low
            if best is None or width < best[0]:
                best = (width, item)
        return best[1] if best else None


@dataclass(frozen=True)
class Weapon:
    mount: str
    slug: str
    info: UnitInfo | None
    points: int


@dataclass
class Line:
    """One unit line: ``count`` models of a unit; 0 when the count is unreadable."""

    path: str
    slug: str
    info: UnitInfo | None
    count: int
    chief: bool = False
    weapons: list[Weapon] = field(default_factory=list)

    @property
    def model_points(self) -> int:
        """One model: a Titan is its chassis plus its weapons."""
        chassis = self.info.points if self.info else 0
        return chassis + sum(w.points for w in self.weapons)

    @property
    def points(self) -> int:
        return self.count * self.model_points

    @property
    def name(self) -> str:
        return self.info.name if self.info else self.slug


@dataclass
class Formation:
    index: int
    path: str
    name: str | None = None
    plan_slug: str = ""
    plan: PlanInfo | None = None
    lines: list[Line] = field(default_factory=list)
    empty: bool = True  # no unit lines at all
    readable: bool = True  # False: not an object, already reported as malformed

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def models(self) -> int:
        return sum(line.count for line in self.lines)

    @property
    def plan_name(self) -> str:
        return self.plan.item.name if self.plan else self.plan_slug

    @property
    def stars(self) -> int:
        return self.plan.stars if self.plan else 0

    @property
    def speed(self) -> int | str | None:
        """The slowest unit in cm; "flyer" when only flyers; None when nothing is known."""
        known = [line.info for line in self.lines if line.info and line.count > 0]
        ground = [info.speed for info in known if not info.is_flyer]
        if ground:
            return min(ground)
        return "flyer" if known else None


@dataclass
class Army:
    faction: str | None = None
    faction_name: str = ""
    budget: int | None = None
    ignore_guidelines: bool = False
    allow_homebrew: bool = False
    formations: list[Formation] = field(default_factory=list)
    hypha: list[Line] = field(default_factory=list)
    tier: CatalogueItem | None = None
    index: Index | None = None  # the catalogue as read, for names of units not listed

    @property
    def lines(self) -> list[Line]:
        return [line for f in self.formations for line in f.lines] + self.hypha

    @property
    def total(self) -> int:
        return sum(f.points for f in self.formations) + sum(h.points for h in self.hypha)

    @property
    def stars(self) -> int:
        return sum(f.stars for f in self.formations)


def setup_figures(tier: CatalogueItem | None) -> dict[str, Any] | None:
    if tier is None:
        return None
    data = tier.data if isinstance(tier.data, Mapping) else {}
    keys = (
        "table_cm",
        "terrain_pieces",
        "points_of_interest",
        "supply_cards_per_round",
        "stars",
        "training",
    )
    return {"slug": tier.slug, "name": tier.name, **{k: data.get(k) for k in keys}}


def figures(army: Army) -> dict[str, Any]:
    """Every derived number of the army, JSON-ready; unknown units count 0 points."""
    by_type = dict.fromkeys(UNIT_TYPES, 0)
    by_role = dict.fromkeys(ROLES, 0)
    for line in army.lines:
        if line.info is None or line.count <= 0:
            continue
        kind = line.info.category or "other"
        by_type[kind] = by_type.get(kind, 0) + line.points
        by_role[line.info.role] += line.count * line.info.points
        for weapon in line.weapons:
            if weapon.info is not None:
                by_role[weapon.info.role] += line.count * weapon.points
    total, budget = army.total, army.budget
    setup = setup_figures(army.tier)
    return {
        "total": total,
        "budget": budget,
        "remaining": None if budget is None else budget - total,
        "unit_count": sum(line.count for line in army.lines),
        "formations": [
            {
                "index": f.index,
                "name": f.name,
                "plan": f.plan_slug or None,
                "plan_name": f.plan_name or None,
                "points": f.points,
                "units": f.models,
                "supply_cost": div_half_up(f.points, 100),
                "speed": f.speed,
                "stars": f.stars,
            }
            for f in army.formations
        ],
        "hypha": {
            "points": sum(h.points for h in army.hypha),
            "units": sum(h.count for h in army.hypha),
        },
        "first_deployment_budget": None if budget is None else div_half_up(budget, 200),
        "stars": army.stars,
        "star_budget": None if setup is None else setup["stars"],
        "setup": setup,
        "by_type": by_type,
        "by_role": by_role,
    }


def line_text(line: Line) -> str:
    """ "6x Maker Rifles (chief)"; a Titan names the weapon on each mount."""
    text = f"{line.count}x {line.name}"
    if line.info is None:
        text += " (unknown unit)"
    if line.chief:
        text += " (chief)"
    if line.weapons:
        mounted = ", ".join(
            f"{w.mount.replace('-', ' ')}: {w.info.name if w.info else w.slug}"
            for w in line.weapons
        )
        text += f" [{mounted}]"
    return text
