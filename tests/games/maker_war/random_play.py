"""How random play fills Maker-War's action templates: where terrain goes, which Maker
Weapon a formation carries, how far a shot is, whom a charge meets and what a card's
alternate use aims at are the player's own choice, so the templates leave them open."""

from __future__ import annotations

import random
from typing import Any

from companion.games.maker_war.view import card_inputs


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
    elif kind == "play-card" and seat is not None:
        action["use"] = rnd.choice(["points", "effect"])
        if action["use"] == "effect":  # what the page asks beside the card, picked at random
            for asked in card_inputs(state, seat, action["card"]):
                options = asked["options"]
                action[asked["name"]] = rnd.choice(options)["value"] if options else 0
    return action
