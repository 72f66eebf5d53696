"""What the players choose or type beside an attack, read and checked before the combat
modules see it: the dice (Muster's or the real ones, with big dice), Sniper picks,
Sacrifices, the Bombard template, rage, the close-combat hit order and typed dice for
Titans' critical hits and moral checks.

Every reader accepts what the API sends (lists, objects) and what a page form sends
(``"5 6 1"`` in a text field, one value per ticked box, ``map_<name>__<id>`` entries) and
raises ``RuleError`` with the field's path on anything else.

Sacrifice is chosen before the dice fall, as a standing wish of the target's owner:
``{sacrifice unit: casualty to save | "any"}``. ``settle_sacrifices`` keeps the wishes
the casualties make possible; the caller rolls once without them, settles, and rolls the
same dice again with the settled pairs (the rules apply Sacrifice after the casualties).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.dice import faces, typed_faces
from companion.games.maker_war import titans
from companion.games.maker_war.table.army import living

ANY = "any"
DICE_CHOICES = ("muster", "physical")


def face(value: Any, path: str) -> int | None:
    """One typed d6 face; None: not typed (Muster rolls)."""
    if typed_faces(value, path) is None:
        return None
    return faces((6,), None, value, path)[0]


def count(value: Any, path: str) -> int:
    """A whole number of at least 0 (empty is 0)."""
    if value in (None, ""):
        return 0
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError({path: "A whole number, 0 or more."})
    return value


def ids(value: Any, path: str) -> list[str]:
    """A list of ids (a single id counts as a list of one; empty entries are dropped)."""
    if value in (None, "", []):
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RuleError({path: "Name the units or formations by their ids."})
    return [v for v in value if v]


def dice(action: Mapping[str, Any], side: str = "") -> dict[str, Any]:
    """``rolls``, ``big_dice`` and ``big_rolls`` for ``combat.dice.roll_pool``.

    ``dice``: ``muster`` (Muster rolls, nothing may be typed) or ``physical`` (the faces
    are typed); without it, typed faces mean real dice. With real dice, each big die's
    face is typed apart (``big_rolls``). ``side``: a close-combat side, added to paths.
    """

    def path(key: str) -> str:
        return f"{key}.{side}" if side else key

    choice = action.get("dice") or ""
    if choice and choice not in DICE_CHOICES:
        raise RuleError({"dice": "Choose 'muster' or 'physical'."})
    rolls = typed_faces(action.get("rolls"), path("rolls"))
    big = count(action.get("big_dice"), path("big_dice"))
    big_rolls = typed_faces(action.get("big_rolls"), path("big_rolls"))
    if choice == "muster" and (rolls or big_rolls):
        raise RuleError({path("rolls"): "Muster rolls: leave the faces empty."})
    if choice == "physical" and rolls is None and big_rolls is None:
        raise RuleError({path("rolls"): "Type the faces of the real dice."})
    if big_rolls and not big:
        raise RuleError({path("big_dice"): "Say how many big dice were rolled."})
    if big and rolls is not None and big_rolls is None:
        raise RuleError({path("big_rolls"): "Type the faces of the big dice too."})
    return {"rolls": rolls, "big_dice": big, "big_rolls": big_rolls}


def per_side_dice(action: Mapping[str, Any], sides: Iterable[str]) -> dict[str, dict[str, Any]]:
    """``dice`` for each side of a close combat from ``rolls``/``big_dice``/``big_rolls``
    objects keyed by side (``{"attackers": "5 6", ...}``)."""
    out = {}
    for key in ("rolls", "big_dice", "big_rolls"):
        value = action.get(key)
        if value not in (None, "", {}) and not isinstance(value, Mapping):
            raise RuleError({key: "Give one entry per side: attackers, defenders."})
    for side in sides:
        one = {
            "dice": action.get("dice"),
            **{k: (action.get(k) or {}).get(side) for k in ("rolls", "big_dice", "big_rolls")},
        }
        out[side] = dice(one, side)
    return out


def flags(value: Any, path: str, allowed: Iterable[str]) -> dict[str, bool]:
    """Ticked ids (a list) or ``{id: true}`` as ``{id: True}``; each must be allowed."""
    if isinstance(value, Mapping):
        value = [k for k, v in value.items() if v in (True, 1, "1", "true", "on", "yes")]
    chosen = ids(value, path)
    known = set(allowed)
    for i, key in enumerate(chosen):
        if key not in known:
            raise RuleError({f"{path}.{i}": f"'{key}' is not in this fight."})
    return dict.fromkeys(chosen, True)


def crit_faces(value: Any, path: str, formation: Mapping[str, Any]) -> list[list[int]] | None:
    """Typed dice for the critical-hit table of the Titan in ``formation``: all faces in
    order, one per critical hit on a moderate Titan, two on a big one."""
    typed = typed_faces(value, path)
    if typed is None:
        return None
    titan = next((u for u in living(formation) if u["type"] == "titan"), None)
    if titan is None:
        raise RuleError({path: "Only a Titan rolls on a critical-hit table."})
    size = titans.table_size(titan)
    if size == "titan-tank":
        raise RuleError({path: "A Titan tank's critical hit needs no roll."})
    per = 1 if size == "moderate" else 2
    if len(typed) % per:
        raise RuleError({path: "Two dice for each critical hit on a big Titan."})
    return [typed[i : i + per] for i in range(0, len(typed), per)]


def unit_owner(formations: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Living unit id -> its formation id."""
    return {u["id"]: f["id"] for f in formations for u in living(f)}


