"""Reads of the catalogue: filtered lists, visibility, and the rules reference."""

from __future__ import annotations

from functools import cache

import markdown
from django.db.models import Q, QuerySet
from django.urls import reverse

from catalog.models import Entry, Game
from companion.games import reference
from companion.games.registry import get_game


def entry_list(
    *,
    game: Game,
    user=None,
    kind: str = "",
    faction: str = "",
    category: str = "",
    uses: str = "",
    q: str = "",
    drafts: bool = True,
) -> QuerySet[Entry]:
    """Entries of ``game`` the user may see, filtered; one query whatever the page size."""
    qs = Entry.objects.visible_to(user).filter(game=game).select_related("game", "faction", "owner")
    if kind:
        qs = qs.filter(kind=kind)
    if faction:
        qs = (
            qs.filter(faction__slug=faction)
            if faction != "neutral"
            else qs.filter(faction__isnull=True)
        )
    if category:
        qs = qs.filter(category=category)
    if uses:
        qs = qs.filter(references__slug=uses).distinct()
    if q:
        for word in q.split():
            qs = qs.filter(Q(name__icontains=word) | Q(text__icontains=word))
    if not drafts:
        qs = qs.filter(is_draft=False)
    return qs.order_by("kind", "faction__order", "order", "name", "pk")


def entry_for_user(*, game: Game, pk: int, user) -> Entry | None:
    return entry_list(game=game, user=user).filter(pk=pk).first()


def shared_entry(token: str) -> Entry | None:
    """A homebrew entry its owner shared by link; private ones never come out of here."""
    return (
        Entry.objects.filter(share_token=token, owner__isnull=False, visibility="link")
        .select_related("game", "faction", "owner")
        .first()
    )


@cache
def rules_html(game_slug: str) -> str:
    text = get_game(game_slug).rules_markdown()
    return markdown.markdown(text, extensions=["attr_list", "tables", "sane_lists"])


@cache
def rules_sections(game_slug: str) -> tuple[reference.Section, ...]:
    return tuple(reference.sections(get_game(game_slug).rules_markdown()))


def section_html(section: reference.Section) -> str:
    return markdown.markdown(section.body, extensions=["attr_list", "tables", "sane_lists"])


def rule_backlinks(game: Game) -> dict[str, list[dict[str, str]]]:
    """Official entries grouped by the rule section that defines them: the way back."""
    grouped: dict[str, list[dict[str, str]]] = {}
    rows = (
        Entry.objects.official()
        .filter(game=game)
        .exclude(rule="")
        .order_by("kind", "order", "name")
        .values_list("pk", "slug", "name", "rule")
    )
    for pk, slug, name, rule in rows:
        url = reverse("catalog:entry", args=[game.slug, pk, slug])
        grouped.setdefault(rule, []).append({"name": name, "url": url})
    return grouped
