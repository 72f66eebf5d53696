"""The table pages' line chart draws what a view gives it: its series, with their names and
colours, over its steps; it knows no game."""

from __future__ import annotations

import re

from django.template import Context, Template

from companion.table.templatetags.table_tags import line_chart

CHART = {
    "title": "Score over time",
    "steps": [0, 1, 2],
    "top": 10,
    "series": [
        {"name": "Ann", "colour": "#112233", "values": [0, 4, 8]},
        {"name": "Ben <b>", "colour": "#445566", "values": [0, 2, 3]},
    ],
}


def polylines(svg: str) -> list[tuple[str, list[tuple[float, float]]]]:
    found = re.findall(
        r'<polyline fill="none" stroke="([^"]+)" stroke-width="4" points="([^"]+)"', svg
    )
    return [
        (colour, [tuple(float(n) for n in p.split(",")) for p in points.split()])
        for colour, points in found
    ]


def test_one_line_per_series_in_its_own_colour_named_at_its_end():
    svg = str(line_chart(CHART))
    assert svg.startswith('<svg class="chart"') and 'aria-label="Score over time"' in svg
    lines = polylines(svg)
    assert [colour for colour, _ in lines] == ["#112233", "#445566"]
    assert [len(points) for _, points in lines] == [3, 3]
    assert '<text x="574.0" y="62.0" fill="#112233" font-size="14">Ann 8</text>' in svg
    assert "Ben &lt;b&gt; 3" in svg and "<b>" not in svg


def test_the_scale_reaches_the_top_the_view_asks_for_or_the_highest_value():
    _, ann = polylines(str(line_chart(CHART)))[0]
    height, pad = 220, 30
    assert ann[0] == (30.0, height - pad)  # 0 sits on the axis
    assert ann[2][1] == height - pad - (height - 2 * pad) * 8 / 10  # 8 of a top of 10
    higher = {**CHART, "top": 4}
    _, ann = polylines(str(line_chart(higher)))[0]
    assert ann[2][1] == pad  # the highest value (8) is the top when it passes the view's


def test_nothing_to_draw_draws_nothing():
    assert str(line_chart({**CHART, "steps": []})) == ""
    assert str(line_chart({**CHART, "series": []})) == ""


def test_the_tag_in_a_template():
    html = Template("{% load table_tags %}{% line_chart chart %}").render(Context({"chart": CHART}))
    assert html == str(line_chart(CHART))