def sacrifice_wishes(value: Any, formations: Iterable[Mapping[str, Any]]) -> list[list[str]]:
    """``[[sacrifice unit, casualty or "any"], ...]`` from ``{giver: saved}`` or pairs;
    each giver a living Sacrifice unit and each named casualty in the giver's formation."""
    if value in (None, "", {}, []):
        return []
    pairs = list(value.items()) if isinstance(value, Mapping) else value
    if not isinstance(pairs, list):
        raise RuleError({"sacrifices": "Give {sacrifice unit: casualty to save}."})
    by_id = {f["id"]: f for f in formations}
    owner = unit_owner(by_id.values())
    units = {u["id"]: u for f in by_id.values() for u in living(f)}
    wishes: list[list[str]] = []
    for i, pair in enumerate(pairs):
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise RuleError({f"sacrifices.{i}": "Give [sacrifice unit, casualty to save]."})
        giver, saved = pair
        if not isinstance(giver, str) or giver not in units:
            raise RuleError({f"sacrifices.{i}.0": "Not a living unit in this attack."})
        if not units[giver]["traits"].get("sacrifice"):
            raise RuleError({f"sacrifices.{i}.0": f"{units[giver]['name']} has no Sacrifice."})
        if saved != ANY and (
            not isinstance(saved, str)
            or owner.get(saved) != owner[giver]
            or saved == giver
            or units[saved]["type"] == "titan"
        ):
            raise RuleError(
                {f"sacrifices.{i}.1": "Save another unit of the same formation (not a Titan)."}
            )
        if giver in (w[0] for w in wishes):
            raise RuleError({f"sacrifices.{i}.0": "A unit is sacrificed only once."})
        wishes.append([giver, saved])
    return wishes


def settle_sacrifices(
    wishes: list[list[str]], destroyed: Iterable[str], formations: Iterable[Mapping[str, Any]]
) -> list[list[str]]:
    """The wishes the casualties allow: the giver survived, its casualty died (``any``: the
    first casualty of its formation nobody saves yet, a chief last), each casualty saved
    once."""
    formations = list(formations)
    dead = list(destroyed)
    chiefs = {u["id"] for f in formations for u in living(f) if u.get("chief")}
    dead.sort(key=lambda u: u in chiefs)
    owner = unit_owner(formations)
    kinds = {u["id"]: u["type"] for f in formations for u in living(f)}
    saved: set[str] = set()
    givers = {w[0] for w in wishes}
    settled = []
    for giver, wish in wishes:
        if giver in dead:
            continue
        if wish == ANY:
            wish = next(
                (
                    u
                    for u in dead
                    if owner.get(u) == owner[giver]
                    and u not in saved
                    and u not in givers
                    and kinds.get(u) != "titan"
                ),
                "",
            )
        if wish and wish in dead and wish not in saved:
            saved.add(wish)
            settled.append([giver, wish])
    return settled


def by_formation(value: Any, path: str, allowed: Iterable[str]) -> dict[str, Any]:
    """An object keyed by formation id (``map_<path>__<id>`` on a form)."""
    if value in (None, "", {}):
        return {}
    if not isinstance(value, Mapping):
        raise RuleError({path: "Give one entry per formation id."})
    known = set(allowed)
    for key in value:
        if key not in known:
            raise RuleError({f"{path}.{key}": "Not a formation in this fight."})
    return dict(value)


def grouped(pairs: list[list[str]], formations: Iterable[Mapping[str, Any]]) -> dict[str, list]:
    """Sacrifice pairs by the formation of their giver."""
    owner = unit_owner(formations)
    out: dict[str, list] = {}
    for pair in pairs:
        out.setdefault(owner[pair[0]], []).append(pair)
    return out


def with_sacrifices(
    run: Callable[[list[list[str]]], dict[str, Any]],
    wishes: list[list[str]],
    destroyed: Callable[[dict[str, Any]], list[str]],
    formations: list[Mapping[str, Any]],
    rng: random.Random,
) -> dict[str, Any]:
    """``run(pairs)`` once with the settled Sacrifice pairs, on the same dice as a first
    run without them (the wishes are settled on that first run's casualties)."""
    if not wishes:
        return run([])
    start = rng.getstate()
    first = run([])
    pairs = settle_sacrifices(wishes, destroyed(first), formations)
    while pairs:
        rng.setstate(start)
        try:
            return run(pairs)
        except RuleError:
            pairs = pairs[:-1]  # a chief removed as the last unit was no casualty of hits
    rng.setstate(start)
    return run([])
