"""Rolled factions: six d6 become six units, with the optional rerolls and shifts.

The text offers rolling a faction as a variant, with rerolls and shifting a die up or down
by 1 as sub-variants. RULINGS.md: a face gives its base type (option: the alternative for 2,
4 and 6) and a shift stays within 1-6, no wrap. Dice are rolled or typed in from real dice
the one way every game does it (``companion.games.dice.faces``); every helper is pure and
takes the ``random.Random`` to use, so the server can pass a secure one and tests a seeded
one.

A *record* is the list body's ``rolled`` object: ``{"dice": [...], "rerolls": n,
"shifts": n}``. ``reroll`` and ``shift`` return the new dice and a new record, never
changing what they were given. Rerolls and shifts are sub-variants the players have to
agree on, so both limits default to 0.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import RuleError
from companion.games.dice import faces
from companion.games.smalltricks import book

DICE = 6
SIDES = 6
FACES = range(1, SIDES + 1)
DEFAULT_MAX_REROLLS = 0
DEFAULT_MAX_SHIFTS = 0


def _by_face(category: str) -> dict[int, str]:
    """Face -> unit-type slug of one category, read from the book's own table."""
    return {row[3]: row[0] for row in book.UNIT_TYPES if row[2] == category}


BASE_BY_FACE: dict[int, str] = _by_face("base")
ALTERNATIVE_BY_FACE: dict[int, str] = _by_face("alternative")
FACE_OF: dict[str, int] = {
    slug: face for table in (BASE_BY_FACE, ALTERNATIVE_BY_FACE) for face, slug in table.items()
}


def is_face(value: Any) -> bool:
    """A whole number 1-6 (``True`` is not a die face)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in FACES


def check_dice(dice: Any) -> list[int]:
    """Six faces 1-6 as a fresh list; ``RuleError`` on ``dice`` otherwise."""
    if not isinstance(dice, Sequence) or isinstance(dice, str) or len(dice) != DICE:
        raise RuleError({"dice": f"A rolled faction is {DICE} dice."})
    bad = [i for i, face in enumerate(dice) if not is_face(face)]
    if bad:
        raise RuleError({f"dice.{bad[0]}": "A die shows a whole number from 1 to 6."})
    return list(dice)


def _count(record: Mapping[str, Any] | None, field: str) -> int:
    """How many rerolls or shifts ``record`` says were used already."""
    if record is None:
        return 0
    if not isinstance(record, Mapping):
        raise RuleError({"record": "Expected the rolled record as an object."})
    value = record.get(field, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError({field: "Expected a whole number, 0 or more."})
    return value


def _index(dice: list[int], index: Any) -> int:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(dice):
        raise RuleError({"index": f"Pick a die from 0 to {len(dice) - 1}."})
    return index


def _limit(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError({field: "Expected a whole number, 0 or more."})
    return value


def _record(
    dice: list[int], record: Mapping[str, Any] | None, rerolls: int, shifts: int
) -> dict[str, Any]:
    """A new record: the old one's other keys kept, dice and counts replaced."""
    return {**(dict(record) if record else {}), "dice": dice, "rerolls": rerolls, "shifts": shifts}


def roll_faction(rng: random.Random | None, typed: Any = None) -> list[int]:
    """Six d6, the whole faction: the faces ``typed`` from real dice, checked, or else
    rolled with ``rng`` (the same seed gives the same dice)."""
    return faces((SIDES,) * DICE, rng, typed, "results")


def new_record(rng: random.Random | None, typed: Any = None) -> dict[str, Any]:
    """A fresh roll as the ``rolled`` object of a list body, no rerolls or shifts used."""
    return {"dice": roll_faction(rng, typed), "rerolls": 0, "shifts": 0}


def reroll(
    dice: Sequence[int],
    index: int,
    rng: random.Random | None,
    record: Mapping[str, Any] | None = None,
    *,
    max_rerolls: int = DEFAULT_MAX_REROLLS,
    typed: Any = None,
) -> tuple[list[int], dict[str, Any]]:
    """Roll die ``index`` again (or read its new face, ``typed`` from the real die), if
    the agreed number of rerolls is not used up."""
    current = check_dice(dice)
    position = _index(current, index)
    limit = _limit(max_rerolls, "max_rerolls")
    used, shifts = _count(record, "rerolls"), _count(record, "shifts")
    if used >= limit:
        raise RuleError(
            {"rerolls": f"All {limit} agreed reroll(s) are used; this would be {used + 1}."}
        )
    current[position] = faces((SIDES,), rng, typed, "results")[0]
    return current, _record(current, record, used + 1, shifts)


def shift(
    dice: Sequence[int],
    index: int,
    delta: int,
    record: Mapping[str, Any] | None = None,
    *,
    max_shifts: int = DEFAULT_MAX_SHIFTS,
) -> tuple[list[int], dict[str, Any]]:
    """Move die ``index`` one face up (+1) or down (-1), never past 1 or 6."""
    current = check_dice(dice)
    position = _index(current, index)
    if not isinstance(delta, int) or isinstance(delta, bool) or delta not in (1, -1):
        raise RuleError({"delta": "A shift moves a die by +1 or -1."})
    limit = _limit(max_shifts, "max_shifts")
    rerolls, used = _count(record, "rerolls"), _count(record, "shifts")
    if used >= limit:
        raise RuleError(
            {"shifts": f"All {limit} agreed shift(s) are used; this would be {used + 1}."}
        )
    face = current[position] + delta
    if face not in FACES:
        raise RuleError(
            {
                f"dice.{position}": f"A {current[position]} cannot shift by {delta:+d}: "
                "dice stay within 1-6."
            }
        )
    current[position] = face
    return current, _record(current, record, rerolls, used + 1)


def units_for(
    dice: Sequence[int],
    alternatives: bool = False,
    choices: Mapping[int, str] | None = None,
) -> list[str]:
    """The unit-type slugs the dice give, in dice order.

    Without ``alternatives`` each face gives its base type. With it, 2, 4 and 6 give their
    alternative (Muskets, Aerial, Militia), and ``choices`` (die index -> slug) lets a
    player keep the base type, or pick either, die by die where the table allows that.
    """
    shown = check_dice(dice)
    picked = dict(choices or {})
    errors: dict[str, str] = {}
    units: list[str] = []
    for index, face in enumerate(shown):
        base = BASE_BY_FACE[face]
        default = ALTERNATIVE_BY_FACE.get(face, base) if alternatives else base
        allowed = {base, ALTERNATIVE_BY_FACE.get(face, base)} if alternatives else {base}
        choice = picked.pop(index, default)
        if not isinstance(choice, str) or choice not in allowed:
            errors[f"choices.{index}"] = (
                f"A {face} gives {' or '.join(sorted(allowed))}, not {choice!r}."
            )
        units.append(choice)
    if picked:
        errors["choices"] = f"No die at {sorted(picked, key=str)}; dice are 0 to {DICE - 1}."
    if errors:
        raise RuleError(errors)
    return units


def matches(dice: Sequence[int], units: Sequence[str], alternatives: bool = False) -> bool:
    """Whether ``units`` (any order) are what ``dice`` give; with ``alternatives`` a 2, 4
    or 6 may be its base type or its alternative, since either reading of the option is
    played."""
    shown = check_dice(dice)
    if any(not isinstance(slug, str) or slug not in FACE_OF for slug in units):
        return False
    if not alternatives and any(slug in ALTERNATIVE_BY_FACE.values() for slug in units):
        return False
    return Counter(FACE_OF[slug] for slug in units) == Counter(shown)
