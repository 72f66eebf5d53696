"""Missiles & Microchips kits: which supercomputers are in play, and the cards that takes.

The game has no army to build; what a group needs before playing is the kit for the table.
A body names the supercomputers in play, one per player, in seat order::

    {"computers": ["crimson-core", "ember-engine", "solar-lattice"]}

From the text's setup (Getting Started): every player gives one TARGET card of their own
computer to every other player and keeps one, so each seat holds one TARGET card of each
computer in play, its own laid in front as its identity card: players x players TARGET
cards. Each seat also takes ATTACK, BLOCK and CHARGE: 3 x players ACTION cards. With six
players that is the whole deck, 36 + 18. The start-player side deck ("1 TARGET card per
player") is read as a draw from these same cards before they are dealt, not extra cards.

Energy: the text gives 50 tokens in the box and 5 to each player at the start; it never
scales the supply to the player count (charges draw from it), so ``energy_tokens`` is the
box's quantity and ``starting_energy_tokens`` is 5 per player.

Codes: ``malformed``, ``unknown-computer``, ``duplicate-computer``, ``too-few-players``,
``too-many-players``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.games.building import BuildReport, Catalogue, CatalogueItem
from companion.games.missiles_and_microchips.book import (
    ACTIONS,
    CARD_TYPES,
    COMPUTER_SLUGS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_ENERGY,
)

ENERGY_SUPPLY = 50  # the box's count, used when the catalogue has no energy-token component

EXAMPLE: dict[str, Any] = {
    "computers": ["crimson-core", "ember-engine", "solar-lattice", "cobalt-oracle"],
}


def computer_order(item: CatalogueItem) -> tuple[int, str]:
    """Seat order of the catalogue (its six computers first), then any others by name."""
    index = COMPUTER_SLUGS.index(item.slug) if item.slug in COMPUTER_SLUGS else len(COMPUTER_SLUGS)
    return index, item.name


def _name(catalogue: Catalogue, slug: str) -> str:
    item = catalogue.get("supercomputer", slug)
    return item.name if item else slug


def _computers(
    body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport
) -> tuple[int, list[str]]:
    """Check ``computers``; return the seats listed and the distinct known computers in order."""
    computers = body.get("computers")
    if not isinstance(computers, list):
        report.error(
            "malformed", "A kit must list its supercomputers, one per player.", "computers"
        )
        return 0, []
    kit: list[str] = []
    for index, slug in enumerate(computers):
        path = f"computers.{index}"
        if not isinstance(slug, str):
            report.error("malformed", f"Seat {index + 1} must name a supercomputer.", path)
        elif catalogue.get("supercomputer", slug) is None:
            report.error(
                "unknown-computer", f"Seat {index + 1}, {slug!r}, is no supercomputer.", path
            )
        elif slug in kit:
            report.error(
                "duplicate-computer",
                f"{_name(catalogue, slug)} is already in play: each player is a different "
                "supercomputer.",
                path,
            )
        else:
            kit.append(slug)
    players = len(computers)
    if players < MIN_PLAYERS:
        report.error(
            "too-few-players",
            f"The game is for {MIN_PLAYERS} to {MAX_PLAYERS} players; this kit has {players}.",
            "computers",
        )
    elif players > MAX_PLAYERS:
        report.error(
            "too-many-players",
            f"The game is for {MIN_PLAYERS} to {MAX_PLAYERS} players; this kit has {players}.",
            "computers",
        )
    return players, kit


def _official_cards(catalogue: Catalogue) -> dict[tuple[str, str, str], CatalogueItem]:
    """The game's own cards by (type, holder, target or action); homebrew is not in a kit."""
    found: dict[tuple[str, str, str], CatalogueItem] = {}
    for item in catalogue.of_kind("card"):
        if item.is_homebrew or not isinstance(item.data, Mapping):
            continue
        holder = item.data.get("computer")
        aim = item.data.get("target") if item.category == "target" else item.data.get("action")
        if item.category in CARD_TYPES and isinstance(holder, str) and isinstance(aim, str):
            found.setdefault((item.category, holder, aim), item)
    return found


