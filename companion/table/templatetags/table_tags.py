"""Drawing helpers of the table pages; what they draw comes from a game's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def line_chart(chart: Mapping[str, Any], width: int = 600, height: int = 220) -> SafeString:
    """An SVG line chart of the series a view gives, readable across a table: thick lines,
    each line's name and last value written at its end.

    ``chart``: ``title`` (the chart's accessible name), ``steps`` (the x positions),
    ``top`` (the least the scale reaches, optional) and ``series``, each with ``name``,
    ``colour`` and ``values`` (one number per step).
    """
    steps = list(chart.get("steps") or [])
    series = list(chart.get("series") or [])
    values = [v for s in series for v in s.get("values", [])]
    if not steps or not values:
        return mark_safe("")
    top, pad = max(*values, chart.get("top") or 1), 30
    step = (width - 2 * pad) / max(len(steps) - 1, 1)

    def point(i: int, v: float) -> tuple[float, float]:
        return pad + i * step, height - pad - (height - 2 * pad) * v / top

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(chart.get("title", ""))}">',
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
        f'stroke="#94a3b8"/>',
    ]
    for s in series:
        line = s.get("values", [])
        colour = escape(s.get("colour", "#475569"))
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (point(i, v) for i, v in enumerate(line)))
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="4" points="{points}"/>'
        )
        if line:
            x, y = point(len(line) - 1, line[-1])
            parts.append(
                f'<text x="{x + 4:.1f}" y="{y:.1f}" fill="{colour}" font-size="14">'
                f"{escape(s.get('name', ''))} {line[-1]}</text>"
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))


@register.filter
def field_by(items: Any, spec: str) -> dict[Any, Any]:
    """``players|field_by:"seat:computer_name"``: ``{seat: computer_name}`` over the items,
    so a ``{% shared %}`` part can name seats without being given their private fields."""
    key, _, field = spec.partition(":")
    try:
        return {item[key]: item.get(field) for item in items}
    except (KeyError, TypeError, AttributeError):
        return {}


MEMO = "shared_memo"  # the context variable that holds one change's rendered fragments


class SharedNode(template.Node):
    """See ``shared``."""

    def __init__(self, names: dict[str, Any], nodelist: template.NodeList):
        self.names, self.nodelist = names, nodelist

    def render(self, context: template.Context) -> str:
        values = {name: expr.resolve(context) for name, expr in self.names.items()}
        memo = context.get(MEMO)
        if memo is None:
            return self.nodelist.render(context.new(values))
        key = (id(self), repr(sorted(values.items())))
        if key not in memo:
            memo[key] = self.nodelist.render(context.new(values))
        return memo[key]


@register.tag
def shared(parser: template.base.Parser, token: template.base.Token) -> SharedNode:
    """``{% shared chart=v.energy_chart log=t.log %}…{% endshared %}``: a part of a table
    page that every seat shown the same values sees alike, rendered once per change.

    The body sees only the names given, so it cannot depend on whose page it is; when the
    broadcast renders every seat's page of one change it passes one ``shared_memo`` dict,
    and a body already rendered with equal values is reused (keyed by the values' repr).
    Outside a broadcast the body is simply rendered."""
    bits = token.split_contents()[1:]
    names = template.base.token_kwargs(bits, parser)
    if not names or bits:
        raise template.TemplateSyntaxError("{% shared %} takes name=value arguments only")
    nodelist = parser.parse(("endshared",))
    parser.delete_first_token()
    return SharedNode(names, nodelist)
