"""Maker-War dice for shooting and close combat: who hits on what, big dice, typed rolls.

Every roll is either made with the ``rng`` passed in or typed in from physical dice; a
typed roll is checked (count and faces) and refused with a field path when wrong, by the
one dice mechanism of every table (``companion.games.dice.faces``).

    >>> import random
    >>> edge = hit_edge(["Continuous Fire order"], [])
    >>> edge["hit_on"]
    4
    >>> roll_pool(3, edge, rolls=[4, 2, 6])["hits"]
    2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.dice import faces as dice_faces
from companion.games.dice import typed_faces

BIG_DIE = 5  # a big die stands for five normal dice (big dice rule)
MIN_NORMAL_WITH_BIG = 5  # at least five normal dice stay when big dice are used
MAX_POOL = 10_000


def whole(value: Any, path: str, *, minimum: int = 0) -> int:
    """``value`` as an int of at least ``minimum``, or a ``RuleError`` at ``path``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError({path: "Expected a whole number."})
    if value < minimum:
        raise RuleError({path: f"Must be at least {minimum}."})
    return value


def roll_d6s(
    count: int,
    *,
    rng: random.Random | None,
    typed: Any,
    path: str,
) -> list[int]:
    """``count`` faces of a d6, typed (checked) or rolled with ``rng``: ``dice.faces``.
    No die needs no faces, typed or rolled (a scattered formation fires none)."""
    if count == 0 and typed_faces(typed, path) is None:
        return []
    return dice_faces((6,) * count, rng, typed, path, name=f"{count}d6")


def hit_edge(advantages: Sequence[str], disadvantages: Sequence[str]) -> dict[str, Any]:
    """The face a die needs: 4 with advantage, 6 with disadvantage, else 5.

    Several sources of one kind count once; advantage and disadvantage together cancel,
    however many of each there are.
    """
    adv, dis = list(dict.fromkeys(advantages)), list(dict.fromkeys(disadvantages))
    if adv and dis:
        hit_on, text = (
            5,
            (
                f"Advantage ({', '.join(adv)}) and disadvantage ({', '.join(dis)}) cancel: "
                "hits on 5 or 6."
            ),
        )
    elif adv:
        hit_on, text = 4, f"Advantage ({', '.join(adv)}): hits on 4, 5 or 6."
    elif dis:
        hit_on, text = 6, f"Disadvantage ({', '.join(dis)}): hits on 6 only."
    else:
        hit_on, text = 5, "No advantage or disadvantage: hits on 5 or 6."
    return {"advantages": adv, "disadvantages": dis, "hit_on": hit_on, "text": text}


def roll_pool(
    dice: int,
    edge: dict[str, Any],
    *,
    rng: random.Random | None = None,
    rolls: Sequence[Any] | None = None,
    big_dice: int = 0,
    big_rolls: Sequence[Any] | None = None,
    path: str = "rolls",
) -> dict[str, Any]:
    """Roll ``dice`` d6 at once, ``big_dice`` of them as big dice worth five each.

    Counts (each weighted by 5 for a big die): ``hits`` (face >= hit_on), ``sixes``,
    ``threes``, ``ones``. ``dice_rolled`` lists every die as
    ``{"face": 5, "big": False, "hit": True, "note": "hit"}``; callers add to the notes.
    """
    whole(dice, "dice")
    if dice > MAX_POOL:
        raise RuleError({"dice": f"At most {MAX_POOL} dice in one roll."})
    whole(big_dice, "big_dice")
    normal = dice - BIG_DIE * big_dice
    if big_dice and normal < MIN_NORMAL_WITH_BIG:
        most = max(0, (dice - MIN_NORMAL_WITH_BIG) // BIG_DIE)
        raise RuleError(
            {"big_dice": f"At least 5 normal dice must stay: at most {most} big dice here."}
        )
    if big_rolls is not None and not big_dice and len(big_rolls):
        raise RuleError({"big_rolls": "No big dice were asked for."})
    faces = roll_d6s(normal, rng=rng, typed=rolls, path=path)
    big_faces = roll_d6s(big_dice, rng=rng, typed=big_rolls, path="big_rolls") if big_dice else []
    hit_on = edge["hit_on"]
    counts = {"hits": 0, "sixes": 0, "threes": 0, "ones": 0}
    listed: list[dict[str, Any]] = []
    for weight, group in ((1, faces), (BIG_DIE, big_faces)):
        for face in group:
            hit = face >= hit_on
            counts["hits"] += weight * hit
            counts["sixes"] += weight * (face == 6)
            counts["threes"] += weight * (face == 3)
            counts["ones"] += weight * (face == 1)
            note = "hit" if hit else "miss"
            listed.append({"face": face, "big": weight > 1, "hit": hit, "note": note})
    shown = ", ".join(str(f) for f in faces) or "none"
    text = f"{normal} normal dice: {shown}"
    if big_faces:
        text += f"; {big_dice} big dice (x5): {', '.join(str(f) for f in big_faces)}"
    return {
        "faces": faces,
        "big_faces": big_faces,
        "dice_rolled": listed,
        "physical": rolls is not None,
        **counts,
        "text": text + f" -> {counts['hits']} hit(s) on {hit_on}+.",
    }
