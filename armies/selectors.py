"""Reads of saved lists: who may see what, the catalogue a list is checked against, and
what changed in the catalogue since a list was saved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Q, QuerySet

from armies.models import CollectionItem, ListVisibility, SavedList
from catalog.models import Entry, Game
from companion.games.building import BuildReport, Catalogue, CatalogueItem
from companion.games.registry import declares, get_game


def has_lists(game_slug: str) -> bool:
    """Whether the game declares lists (its ``build_rules``): its list pages, and every
    page about one of its lists, exist only then."""
    return declares(game_slug, "build_rules")


def homebrew_slug(pk: int) -> str:
    """How a list names a user's own homebrew entry, never clashing with official slugs."""
    return f"hb-{pk}"


def list_catalogue(*, game: Game, user: Any = None) -> Catalogue:
    """The official entries a list may name, plus the user's own homebrew: one query."""
    system = get_game(game.slug)
    owner = Q(owner__isnull=True)
    if user is not None and getattr(user, "is_authenticated", False):
        owner |= Q(owner=user)
    rows = Entry.objects.filter(owner, game=game, kind__in=system.list_kinds).values_list(
        "pk",
        "kind",
        "slug",
        "name",
        "faction__slug",
        "category",
        "points",
        "data",
        "is_draft",
        "owner_id",
    )
    return Catalogue(
        CatalogueItem(
            kind=kind,
            slug=homebrew_slug(pk) if owner_id else slug,
            name=name,
            faction=faction or "",
            category=category,
            points=points,
            data=data or {},
            is_draft=is_draft,
            is_homebrew=owner_id is not None,
        )
        for pk, kind, slug, name, faction, category, points, data, is_draft, owner_id in rows
    )


def lists_of(*, game: Game, user: Any) -> QuerySet[SavedList]:
    return SavedList.objects.filter(game=game, owner=user).select_related("game", "owner")


# How the gallery may be sorted: the key a page or the API sends -> (label, ordering).
GALLERY_SORTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "new": ("Newest", ("-created", "-pk")),
    "copied": ("Most copied", ("-copy_count", "-created", "-pk")),
}


def gallery(*, game: Game, q: str = "", sort: str = "new") -> QuerySet[SavedList]:
    """Lists their owners put in the game's public gallery, searchable by name and notes,
    newest first or most copied first (an unknown ``sort`` is the newest)."""
    qs = SavedList.objects.filter(game=game, visibility=ListVisibility.PUBLIC).select_related(
        "game", "owner"
    )
    for word in q.split():
        qs = qs.filter(
            Q(name__icontains=word) | Q(notes__icontains=word) | Q(owner__username__iexact=word)
        )
    _, ordering = GALLERY_SORTS.get(sort, GALLERY_SORTS["new"])
    return qs.order_by(*ordering)


def list_for_viewer(*, game: Game, pk: int, user: Any) -> SavedList | None:
    """A list by its id: its owner's, or one in the public gallery; None otherwise (404),
    and for a game that declares no lists.

    Lists shared by link open only through their token, never by id.
    """
    if not has_lists(game.slug):
        return None
    visible = Q(visibility=ListVisibility.PUBLIC)
    if user is not None and getattr(user, "is_authenticated", False):
        visible |= Q(owner=user)
    return (
        SavedList.objects.filter(visible, game=game, pk=pk).select_related("game", "owner").first()
    )


def shared_list(token: str) -> SavedList | None:
    found = (
        SavedList.objects.filter(share_token=token)
        .exclude(visibility=ListVisibility.PRIVATE)
        .select_related("game", "owner")
        .first()
    )
    return found if found is not None and has_lists(found.game.slug) else None


def is_owner(saved_list: SavedList, user: Any) -> bool:
    return getattr(user, "is_authenticated", False) and saved_list.owner_id == user.pk


def body_for(saved_list: SavedList, user: Any) -> dict[str, Any]:
    """The list as this viewer may see it: others never get the owner's secrets."""
    system = get_game(saved_list.game.slug)
    if is_owner(saved_list, user):
        return dict(saved_list.body)
    return system.shared_body(saved_list.body)


def report_for(saved_list: SavedList, user: Any) -> tuple[dict[str, Any], BuildReport]:
    """The viewer's body and its validation against the viewer-independent catalogue."""
    body = body_for(saved_list, user)
    catalogue = list_catalogue(game=saved_list.game, user=saved_list.owner)
    return body, get_game(saved_list.game.slug).validate_list(body, catalogue)


