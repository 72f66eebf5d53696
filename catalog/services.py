"""Writes to the catalogue: loading the official data, and users' homebrew entries."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django.db import transaction

from catalog.models import Entry, Faction, Game, Visibility
from companion.games.base import GameSystem, RuleError, slugify
from companion.games.registry import all_games


@dataclass
class LoadReport:
    game: str
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.created} created, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.removed} removed"
        )


def entry_key(kind: str, faction: str, slug: str) -> str:
    return f"{kind}/{faction}/{slug}"


def catalogue_digest(factions: Iterable[Any], specs: Iterable[Any]) -> str:
    """A short digest of a game's official catalogue; it changes whenever any fact does."""
    payload = json.dumps(
        [[asdict(f) for f in factions], [asdict(e) for e in specs]], sort_keys=True, default=str
    )
    return hashlib.sha256(payload.encode()).hexdigest()[:16]


_ENTRY_FIELDS = (
    "name",
    "category",
    "text",
    "data",
    "rule",
    "points",
    "is_draft",
    "is_starter",
    "order",
)


def load_catalogue(games: Iterable[GameSystem] | None = None) -> list[LoadReport]:
    """Bring the official catalogue in line with the game packages; safe to run again."""
    return [_load_game(game) for game in (games or all_games().values())]


@transaction.atomic
def _load_game(system: GameSystem) -> LoadReport:
    report = LoadReport(system.slug)
    game, _ = Game.objects.update_or_create(
        slug=system.slug,
        defaults={
            "name": system.name,
            "short_name": system.short_name,
            "min_players": system.min_players,
            "max_players": system.max_players,
            "summary": system.summary,
        },
    )
    factions: dict[str, Faction] = {}
    for order, spec in enumerate(system.factions()):
        factions[spec.slug], _ = Faction.objects.update_or_create(
            game=game,
            slug=spec.slug,
            defaults={
                "name": spec.name,
                "description": spec.description,
                "keywords": list(spec.keywords),
                "special_rules": list(spec.special_rules),
                "rule": spec.rule,
                "is_draft": spec.is_draft,
                "data": dict(spec.data),
                "order": order,
            },
        )

    specs = system.entries()
    game.catalogue_version = catalogue_digest(system.factions(), specs)
    game.save(update_fields=["catalogue_version"])
    existing = {e.key: e for e in Entry.objects.official().filter(game=game)}
    wanted: dict[str, Entry] = {}
    to_create: list[Entry] = []
    to_update: list[Entry] = []
    for spec in specs:
        key = entry_key(spec.kind, spec.faction, spec.slug)
        values: dict[str, Any] = {
            "name": spec.name,
            "category": spec.category,
            "text": spec.text,
            "data": dict(spec.data),
            "rule": spec.rule,
            "points": spec.points,
            "is_draft": spec.is_draft,
            "is_starter": spec.is_starter,
            "order": spec.order,
        }
        faction = factions.get(spec.faction) if spec.faction else None
        entry = existing.get(key)
        if entry is None:
            entry = Entry(
                game=game,
                kind=spec.kind,
                slug=spec.slug,
                key=key,
                faction=faction,
                visibility=Visibility.OFFICIAL,
                **values,
            )
            to_create.append(entry)
        elif faction != entry.faction or any(getattr(entry, f) != v for f, v in values.items()):
            for field, value in values.items():
                setattr(entry, field, value)
            entry.faction = faction
            to_update.append(entry)
        else:
            report.unchanged += 1
        wanted[key] = entry
    Entry.objects.bulk_create(to_create)
    Entry.objects.bulk_update(to_update, [*_ENTRY_FIELDS, "faction"])
    report.created, report.updated = len(to_create), len(to_update)

    stale = [e.pk for k, e in existing.items() if k not in wanted]
    if stale:
        report.removed = len(stale)
        Entry.objects.filter(pk__in=stale).delete()
    Faction.objects.filter(game=game).exclude(slug__in=factions).delete()

    _link_references(game, specs, wanted)
    return report


