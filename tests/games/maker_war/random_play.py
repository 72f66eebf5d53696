"""How random play fills Maker-War's action templates: where terrain goes, which Maker
Weapon a formation carries, how far a shot is and whom a charge meets are the player's
own choice, so the templates leave them open."""

from __future__ import annotations

import random
from typing import Any


def complete(
    state: dict[str, Any], seat: int | None, template: dict[str, Any], rnd: random.Random
) -> dict[str, Any]:
    action = dict(template)
    kind = action["type"]
    if kind == "terrain":
        action.update(
            kind=rnd.choice(["forest", "hill"]), x=rnd.randint(-40, 40), y=rnd.randint(-30, 30)
        )
    elif kind == "deploy":
        action["maker_weapon"] = rnd.choice(["terror", "anti-tank", "sniper", "anti-air"])
    elif kind == "shoot":
        action["distance"] = rnd.choice([10, 30, 60])
    elif kind == "close-combat" and seat is not None:
        enemies = [
            f["id"]
            for f in state["formations"]
            if f["where"] == "table"
            and state["sides"][f["seat"]] != state["sides"][seat]
            and not f["flyer"]
        ]
        action["defenders"] = enemies[:1]
    elif kind == "play-card":
        action["use"] = rnd.choice(["points", "effect"])
    return action
