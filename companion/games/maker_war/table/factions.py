"""Faction rules at the table: Maker Weapons, Transcendent energy, Astral portals and Hit
and Run, Fungus roots and hypha, planetfall and invaders with their carriers.

- Maker Weapon: when the unit first enters, its formation picks Terror, Anti-Air,
  Anti-Tank or Sniper in place of the trait; 1 supply point at an activation changes it.
- Generator: each activation of a formation gives 1d6 energy per living generator in it
  (energy is the seat's pool); a conduit spends energy one for one on +1 firepower, +1
  melee die or +1 screen for its formation's next salvo, close combat or defence.
- Invaders enter only through a carrier formation whose carrier capacity holds their
  units (placed with it, or a planetfall carrier dropping in) or an Astral portal.
- Root: placed within 5 cm of another Fungus unit on the table.
- Hypha belong to no formation and never take impact tokens; a sprout grows one when its
  formation activates.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.table.army import count_trait, living, trait_total

MAKER_WEAPON_CHOICES = ("terror", "anti-air", "anti-tank", "sniper")
CONDUIT_USES = ("firepower", "melee", "screen")
ENTRY_WAYS = ("edge", "landing-zone", "carrier", "portal", "planetfall", "root")


def needs_maker_weapon(formation: Mapping[str, Any]) -> bool:
    return count_trait(formation, "maker-weapon") > 0


def choose_maker_weapon(formation: dict[str, Any], choice: Any) -> str:
    if choice not in MAKER_WEAPON_CHOICES:
        raise RuleError(
            {"maker_weapon": f"Choose the Maker Weapon: {', '.join(MAKER_WEAPON_CHOICES)}."}
        )
    formation["maker_weapon"] = choice
    return choice


def generator_energy(formation: Mapping[str, Any], rng: random.Random) -> list[int]:
    """One d6 per living generator in the formation."""
    return [rng.randint(1, 6) for _ in range(count_trait(formation, "generator"))]


def spend_energy(
    state: dict[str, Any], seat: int, formation: dict[str, Any], amount: Any, use: Any
) -> None:
    if count_trait(formation, "conduit") == 0:
        raise RuleError({"formation": "Only a formation with a conduit channels energy."})
    if use not in CONDUIT_USES:
        raise RuleError({"use": f"Spend energy on {', '.join(CONDUIT_USES)}."})
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise RuleError({"amount": "Spend a whole number of energy tokens, 1 or more."})
    if amount > state["energy"][seat]:
        raise RuleError({"amount": f"You have {state['energy'][seat]} energy token(s)."})
    state["energy"][seat] -= amount
    bonus = formation.setdefault("energy_bonus", {})
    bonus[use] = bonus.get(use, 0) + amount


def check_entry(
    state: Mapping[str, Any], formation: Mapping[str, Any], way: str, via: Any
) -> dict[str, Any] | None:
    """Refuse an entry the rules do not allow; the carrier or portal formation used."""
    if way not in ENTRY_WAYS:
        raise RuleError({"way": f"Enter by one of: {', '.join(ENTRY_WAYS)}."})
    seat = formation["seat"]
    by_id = {f["id"]: f for f in state["formations"]}
    if formation["planetfall"] and way not in ("planetfall",):
        raise RuleError({"way": "A planetfall formation drops in anywhere ('planetfall')."})
    if way == "planetfall" and not formation["planetfall"]:
        raise RuleError({"way": "Only a formation with Planetfall drops in."})
    if formation["invader"] and way not in ("carrier", "portal", "edge", "landing-zone"):
        raise RuleError({"way": "An invader enters by a carrier or a portal."})
    if formation["invader"] and way in ("edge", "landing-zone") and not state["started"]:
        raise RuleError({"way": "Invaders are kept aside at the first deployment."})
    if way == "landing-zone" and not any(
        p["kind"] == "landing-zone" and p["controller"] == seat for p in state["pois"]
    ):
        raise RuleError({"way": "You control no landing zone."})
    if way == "root":
        if not formation["root"]:
            raise RuleError({"way": "Only a formation with a Root unit grows in."})
        if not any(
            f["seat"] == seat and f["where"] == "table" and f["id"] != formation["id"]
            for f in state["formations"]
        ) and not any(h["where"] == "table" for h in state["hypha"][seat]):
            raise RuleError({"way": "A root needs another Fungus unit on the table to grow by."})
        return None
    if way in ("carrier", "portal"):
        if not formation["invader"]:
            raise RuleError({"way": "Only invader formations enter by a carrier or a portal."})
        host = by_id.get(via)
        if host is None or host["seat"] != seat:
            raise RuleError({"via": "Name your formation that carries it or opens the portal."})
        if way == "portal":
            if host["where"] != "table" or count_trait(host, "portal") == 0:
                raise RuleError({"via": "That formation has no portal on the table."})
        else:
            capacity = trait_total(host, "carrier")
            if capacity < len(living(formation)):
                raise RuleError(
                    {
                        "via": f"{host['name']} carries {capacity} unit(s); the invaders are "
                        f"{len(living(formation))}."
                    }
                )
            if host["id"] not in (state["turn"] or {}).get("deployed", []):
                raise RuleError(
                    {"via": "Invaders are carried in by a carrier as it enters the table."}
                )
        return host
    return None
