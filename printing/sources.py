"""Turn what a viewer asks to print (a saved list, a game's kit) into a job's plain params.

Producers never touch the database: everything a file shows is resolved here, once, as
the viewer may see it (the owner's secrets stay out of another viewer's print), and the
catalogue digest goes into the params so a catalogue change makes a new file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armies import selectors as list_selectors
from armies.models import ListVisibility, SavedList
from catalog.models import Entry, Game
from companion.games.registry import all_games


class SourceError(ValueError):
    """The thing to print does not exist or this viewer may not see it (answer 404)."""


def visible_list(*, pk: int, user: Any, token: str = "") -> SavedList:
    """A list the viewer may see: their own, a public one, or one shared by ``token``."""
    found = SavedList.objects.filter(pk=pk).select_related("game", "owner").first() if pk else None
    if found is not None:
        if list_selectors.list_for_viewer(game=found.game, pk=pk, user=user) is not None:
            return found
        shared = list_selectors.shared_list(token) if token else None
        if shared is not None and shared.pk == found.pk:
            return found
    raise SourceError("No such list.")


def _homebrew(saved_list: SavedList, body: Any) -> list[dict[str, Any]]:
    """The owner's homebrew entries the list names (as ``hb-<pk>``), as plain data."""
    wanted: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and value.startswith("hb-") and value[3:].isdigit():
            wanted.add(int(value[3:]))
        elif isinstance(value, Mapping):
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(body)
    rows = Entry.objects.filter(
        pk__in=wanted, game=saved_list.game, owner=saved_list.owner
    ).select_related("faction")
    return [
        {
            "kind": row.kind,
            "slug": list_selectors.homebrew_slug(row.pk),
            "name": row.name,
            "faction": row.faction.slug if row.faction else "",
            "category": row.category,
            "text": row.text,
            "points": row.points,
            "data": row.data or {},
        }
        for row in rows.order_by("pk")
    ]


def list_params(saved_list: SavedList, user: Any, *, base_url: str) -> tuple[dict[str, Any], bool]:
    """The params of a print of ``saved_list`` for this viewer, and whether it is private."""
    body = list_selectors.body_for(saved_list, user)
    private = saved_list.visibility != ListVisibility.PUBLIC
    if saved_list.visibility == ListVisibility.LINK:
        path = saved_list.get_share_url()
    else:
        path = saved_list.get_absolute_url()
    return (
        {
            "game": saved_list.game.slug,
            "catalogue_version": saved_list.game.catalogue_version,
            "list": {
                "id": saved_list.pk,
                "name": saved_list.name,
                "owner": saved_list.owner.username,
                "version": saved_list.version,
                "body": body,
                "url": base_url.rstrip("/") + path,
            },
            "homebrew": _homebrew(saved_list, body),
        },
        private,
    )


def game_params(slug: str) -> dict[str, Any]:
    """The params naming a game's official kit (no list)."""
    if slug not in all_games():
        raise SourceError("No such game.")
    game = Game.objects.filter(slug=slug).first()
    return {"game": slug, "catalogue_version": game.catalogue_version if game else ""}
