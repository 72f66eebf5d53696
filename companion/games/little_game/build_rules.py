"""Armies for "A little game I made": named units with a base, a quality and special kinds.

A body looks like ``EXAMPLE``. Each unit is written inline (the post has no unit list to
pick from): ``name``, ``base`` (a base-size slug: square or rectangular), optionally
``base_size`` ("30x60", mm, like the homebrew unit kind), ``quality`` 0-5 and ``kinds``
(any of the catalogue's unit kinds; none makes a plain unit).

``options.split`` is how the ten cards are shared out: ``"evens-odds"`` (the default) or,
under the agreed-split option, two hands as lists of card numbers. The post says only
"distribute all ten cards", and RULINGS.md allows any agreed split, so hands need not be
equal: an uneven split is a warning. An empty hand is an error, as a player with no cards
has lost.

Codes: ``malformed``, ``no-units``, ``no-name``, ``duplicate-name`` (warning),
``unknown-base``, ``bad-base-size``, ``base-shape-mismatch``, ``bad-quality``,
``unknown-kind``, ``duplicate-kind`` (warning), ``ranged-and-long-ranged``, ``bad-split``,
``empty-hand``, ``uneven-split`` (warning), ``ignored-option`` (warning).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from companion.games.building import BuildReport, Catalogue

CARDS = tuple(range(1, 11))
QUALITY_RANGE = range(0, 6)
DEFAULT_SPLIT = "evens-odds"
EVENS_ODDS = ([2, 4, 6, 8, 10], [1, 3, 5, 7, 9])
OPTION_KEYS = ("split",)
_BASE_SIZE = re.compile(r"\s*([0-9]{1,4})\s*[xX×]\s*([0-9]{1,4})\s*(?:mm)?\s*")

EXAMPLE: dict[str, Any] = {
    "units": [
        {"name": "Lancers", "base": "rectangular", "quality": 3, "kinds": ["cavalry"]},
        {"name": "Bowmen", "base": "rectangular", "quality": 1, "kinds": ["ranged"]},
        {"name": "Legionaries", "base": "rectangular", "base_size": "30x60", "quality": 2},
        {
            "name": "Horse Archers",
            "base": "rectangular",
            "quality": 2,
            "kinds": ["cavalry", "ranged"],
        },
    ],
    "options": {"split": DEFAULT_SPLIT},
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name(unit: Any, index: int) -> str:
    """How messages call a unit: its name, else its place in the list."""
    name = unit.get("name") if isinstance(unit, Mapping) else None
    return name.strip() if isinstance(name, str) and name.strip() else f"Unit {index + 1}"


def _base(
    unit: Mapping[str, Any], path: str, label: str, catalogue: Catalogue, report: BuildReport
) -> None:
    """A square or rectangular base, and a size that fits the shape when given."""
    base = unit.get("base")
    bases = sorted(item.slug for item in catalogue.of_kind("base-size"))
    item = catalogue.get("base-size", base) if isinstance(base, str) else None
    if item is None:
        shown = "no base" if base in (None, "") else f"base {base!r}"
        report.error(
            "unknown-base",
            f"{label} has {shown}; pick one of: {', '.join(bases) or 'none listed'}.",
            f"{path}.base",
        )
    size = unit.get("base_size")
    if size in (None, ""):
        return
    match = _BASE_SIZE.fullmatch(size) if isinstance(size, str) else None
    if match is None or 0 in (int(match.group(1)), int(match.group(2))):
        report.error(
            "bad-base-size",
            f"{label}'s base size {size!r} is not width x depth in mm, e.g. 30x60.",
            f"{path}.base_size",
        )
        return
    width, depth = int(match.group(1)), int(match.group(2))
    square = width == depth
    shapes = ("square", "rectangular")
    if item is not None and item.category in shapes and square != (item.category == "square"):
        report.error(
            "base-shape-mismatch",
            f"{label}'s {width}x{depth} mm base is not {item.category}.",
            f"{path}.base_size",
        )


def _kinds(
    unit: Mapping[str, Any], path: str, label: str, catalogue: Catalogue, report: BuildReport
) -> list[str]:
    """Known kinds of the unit, each once; ranged and long ranged are one choice."""
    kinds = unit.get("kinds")
    if kinds is None:
        return []
    if not isinstance(kinds, list):
        report.error("malformed", f"{label}'s kinds must be a list.", f"{path}.kinds")
        return []
    known = sorted(item.slug for item in catalogue.of_kind("unit-kind"))
    found: list[str] = []
    for position, kind in enumerate(kinds):
        where = f"{path}.kinds.{position}"
        if not isinstance(kind, str) or catalogue.get("unit-kind", kind) is None:
            report.error(
                "unknown-kind",
                f"{label}: {kind!r} is no unit kind; kinds are {', '.join(known)}.",
                where,
            )
        elif kind in found:
            report.warning("duplicate-kind", f"{label} lists {kind} twice.", where)
        else:
            found.append(kind)
    if "ranged" in found and "long-ranged" in found:
        report.error(
            "ranged-and-long-ranged",
            f"{label} is ranged and long ranged; long ranged already shoots, so pick one.",
            f"{path}.kinds",
        )
    return found


def _unit(
    unit: Any, index: int, catalogue: Catalogue, report: BuildReport
) -> tuple[str | None, int | None, list[str]]:
    """Check one unit; return its usable name, quality and kinds."""
    path = f"units.{index}"
    if not isinstance(unit, Mapping):
        report.error("malformed", f"Unit {index + 1} must be an object.", path)
        return None, None, []
    name = unit.get("name")
    usable_name: str | None = None
    if name is not None and not isinstance(name, str):
        report.error("malformed", f"Unit {index + 1}'s name must be text.", f"{path}.name")
    elif not name or not name.strip():
        report.error("no-name", f"Unit {index + 1} needs a name.", f"{path}.name")
    else:
        usable_name = name.strip()
    label = _name(unit, index)
    _base(unit, path, label, catalogue, report)
    quality = unit.get("quality")
    if not _is_int(quality) or quality not in QUALITY_RANGE:
        report.error(
            "bad-quality",
            f"{label} has {'no quality' if quality is None else f'quality {quality!r}'}; "
            "quality is a whole number 0-5.",
            f"{path}.quality",
        )
        quality = None
    return usable_name, quality, _kinds(unit, path, label, catalogue, report)


def _split(body: Mapping[str, Any], report: BuildReport) -> dict[str, Any]:
    """How the ten cards start: evens/odds, or two agreed hands that share out 1-10."""
    fallback = {"name": DEFAULT_SPLIT, "hands": [list(h) for h in EVENS_ODDS]}
    options = body.get("options")
    if options is None:
        return fallback
    if not isinstance(options, Mapping):
        report.error("malformed", "Options must be an object.", "options")
        return fallback
    for key in options:
        if key not in OPTION_KEYS:
            report.warning(
                "ignored-option",
                f"{key!r} is no option of this game; it is ignored.",
                f"options.{key}",
            )
    split = options.get("split")
    if split is None or split == DEFAULT_SPLIT:
        return fallback
    path = "options.split"
    if isinstance(split, str) or not isinstance(split, list) or len(split) != 2:
        report.error(
            "bad-split",
            f"The card split is {DEFAULT_SPLIT!r} or two hands of card numbers, "
            "e.g. [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]].",
            path,
        )
        return fallback
    hands: list[list[int]] = []
    good = True
    for side, hand in enumerate(split):
        if not isinstance(hand, list) or not all(_is_int(card) for card in hand):
            report.error("bad-split", f"Hand {side + 1} must be a list of card numbers.", path)
            good = False
            continue
        hands.append(list(hand))
    if not good:
        return fallback
    dealt = Counter(card for hand in hands for card in hand)
    unknown = sorted(card for card in dealt if card not in CARDS)
    twice = sorted(card for card, count in dealt.items() if count > 1 and card in CARDS)
    missing = [card for card in CARDS if card not in dealt]
    if unknown or twice or missing:
        parts = [
            f"no card {', '.join(map(str, unknown))}" if unknown else "",
            f"{', '.join(map(str, twice))} dealt twice" if twice else "",
            f"{', '.join(map(str, missing))} not dealt" if missing else "",
        ]
        report.error(
            "bad-split",
            "All ten cards 1-10 are shared out, each once: "
            + "; ".join(p for p in parts if p)
            + ".",
            path,
        )
        return fallback
    for side, hand in enumerate(hands):
        if not hand:
            report.error(
                "empty-hand",
                f"Hand {side + 1} gets no cards, and a player without cards has lost.",
                f"{path}.{side}",
            )
    if len(hands[0]) != len(hands[1]) and all(hands):
        report.warning(
            "uneven-split",
            f"The hands are {len(hands[0])} and {len(hands[1])} cards; evens/odds gives 5 each.",
            path,
        )
    return {"name": "agreed", "hands": [sorted(h) for h in hands]}


def _half_up(value: float) -> float:
    """Two decimals, half up like the rest of Muster's rounding."""
    return float(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def validate(body: Mapping[str, Any], catalogue: Catalogue) -> BuildReport:
    """Every problem of an army, and its figures; malformed data is a problem, not a crash."""
    report = BuildReport()
    if not isinstance(body, Mapping):
        report.error("malformed", "An army must be an object with its units.", "")
        return report
    units = body.get("units")
    if units is None:
        units = []
    if not isinstance(units, list):
        report.error("malformed", "The army's units must be a list.", "units")
        units = []
    elif not units:
        report.error(
            "no-units", "An army needs at least one unit: one without units loses.", "units"
        )
    seen: dict[str, int] = {}
    qualities: list[int] = []
    per_kind: Counter[str] = Counter({item.slug: 0 for item in catalogue.of_kind("unit-kind")})
    plain = 0
    for index, unit in enumerate(units):
        name, quality, kinds = _unit(unit, index, catalogue, report)
        if name is not None:
            key = name.casefold()
            if key in seen:
                report.warning(
                    "duplicate-name",
                    f"Two units are called {name!r} (units {seen[key] + 1} and {index + 1}).",
                    f"units.{index}.name",
                )
            else:
                seen[key] = index
        if quality is not None:
            qualities.append(quality)
        per_kind.update(kinds)
        if isinstance(unit, Mapping) and not kinds:
            plain += 1
    split = _split(body, report)
    report.figures = {
        "unit_count": len(units),
        "kinds": dict(per_kind),
        "plain": plain,
        "average_quality": _half_up(sum(qualities) / len(qualities)) if qualities else None,
        "card_split": split,
    }
    return report


def model_counts(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, int]:
    """Nothing to count: the army's units are written inline, not catalogue entries."""
    return {}


def summary(body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport) -> str:
    """Plain text for forums: each unit on a line, the card split, then legal or not."""
    units = body.get("units") if isinstance(body, Mapping) else None
    units = units if isinstance(units, list) else []
    lines = [f"Little game army: {len(units)} unit(s)"]
    for index, unit in enumerate(units):
        if not isinstance(unit, Mapping):
            lines.append(f"- Unit {index + 1}: (unreadable)")
            continue
        name = unit.get("name") if isinstance(unit.get("name"), str) else ""
        parts = []
        base = unit.get("base")
        item = catalogue.get("base-size", base) if isinstance(base, str) else None
        if item is not None:
            size = unit.get("base_size")
            parts.append(f"{item.name.lower()}" + (f" {size}" if isinstance(size, str) else ""))
        if _is_int(unit.get("quality")):
            parts.append(f"quality {unit['quality']}")
        kinds = unit.get("kinds") if isinstance(unit.get("kinds"), list) else []
        names = [
            found.name.lower()
            for kind in dict.fromkeys(k for k in kinds if isinstance(k, str))
            if (found := catalogue.get("unit-kind", kind))
        ]
        parts.append(", ".join(names) if names else "plain")
        lines.append(f"- {name.strip() or f'Unit {index + 1}'}: {', '.join(parts)}")
    split = report.figures.get("card_split")
    if isinstance(split, Mapping):
        hands = " | ".join(" ".join(map(str, hand)) for hand in split.get("hands", []))
        label = "evens/odds" if split.get("name") == DEFAULT_SPLIT else "agreed split"
        lines.append(f"Cards: {label} ({hands})")
    lines.append("Legal." if report.legal else "Not legal:")
    for problem in report.problems:
        where = f" ({problem.path})" if problem.path else ""
        lines.append(f"- {problem.severity}: {problem.message}{where}")
    return "\n".join(lines)
