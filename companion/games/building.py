"""What every list validator returns, and the catalogue it reads.

A game's ``build_rules.py`` takes a list as plain JSON data plus a ``Catalogue`` and
returns a ``BuildReport``: derived figures and every problem found (in the kernel's one
problem format, ``companion.games.problems``), never only the first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.problems import Problem


@dataclass
class BuildReport:
    """A list's derived figures (total points, counts...) and every problem it has."""

    figures: dict[str, Any] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not any(p.is_error for p in self.problems)

    def error(self, code: str, message: str, path: str = "") -> None:
        self.problems.append(Problem(code, "error", message, path))

    def warning(self, code: str, message: str, path: str = "") -> None:
        self.problems.append(Problem(code, "warning", message, path))

    def verdict_lines(self) -> list[str]:
        """ "Legal", or the verdict and one line per problem: the end of every summary."""
        if not self.problems:
            return ["Legal"]
        lines = ["Legal, with warnings:" if self.legal else "Not legal:"]
        for p in self.problems:
            where = f" ({p.path})" if p.path else ""
            lines.append(f"- {p.severity}: {p.message}{where}")
        return lines

    def as_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "figures": self.figures,
            "problems": [p.as_dict() for p in self.problems],
        }


@dataclass(frozen=True)
class CatalogueItem:
    """What a validator may know of one entry: plain values, no database rows."""

    kind: str
    slug: str
    name: str
    faction: str = ""
    category: str = ""
    points: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    is_draft: bool = False
    is_homebrew: bool = False


class Catalogue:
    """The entries a list may name, looked up by kind and slug (faction-aware)."""

    def __init__(self, items: Iterable[CatalogueItem]):
        self._items: dict[tuple[str, str], list[CatalogueItem]] = {}
        for item in items:
            self._items.setdefault((item.kind, item.slug), []).append(item)

    def get(self, kind: str, slug: str, faction: str = "") -> CatalogueItem | None:
        """Prefer the entry of ``faction``, then a neutral one, then any with that slug."""
        found = self._items.get((kind, slug), [])
        for wanted in (faction, ""):
            for item in found:
                if item.faction == wanted:
                    return item
        return found[0] if found else None

    def of_kind(self, kind: str, faction: str | None = None) -> list[CatalogueItem]:
        return [
            item
            for (k, _), items in self._items.items()
            if k == kind
            for item in items
            if faction is None or item.faction == faction
        ]

    def of_kind_all(self) -> list[CatalogueItem]:
        """Every item, of every kind."""
        return [item for items in self._items.values() for item in items]

    def __len__(self) -> int:
        return sum(len(v) for v in self._items.values())
