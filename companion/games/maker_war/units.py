"""Muster's starter units for the five playable Maker-War factions.

The book's unit lists lived in an app that is gone, so these profiles are Muster's own,
built from the book's unit types, traits and each faction's special rules. Every price is
computed by ``cost.unit_cost``; none is typed. A Titan is listed as its chassis plus one
``weapon`` entry per named mount of its critical-hit table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.base import EntrySpec, slugify
from companion.games.maker_war import cost

MODERATE_MOUNTS = ("left-weapon", "right-weapon")
BIG_MOUNTS = ("left-arm", "right-arm", "left-mount", "right-mount")
BIG_TITAN_STRUCTURE = 16  # above 15 structure a Titan rolls on the big table


@dataclass(frozen=True)
class Weapon:
    mount: str
    name: str
    fire_range: int
    fire_power: int
    fire_traits: tuple[str, ...] = ()
    fire_arc: str = "front"
    traits: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Unit:
    """One starter profile; ``armor`` is the structure for Titans."""

    name: str
    type: str
    armor: int
    speed: int
    fire_range: int
    fire_power: int
    fire_traits: tuple[str, ...] = ()
    melee: int = 0
    traits: dict[str, int] = field(default_factory=dict)
    text: str = ""
    weapons: tuple[Weapon, ...] = ()

    @property
    def slug(self) -> str:
        return slugify(self.name)

    def profile(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "type": self.type,
            "speed": self.speed,
            "fire_range": self.fire_range,
            "fire_power": self.fire_power,
            "fire_traits": list(self.fire_traits),
            "fire_arc": "all",
            "melee": self.melee,
            "traits": dict(self.traits),
        }
        if self.type == "titan":
            data["structure"] = self.armor
            data["armor"] = 1
        else:
            data["armor"] = self.armor
        return data


INF, TANK, TITAN, FLYER = "infantry", "tank", "titan", "flyer"

STARTER_UNITS: dict[str, tuple[Unit, ...]] = {
    "terran-makers": (
        Unit(
            "Maker Rifles",
            INF,
            1,
            10,
            30,
            1,
            melee=1,
            text="Colonists with printed rifles: the backbone of every Maker company.",
        ),
        Unit(
            "Squad Leader",
            INF,
            1,
            10,
            30,
            1,
            melee=2,
            traits={"hero": 1},
            text="A veteran who leads a rifle company from the front.",
        ),
        Unit(
            "Field Printer Crew",
            INF,
            1,
            10,
            20,
            1,
            melee=1,
            traits={"medic": 1},
            text="Engineers who print new limbs and armour plates during the battle.",
        ),
        Unit(
            "Maker Heavy Weapons",
            INF,
            1,
            10,
            45,
            2,
            traits={"maker-weapon": 1},
            text="A team whose weapon is printed for the enemy it meets.",
        ),
        Unit(
            "Bulwark Tank",
            TANK,
            3,
            20,
            45,
            2,
            ("AT",),
            text="A printed battle tank with a long anti-tank gun.",
        ),
        Unit(
            "Mule Carrier",
            TANK,
            2,
            20,
            30,
            1,
            traits={"transport": 4},
            text="An armoured transport that carries four infantry units.",
        ),
        Unit(
            "Howitzer",
            TANK,
            2,
            10,
            90,
            3,
            ("TR",),
            traits={"artillery": 1},
            text="Long-range artillery firing over cover from far behind the line.",
        ),
        Unit(
            "Colonel",
            INF,
            1,
            10,
            30,
            1,
            melee=2,
            traits={"hero": 1, "strategist": 1},
            text="The army's commander, who plans the first move of the battle.",
        ),
        Unit(
            "Hawk Gunship",
            FLYER,
            2,
            0,
            30,
            3,
            melee=2,
            traits={"bomber": 1, "interceptor": 1},
            text="A fast attack craft that bombs ground targets and hunts other flyers.",
        ),
        Unit(
            "Foundry Titan",
            TITAN,
            14,
            10,
            0,
            0,
            melee=3,
            traits={"shields": 2},
            text="A walking factory, printed in sections on the battlefield itself.",
            weapons=(
                Weapon("left-weapon", "Foundry Rail Cannon", 60, 4, ("AT",)),
                Weapon("right-weapon", "Foundry Flak Battery", 45, 3, traits={"anti-air": 1}),
            ),
        ),
    ),
    "transcendent": (
        Unit(
            "Drone Cloud",
            INF,
            1,
            15,
            30,
            1,
            traits={"expendable": 1},
            text="Swarms of cheap drones the uploaded minds spend without a thought.",
        ),
        Unit(
            "Conduit Adept",
            INF,
            1,
            10,
            30,
            1,
            melee=1,
            traits={"conduit": 1, "hero": 1},
            text="A rare uploaded mind in a body, channelling energy into its weapons.",
        ),
        Unit(
            "Generator Pylon",
            TANK,
            3,
            0,
            0,
            0,
            traits={"generator": 1},
            text="An immobile pylon that beams energy to nearby conduits.",
        ),
        Unit(
            "Phase Tank",
            TANK,
            2,
            20,
            45,
            2,
            ("AT",),
            traits={"hover": 1, "screen": 1},
            text="A hovering tank wrapped in a nanite screen.",
        ),
        Unit(
            "Lance Walker",
            TANK,
            2,
            15,
            60,
            2,
            traits={"conduit": 1, "sniper": 1},
            text="A long-legged marksman that picks out the enemy's leaders.",
        ),
        Unit(
            "Mind Seraph",
            FLYER,
            2,
            0,
            45,
            2,
            melee=3,
            traits={"interceptor": 1, "anti-air": 1},
            text="An artificial mind in a fighter hull, made to clear the sky.",
        ),
        Unit(
            "Ascendant Titan",
            TITAN,
            18,
            10,
            0,
            0,
            melee=2,
            traits={"shields": 4},
            text="The walking shrine of an uploaded mind, ringed with shields.",
            weapons=(
                Weapon("left-arm", "Ascendant Beam Lance", 75, 4, ("AT",)),
                Weapon("right-arm", "Ascendant Disruptor", 45, 4, ("TR",)),
                Weapon("left-mount", "Ascendant Point Defence", 30, 2, (), "left", {"anti-air": 1}),
                Weapon("right-mount", "Ascendant Drone Bay", 30, 2, (), "right"),
            ),
        ),
    ),
    "cyber-demons": (
        Unit(
            "Flesh Thralls",
            INF,
            1,
            10,
            0,
            0,
            melee=2,
            traits={"berserk": 1, "expendable": 1},
            text="Mindless grafted bodies that run at the enemy.",
        ),
        Unit(
            "Grafted Gunners",
            INF,
            1,
            10,
            30,
            1,
            melee=1,
            traits={"regeneration": 1},
            text="Demons with guns grown into their arms.",
        ),
        Unit(
            "Demon Chieftain",
            INF,
            2,
            10,
            20,
            1,
            melee=3,
            traits={"hero": 1, "bloodlust": 1, "berserk": 1},
            text="A hulking leader that drives its brood into the fight.",
        ),
        Unit(
            "Oni",
            TANK,
            3,
            15,
            30,
            2,
            ("AT",),
            melee=3,
            traits={"regeneration": 1, "berserk": 1},
            text="Many demons fused into one tank-sized body on four mechanical legs.",
        ),
        Unit(
            "Brood Mother",
            TANK,
            3,
            10,
            20,
            1,
            melee=2,
            traits={"broodmother": 1, "regeneration": 1},
            text="A bloated demon from which new thralls crawl.",
        ),
        Unit(
            "Spine Drake",
            FLYER,
            2,
            0,
            20,
            2,
            melee=3,
            traits={"interceptor": 1},
            text="A winged horror that tears other flyers from the sky.",
        ),
        Unit(
            "Abomination",
            TITAN,
            12,
            15,
            0,
            0,
            melee=5,
            traits={"regeneration": 1, "berserk": 1},
            text="A moderate Titan of fused flesh and steel.",
            weapons=(
                Weapon("left-weapon", "Bile Cannon", 30, 4, ("TR",)),
                Weapon("right-weapon", "Claw Launcher", 20, 3, ("AT",)),
            ),
        ),
    ),
    "astral": (
        Unit(
            "Star Mages",
            INF,
            1,
            10,
            45,
            2,
            ("TR",),
            melee=1,
            text="Mages who call lightning down on the enemy.",
        ),
        Unit("Astral Wardens", INF, 1, 10, 30, 1, melee=2, text="Honour guards in flowing armour."),
        Unit(
            "High Mage",
            INF,
            1,
            10,
            45,
            2,
            ("TR",),
            melee=2,
            traits={"hero": 1, "warlord": 1},
            text="A master of the lightning whose word moves whole hosts.",
        ),
        Unit(
            "Glide Skiff",
            TANK,
            2,
            20,
            45,
            2,
            traits={"hover": 1},
            text="A graceful floating gun-boat.",
        ),
        Unit(
            "Portal Barque",
            TANK,
            2,
            15,
            30,
            1,
            traits={"hover": 1, "portal": 1},
            text="A floating barque that opens a portal for the hosts waiting beyond.",
        ),
        Unit(
            "Storm Barque",
            TANK,
            3,
            15,
            60,
            3,
            ("AT",),
            traits={"hover": 1},
            text="A heavy floating battleship with a lightning lance.",
        ),
        Unit(
            "Portal Host",
            INF,
            1,
            10,
            30,
            1,
            melee=1,
            traits={"invader": 1},
            text="Warriors that step onto the battlefield through a portal.",
        ),
        Unit(
            "Aether Kite",
            FLYER,
            2,
            0,
            30,
            3,
            melee=2,
            traits={"bomber": 1},
            text="A kite of light that drops its charge from high above.",
        ),
        Unit(
            "Celestial Titan",
            TITAN,
            15,
            15,
            0,
            0,
            melee=2,
            traits={"hover": 1, "shields": 3},
            text="A floating palace that fights with the sky itself.",
            weapons=(
                Weapon("left-weapon", "Lightning Spire", 60, 5, ("TR",)),
                Weapon(
                    "right-weapon",
                    "Starfall Lens",
                    90,
                    2,
                    (),
                    "front",
                    {"bombard": 1, "single-shot": 1},
                ),
            ),
        ),
    ),
    "fungus-pandemia": (
        Unit(
            "Spore Walkers",
            INF,
            1,
            10,
            20,
            1,
            melee=2,
            text="Walking fruiting bodies that burst into spores.",
        ),
        Unit(
            "Rootling Host",
            INF,
            1,
            10,
            20,
            1,
            melee=2,
            traits={"root": 1},
            text="A host that grows up out of the ground behind the enemy.",
        ),
        Unit(
            "Mycelial Node",
            INF,
            2,
            10,
            20,
            1,
            melee=2,
            traits={"sprout": 1, "hero": 1},
            text="A thinking knot of the fungus that sprouts new hypha as it goes.",
        ),
        Unit(
            "Hypha Tendril",
            INF,
            1,
            0,
            10,
            1,
            melee=1,
            traits={"hypha": 1},
            text="A strand of the fungus that lashes at anything close.",
        ),
        Unit(
            "Hypha Bloom",
            TANK,
            2,
            0,
            0,
            0,
            traits={"hypha": 1, "screen": 1},
            text="A wall of spongy growth that soaks up fire.",
        ),
        Unit(
            "Sporecaster",
            TANK,
            2,
            10,
            60,
            3,
            ("TR",),
            traits={"artillery": 1},
            text="A living mortar that lobs spore sacs over cover.",
        ),
        Unit(
            "Crusher Mycelid",
            TANK,
            3,
            15,
            20,
            2,
            ("AT",),
            melee=3,
            text="A tank-sized fungal beast that crushes armour.",
        ),
        Unit(
            "Spore Cloud",
            FLYER,
            1,
            0,
            20,
            2,
            melee=1,
            traits={"bomber": 1},
            text="A drifting cloud of spores carried high on the wind.",
        ),
        Unit(
            "Fungal Colossus",
            TITAN,
            20,
            10,
            0,
            0,
            melee=6,
            traits={"root": 1},
            text="A mountain of fungus that bursts from the ground, a big Titan.",
            weapons=(
                Weapon("left-arm", "Spore Mortar", 75, 4, ("TR",), "front", {"artillery": 1}),
                Weapon("right-arm", "Thorn Lash", 30, 4, ("AT",)),
                Weapon("left-mount", "Left Spit Gland", 45, 3, ("DY",), "left"),
                Weapon("right-mount", "Right Spit Gland", 45, 3, ("DY",), "right"),
            ),
        ),
    ),
}


def weapon_profile(titan: Unit, weapon: Weapon) -> dict[str, Any]:
    """A Titan weapon is priced with armor 1 and the speed of the Titan that carries it."""
    return {
        "type": "weapon",
        "armor": 1,
        "speed": titan.speed,
        "fire_range": weapon.fire_range,
        "fire_power": weapon.fire_power,
        "fire_traits": list(weapon.fire_traits),
        "fire_arc": weapon.fire_arc,
        "melee": 0,
        "traits": dict(weapon.traits),
        "titan": titan.slug,
        "mount": weapon.mount,
    }


def _trait_refs(traits: dict[str, int], fire_traits: tuple[str, ...]) -> list[tuple[str, str]]:
    named = {"AT": "anti-tank", "TR": "terror", "DY": "dicey"}
    slugs = [named[t] for t in fire_traits] + list(traits)
    return [("trait", slug) for slug in dict.fromkeys(slugs)]


def _price(data: dict[str, Any]) -> int:
    return cost.unit_cost(cost.UnitProfile.from_data(data)).points


def entries() -> list[EntrySpec]:
    """Every starter unit and Titan weapon, each priced by the formula."""
    specs: list[EntrySpec] = []
    order = 0
    for faction, units in STARTER_UNITS.items():
        for unit in units:
            order += 1
            data = unit.profile()
            refs = _trait_refs(unit.traits, unit.fire_traits)
            if unit.weapons:
                data["mounts"] = [
                    {"mount": w.mount, "weapon": slugify(w.name)} for w in unit.weapons
                ]
                refs += [("unit", slugify(w.name)) for w in unit.weapons]
            specs.append(
                EntrySpec(
                    kind="unit",
                    slug=unit.slug,
                    name=unit.name,
                    faction=faction,
                    category=unit.type,
                    text=unit.text,
                    data=data,
                    points=_price(data),
                    rule=f"starter-{faction}",
                    refs=tuple(refs),
                    is_starter=True,
                    order=order,
                )
            )
            for weapon in unit.weapons:
                order += 1
                wdata = weapon_profile(unit, weapon)
                specs.append(
                    EntrySpec(
                        kind="unit",
                        slug=slugify(weapon.name),
                        name=weapon.name,
                        faction=faction,
                        category="weapon",
                        data=wdata,
                        points=_price(wdata),
                        text=f"Weapon of the {unit.name}, on its {weapon.mount.replace('-', ' ')}.",
                        rule=f"starter-{faction}",
                        refs=(("unit", unit.slug), *_trait_refs(weapon.traits, weapon.fire_traits)),
                        is_starter=True,
                        order=order,
                    )
                )
    return specs
