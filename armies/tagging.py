"""A player's lists across every game: the tags they sort them by, and the one "My lists"
page's read (filter by game, tag and name).

Tags belong to the player, not to a game, so "tournament" means the same on a Maker-War
army and a Smalltricks faction. Writes are keyword-only and atomic like ``services``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Prefetch, Q, QuerySet
from django.db.models.functions import Lower

from armies.models import ListTag, SavedList
from companion.games.base import RuleError
from companion.games.registry import all_games, declares

MAX_TAG_LENGTH = ListTag._meta.get_field("name").max_length
# More tags than anyone sorts by; a bound so a script cannot grow the filter bar forever.
MAX_TAGS_PER_PLAYER = 100
MAX_TAGS_PER_LIST = 20


def clean_tag_name(raw: Any) -> str:
    """A tag as typed, trimmed and with runs of spaces made one; ``RuleError`` when empty
    or too long."""
    name = " ".join(str(raw or "").split())
    if not name:
        raise RuleError({"tag": "Type a tag, e.g. “tournament”."})
    if len(name) > MAX_TAG_LENGTH:
        raise RuleError({"tag": f"A tag has at most {MAX_TAG_LENGTH} characters."})
    return name


@transaction.atomic
def tag_add(*, saved_list: SavedList, name: Any) -> ListTag:
    """Put the owner's tag ``name`` on the list, making the tag when it is new (names are
    matched without regard to case, so "Tournament" and "tournament" are one tag)."""
    name = clean_tag_name(name)
    owner = saved_list.owner
    tag = ListTag.objects.filter(owner=owner, name__iexact=name).first()
    if tag is None:
        if ListTag.objects.filter(owner=owner).count() >= MAX_TAGS_PER_PLAYER:
            raise RuleError({"tag": f"At most {MAX_TAGS_PER_PLAYER} tags; remove one first."})
        tag = ListTag.objects.create(owner=owner, name=name)
    if not saved_list.tags.filter(pk=tag.pk).exists():
        if saved_list.tags.count() >= MAX_TAGS_PER_LIST:
            raise RuleError({"tag": f"A list has at most {MAX_TAGS_PER_LIST} tags."})
        saved_list.tags.add(tag)
    return tag


@transaction.atomic
def tag_remove(*, saved_list: SavedList, tag_id: Any) -> None:
    """Take a tag off the list; a tag left on no list is forgotten, so the filter bar only
    offers tags that find something. An unknown id changes nothing."""
    try:
        pk = int(tag_id)
    except (TypeError, ValueError):
        raise RuleError({"tag": "There is no such tag on this list."}) from None
    tag = saved_list.tags.filter(pk=pk).first()
    if tag is None:
        raise RuleError({"tag": "There is no such tag on this list."})
    saved_list.tags.remove(tag)
    if not tag.lists.exists():
        tag.delete()


def games_with_lists() -> list[str]:
    """The slugs of the games that declare lists, as the registry orders them."""
    return [slug for slug in all_games() if declares(slug, "build_rules")]


def tags_of(user: Any) -> QuerySet[ListTag]:
    return ListTag.objects.filter(owner=user)


def my_lists(*, user: Any, game: str = "", tag: str = "", q: str = "") -> QuerySet[SavedList]:
    """Every list of ``user`` in the games that have lists, newest change first, narrowed
    to a game slug, a tag id and words of the name when given (unknown values find
    nothing rather than fail)."""
    qs = (
        SavedList.objects.filter(owner=user)
        .select_related("game")
        .prefetch_related(Prefetch("tags", queryset=ListTag.objects.order_by(Lower("name"))))
        .order_by("-updated", "-pk")
    )
    qs = qs.filter(game__slug__in=games_with_lists())
    if game:
        qs = qs.filter(game__slug=game)
    if tag:
        qs = qs.filter(tags__pk=int(tag)) if tag.isdigit() else qs.none()
    for word in q.split():
        qs = qs.filter(Q(name__icontains=word))
    return qs
