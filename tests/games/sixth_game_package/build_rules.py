"""Teams of Tug of War: a list of pullers whose strengths add up to at most ``MAX_STRENGTH``.

A body looks like ``EXAMPLE``. Codes: ``malformed``, ``no-pullers``, ``unknown-puller``,
``too-strong``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.games.building import BuildReport, Catalogue

MAX_STRENGTH = 6

EXAMPLE: dict[str, Any] = {"team": ["anchor", "heaver", "grip"]}


def _team(body: Mapping[str, Any]) -> Any:
    return body.get("team", []) if isinstance(body, Mapping) else None


def validate(body: Mapping[str, Any], catalogue: Catalogue) -> BuildReport:
    """Every problem of a team, and its strength; a new, empty list is not legal yet."""
    report = BuildReport()
    team = _team(body)
    if not isinstance(team, list):
        report.error("malformed", "A team is a list of pullers.", "team")
        return report
    if not team:
        report.error("no-pullers", "A team needs at least one puller.", "team")
    strength = 0
    for index, slug in enumerate(team):
        item = catalogue.get("puller", slug) if isinstance(slug, str) else None
        if item is None:
            report.error("unknown-puller", f"{slug!r} is no puller.", f"team.{index}")
            continue
        strength += int(item.data.get("strength", 0))
    if strength > MAX_STRENGTH:
        report.error(
            "too-strong",
            f"The team's strength is {strength}; at most {MAX_STRENGTH} may pull.",
            "team",
        )
    report.figures.update({"pullers": len(team), "strength": strength})
    return report


def summary(body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport) -> str:
    """The pullers by name, the strength and the verdict, for chat."""
    names = [
        item.name if (item := catalogue.get("puller", slug)) else str(slug)
        for slug in _team(body) or []
        if isinstance(slug, str)
    ]
    lines = [f"Team: {', '.join(names) or 'nobody'}"]
    lines.append(f"Strength: {report.figures.get('strength', 0)} of {MAX_STRENGTH}")
    return "\n".join([*lines, *report.verdict_lines()])


def model_counts(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, int]:
    """One model per puller named in the team."""
    team = _team(body)
    known = (
        slug
        for slug in (team if isinstance(team, list) else [])
        if isinstance(slug, str) and catalogue.get("puller", slug)
    )
    return dict(Counter(known))