def kit_cards(kit: list[str], catalogue: Catalogue) -> list[dict[str, Any]]:
    """One row per card the kit needs, seat by seat: its TARGET cards, then its actions."""
    official = _official_cards(catalogue)
    rows: list[dict[str, Any]] = []
    for holder in kit:
        for target in kit:
            item = official.get(("target", holder, target))
            own = " (own card)" if holder == target else ""
            rows.append(
                {
                    "slug": item.slug if item else f"{holder}-target-{target}",
                    "name": item.name if item else f"TARGET: {_name(catalogue, target)}{own}",
                    "type": "target",
                    "computer": holder,
                    "count": 1,
                }
            )
        for action in ACTIONS:
            item = official.get(("action", holder, action))
            rows.append(
                {
                    "slug": item.slug if item else f"{holder}-{action}",
                    "name": item.name if item else action.upper(),
                    "type": "action",
                    "computer": holder,
                    "count": 1,
                }
            )
    return rows


def _energy_supply(catalogue: Catalogue) -> int:
    item = catalogue.get("component", "energy-tokens")
    quantity = item.data.get("quantity") if item else None
    if isinstance(quantity, int) and not isinstance(quantity, bool) and quantity > 0:
        return quantity
    return ENERGY_SUPPLY


def validate(body: Mapping[str, Any], catalogue: Catalogue) -> BuildReport:
    """Every problem of a kit, and what it needs; malformed data is a problem, not a crash."""
    report = BuildReport()
    if isinstance(body, Mapping):
        players, kit = _computers(body, catalogue, report)
    else:
        report.error("malformed", "A kit must be an object listing its supercomputers.", "")
        players, kit = 0, []
    rows = kit_cards(kit, catalogue)
    by_type = Counter({card_type: 0 for card_type in CARD_TYPES})
    for row in rows:
        by_type[row["type"]] += row["count"]
    computers = []
    for slug in kit:
        item = catalogue.get("supercomputer", slug)
        colour = item.data.get("colour", "") if item and isinstance(item.data, Mapping) else ""
        computers.append({"slug": slug, "name": _name(catalogue, slug), "colour": colour})
    report.figures = {
        "players": players,
        "computers": computers,
        "cards": rows,
        "card_count": dict(by_type),
        "energy_tokens": _energy_supply(catalogue),
        "starting_energy_tokens": START_ENERGY * len(kit),
        "start_player_token": 1,
        "total": sum(by_type.values()),
    }
    return report


def model_counts(body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, int]:
    """A card game has no models to collect."""
    return {}


def summary(body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport) -> str:
    """Plain text for the printer: the computers, the faces to print, then each seat's deal."""
    figures = report.figures
    computers = figures.get("computers") or []
    rows = figures.get("cards") or []
    counts = figures.get("card_count") or {}
    lines = [f"Missiles & Microchips kit: {figures.get('players', 0)} players"]
    for computer in computers:
        colour = f" ({computer['colour']})" if computer.get("colour") else ""
        lines.append(f"- {computer['name']}{colour}")
    lines.append(
        f"Cards: {figures.get('total', 0)} ({counts.get('target', 0)} TARGET, "
        f"{counts.get('action', 0)} ACTION)"
    )
    if computers:
        players = len(computers)
        lines.append("To print:")
        for computer in computers:
            lines.append(f"- {players}x TARGET: {computer['name']}")
        for action in ACTIONS:
            lines.append(f"- {players}x {action.upper()}")
        lines.append("Deal (each seat lays its own TARGET card in front):")
        for computer in computers:
            held = [row["name"] for row in rows if row["computer"] == computer["slug"]]
            lines.append(f"- {computer['name']}: {', '.join(held)}")
    lines.append(
        f"Energy tokens: {figures.get('energy_tokens', 0)} "
        f"({figures.get('starting_energy_tokens', 0)} handed out at the start, "
        f"{START_ENERGY} each); start player token: {figures.get('start_player_token', 1)}"
    )
    lines.append("Legal." if report.legal else "Not legal:")
    for problem in report.problems:
        where = f" ({problem.path})" if problem.path else ""
        lines.append(f"- {problem.severity}: {problem.message}{where}")
    return "\n".join(lines)
