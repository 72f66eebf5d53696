"""Reads of 3D printing: designs as a viewer may see them, the entries one may upload for,
the size row an entry's design is measured against, and a list's owner's collection."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from armies import selectors as list_selectors
from armies.models import SavedList
from catalog.models import Entry
from companion.games.registry import all_games, declares
from printing.stl import sizes
from printing.stl.models import Design


def model_kinds(game: str) -> tuple[str, ...]:
    """The catalogue kinds that stand for a model on the table, as ``game`` declares them
    (its ``models3d.MODEL_KINDS``); none for a game without pieces."""
    system = all_games().get(game)
    module = system.capability("models3d") if system is not None else None
    return tuple(module.MODEL_KINDS) if module is not None else ()


def entry_print(entry: Entry) -> tuple[Any, dict[str, Any]] | None:
    """(model, its values) to print a stand-in for ``entry``, as its game declares it (the
    optional ``models3d.entry_part``: a Maker-War unit's proxy); None when it has none."""
    from printing.stl.params import all_models

    system = all_games().get(entry.game.slug)
    module = system.capability("models3d") if system is not None else None
    entry_part = getattr(module, "entry_part", None)
    part = entry_part(entry.kind, entry.name, entry.data) if entry_part else None
    if part is None:
        return None
    model = all_models().get((entry.game.slug, part.model))
    return None if model is None else (model, dict(part.values))


def has_pieces(game: str) -> bool:
    """Whether ``game`` declares printable pieces (its ``models3d``): the bundles of its
    lists are served only then."""
    return declares(game, "models3d")


def _signed_in(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def visible_designs(user: Any) -> QuerySet[Design]:
    """Designs for official entries, plus those for the viewer's own homebrew.

    A design for someone's homebrew stays as private as that homebrew.
    """
    visible = Q(entry__owner__isnull=True)
    if _signed_in(user):
        visible |= Q(entry__owner=user)
    return Design.objects.filter(visible).select_related("entry", "entry__game", "author")


def design_for_viewer(*, pk: int, user: Any) -> Design | None:
    return visible_designs(user).filter(pk=pk).first()


def uploadable_entries(user: Any, game: str = "") -> QuerySet[Entry]:
    """Units (of each game's model kinds) the user may upload a design for: official ones
    and the user's own homebrew."""
    if not _signed_in(user):
        return Entry.objects.none()
    kinds = Q()
    for slug in all_games():
        if not game or game == slug:
            kinds |= Q(game__slug=slug, kind__in=model_kinds(slug))
    return (
        Entry.objects.filter(kinds)
        .filter(Q(owner__isnull=True) | Q(owner=user))
        .select_related("game", "faction")
        .order_by("game__name", "faction__name", "name")
    )


def size_for_entry(entry: Entry) -> sizes.Size:
    data = entry.data or {}
    return sizes.size_for(entry.game.slug, str(data.get("type", "")))


def own_list(*, pk: int, user: Any) -> SavedList | None:
    """The signed-in user's own list by id; None for anyone else's, whatever its sharing
    (what a player owns is theirs alone), and for a game that declares no lists."""
    if not _signed_in(user):
        return None
    found = SavedList.objects.filter(pk=pk, owner=user).select_related("game", "owner").first()
    return found if found is not None and list_selectors.has_lists(found.game.slug) else None


def list_collection(saved_list: SavedList, user: Any) -> list[dict[str, Any]]:
    """Per unit of the list: needed, owned, painted and missing, read now from ``user``'s
    collection (the armies' own collection report)."""
    catalogue = list_selectors.list_catalogue(game=saved_list.game, user=saved_list.owner)
    return list_selectors.collection_report(saved_list=saved_list, user=user, catalogue=catalogue)
