"""Maker-War army validation: every broken army rule of a list body, and its figures.

The army rules are RULINGS.md's "Army rules": one faction, formations that follow their
plans, one chief, Titans alone, hypha apart, rare stars within the setup table's budget,
training-game limits, invaders with a way in. Nothing here raises on bad input: whatever
cannot be read becomes a problem with a dotted path (``formations.0.units.1``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.games.building import BuildReport, Catalogue
from companion.games.maker_war.army_figures import (
    Army,
    Formation,
    Index,
    figures,
    line_text,
    whole,
)
from companion.games.maker_war.army_reading import read

TRAINING_BUDGET = 500

EXAMPLE: dict[str, Any] = {
    "faction": "terran-makers",
    "budget": 1000,
    "options": {"ignore_setup_guidelines": False, "allow_homebrew": False},
    "formations": [
        *(
            {
                "plan": "maker-rifle-company",
                "name": name,
                "units": [
                    {"unit": "squad-leader", "count": 1, "chief": True},
                    {"unit": "maker-rifles", "count": 7},
                    {"unit": "maker-heavy-weapons", "count": 2},
                    {"unit": "field-printer-crew", "count": 1},
                    {"unit": "mule-carrier", "count": 3},
                ],
            }
            for name in ("First company", "Second company", "Third company")
        ),
        {
            "plan": "maker-rifle-company",
            "name": "Reserve company",
            "units": [
                {"unit": "squad-leader", "count": 1, "chief": True},
                {"unit": "maker-rifles", "count": 6},
                {"unit": "maker-heavy-weapons", "count": 2},
                {"unit": "mule-carrier", "count": 2},
            ],
        },
        {
            "plan": "foundry-titan",
            "name": "The Forge",
            "units": [{"unit": "foundry-titan", "count": 1}],
            "mounts": {"right-weapon": "foundry-rail-cannon"},
        },
    ],
    "hypha": [],
}


def validate(body: Mapping[str, Any], catalogue: Catalogue) -> BuildReport:
    """Every problem of the army and its figures; never raises, whatever ``body`` is."""
    report = BuildReport()
    try:
        army = read(body, catalogue, report)
        for formation in army.formations:
            _check_formation(formation, army.index, report)
        _check_army(army, report)
        report.figures = figures(army)
    except Exception as exc:  # a bug must not take the builder down; tests look for this
        report.error("internal-error", f"The list could not be checked ({type(exc).__name__}).")
    return report


def model_counts(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, int]:
    """Unit slug to models fielded: a Titan is one model, its weapons are not models."""
    counts: Counter[str] = Counter()
    for line in read(body, catalogue, BuildReport()).lines:
        if line.info is not None and line.info.category != "weapon" and line.count > 0:
            counts[line.info.slug] += line.count
    return dict(counts)


def summary(body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport) -> str:
    """The army as plain text for forums: faction, points, formations, hypha, verdict."""
    army = read(body, catalogue, BuildReport())
    fig = figures(army)
    budget = "?" if army.budget is None else str(army.budget)
    faction = army.faction_name or "No faction"
    head = f"{faction} - {fig['total']} / {budget} points"
    if fig["remaining"] is not None:
        head += f" ({fig['remaining']} left)"
    out = [head]
    if fig["setup"] is not None:
        setup = fig["setup"]
        size = setup["table_cm"]
        table = "x".join(map(str, size)) if isinstance(size, list) else "?"
        out.append(
            f"Setup {setup['name']}: table {table} cm, "
            f"stars {fig['stars']}/{setup['stars']}, "
            f"first deployment {fig['first_deployment_budget']} supply"
        )
    for formation, ff in zip(army.formations, fig["formations"], strict=True):
        title = " - ".join(t for t in (formation.name, formation.plan_name) if t)
        speed = ff["speed"]
        speed_text = "" if speed is None else f", speed {speed}"
        speed_text += " cm" if isinstance(speed, int) else ""
        stars = f", {ff['stars']} star{'s' if ff['stars'] != 1 else ''}" if ff["stars"] else ""
        out += [
            "",
            f"{formation.index + 1}. {title or 'Formation'}: {ff['points']} pts, "
            f"supply {ff['supply_cost']}{speed_text}{stars}",
        ]
        out += [f"   {line_text(line)}" for line in formation.lines]
    if army.hypha:
        out += ["", f"Hypha: {fig['hypha']['points']} pts"]
        out += [f"   {line_text(line)}" for line in army.hypha]
    out.append("")
    out.extend(report.verdict_lines())
    return "\n".join(out)


# Checking -------------------------------------------------------------------------------


def _check_formation(formation: Formation, index: Index | None, report: BuildReport) -> None:
    """The formation rules: plan limits, one chief, Titans alone, no hypha."""
    path, lines = formation.path, formation.lines
    if not formation.readable:
        return
    if formation.empty:
        title = formation.name or formation.plan_name or f"Formation {formation.index + 1}"
        report.error("empty-formation", f"{title} has no units.", path)
        return
    models = formation.models
    titans = [line for line in lines if line.info and line.info.is_titan]
    if titans and (len(lines) > 1 or models > 1):
        report.error(
            "titan-not-alone",
            f"A Titan is a formation by itself, but {titans[0].name} shares its formation "
            f"with {models - 1} more units.",
            path,
        )
    chiefs = [line for line in lines if line.chief]
    if len(chiefs) > 1:
        report.error(
            "several-chiefs",
            f"{len(chiefs)} units are marked as chief; a formation has exactly one.",
            path,
        )
    elif not chiefs and models >= 2:
        report.error(
            "no-chief",
            f"{formation.name or formation.plan_name or 'A formation'} has {models} units: "
            "mark one of them as its chief.",
            path,
        )
    plan = formation.plan
    for line in lines:
        if line.info is not None and line.info.is_hypha:
            report.error(
                "hypha-in-formation",
                f"{line.name} is a hypha: hypha belong to no formation; list them apart.",
                line.path,
            )
        elif plan is not None and line.info is not None and line.slug not in plan.choices:
            report.error(
                "unit-not-in-plan",
                f"{line.name} is not one of the units of {plan.item.name}.",
                line.path,
            )
    if plan is None:
        return
    for line in chiefs:
        if plan.chiefs and line.slug not in plan.chiefs:
            report.error(
                "chief-not-allowed",
                f"{line.name} may not lead {plan.item.name}; "
                f"its chiefs: {_names(plan.chiefs, index)}.",
                line.path,
            )
    counts: Counter[str] = Counter()
    for line in lines:
        counts[line.slug] += line.count
    name = plan.item.name
    for unit, (low, high, obligatory) in plan.choices.items():
        n = counts[unit]
        if n == 0 and (obligatory or low > 0):
            report.error(
                "obligatory-missing",
                f"{name} must include {_unit_name(unit, index)}"
                f"{f' (at least {low})' if low > 1 else ''}.",
                path,
            )
        elif n < low:
            report.error(
                "below-min",
                f"{name} needs at least {low} {_unit_name(unit, index)}, not {n}.",
                path,
            )
        elif high is not None and n > high:
            report.error(
                "above-max",
                f"{name} allows at most {high} {_unit_name(unit, index)}, not {n}.",
                path,
            )
    if plan.min_units is not None and models < plan.min_units:
        report.error(
            "too-few-units", f"{name} needs at least {plan.min_units} units, not {models}.", path
        )
    if plan.max_units is not None and models > plan.max_units:
        report.error(
            "too-many-units", f"{name} allows at most {plan.max_units} units, not {models}.", path
        )
    for unit, per, per_unit in plan.dependencies:
        if counts[unit] > counts[per_unit] // per:
            report.error(
                "dependency",
                f"{name} allows one {_unit_name(unit, index)} per "
                f"{per} {_unit_name(per_unit, index)}: "
                f"{counts[unit]} for {counts[per_unit]}.",
                path,
            )


def _unit_name(slug: str, index: Index | None) -> str:
    info = index.unit(slug) if index is not None else None
    return info.name if info is not None else slug


def _names(slugs: frozenset[str], index: Index | None) -> str:
    return ", ".join(sorted(_unit_name(s, index) for s in slugs))


def _guideline(army: Army, report: BuildReport, code: str, message: str, path: str) -> None:
    """Setup-table guidelines are errors unless the players agreed to ignore them."""
    if army.ignore_guidelines:
        report.warning(code, message, path)
    else:
        report.error(code, message, path)


def _check_army(army: Army, report: BuildReport) -> None:
    """Budget, rare stars, the training game, invaders' way in, an empty army."""
    total = army.total
    if army.budget is not None and total > army.budget:
        report.error(
            "over-budget",
            f"The army costs {total} points, {total - army.budget} "
            f"over its budget of {army.budget}.",
            "budget",
        )
    tier = army.tier
    data = tier.data if tier is not None and isinstance(tier.data, Mapping) else {}
    if army.budget == TRAINING_BUDGET or data.get("training") is True:
        for f in army.formations:
            flyers = [line.name for line in f.lines if line.info and line.info.is_flyer]
            if flyers:
                _guideline(
                    army,
                    report,
                    "training-flyers",
                    f"The {TRAINING_BUDGET}-point training game has no flyers: "
                    f"{', '.join(dict.fromkeys(flyers))}.",
                    f.path,
                )
            if f.stars:
                _guideline(
                    army,
                    report,
                    "training-rare",
                    f"The training game has no rare formations: {f.plan_name} has "
                    f"{f.stars} star{'s' if f.stars != 1 else ''}.",
                    f.path,
                )
    elif (budget := whole(data.get("stars"))) is not None and army.stars > budget:
        _guideline(
            army,
            report,
            "star-budget",
            f"The rare formations cost {army.stars} stars; a {tier.name} point army has {budget}.",
            "formations",
        )
    _check_invaders(army, report)
    if not army.formations and not army.hypha:
        report.warning("empty-army", "The army has no formations yet.", "")


def _check_invaders(army: Army, report: BuildReport) -> None:
    invaders = [f for f in army.formations if _is_invader(f)]
    if not invaders:
        return
    capacity, way_in = 0, False
    for line in army.lines:
        if line.info is None or line.count <= 0:
            continue
        traits = line.info.traits
        capacity += line.count * traits.get("carrier", 0)
        way_in = way_in or "portal" in traits or ("planetfall" in traits and "carrier" in traits)
    for f in invaders:
        if not way_in and capacity < f.models:
            report.warning(
                "invader-no-way-in",
                f"{f.name or f.plan_name} is an invader formation of {f.models} "
                f"units, but the army's carriers hold {capacity} and it has no "
                "planetfall carrier or portal.",
                f.path,
            )


def _is_invader(formation: Formation) -> bool:
    """An invader plan, or a formation whose units carry the Invader trait."""
    if formation.plan is not None and formation.plan.invader:
        return True
    return any(line.info and "invader" in line.info.traits for line in formation.lines)
