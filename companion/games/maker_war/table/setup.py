"""Setting up a Maker-War table: the setup-table row, terrain and points of interest.

Coordinates are centimetres from the table's centre (the points-of-interest "compass"):
``x`` along the players' edges (the long edges), ``y`` towards side 1's edge. Both
placement methods follow RULINGS.md: the app method draws points at random, point-
symmetric about the centre (one on the centre when the count is odd), at least 15 cm from
the edges and 20 cm from each other; the beads method lays them along the middle line,
30 cm apart, centred. Each point's kind is a D6 on the book's table; mirrored pairs share
one roll so both sides face the same prize.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.games.base import RuleError
from companion.games.maker_war.army_figures import div_half_up

EDGE_CM = 15
APART_CM = 20
BEAD_STEP_CM = 30
DEPLOYMENT_ZONE_CM = 10
TERRAIN_CM = 15
POI_KINDS = {
    1: "source-of-supply",
    2: "source-of-supply",
    3: "ordnance",
    4: "fortification",
    5: "reliquary",
    6: "landing-zone",
}
POI_NAMES = {
    "source-of-supply": "Source of Supply",
    "ordnance": "Ordnance",
    "fortification": "Fortification",
    "reliquary": "Reliquary",
    "landing-zone": "Landing Zone",
}
TERRAIN_KINDS = ("forest", "building", "hill", "lake", "minefield", "street")


@cache
def tiers() -> tuple[dict[str, Any], ...]:
    from companion.games.maker_war import book

    return tuple({"slug": e.slug, "name": e.name, **e.data} for e in book.setup_tiers())


def tier_for(budget: int) -> dict[str, Any]:
    """The setup-table row of ``budget``: the narrowest row that holds it (500 is training)."""
    best: dict[str, Any] | None = None
    for row in tiers():
        low, high = row["min_points"], row["max_points"]
        if budget < low or (high is not None and budget > high):
            continue
        width = math.inf if high is None else high - low
        if best is None or width < best["_width"]:
            best = {**row, "_width": width}
    if best is None:
        raise RuleError({"options.budget": "The point budget must be 1 or more."})
    best.pop("_width")
    return best


def first_deployment_budget(budget: int) -> int:
    """Supply the first deployment may spend: ``round(budget / 200)`` (RULINGS)."""
    return div_half_up(budget, 200)


def guidance(budget: int) -> dict[str, Any]:
    """Everything the setup table says for the agreed budget, plus the deployment budget."""
    row = tier_for(budget)
    width, depth = row["table_cm"]
    return {
        "tier": row["name"],
        "training": row["training"],
        "table_cm": [max(width, depth), min(width, depth)],
        "terrain_pieces": row["terrain_pieces"],
        "points_of_interest": row["points_of_interest"],
        "supply_cards_per_round": row["supply_cards_per_round"],
        "stars": row["stars"],
        "reshuffle": row["reshuffle"],
        "first_deployment_budget": first_deployment_budget(budget),
    }


def _kind(rng: random.Random) -> tuple[int, str]:
    roll = rng.randint(1, 6)
    return roll, POI_KINDS[roll]


def _fits(point: tuple[int, int], placed: list[tuple[int, int]]) -> bool:
    return all(math.dist(point, other) >= APART_CM for other in placed)


def place_app(count: int, table_cm: list[int], rng: random.Random) -> list[dict[str, Any]]:
    """``count`` points, point-symmetric about the centre, by rejection sampling."""
    width, depth = table_cm
    max_x, max_y = width // 2 - EDGE_CM, depth // 2 - EDGE_CM
    if count and (max_x < 0 or max_y < 0):
        raise RuleError({"options.poi_method": "The table is too small for the app method."})
    for _ in range(200):  # restart the whole draw when a late pair finds no room
        placed: list[tuple[int, int]] = [(0, 0)] if count % 2 else []
        for _ in range(count // 2):
            for _ in range(500):
                x, y = rng.randint(-max_x, max_x), rng.randint(-max_y, max_y)
                if _fits((x, y), placed) and math.dist((x, y), (-x, -y)) >= APART_CM:
                    placed += [(x, y), (-x, -y)]
                    break
            else:
                break
        if len(placed) == count:
            break
    else:
        raise RuleError({"options.poi_method": "No fair placement fits this table."})
    points: list[dict[str, Any]] = []
    odd = count % 2
    for i, (x, y) in enumerate(placed):
        if i < odd or (i - odd) % 2 == 0:  # the centre, or the first of a mirrored pair
            roll, kind = _kind(rng)
        points.append(_poi(i, kind, roll, x, y, table_cm))
    return points


def place_beads(count: int, table_cm: list[int], rng: random.Random) -> list[dict[str, Any]]:
    """``count`` points on the middle line, 30 cm apart and centred, each rolled."""
    points = []
    for i in range(count):
        x = round((i - (count - 1) / 2) * BEAD_STEP_CM)
        roll, kind = _kind(rng)
        points.append(_poi(i, kind, roll, x, 0, table_cm))
    return points


def _poi(i: int, kind: str, roll: int, x: int, y: int, table_cm: list[int]) -> dict[str, Any]:
    width, depth = table_cm
    return {
        "id": f"poi{i}",
        "kind": kind,
        "name": POI_NAMES[kind],
        "roll": roll,
        "x": x,
        "y": y,
        "on_table": abs(x) <= width / 2 and abs(y) <= depth / 2,
        "occupants": [],  # formation ids within 5 cm, as the players report them
        "controller": None,  # seat
        "benefited": [],  # seats that used it this round
    }


def place(method: str, count: int, table_cm: list[int], rng: random.Random) -> list[dict]:
    if method == "app":
        return place_app(count, table_cm, rng)
    if method == "beads":
        return place_beads(count, table_cm, rng)
    raise RuleError({"options.poi_method": "Choose 'app' or 'beads'."})


def terrain_piece(action: Mapping[str, Any], number: int, table_cm: list[int]) -> dict[str, Any]:
    """One terrain piece at ``x``/``y`` cm from the centre, of a sample kind."""
    kind = action.get("kind")
    if kind not in TERRAIN_KINDS:
        raise RuleError({"kind": f"Choose one of: {', '.join(TERRAIN_KINDS)}."})
    width, depth = table_cm
    errors = {}
    coords = {}
    for axis, limit in (("x", width / 2), ("y", depth / 2)):
        value = action.get(axis, 0)
        if isinstance(value, bool) or not isinstance(value, int | float):
            errors[axis] = "Give a distance from the centre in cm."
        elif abs(value) > limit:
            errors[axis] = f"The table reaches {limit:g} cm from the centre."
        else:
            coords[axis] = round(value)
    if errors:
        raise RuleError(errors)
    return {"id": f"t{number}", "kind": kind, "x": coords["x"], "y": coords["y"]}


def diagram(state: Mapping[str, Any]) -> dict[str, Any]:
    """Coordinates in SVG user units (1 unit = 1 cm, origin top left) for the page."""
    width, depth = state["table_cm"]

    def at(x: float, y: float) -> tuple[float, float]:
        return width / 2 + x, depth / 2 - y

    pois = []
    for poi in state["pois"]:
        sx, sy = at(poi["x"], poi["y"])
        label = _offset_text(poi["x"], poi["y"])
        pois.append({**poi, "sx": sx, "sy": sy, "lx": sx + 2, "ly": sy - 2, "label": label})
    terrain = []
    for piece in state["terrain"]:
        sx, sy = at(piece["x"], piece["y"])
        left, top = sx - TERRAIN_CM / 2, sy - TERRAIN_CM / 2
        terrain.append(
            {**piece, "sx": left, "sy": top, "tx": left + 1, "ty": top + 4, "size": TERRAIN_CM}
        )
    return {
        "width": width,
        "depth": depth,
        "cx": width / 2,
        "cy": depth / 2,
        "zone": DEPLOYMENT_ZONE_CM,
        "zone1_y": depth - DEPLOYMENT_ZONE_CM,
        "view_box": f"-8 -8 {width + 16} {depth + 16}",
        "bottom_label_y": depth - 2,
        "pois": pois,
        "terrain": terrain,
    }


def _offset_text(x: int, y: int) -> str:
    """ "12 cm right, 8 cm towards side 2" from the compass; "centre" for (0, 0)."""
    parts = []
    if x:
        parts.append(f"{abs(x)} cm {'right' if x > 0 else 'left'}")
    if y:
        parts.append(f"{abs(y)} cm towards side {'2' if y > 0 else '1'}")
    return ", ".join(parts) or "on the centre"
