"""The contract every game package fulfils: plain data and pure functions, no Django.

A game package (``companion/games/<name>/``) exposes ``GAME``, an instance of a
``GameSystem`` subclass. Django apps only ever reach a game through ``registry``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from enum import StrEnum
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from companion.games.problems import Problem, errors_by_path

if TYPE_CHECKING:
    from companion.games.building import BuildReport, Catalogue, CatalogueItem


def slugify(text: str) -> str:
    """Lower-case ASCII words joined by hyphens: the one slug rule for every game."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


@dataclass(frozen=True)
class FactionSpec:
    """A faction, race or side of a game, as the rules describe it."""

    slug: str
    name: str
    description: str = ""
    keywords: tuple[str, ...] = ()
    special_rules: tuple[str, ...] = ()  # slugs of the entries (kind "special-rule"/"trait") it has
    rule: str = ""  # id of the rules-reference section about this faction
    is_draft: bool = False  # unfinished in the book: shown, not buildable by default
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EntrySpec:
    """One catalogue entry: a unit, card, trait, table row, ... of one game.

    ``data`` holds the kind-specific facts as JSON-ready values; ``refs`` names the
    other entries this one uses (a unit's traits, spells, weapon) as ``(kind, slug)``.
    """

    kind: str
    slug: str
    name: str
    faction: str = ""  # faction slug; "" for neutral or game-wide entries
    category: str = ""  # the type within the kind: "infantry", "building", "active", ...
    text: str = ""  # rules text, in Muster's own words
    data: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""  # id of the rules-reference section that defines it
    refs: tuple[tuple[str, str], ...] = ()
    points: int | None = None  # computed by the game's pricing, never typed
    is_draft: bool = False
    is_starter: bool = False  # Muster's own starter content, not from the book
    order: int = 0  # position in the book's own table


# No number on any card, unit or table of these games goes past this; a field without a
# maximum of its own stops here, so homebrew stays printable and prices stay small.
FIELD_MAX = 1000


@dataclass(frozen=True)
class FieldSpec:
    """One field of a kind's ``data``, used to build forms, serializers and tables."""

    name: str
    label: str
    type: str = "str"  # "str", "int", "bool", "choice", "list", "dict", "text"
    required: bool = False
    choices: tuple[str, ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    help: str = ""
    show_in_list: bool = False

    @property
    def high(self) -> int:
        """The largest whole number the field takes: its own maximum, else ``FIELD_MAX``."""
        return FIELD_MAX if self.max_value is None else self.max_value


@dataclass(frozen=True)
class KindSpec:
    """A kind of catalogue entry of one game, with its fields and display names."""

    slug: str
    label: str
    plural: str
    fields: tuple[FieldSpec, ...] = ()
    categories: tuple[str, ...] = ()  # allowed ``category`` values; () = free
    homebrew: bool = False  # users may add their own entries of this kind
    priced: bool = False  # ``points`` comes from the game's pricing

    def list_fields(self) -> tuple[FieldSpec, ...]:
        return tuple(f for f in self.fields if f.show_in_list)


class RuleError(ValueError):
    """A game rule refuses some input. ``problems`` say what and where in the kernel's one
    problem format; ``errors`` is the same as ``{path: message}``, the shape the forms and
    the API's one exception handler answer with.

    Raised with ``{path: message}``, a bare message (about no field in particular), or the
    problems themselves (a report's errors, codes and all).
    """

    def __init__(self, errors: Mapping[str, str] | str | Iterable[Problem]):
        if isinstance(errors, str):
            errors = {"non_field_errors": errors}
        if isinstance(errors, Mapping):
            errors = [
                Problem("refused", "error", message, path) for path, message in errors.items()
            ]
        self.problems: tuple[Problem, ...] = tuple(errors)
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.errors.items()))

    @property
    def errors(self) -> dict[str, str]:
        return errors_by_path(self.problems)

    def __reduce__(self) -> tuple[type[RuleError], tuple[tuple[Problem, ...]]]:
        return type(self), (self.problems,)  # a copy or a pickle keeps the problems


@dataclass(frozen=True)
class Capabilities:
    """Which optional modules a game package has: each names the module (relative to the
    package) or is None when the game lacks that capability.

    The Django apps branch on this declaration, never on an import failing, so an
    ``ImportError`` raised inside a declared module surfaces as the bug it is.
    """

    build_rules: str | None = None  # lists: validate, EXAMPLE, summary, model_counts
    list_edits: str | None = None  # builder taps: ACTIONS and choices(body, catalogue)
    engine: str | None = None  # the live table (see ``companion.games.table``)
    printables: str | None = None  # LIST_PRINTS, GAME_PRINTS, build(what, source)
    models3d: str | None = None  # MODELS and bundle_parts(army)
    # deck tools (playtest, odds): OPENING_HAND, DRAWS_PER_TURN, CARD_KIND, CARD_TYPES, library
    decks: str | None = None
    # the cost calculator page: KIND (priced), RULE, FIELDS, NOTES, CHECKLISTS, TRAITS_*, START
    calculator: str | None = None

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclass_fields(cls))


