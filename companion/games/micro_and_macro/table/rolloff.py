"""Roll-offs on the die ladder (RULINGS): one die, or two for D16 and D24, and crits.

A ladder step is rolled as its physical dice; a die on its top face is a crit and adds 7,
but a two-dice step crits only when both dice show their top face. The attacker wins on a
strictly greater value. Faces come from ``dice.faces``: the ``rng`` of the action, or as
the players typed them from their own dice (checked against the dice, so a typo is refused).
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.base import RuleError
from companion.games.dice import faces
from companion.games.micro_and_macro.mechanics import CRIT_BONUS, DIE_LADDER, dice_rolled


def sides(die: str) -> int:
    return int(die[1:])


def roll(die: str, rng: random.Random, typed: Any = None, path: str = "faces") -> dict[str, Any]:
    """One ladder step rolled: its faces, whether it crit, and its roll-off value."""
    if die not in DIE_LADDER:
        raise RuleError({path: f"{die!r} is not on the die ladder."})
    dice = dice_rolled(die)
    name = die if len(dice) == 1 else f"{die} is rolled as {' + '.join(dice)}"
    shown = faces([sides(d) for d in dice], rng, typed, path, name)
    crit = all(f == sides(d) for f, d in zip(shown, dice, strict=True))
    value = sum(shown) + (CRIT_BONUS if crit else 0)
    return {"die": die, "dice": list(dice), "faces": shown, "crit": crit, "value": value}


def describe(rolled: dict[str, Any]) -> str:
    """ "D16 (12+4, crit +7) = 23" """
    shown = "+".join(str(f) for f in rolled["faces"])
    crit = f", crit +{CRIT_BONUS}" if rolled["crit"] else ""
    return f"{rolled['die']} ({shown}{crit}) = {rolled['value']}"


def roll_off(
    attack_die: str,
    defense_die: str,
    rng: random.Random,
    typed: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Attacker against defender: both rolls and whether the attacker won."""
    typed = typed or {}
    attack = roll(attack_die, rng, typed.get("attacker"), "faces.attacker")
    defense = roll(defense_die, rng, typed.get("defender"), "faces.defender")
    return {"attack": attack, "defense": defense, "hit": attack["value"] > defense["value"]}
