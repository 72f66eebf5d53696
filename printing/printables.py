"""The bridge to each game's ``printables.py``: what a game can print, and the data for it.

A game's module declares ``LIST_PRINTS`` and ``GAME_PRINTS`` (name -> (title, shape), the
shape ``"cards"`` or ``"sheet"``), optionally ``PLAYERS`` (fewest, most) for kits, ``BACK``
(the card back) and ``build(what, source) -> list[dict]``. Everything here is pure: the
official entries come from the game package, homebrew ones from the job's params.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

from companion.games.base import EntrySpec
from companion.games.registry import all_games, get_game


@cache
def module(slug: str) -> ModuleType | None:
    """The game's printables module, or None when it has none."""
    return get_game(slug).capability("printables")


def _names(slug: str, attribute: str) -> list[tuple[str, str, str]]:
    found = module(slug) if slug in all_games() else None
    table: Mapping[str, tuple[str, str]] = getattr(found, attribute, {}) if found else {}
    return [(name, title, shape) for name, (title, shape) in table.items()]


def list_printables(slug: str) -> list[tuple[str, str, str]]:
    return _names(slug, "LIST_PRINTS")


def game_printables(slug: str) -> list[tuple[str, str, str]]:
    return _names(slug, "GAME_PRINTS")


def shape_of(slug: str, what: str) -> str:
    for name, _, shape in list_printables(slug) + game_printables(slug):
        if name == what:
            return shape
    raise ValueError(f"{get_game(slug).name} has nothing called {what!r} to print.")


def players_range(slug: str) -> tuple[int, int] | None:
    found = module(slug)
    return getattr(found, "PLAYERS", None) if found else None


@cache
def _official(slug: str) -> dict[tuple[str, str], list[EntrySpec]]:
    table: dict[tuple[str, str], list[EntrySpec]] = {}
    for entry in get_game(slug).entries():
        table.setdefault((entry.kind, entry.slug), []).append(entry)
    return table


@dataclass
class Source:
    """What a game's printables read: the list (if any), entries by kind and slug, and the
    number of players for a kit. Homebrew entries are plain dicts with the same keys."""

    game: str
    body: Mapping[str, Any] | None = None
    list_name: str = ""
    list_url: str = ""
    owner: str = ""
    players: int = 0
    homebrew: list[dict[str, Any]] = field(default_factory=list)

    def find(self, kind: str, slug: str, faction: str = "") -> dict[str, Any] | None:
        """The entry ``kind``/``slug`` as a dict (faction's own first, then neutral)."""
        for item in self.homebrew:
            if item.get("kind") == kind and item.get("slug") == slug:
                return dict(item)
        found = _official(self.game).get((kind, slug), [])
        for wanted in (faction, ""):
            for entry in found:
                if entry.faction == wanted:
                    return _as_dict(entry)
        return _as_dict(found[0]) if found else None

    def all(self, kind: str, faction: str | None = None) -> list[dict[str, Any]]:
        """Every official entry of ``kind`` (of one faction when given), in book order."""
        entries = [
            entry
            for (k, _), items in _official(self.game).items()
            if k == kind
            for entry in items
            if faction is None or entry.faction == faction
        ]
        return [_as_dict(e) for e in sorted(entries, key=lambda e: (e.order, e.name))]

    def catalogue(self) -> Any:
        """The game's validator catalogue: official entries plus this list's homebrew."""
        from companion.games.building import CatalogueItem

        extra = [
            CatalogueItem(
                kind=str(h.get("kind", "")),
                slug=str(h.get("slug", "")),
                name=str(h.get("name", "")),
                faction=str(h.get("faction", "")),
                category=str(h.get("category", "")),
                points=h.get("points"),
                data=dict(h.get("data") or {}),
                is_homebrew=True,
            )
            for h in self.homebrew
        ]
        return get_game(self.game).official_catalogue(extra=extra)

    def faction_name(self, slug: str) -> str:
        for faction in get_game(self.game).factions():
            if faction.slug == slug:
                return faction.name
        return slug


def _as_dict(entry: EntrySpec) -> dict[str, Any]:
    return {
        "kind": entry.kind,
        "slug": entry.slug,
        "name": entry.name,
        "faction": entry.faction,
        "category": entry.category,
        "text": entry.text,
        "points": entry.points,
        "data": dict(entry.data),
    }


def source_from(params: Mapping[str, Any]) -> Source:
    """The Source a job's params describe."""
    slug = str(params.get("game", ""))
    if slug not in all_games():
        raise ValueError(f"Unknown game {slug!r}.")
    saved = params.get("list") or {}
    return Source(
        game=slug,
        body=saved.get("body") if saved else None,
        list_name=str(saved.get("name", "")),
        list_url=str(saved.get("url", "")),
        owner=str(saved.get("owner", "")),
        players=int(params.get("players") or 0),
        homebrew=list(params.get("homebrew") or []),
    )


def build(params: Mapping[str, Any]) -> tuple[str, list[dict[str, Any]], dict[str, Any], str]:
    """The shape, items, card back and title of what the params ask to print."""
    source = source_from(params)
    what = str(params.get("what", ""))
    shape = shape_of(source.game, what)
    found = module(source.game)
    assert found is not None
    items = found.build(what, source)
    system = get_game(source.game)
    back = dict(getattr(found, "BACK", {"title": system.name}))
    back.setdefault("type", "")
    back["type"] = back["type"] or source.list_name
    title = " · ".join(t for t in (source.list_name or system.name, what) if t)
    return shape, items, back, title
