"""Drawing helpers of the table pages."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

COLOURS = ("#dc2626", "#ea580c", "#ca8a04", "#16a34a", "#2563eb", "#7c3aed")


@register.simple_tag
def line_chart(
    series: list[dict[str, Any]], rounds: list[int], width: int = 600, height: int = 220
) -> SafeString:
    """An SVG line per seat (``series[i]["energy"]`` over ``rounds``), readable across a
    table: thick lines, the last value written at the end of each line."""
    values = [v for s in series for v in s.get("energy", [])]
    if not rounds or not values:
        return mark_safe("")
    top, pad = max(max(values), 10), 30
    step = (width - 2 * pad) / max(len(rounds) - 1, 1)

    def point(i: int, v: int) -> tuple[float, float]:
        return pad + i * step, height - pad - (height - 2 * pad) * v / top

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Energy over time">',
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
        f'stroke="#94a3b8"/>',
    ]
    for index, s in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        points = " ".join(
            f"{x:.1f},{y:.1f}" for x, y in (point(i, v) for i, v in enumerate(s.get("energy", [])))
        )
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="4" points="{points}"/>'
        )
        if s.get("energy"):
            x, y = point(len(s["energy"]) - 1, s["energy"][-1])
            parts.append(
                f'<text x="{x + 4:.1f}" y="{y:.1f}" fill="{colour}" font-size="14">'
                f"{escape(s.get('computer_name', ''))} {s['energy'][-1]}</text>"
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))