def referenced_items(body: Any, catalogue: Catalogue) -> dict[str, dict[str, Any]]:
    """Every catalogue entry a list names, with the facts that make its price."""
    faction = body.get("faction", "") if isinstance(body, Mapping) else ""
    found: dict[str, dict[str, Any]] = {}
    kinds = {item.kind for item in catalogue.of_kind_all()}

    def walk(value: Any) -> None:
        if isinstance(value, str):
            for kind in kinds:
                item = catalogue.get(kind, value, faction)
                if item is not None:
                    found[f"{kind}:{value}"] = {
                        "name": item.name,
                        "points": item.points,
                        "data": dict(item.data),
                    }
        elif isinstance(value, Mapping):
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(body)
    return found


def catalogue_changes(saved_list: SavedList, catalogue: Catalogue) -> list[dict[str, Any]]:
    """What changed, entry by entry, since the list was last saved: price, profile, gone."""
    now = referenced_items(saved_list.body, catalogue)
    changes: list[dict[str, Any]] = []
    for key, before in sorted(saved_list.snapshot.items()):
        after = now.get(key)
        name = before.get("name", key)
        if after is None:
            changes.append(
                {
                    "entry": key,
                    "name": name,
                    "change": "removed",
                    "before": before.get("points"),
                    "after": None,
                    "fields": [],
                }
            )
            continue
        fields = sorted(
            k
            for k in set(before.get("data", {})) | set(after["data"])
            if before.get("data", {}).get(k) != after["data"].get(k)
        )
        if before.get("points") != after["points"] or fields:
            changes.append(
                {
                    "entry": key,
                    "name": after["name"],
                    "change": "price" if before.get("points") != after["points"] else "profile",
                    "before": before.get("points"),
                    "after": after["points"],
                    "fields": fields,
                }
            )
    return changes


def collection_report(
    *, saved_list: SavedList, user: Any, catalogue: Catalogue
) -> list[dict[str, Any]]:
    """For each unit of the list: needed, owned (printed + bought), painted and missing."""
    system = get_game(saved_list.game.slug)
    needed = system.model_counts(saved_list.body, catalogue)
    owned = (
        {
            c.unit: c
            for c in CollectionItem.objects.filter(
                owner=user, game=saved_list.game, unit__in=list(needed)
            )
        }
        if getattr(user, "is_authenticated", False)
        else {}
    )
    faction = saved_list.body.get("faction", "") if isinstance(saved_list.body, dict) else ""
    rows = []
    for unit, count in sorted(needed.items()):
        item = owned.get(unit)
        have = item.owned if item else 0
        entry = next(
            (
                catalogue.get(k, unit, faction)
                for k in system.list_kinds
                if catalogue.get(k, unit, faction)
            ),
            None,
        )
        rows.append(
            {
                "unit": unit,
                "name": entry.name if entry else unit,
                "needed": count,
                "owned": have,
                "painted": item.painted if item else 0,
                "missing": max(count - have, 0),
            }
        )
    return rows


def list_detail(saved_list: SavedList, user: Any) -> dict[str, Any]:
    """Everything a viewer may know of a list, checked against today's catalogue."""
    body = body_for(saved_list, user)
    catalogue = list_catalogue(game=saved_list.game, user=saved_list.owner)
    report = get_game(saved_list.game.slug).validate_list(body, catalogue)
    owner = is_owner(saved_list, user)
    return {
        "id": saved_list.pk,
        "game": saved_list.game.slug,
        "owner": saved_list.owner.username,
        "is_owner": owner,
        "name": saved_list.name,
        "notes": saved_list.notes,
        "visibility": saved_list.visibility,
        "share_url": saved_list.get_share_url()
        if owner and saved_list.visibility != ListVisibility.PRIVATE
        else None,
        "version": saved_list.version,
        "catalogue_version": saved_list.catalogue_version,
        "catalogue_changed": saved_list.catalogue_version != saved_list.game.catalogue_version,
        "changes": catalogue_changes(saved_list, catalogue) if owner else [],
        "body": body,
        "report": report.as_dict(),
        "updated": saved_list.updated,
    }


def collectable_units(*, game: Game) -> list[dict[str, Any]]:
    """The official units a player may own models of, by faction (Titan weapons are part
    of their Titan, so they are left out)."""
    system = get_game(game.slug)
    kind = "unit" if "unit" in system.list_kinds else (system.list_kinds or ("",))[0]
    rows = (
        Entry.objects.official()
        .filter(game=game, kind=kind)
        .exclude(category="weapon")
        .order_by("faction__order", "order", "name")
        .values("slug", "name", "faction__name", "category")
    )
    return [
        {
            "slug": r["slug"],
            "name": r["name"],
            "faction": r["faction__name"] or "",
            "category": r["category"],
        }
        for r in rows
    ]
