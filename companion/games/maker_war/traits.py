"""The canonical trait slugs of Maker-War, shared by the cost formula and the catalogue.

One row per trait named in the book: (slug, name, takes a value X, category).
Regeneration and Broodmother appear only in the book's cost code; they are kept so
homebrew units can use them, filed under the faction traits.
"""

from __future__ import annotations

from typing import NamedTuple


class TraitName(NamedTuple):
    slug: str
    name: str
    valued: bool
    category: str


TRAIT_NAMES: tuple[TraitName, ...] = (
    # Firepower traits: also written on the fire power as AT, TR, DY.
    TraitName("anti-tank", "Anti-Tank", False, "firepower"),
    TraitName("terror", "Terror", False, "firepower"),
    TraitName("sustained-fire", "Sustained Fire", False, "firepower"),
    TraitName("dicey", "Dicey", False, "firepower"),
    # Unit traits.
    TraitName("artillery", "Artillery", False, "unit"),
    TraitName("assault", "Assault", False, "unit"),
    TraitName("hover", "Hover", False, "unit"),
    TraitName("transport", "Transport", True, "unit"),
    TraitName("carrier", "Carrier", True, "unit"),
    TraitName("expendable", "Expendable", False, "unit"),
    TraitName("sacrifice", "Sacrifice", False, "unit"),
    TraitName("hero", "Hero", False, "unit"),
    TraitName("sniper", "Sniper", False, "unit"),
    TraitName("scout", "Scout", False, "unit"),
    TraitName("berserk", "Berserk", False, "unit"),
    # Chief and formation traits.
    TraitName("strategist", "Strategist", False, "chief-and-formation"),
    TraitName("screen", "Screen", True, "chief-and-formation"),
    TraitName("warlord", "Warlord", False, "chief-and-formation"),
    TraitName("medic", "Medic", False, "chief-and-formation"),
    TraitName("planetfall", "Planetfall", False, "chief-and-formation"),
    TraitName("invader", "Invader", False, "chief-and-formation"),
    TraitName("bloodlust", "Bloodlust", False, "chief-and-formation"),
    TraitName("rookie", "Rookie", False, "chief-and-formation"),
    # Flyer traits.
    TraitName("interceptor", "Interceptor", False, "flyer"),
    TraitName("bomber", "Bomber", False, "flyer"),
    TraitName("anti-air", "Anti-Air", False, "flyer"),
    # Titan and weapon-system traits.
    TraitName("huge", "Huge", False, "titan"),
    TraitName("shields", "Shields", True, "titan"),
    TraitName("single-shot", "Single Shot", False, "titan"),
    TraitName("annihilation", "Annihilation", False, "titan"),
    TraitName("bombard", "Bombard", False, "titan"),
    # Faction special rules that units carry as traits.
    TraitName("maker-weapon", "Maker Weapon", False, "faction"),
    TraitName("generator", "Generator", False, "faction"),
    TraitName("conduit", "Conduit", False, "faction"),
    TraitName("portal", "Portal", False, "faction"),
    TraitName("root", "Root", False, "faction"),
    TraitName("hypha", "Hypha", False, "faction"),
    TraitName("sprout", "Sprout", False, "faction"),
    TraitName("regeneration", "Regeneration", False, "faction"),
    TraitName("broodmother", "Broodmother", False, "faction"),
)

TRAITS_BY_SLUG: dict[str, TraitName] = {t.slug: t for t in TRAIT_NAMES}