class SeatLeaving(StrEnum):
    """What a game does when a seat leaves mid-game (its player deleted their account, or
    the host removed the seat): each game declares one from its rules
    (``GameSystem.seat_leaving``), its engine carries it out (``TableEngine.concede``,
    ``eliminate``, ``hand_over``), so the others' game never waits for a player who is gone.
    """

    CONCEDE = "concede"  # the game ends with it: the others win
    ELIMINATED = "eliminated"  # the game goes on without the seat, as if it were out
    TEAMMATE = "teammate"  # a teammate plays its side on (the side concedes when none is left)


class GameSystem:
    """Base of every game declaration; subclasses set the class attributes."""

    slug: ClassVar[str]
    name: ClassVar[str]
    short_name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int | None]  # None: no upper limit
    summary: ClassVar[str]
    kinds: ClassVar[tuple[KindSpec, ...]]
    capabilities: ClassVar[Capabilities] = Capabilities()  # none unless the game declares
    # A seat leaving a game in play: by default the game ends and the others win, the only
    # reading a two-player game allows (see ``SeatLeaving``).
    seat_leaving: ClassVar[SeatLeaving] = SeatLeaving.CONCEDE

    @property
    def package_dir(self) -> Path:
        import sys

        return Path(sys.modules[type(self).__module__].__file__).parent  # type: ignore[arg-type]

    def _package_module(self, name: str) -> Any:
        import importlib

        return importlib.import_module(f"{type(self).__module__}.{name}")

    def capability(self, name: str) -> ModuleType | None:
        """The module the game declares for capability ``name``, or None when it declares
        none. Imported plainly: an error inside a declared module propagates."""
        if name not in Capabilities.names():
            raise KeyError(name)
        module = getattr(self.capabilities, name)
        return None if module is None else self._package_module(module)

    def declares(self, name: str) -> bool:
        """Whether the game declares capability ``name`` (without importing it)."""
        if name not in Capabilities.names():
            raise KeyError(name)
        return getattr(self.capabilities, name) is not None

    def _required(self, name: str) -> ModuleType:
        module = self.capability(name)
        if module is None:
            raise LookupError(f"{self.name} declares no {name} module.")
        return module

    def factions(self) -> list[FactionSpec]:
        """The game's factions, from its ``catalogue`` module."""
        return self._package_module("catalogue").factions()

    def entries(self) -> list[EntrySpec]:
        """Every official entry, from its ``catalogue`` module."""
        return self._package_module("catalogue").entries()

    def official_catalogue(self, extra: Iterable[CatalogueItem] = ()) -> Catalogue:
        """The official entries a list may name, as validators see them (no database),
        plus ``extra`` items (homebrew, in tests)."""
        from companion.games.building import Catalogue, CatalogueItem

        official = (
            CatalogueItem(
                kind=e.kind,
                slug=e.slug,
                name=e.name,
                faction=e.faction,
                category=e.category,
                points=e.points,
                data=e.data,
                is_draft=e.is_draft,
            )
            for e in self.entries()
            if e.kind in self.list_kinds
        )
        return Catalogue([*official, *extra])

    def rules_markdown(self) -> str:
        """The rules reference in Muster's own words, with ``{#id}`` section anchors."""
        return (self.package_dir / "rules.md").read_text(encoding="utf-8")

    # Lists (armies, factions, decks): a game with lists has a ``build_rules`` module with
    # ``validate(body, catalogue) -> BuildReport``, ``EXAMPLE`` (a complete list body),
    # ``summary(body, catalogue, report) -> str`` and ``model_counts(body, catalogue)``.
    list_noun: ClassVar[str] = ""  # "army", "faction", "deck"; "" when the game has no lists
    list_kinds: ClassVar[tuple[str, ...]] = ()  # catalogue kinds its validator reads

    def _build_rules(self) -> Any:
        return self._required("build_rules")

    def validate_list(self, body: Mapping[str, Any], catalogue: Catalogue) -> BuildReport:
        """Every problem of a list, and its derived figures; never raises on bad data."""
        return self._build_rules().validate(body, catalogue)

    def example_list(self) -> dict[str, Any]:
        """A complete, legal list body, for the API docs and the tests."""
        return deepcopy(dict(self._build_rules().EXAMPLE))

    def list_summary(
        self, body: Mapping[str, Any], catalogue: Catalogue, report: BuildReport
    ) -> str:
        """A plain-text summary of a list, for forums and chat."""
        return self._build_rules().summary(body, catalogue, report)

    def model_counts(self, body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, int]:
        """How many models of each unit slug the list puts on the table (for collections)."""
        return self._build_rules().model_counts(body, catalogue)

    def table_engine(self) -> Any:
        """The game's table engine (``ENGINE`` of its engine module, a
        ``companion.games.table_engine.TableEngine``), or None when it has no table."""
        module = self.capability("engine")
        if module is None:
            return None
        return module.ENGINE

    def shared_body(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """What others may see of a list: games with secrets in a list strip them here."""
        return deepcopy(dict(body))

    def edit_list(
        self, body: Mapping[str, Any], op: str, args: Mapping[str, str], catalogue: Catalogue
    ) -> dict[str, Any]:
        """Apply one builder action (a tap on a page) to a list body and return the new body.

        A game's ``list_edits.ACTIONS`` maps action names to pure edits. Raises
        ``RuleError`` when the action cannot apply (not when the result breaks a rule: the
        validator reports that). A game without list edits has no actions.
        """
        edits = self.capability("list_edits")
        action = None if edits is None else edits.ACTIONS.get(op)
        if action is None:
            raise RuleError({"op": f"Unknown action '{op}'."})
        return action(deepcopy(dict(body)), args, catalogue)

    def builder_choices(self, body: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
        """What a builder page offers for ``body`` (plans, units, ...), as plain data;
        nothing for a game without list edits."""
        edits = self.capability("list_edits")
        return {} if edits is None else edits.choices(body, catalogue)

    def kind(self, slug: str) -> KindSpec:
        for kind in self.kinds:
            if kind.slug == slug:
                return kind
        raise KeyError(slug)

    def price(self, kind: str, data: Mapping[str, Any]) -> int | None:
        """Points of an entry of ``kind`` with ``data``; None where the game has no prices."""
        cost = self.cost(kind, data)
        return None if cost is None else cost[0]

    def cost(self, kind: str, data: Mapping[str, Any]) -> tuple[int, dict[str, float]] | None:
        """Points and the named terms that make them up; None where ``kind`` has no price.

        Raises ``RuleError`` naming the fields when ``data`` cannot be priced.
        """
        return None

    def clean_homebrew(self, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Validate the ``data`` of a user's entry; raise ``RuleError`` naming fields."""
        return clean_fields(self.kind(kind).fields, data)

    def facts(self, kind: str, data: Mapping[str, Any]) -> list[tuple[str, str]]:
        """``data`` as (label, text) lines for people, in the kind's field order.

        Games override this where a plain rendering of JSON would read badly.
        """
        labels = {f.name: f.label for f in self.kind(kind).fields}
        order = [name for name in labels if name in data]
        order += [name for name in data if name not in labels]
        return [
            (labels.get(name, name.replace("_", " ").capitalize()), show_value(data[name]))
            for name in order
            if data[name] not in (None, "", [], {})
        ]


def show_value(value: Any) -> str:
    """A readable rendering of a JSON value: lists joined, objects as ``key: value``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(show_value(v) for v in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {show_value(v)}" for k, v in value.items())
    return "" if value is None else str(value)


def clean_fields(fields: Iterable[FieldSpec], data: Mapping[str, Any]) -> dict[str, Any]:
    """Check ``data`` against field specs; unknown keys and wrong types are errors."""
    specs = {f.name: f for f in fields}
    errors: dict[str, str] = {}
    cleaned: dict[str, Any] = {}
    if not isinstance(data, Mapping):
        raise RuleError({"data": "Expected an object."})
    for key in data:
        if key not in specs:
            errors[f"data.{key}"] = "Unknown field."
    for name, spec in specs.items():
        path = f"data.{name}"
        if name not in data or data[name] in ("", None):
            if spec.required:
                errors[path] = "This field is required."
            continue
        value = data[name]
        if spec.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                errors[path] = "Expected a whole number."
                continue
            if spec.min_value is not None and value < spec.min_value:
                errors[path] = f"Must be at least {spec.min_value}."
                continue
            if value > spec.high:
                errors[path] = f"Must be at most {spec.high}."
                continue
        elif spec.type == "bool":
            if not isinstance(value, bool):
                errors[path] = "Expected true or false."
                continue
        elif spec.type == "choice":
            if value not in spec.choices:
                errors[path] = f"Must be one of: {', '.join(spec.choices)}."
                continue
        elif spec.type == "list":
            if not isinstance(value, list):
                errors[path] = "Expected a list."
                continue
            if spec.choices and (bad := [v for v in value if v not in spec.choices]):
                errors[path] = f"Unknown values {bad}; allowed: {', '.join(spec.choices)}."
                continue
        elif spec.type == "dict":
            if not isinstance(value, Mapping):
                errors[path] = "Expected an object."
                continue
        elif not isinstance(value, str):
            errors[path] = "Expected text."
            continue
        cleaned[name] = value
    if errors:
        raise RuleError(errors)
    return cleaned
