"""Dice at any table: rolled by the server (from the action's seeded random source, so
a replay rolls the same) or typed in from physical dice. Pure, no Django."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
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


def typed_faces(value: Any, path: str) -> list[int] | None:
    """Faces typed from physical dice, as JSON or a form sends them ("5 6 1", "5,6",
    ["5", 6], 4); None when nothing was typed (Muster rolls)."""
    if value in (None, "", []):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list | tuple):
        raise RuleError({path: "Type the faces as whole numbers."})
    try:
        return [_whole(v) for v in value]
    except (TypeError, ValueError):
        raise RuleError({path: "Type the faces as whole numbers."}) from None


def _whole(value: Any) -> int:
    if isinstance(value, bool | float):
        raise ValueError(value)
    return int(value)


def faces(
    sides: Sequence[int],
    rng: random.Random | None,
    typed: Any = None,
    path: str = "results",
    name: str = "",
) -> list[int]:
    """One face per die of ``sides`` (a d6 and a d8: ``(6, 8)``): the faces typed in from
    physical dice, checked, or else rolled with ``rng``. The one way every game rolls.

    ``name`` says how the dice are called in a refusal ("D16 is rolled as d8 + d8")."""
    entered = typed_faces(typed, path)
    if entered is None:
        if rng is None:
            raise RuleError({path: "Roll with Muster or type the faces of the real dice."})
        return [rng.randint(1, s) for s in sides]
    shown = name or " + ".join(f"d{s}" for s in sides)
    if len(entered) != len(sides):
        raise RuleError({path: f"Type {len(sides)} face(s), one per die ({shown})."})
    for index, (face, most) in enumerate(zip(entered, sides, strict=True)):
        if not 1 <= face <= most:
            where = path if len(sides) == 1 else f"{path}.{index}"
            raise RuleError({where: f"A d{most} shows 1 to {most}."})
    return entered


def roll(action: Mapping[str, Any], rng: random.Random, who: str) -> dict[str, Any]:
    """The event of one roll at the table: virtual unless the player typed the faces."""
    count, sides = parse(action.get("dice"))
    typed = action.get("results")
    physical = typed_faces(typed, "results") is not None
    results = faces((sides,) * count, rng, typed, "results")
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
