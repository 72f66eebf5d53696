"""Reading a Maker-War army body: what it names, and what cannot be read or is not allowed.

``read`` turns any JSON value into an ``Army``. Problems of single entries (malformed lines,
unknown or foreign slugs, counts, drafts, homebrew, Titan mounts, hypha apart) are reported
here, where the path is known; the rules of formations and of the whole army live in
``build_rules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.games.base import FactionSpec
from companion.games.building import BuildReport, Catalogue, CatalogueItem
from companion.games.maker_war.army_figures import (
    Army,
    Formation,
    Index,
    Line,
    UnitInfo,
    Weapon,
    whole,
)

# The book's setup table starts at 1 point and its last row is "10000 or more", with no
# ceiling; a hundred times that row is more than any table holds, and keeps every derived
# figure (first deployment, supply) a number a player can read.
MIN_BUDGET = 1
MAX_BUDGET = 1_000_000
BUDGET_RULE = f"The point budget must be a whole number from {MIN_BUDGET} to {MAX_BUDGET:,} points"


@cache
def _book_factions() -> dict[str, FactionSpec]:
    from companion.games.maker_war import book

    return {f.slug: f for f in book.factions()}


def read(body: Any, catalogue: Catalogue, report: BuildReport) -> Army:
    """The body as an ``Army``; what cannot be read, or names nothing known, is reported."""
    army = Army()
    if not isinstance(body, Mapping):
        report.error(
            "malformed", "The army must be an object with faction, budget and formations.", ""
        )
        body = {}
    _read_faction(army, body.get("faction"), catalogue, report)
    _read_options(army, body.get("options"), report)
    budget = body.get("budget")
    if whole(budget) is None or not MIN_BUDGET <= budget <= MAX_BUDGET:
        shown = "no budget" if budget is None else f"{budget!r}"[:40]
        report.error("invalid-budget", f"{BUDGET_RULE} (got {shown}).", "budget")
    else:
        army.budget = budget
    index = army.index = Index(catalogue, army.faction or "")
    raw = _sequence(body.get("formations"), "formations", report)
    army.formations = [_read_formation(i, f, army, index, report) for i, f in enumerate(raw)]
    for j, raw_line in enumerate(_sequence(body.get("hypha"), "hypha", report)):
        line = _read_line(f"hypha.{j}", raw_line, army, index, report, {})
        if line is None:
            continue
        army.hypha.append(line)
        if line.info is not None and not line.info.is_hypha:
            report.error(
                "not-hypha",
                f"{line.name} is not a hypha: only units with the Hypha "
                "trait stand outside formations.",
                line.path,
            )
    if army.budget is not None:
        army.tier = index.tier(army.budget)
    return army


def _read_faction(army: Army, faction: Any, catalogue: Catalogue, report: BuildReport) -> None:
    if not isinstance(faction, str) or not faction:
        report.error("unknown-faction", "Choose the army's faction.", "faction")
        return
    spec = _book_factions().get(faction)
    if spec is None and not (
        catalogue.of_kind("unit", faction) or catalogue.of_kind("formation-plan", faction)
    ):
        report.error("unknown-faction", f"There is no faction '{faction[:60]}'.", "faction")
        return
    army.faction, army.faction_name = faction, spec.name if spec else faction
    if spec is not None and spec.is_draft:
        report.error(
            "draft-faction",
            f"{spec.name} is unfinished in the book and cannot be fielded yet.",
            "faction",
        )


def _read_options(army: Army, options: Any, report: BuildReport) -> None:
    if options is None:
        return
    if not isinstance(options, Mapping):
        report.error("malformed", "Options must be an object of true/false settings.", "options")
        return
    for key in ("ignore_setup_guidelines", "allow_homebrew"):
        value = options.get(key)
        if value is not None and not isinstance(value, bool):
            report.error("malformed", f"Option {key} must be true or false.", f"options.{key}")
        elif value:
            setattr(army, "ignore_guidelines" if key.startswith("ignore") else key, True)


def _sequence(value: Any, path: str, report: BuildReport) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        report.error("malformed", f"'{path}' must be a list.", path)
        return []
    return list(value)


def _check_item(item: CatalogueItem, path: str, army: Army, report: BuildReport) -> None:
    """Faction, draft and homebrew rules shared by plans, units and weapons."""
    if army.faction and item.faction not in (army.faction, ""):
        report.error(
            "wrong-faction",
            f"{item.name} belongs to {_faction_name(item.faction)}, not {army.faction_name}.",
            path,
        )
    if item.is_draft:
        report.error(
            "draft-faction", f"{item.name} is an unfinished draft and cannot be fielded yet.", path
        )
    if item.is_homebrew and not army.allow_homebrew:
        report.error(
            "homebrew-not-allowed",
            f"{item.name} is homebrew; turn on 'allow homebrew' to field it.",
            path,
        )


def _faction_name(slug: str) -> str:
    spec = _book_factions().get(slug)
    return spec.name if spec else slug


def _read_formation(i: int, raw: Any, army: Army, index: Index, report: BuildReport) -> Formation:
    path = f"formations.{i}"
    formation = Formation(i, path)
    if not isinstance(raw, Mapping):
        formation.readable = False
        report.error(
            "malformed", f"Formation {i + 1} must be an object with a plan and units.", path
        )
        return formation
    name = raw.get("name")
    if isinstance(name, str) and name.strip():
        formation.name = name.strip()
    elif name not in (None, ""):
        report.error("malformed", "A formation's name must be text.", f"{path}.name")
    slug = raw.get("plan")
    if not isinstance(slug, str) or not slug:
        report.error("malformed", f"Formation {i + 1} names no formation plan.", f"{path}.plan")
    else:
        formation.plan_slug = slug
        formation.plan = index.plan(slug)
        if formation.plan is None:
            report.error(
                "unknown-plan", f"There is no formation plan '{slug[:60]}'.", f"{path}.plan"
            )
        else:
            _check_item(formation.plan.item, f"{path}.plan", army, report)
    overrides = _read_mounts(raw.get("mounts"), path, army, index, report)
    raw_units = _sequence(raw.get("units"), f"{path}.units", report)
    formation.empty = not raw_units
    for j, raw_line in enumerate(raw_units):
        line = _read_line(f"{path}.units.{j}", raw_line, army, index, report, overrides)
        if line is not None:
            formation.lines.append(line)
    mounts = {m for line in formation.lines if line.info for m, _ in line.info.mounts}
    for mount in overrides:
        if mount not in mounts:
            carrier = "its Titan" if mounts else "a Titan (there is none here)"
            report.error(
                "unknown-mount",
                f"'{mount[:40]}' is not a weapon mount of {carrier}; "
                f"mounts: {', '.join(sorted(mounts)) or 'none'}.",
                f"{path}.mounts.{mount}",
            )
    return formation


def _read_mounts(
    raw: Any, path: str, army: Army, index: Index, report: BuildReport
) -> dict[str, UnitInfo]:
    """The formation's weapon choices per named mount; bad ones are reported and dropped."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        report.error(
            "malformed", "Mounts must be an object of mount name to weapon.", f"{path}.mounts"
        )
        return {}
    chosen: dict[str, UnitInfo] = {}
    for mount, slug in raw.items():
        mpath = f"{path}.mounts.{mount}"
        if not isinstance(mount, str) or not isinstance(slug, str) or not slug:
            report.error("malformed", "Name the weapon for this mount by its slug.", mpath)
            continue
        weapon = index.unit(slug)
        if weapon is None:
            why = "there is no such weapon"
        elif weapon.category != "weapon":
            why = f"{weapon.name} is not a weapon"
        elif army.faction and weapon.item.faction not in (army.faction, ""):
            why = f"{weapon.name} is a weapon of {_faction_name(weapon.item.faction)}"
        else:
            why = ""
        if why:
            report.error(
                "bad-weapon", f"'{slug[:60]}' cannot go on the {mount} mount: {why}.", mpath
            )
            continue
        _check_item(weapon.item, mpath, army, report)
        chosen[mount] = weapon
    return chosen


