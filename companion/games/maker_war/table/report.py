"""The battle report: losses per formation, points destroyed round by round, and the
chart of those points as SVG coordinates (the page draws them; nothing here is HTML).

``state["destroyed"]`` holds, per round, the points each side has lost in that round; a
unit's points are its own (a Titan's include its weapons). Losses count only units that
died, never flyers that veered off.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CHART_W, CHART_H, PAD = 320, 160, 24


def record_loss(state: dict[str, Any], formation: Mapping[str, Any], unit: Mapping) -> None:
    """Book a dead unit's points against its side in the current round."""
    side = state["sides"][formation["seat"]]
    rounds = state["destroyed"]
    while len(rounds) < state["round"]:
        rounds.append([0, 0])
    rounds[state["round"] - 1][side] += unit.get("points", 0)


def losses(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each formation: units lost of its total and the points they were worth."""
    rows = []
    for f in state["formations"]:
        dead = [u for u in f["units"] if not u["alive"]]
        rows.append(
            {
                "id": f["id"],
                "seat": f["seat"],
                "name": f["name"],
                "units": len(f["units"]),
                "lost": len(dead),
                "points_lost": sum(u["points"] for u in dead),
                "points": f["points"],
                "status": f["where"],
            }
        )
    return rows


def cumulative(state: Mapping[str, Any]) -> list[list[int]]:
    """Points each side has lost by the end of each round so far: [[side0, side1], ...]."""
    totals, out = [0, 0], []
    for row in state["destroyed"]:
        totals = [totals[0] + row[0], totals[1] + row[1]]
        out.append(list(totals))
    return out


def chart(state: Mapping[str, Any]) -> dict[str, Any]:
    """Polylines of the points each side lost, cumulative per round, in a 320x160 box."""
    series = cumulative(state)
    top = max([1, *(v for row in series for v in row)])
    steps = max(len(series), 1)

    def point(i: int, value: int) -> str:
        x = PAD + (CHART_W - 2 * PAD) * (i + 1) / steps
        y = CHART_H - PAD - (CHART_H - 2 * PAD) * value / top
        return f"{x:.1f},{y:.1f}"

    base = f"{PAD},{CHART_H - PAD}"
    lines = [
        " ".join([base, *(point(i, row[side]) for i, row in enumerate(series))]) for side in (0, 1)
    ]
    return {
        "width": CHART_W,
        "height": CHART_H,
        "pad": PAD,
        "top": top,
        "rounds": len(series),
        "lines": lines,
        "totals": series[-1] if series else [0, 0],
        "axis_y": CHART_H - PAD,
        "axis_x": CHART_W - PAD,
    }
