"""Dice at any table: rolled by the server (from the action's seeded random source, so
a replay rolls the same) or typed in from physical dice. Pure, no Django."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from companion.games.base import RuleError

_SPEC = re.compile(r"^\s*(\d{1,2})\s*[dD]\s*(\d{1,3})\s*$")
MAX_DICE = 20
MAX_SIDES = 100


def parse(spec: Any) -> tuple[int, int]:
    """ "2d6" -> (2, 6); a clear error for anything else."""
    match = _SPEC.match(str(spec or ""))
    if not match:
        raise RuleError({"dice": "Write dice as NdS, e.g. 2d6."})
    count, sides = int(match.group(1)), int(match.group(2))
    if not 1 <= count <= MAX_DICE or not 2 <= sides <= MAX_SIDES:
        raise RuleError({"dice": f"1 to {MAX_DICE} dice of 2 to {MAX_SIDES} sides."})
    return count, sides


def roll(action: Mapping[str, Any], rng: random.Random, who: str) -> dict[str, Any]:
    """The event of one roll: virtual unless the player typed the physical results."""
    count, sides = parse(action.get("dice"))
    typed = action.get("results")
    if typed in (None, "", []):
        results, physical = [rng.randint(1, sides) for _ in range(count)], False
    else:
        if isinstance(typed, str):
            typed = typed.replace(",", " ").split()
        try:
            results = [int(v) for v in typed]
        except (TypeError, ValueError):
            raise RuleError({"results": "Type the faces as whole numbers."}) from None
        if len(results) != count or any(not 1 <= r <= sides for r in results):
            raise RuleError({"results": f"{count} face(s) from 1 to {sides}."})
        physical = True
    label = f"{count}d{sides}"
    how = "rolled at the table" if physical else "rolled by Muster"
    return {
        "type": "dice",
        "dice": label,
        "results": results,
        "total": sum(results),
        "physical": physical,
        "barrier": True,
        "text": f"{who}: {label} {how}: {', '.join(map(str, results))} (total {sum(results)})",
    }