def _read_line(
    path: str,
    raw: Any,
    army: Army,
    index: Index,
    report: BuildReport,
    overrides: Mapping[str, UnitInfo],
) -> Line | None:
    if not isinstance(raw, Mapping):
        report.error("malformed", 'A unit line must be {"unit": slug, "count": n}.', path)
        return None
    slug = raw.get("unit")
    if not isinstance(slug, str) or not slug:
        report.error("malformed", "This line names no unit.", path)
        return None
    info = index.unit(slug)
    count = raw.get("count", 1)
    if whole(count) is None or count < 1:
        shown = f"{count!r}"[:40]
        report.error(
            "bad-count",
            f"The count of {info.name if info else slug[:60]} must be a "
            f"whole number, 1 or more (got {shown}).",
            path,
        )
        count = 0
    chief = raw.get("chief", False)
    if chief is not None and not isinstance(chief, bool):
        report.error("malformed", "'chief' must be true or false.", f"{path}.chief")
    line = Line(path, slug, info, count, chief is True)
    if line.info is None:
        report.error("unknown-unit", f"There is no unit '{slug[:60]}'.", path)
        return line
    _check_item(line.info.item, path, army, report)
    for mount, default in line.info.mounts:
        weapon = overrides.get(mount) or index.unit(default)
        if weapon is None:
            report.error(
                "unknown-unit",
                f"The {line.name}'s weapon '{default}' on its {mount} "
                "mount is not in the catalogue.",
                path,
            )
            line.weapons.append(Weapon(mount, default, None, 0))
        else:
            line.weapons.append(
                Weapon(mount, weapon.slug, weapon, index.weapon_points(weapon, line.info))
            )
    return line