def _link_references(game: Game, specs, wanted: Mapping[str, Entry]) -> None:
    """Replace the official reference graph: (kind, slug) refs resolve within the game,
    preferring the entry of the same faction when a slug repeats across factions."""
    by_kind_slug: dict[tuple[str, str], list[Entry]] = {}
    for entry in wanted.values():
        by_kind_slug.setdefault((entry.kind, entry.slug), []).append(entry)
    through = Entry.references.through
    rows = []
    for spec in specs:
        source = wanted[entry_key(spec.kind, spec.faction, spec.slug)]
        for ref in spec.refs:
            candidates = by_kind_slug.get(tuple(ref), [])
            target = next(
                (c for c in candidates if c.faction and c.faction.slug == spec.faction),
                candidates[0] if candidates else None,
            )
            if target is not None:
                rows.append(through(from_entry_id=source.pk, to_entry_id=target.pk))
    through.objects.filter(from_entry__game=game, from_entry__owner__isnull=True).delete()
    through.objects.bulk_create(rows, ignore_conflicts=True)


# --- homebrew -------------------------------------------------------------------------


def _clean_homebrew(
    *,
    system: GameSystem,
    game: Game,
    kind: str,
    name: str,
    faction: str,
    category: str,
    data: Mapping[str, Any],
) -> tuple[dict[str, Any], Faction | None, int | None]:
    errors: dict[str, str] = {}
    try:
        spec = system.kind(kind)
    except KeyError:
        raise RuleError({"kind": f"Unknown kind '{kind}' for {system.name}."}) from None
    if not spec.homebrew:
        errors["kind"] = f"{spec.plural} cannot be added as homebrew."
    if not name.strip():
        errors["name"] = "This field is required."
    elif not slugify(name):
        errors["name"] = "Use at least one letter or digit."
    if spec.categories and category and category not in spec.categories:
        errors["category"] = f"Must be one of: {', '.join(spec.categories)}."
    faction_obj = None
    if faction:
        faction_obj = Faction.objects.filter(game=game, slug=faction).first()
        if faction_obj is None:
            errors["faction"] = f"Unknown faction '{faction}'."
    cleaned: dict[str, Any] = {}
    try:
        cleaned = system.clean_homebrew(kind, data)
    except RuleError as exc:
        errors.update(exc.errors)
    if errors:
        raise RuleError(errors)
    return cleaned, faction_obj, system.price(kind, cleaned) if spec.priced else None


@transaction.atomic
def homebrew_create(
    *,
    owner,
    game: Game,
    kind: str,
    name: str,
    faction: str = "",
    category: str = "",
    text: str = "",
    data: Mapping[str, Any] | None = None,
    visibility: str = Visibility.PRIVATE,
) -> Entry:
    """Add a user's own entry; prices come from the game's formula, never the user."""
    system = all_games()[game.slug]
    if visibility not in (Visibility.PRIVATE, Visibility.LINK):
        raise RuleError({"visibility": "Must be 'private' or 'link'."})
    cleaned, faction_obj, points = _clean_homebrew(
        system=system,
        game=game,
        kind=kind,
        name=name,
        faction=faction,
        category=category,
        data=data or {},
    )
    if not category and "type" in cleaned and system.kind(kind).categories:
        category = cleaned["type"]
    return Entry.objects.create(
        game=game,
        kind=kind,
        slug=slugify(name),
        name=name.strip(),
        faction=faction_obj,
        category=category,
        text=text,
        data=cleaned,
        points=points,
        owner=owner,
        visibility=visibility,
    )


@transaction.atomic
def homebrew_update(
    *,
    entry: Entry,
    name: str,
    faction: str = "",
    category: str = "",
    text: str = "",
    data: Mapping[str, Any] | None = None,
    visibility: str = Visibility.PRIVATE,
) -> Entry:
    system = all_games()[entry.game.slug]
    if visibility not in (Visibility.PRIVATE, Visibility.LINK):
        raise RuleError({"visibility": "Must be 'private' or 'link'."})
    cleaned, faction_obj, points = _clean_homebrew(
        system=system,
        game=entry.game,
        kind=entry.kind,
        name=name,
        faction=faction,
        category=category,
        data=data or {},
    )
    if not category and "type" in cleaned and system.kind(entry.kind).categories:
        category = cleaned["type"]
    entry.name, entry.slug, entry.faction = name.strip(), slugify(name), faction_obj
    entry.category, entry.text, entry.data, entry.points = category, text, cleaned, points
    entry.visibility = visibility
    entry.save()
    return entry
