"""What a print or STL job may ask for: every number bounded to what the rules allow.

Pages and the API make params from a list or a game's kit, but the API also takes
hand-made ``kind`` + ``params``, so the bounds are checked once, here, for every caller
(``services.job_request``), before a row exists. A refusal is a ``RuleError`` naming the
param's path and its limit, which pages and the API answer with 400.

The limits are rules-sized: the largest legal deck, kit or army prints well under them
(a Micro and Macro deck is 30-40 cards and a building pile, a Missiles & Microchips kit
for six players 54 cards, a big Maker-War army about a hundred pieces).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import RuleError
from companion.games.registry import all_games

MAX_PARAMS_BYTES = 256 * 1024  # a list with its homebrew is a few kB; 256 kB is plenty
MAX_CARDS = 540  # a file's cards: 60 A4 sheets of nine, ten times the biggest legal kit
MAX_COPIES = 99  # one card's copies in a file: the deck builder's own line limit
MAX_SHEET_ITEMS = 60  # pages and sheets of one sheet file (a roster, tokens, a board)
MAX_PIECES = 500  # STL pieces in one bundle (copies included)
MAX_PIECE_KINDS = 80  # distinct models built for one bundle
MAX_MODEL_COUNT = 200  # models of one unit a bundle may count
BED_MIN, BED_MAX = 100.0, 600.0  # a printer bed, each side (mm)
FEATURE_MIN, FEATURE_MAX = 0.4, 1.2  # the thinnest feature (mm)
MM = {"back_dx": (-10.0, 10.0), "back_dy": (-10.0, 10.0), "safe": (0.0, 8.0)}

Errors = dict[str, str]


def _number(value: Any) -> float | None:
    """A finite number (not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _within(errors: Errors, path: str, value: Any, low: float, high: float, unit: str = "") -> None:
    number = _number(value)
    if number is None:
        errors[path] = "Must be a number."
    elif not low <= number <= high:
        errors[path] = f"Must be from {low:g} to {high:g}{unit}."


def _count(errors: Errors, path: str, value: Any, high: int) -> int:
    """A whole number from 0 to ``high`` (0 when it is not)."""
    number = _number(value)
    if number is None or not number.is_integer():
        errors[path] = "Must be a whole number."
        return 0
    if not 0 <= number <= high:
        errors[path] = f"Must be from 0 to {high}."
        return 0
    return int(number)


def _settings(errors: Errors, raw: Any) -> None:
    from printing.layout import CARD_SIZES, PAPERS

    if raw is None:
        return
    if not isinstance(raw, Mapping):
        errors["settings"] = "Must be an object."
        return
    if raw.get("paper", "a4") not in PAPERS:
        errors["settings.paper"] = f"Choose one of: {', '.join(PAPERS)}."
    if raw.get("card", "poker") not in CARD_SIZES:
        errors["settings.card"] = f"Choose one of: {', '.join(CARD_SIZES)}."
    if raw.get("mode", "home") not in ("home", "shop"):
        errors["settings.mode"] = "Choose one of: home, shop."
    for name, (low, high) in MM.items():
        if name in raw:
            _within(errors, f"settings.{name}", raw[name], low, high, " mm")


def _game(errors: Errors, params: Mapping[str, Any]) -> str:
    slug = params.get("game")
    if not isinstance(slug, str) or slug not in all_games():
        errors["game"] = f"Choose one of: {', '.join(all_games())}."
        return ""
    return slug


def _print_kind(params: Mapping[str, Any], errors: Errors) -> None:
    """Cards and sheets: settings and players in range, then the cards counted as the
    game would print them (pure and quick); the producer says what else is wrong."""
    from printing import printables

    _settings(errors, params.get("settings"))
    slug = _game(errors, params)
    if not slug:
        return
    players = printables.players_range(slug)
    if players is not None and params.get("players") not in (None, 0, ""):
        low, high = players
        number = _number(params["players"])
        if number is None or not number.is_integer() or not low <= number <= high:
            errors["players"] = f"{all_games()[slug].name} is for {low} to {high} players."
    if errors or "what" not in params:
        return
    try:
        shape, items, _, _ = printables.build(params)
    except (ValueError, KeyError, TypeError, AttributeError):
        return  # the job fails with the game's own reason, at once
    if shape == "cards":
        total = 0
        for item in items:
            copies = _number(item.get("count", 1) if isinstance(item, Mapping) else 1)
            if copies is None or not copies.is_integer() or not 0 <= copies <= MAX_COPIES:
                errors["cards"] = f"A card may be printed at most {MAX_COPIES} times in a file."
                return
            total += int(copies)
        if total > MAX_CARDS:
            errors["cards"] = f"{total} cards is more than the {MAX_CARDS} a file holds."
    elif len(items) > MAX_SHEET_ITEMS:
        errors["what"] = f"{len(items)} sheets is more than the {MAX_SHEET_ITEMS} a file holds."


def _calibration(params: Mapping[str, Any], errors: Errors) -> None:
    _settings(errors, params.get("settings"))


def _stl_model(params: Mapping[str, Any], errors: Errors) -> None:
    from printing.stl.params import get_model

    slug = _game(errors, params)
    try:
        model = get_model(slug, str(params.get("model", "")))
    except KeyError:
        errors["model"] = "No such model."
        return
    values = params.get("values") or {}
    if not isinstance(values, Mapping):
        errors["values"] = "Must be an object."
        return
    try:
        model.clean(values)
    except RuleError as exc:
        errors.update({f"values.{k}": v for k, v in exc.errors.items()})


def _stl_bundle(params: Mapping[str, Any], errors: Errors) -> None:
    """Bed and feature sizes in range, every unit's count bounded, then the pieces the
    game would print counted (pure: no mesh is built here)."""
    from printing.stl import bundle

    slug = _game(errors, params)
    options = params.get("options") or {}
    army = params.get("army")
    if not isinstance(options, Mapping):
        errors["options"] = "Must be an object."
        return
    bed = options.get("bed")
    if bed is not None:
        if not isinstance(bed, list) or len(bed) != 2:
            errors["options.bed"] = "Two sizes in mm: width and depth."
        else:
            for i, side in enumerate(bed):
                _within(errors, f"options.bed.{i}", side, BED_MIN, BED_MAX, " mm")
    if "min_feature" in options:
        _within(errors, "options.min_feature", options["min_feature"], FEATURE_MIN, FEATURE_MAX)
    if not isinstance(army, Mapping):
        errors["army"] = "Must be an object."
        return
    counts = army.get("counts") or {}
    if not isinstance(counts, Mapping):
        errors["army.counts"] = "Must be an object."
        return
    for unit, count in counts.items():
        _count(errors, f"army.counts.{unit}", count, MAX_MODEL_COUNT)
    collection = params.get("collection")
    owned = (collection or {}).get("owned") if isinstance(collection, Mapping) else None
    if collection is not None and not isinstance(owned, Mapping):
        errors["collection.owned"] = "Must be an object."
    if errors or not slug:
        return
    try:
        if owned is None:
            parts = bundle.game_parts(slug, army)
        else:
            parts, _ = bundle.missing_parts(slug, army, owned)
    except RuleError:
        return  # the job fails with the game's own reason, at once
    except (ValueError, KeyError, TypeError, AttributeError):
        return
    pieces = sum(max(0, int(p.count)) for p in parts)
    if pieces > MAX_PIECES:
        errors["army"] = f"{pieces} pieces is more than the {MAX_PIECES} a bundle holds."
    elif len(parts) > MAX_PIECE_KINDS:
        errors["army"] = f"{len(parts)} different models is more than the {MAX_PIECE_KINDS}."


CHECKS: dict[str, Callable[[Mapping[str, Any], Errors], None]] = {
    "cards-pdf": _print_kind,
    "cards-png": _print_kind,
    "sheet-pdf": _print_kind,
    "calibration-pdf": _calibration,
    "stl-model": _stl_model,
    "stl-bundle": _stl_bundle,
}


def check(kind: str, params: Mapping[str, Any]) -> None:
    """``RuleError`` (param path -> message with the limit) when ``params`` ask for more
    than the rules allow; nothing when they are within bounds."""
    size = len(json.dumps(params, separators=(",", ":"), default=str))
    if size > MAX_PARAMS_BYTES:
        raise RuleError({"params": f"At most {MAX_PARAMS_BYTES // 1024} kB of parameters."})
    errors: Errors = {}
    checker = CHECKS.get(kind)
    if checker is not None:
        checker(params, errors)
    if errors:
        raise RuleError(errors)
