"""The table pages' line chart (``lineChart`` of ``companion/static/table/lib.js``, drawn on
the device) draws what a view gives it: its series, with their names and colours, over its
steps; it knows no game."""

from __future__ import annotations

import re

import pytest

from tests.browsers import without_markers

pytestmark = pytest.mark.browser

DRAW = """async (chart) => {
  const { lineChart } = await import("muster/table-lib");
  const { render } = await import("lit-html");
  const box = document.createElement("div");
  render(lineChart(chart), box);
  return box.innerHTML;
}"""

CHART = {
    "title": "Score over time",
    "steps": [0, 1, 2],
    "top": 10,
    "series": [
        {"name": "Ann", "colour": "#112233", "values": [0, 4, 8]},
        {"name": "Ben <b>", "colour": "#445566", "values": [0, 2, 3]},
    ],
}


def attributes(svg: str, tag: str) -> list[dict[str, str]]:
    """Each ``tag`` element's attributes, in whatever order they were written."""
    return [
        dict(re.findall(r'([\w-]+)="([^"]*)"', found))
        for found in re.findall(f"<{tag} ([^>]*)>", svg)
    ]


def polylines(svg: str) -> list[tuple[str, list[tuple[float, float]]]]:
    return [
        (a["stroke"], [tuple(float(n) for n in p.split(",")) for p in a["points"].split()])
        for a in attributes(svg, "polyline")
        if a.get("fill") == "none" and a.get("stroke-width") == "4"
    ]


@pytest.fixture
def line_chart(drawing_page):
    return lambda chart: without_markers(drawing_page.evaluate(DRAW, chart))


def test_one_line_per_series_in_its_own_colour_named_at_its_end(line_chart):
    svg = str(line_chart(CHART))
    assert svg.startswith('<svg class="chart"') and 'aria-label="Score over time"' in svg
    lines = polylines(svg)
    assert [colour for colour, _ in lines] == ["#112233", "#445566"]
    assert [len(points) for _, points in lines] == [3, 3]
    ann = {"x": "574.0", "y": "62.0", "fill": "#112233", "font-size": "14"}
    assert attributes(svg, "text")[0] == ann and ">Ann 8</text>" in svg
    assert "Ben &lt;b&gt; 3" in svg and "<b>" not in svg


def test_the_scale_reaches_the_top_the_view_asks_for_or_the_highest_value(line_chart):
    _, ann = polylines(str(line_chart(CHART)))[0]
    height, pad = 220, 30
    assert ann[0] == (30.0, height - pad)  # 0 sits on the axis
    assert ann[2][1] == height - pad - (height - 2 * pad) * 8 / 10  # 8 of a top of 10
    higher = {**CHART, "top": 4}
    _, ann = polylines(str(line_chart(higher)))[0]
    assert ann[2][1] == pad  # the highest value (8) is the top when it passes the view's


def test_nothing_to_draw_draws_nothing(line_chart):
    assert str(line_chart({**CHART, "steps": []})) == ""
    assert str(line_chart({**CHART, "series": []})) == ""
