"""Reading a Micro and Macro deck body: what it names, and what cannot be read.

``read`` turns any JSON value into a ``Deck`` and reports only what makes the body
unreadable (``malformed``, ``unknown-*``, ``bad-count``, ``draft-faction``); the deck
rules live in ``build_rules``. ``card_info`` reads one catalogue card defensively, because
homebrew cards arrive as users typed them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from companion.games.building import BuildReport, Catalogue, CatalogueItem

NEUTRAL = "neutral"
PILES = ("main", "buildings")
MAX_COPIES = 99  # a line's count: the builder's limit, not a rule of the book
OPTIONS = ("allow_drafts", "allow_homebrew")
TYPE_ORDER = ("building", "upgrade", "instant")


@cache
def faction_names() -> dict[str, tuple[str, bool]]:
    """The book's factions: slug -> (name, is_draft)."""
    from companion.games.micro_and_macro import book

    return {f.slug: (f.name, f.is_draft) for f in book.factions()}


def faction_name(slug: str) -> str:
    """A faction's name for messages; neutral reads as "neutral"."""
    if slug in ("", NEUTRAL):
        return NEUTRAL
    return faction_names().get(slug, (slug, False))[0]


def whole(value: Any) -> int | None:
    """``value`` if it is a whole number (not a bool), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _slugs(value: Any) -> tuple[str, ...]:
    """A list of slugs from card data; anything else in it is ignored."""
    if not isinstance(value, list | tuple):
        return ()
    return tuple(dict.fromkeys(v for v in value if isinstance(v, str) and v))


@dataclass(frozen=True)
class Card:
    """The facts of one card the rules need, read from its catalogue item."""

    item: CatalogueItem
    symbol: str  # a faction slug, or "neutral"
    cost: int | None
    is_main: bool = False
    produces: tuple[tuple[str, int | None], ...] = ()  # buildings: (unit, cost)
    fits: tuple[str, ...] = ()  # upgrades: building slugs; () fits any
    units: tuple[str, ...] = ()  # upgrades: unit slugs they change
    teaches: tuple[str, ...] = ()
    weapon: str = ""

    @property
    def slug(self) -> str:
        return self.item.slug

    @property
    def name(self) -> str:
        return self.item.name

    @property
    def category(self) -> str:
        return self.item.category

    @property
    def is_building(self) -> bool:
        return self.item.category == "building"

    @property
    def is_upgrade(self) -> bool:
        return self.item.category == "upgrade"


def card_info(item: CatalogueItem) -> Card:
    """A card's facts; its printed symbol wins over the entry's faction, "" is neutral."""
    data = item.data if isinstance(item.data, Mapping) else {}
    symbol = data.get("symbol")
    if not isinstance(symbol, str) or not symbol:
        symbol = item.faction
    produces = tuple(
        (p["unit"], whole(p.get("cost")))
        for p in data.get("produces") or []
        if isinstance(p, Mapping) and isinstance(p.get("unit"), str) and p["unit"]
    )
    weapon = data.get("weapon")
    return Card(
        item=item,
        symbol=symbol or NEUTRAL,
        cost=whole(data.get("cost")),
        is_main=data.get("is_main") is True,
        produces=produces,
        fits=_slugs(data.get("fits")),
        units=_slugs(data.get("units")),
        teaches=_slugs(data.get("teaches")),
        weapon=weapon if isinstance(weapon, str) else "",
    )


def draft_units(card: Card, catalogue: Catalogue) -> list[str]:
    """Names of the draft units a card makes or changes: such a card is a draft too."""
    faction = "" if card.symbol == NEUTRAL else card.symbol
    slugs = dict.fromkeys([*(unit for unit, _ in card.produces), *card.units])
    return [
        item.name
        for item in (catalogue.get("unit", slug, faction) for slug in slugs)
        if item is not None and item.is_draft
    ]


@dataclass
class Line:
    """One line of a pile: a card and how many copies (0 when the count is unreadable)."""

    pile: str
    index: int
    slug: str
    count: int
    card: Card | None

    @property
    def path(self) -> str:
        return f"{self.pile}.{self.index}"

    @property
    def name(self) -> str:
        return self.card.name if self.card is not None else self.slug[:60]


@dataclass
class Deck:
    """A deck as read: ``faction`` is "" for neutral and None when it cannot be known."""

    catalogue: Catalogue
    faction: str | None = ""
    faction_name: str = "Neutral"
    allow_drafts: bool = False
    allow_homebrew: bool = False
    main: list[Line] = field(default_factory=list)
    buildings: list[Line] = field(default_factory=list)

    @property
    def lines(self) -> list[Line]:
        return [*self.main, *self.buildings]

    @property
    def main_count(self) -> int:
        return sum(line.count for line in self.main)

    @property
    def building_count(self) -> int:
        return sum(line.count for line in self.buildings)

    def unit(self, slug: str, faction: str = "") -> CatalogueItem | None:
        return self.catalogue.get("unit", slug, faction or self.faction or "")

    def name_of(self, kind: str, slug: str, faction: str = "") -> str:
        item = self.catalogue.get(kind, slug, faction or self.faction or "")
        return item.name if item is not None else slug


def read(body: Any, catalogue: Catalogue, report: BuildReport) -> Deck:
    """The body as a ``Deck``; what cannot be read, or names nothing known, is reported."""
    deck = Deck(catalogue)
    if not isinstance(body, Mapping):
        report.error(
            "malformed", "The deck must be an object with faction, main and buildings.", ""
        )
        body = {}
    _read_options(deck, body.get("options"), report)
    _read_faction(deck, body.get("faction"), report)
    for pile in PILES:
        raw = body.get(pile)
        if raw is None:
            continue
        if not isinstance(raw, list | tuple):
            what = "main deck" if pile == "main" else "building pile"
            report.error("malformed", f"The {what} must be a list of card lines.", pile)
            continue
        lines = deck.main if pile == "main" else deck.buildings
        for i, raw_line in enumerate(raw):
            line = _read_line(deck, pile, i, raw_line, report)
            if line is not None:
                lines.append(line)
    return deck


def _read_options(deck: Deck, options: Any, report: BuildReport) -> None:
    if options is None:
        return
    if not isinstance(options, Mapping):
        report.error("malformed", "Options must be an object of true/false settings.", "options")
        return
    for key in OPTIONS:
        value = options.get(key)
        if value is not None and not isinstance(value, bool):
            report.error("malformed", f"Option {key} must be true or false.", f"options.{key}")
        elif value:
            setattr(deck, key, True)


def _read_faction(deck: Deck, faction: Any, report: BuildReport) -> None:
    """Missing, "" and "neutral" make a neutral deck; a known slug, a faction deck."""
    if faction is None or faction in ("", NEUTRAL):
        return
    if not isinstance(faction, str):
        report.error("malformed", "The faction must be a faction slug or 'neutral'.", "faction")
        deck.faction, deck.faction_name = None, "?"
        return
    known = faction_names().get(faction)
    if known is None and not any(
        item.faction == faction
        for kind in ("card", "unit")
        for item in deck.catalogue.of_kind(kind)
    ):
        report.error("unknown-faction", f"There is no faction '{faction[:60]}'.", "faction")
        deck.faction, deck.faction_name = None, faction[:60]
        return
    deck.faction, deck.faction_name = faction, known[0] if known else faction
    if known is not None and known[1] and not deck.allow_drafts:
        report.error(
            "draft-faction",
            f"{known[0]} is unfinished in the book; turn on 'allow drafts' to build it.",
            "faction",
        )


def _read_line(deck: Deck, pile: str, i: int, raw: Any, report: BuildReport) -> Line | None:
    path = f"{pile}.{i}"
    if not isinstance(raw, Mapping):
        report.error("malformed", 'A card line must be {"card": slug, "count": n}.', path)
        return None
    slug = raw.get("card")
    if not isinstance(slug, str) or not slug:
        report.error("malformed", "This line names no card.", path)
        return None
    item = deck.catalogue.get("card", slug, deck.faction or "")
    card = card_info(item) if item is not None else None
    count = raw.get("count", 1)
    if whole(count) is None or not 1 <= count <= MAX_COPIES:
        shown = f"{count!r}"[:40]
        report.error(
            "bad-count",
            f"The number of copies of {card.name if card else slug[:60]} must be a whole "
            f"number from 1 to {MAX_COPIES} (got {shown}).",
            path,
        )
        count = 0
    if card is None:
        other = next(
            (k for k in ("unit", "spell", "weapon") if deck.catalogue.get(k, slug) is not None),
            None,
        )
        why = f": it is a {other}, and a deck holds only cards" if other else ""
        report.error("unknown-card", f"There is no card '{slug[:60]}'{why}.", path)
    return Line(pile, i, slug, count, card)
