"""The gallery: newest first or most copied first, and how often each list was copied."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from armies import services
from armies.models import ListVisibility, SavedList
from companion.games.registry import get_game

pytestmark = pytest.mark.django_db


def _publish(owner, game, name: str, days_old: int) -> SavedList:
    saved = services.list_create(
        owner=owner,
        game=game,
        name=name,
        body=get_game(game.slug).example_list(),
        visibility=ListVisibility.PUBLIC,
    )
    created = saved.created - timedelta(days=days_old)
    SavedList.objects.filter(pk=saved.pk).update(created=created)
    return saved


def _copy(client, saved: SavedList) -> None:
    response = client.post(reverse("armies:copy", args=[saved.game.slug, saved.pk]))
    assert response.status_code == 302


def _gallery(client, **params) -> list[tuple[str, str]]:
    """(name, copies) of each row, in order."""
    html = client.get(reverse("armies:gallery", args=["maker-war"]), params).content.decode()
    return [
        (name.replace("&#x27;", "'"), copies)
        for name, copies in re.findall(
            r'<tr data-list="\d+"><td><a [^>]+>([^<]+)</a>'
            r'.*?<td class="num copies"[^>]*>(\d+)</td>',
            html,
            re.S,
        )
    ]


@pytest.fixture
def published(user, maker_war):
    return {
        "old": _publish(user, maker_war, "Old guard", days_old=30),
        "new": _publish(user, maker_war, "New blood", days_old=0),
        "mid": _publish(user, maker_war, "Middle road", days_old=10),
    }


def test_a_copy_by_another_player_counts_on_the_list(client, other_user, published):
    client.force_login(other_user)
    _copy(client, published["old"])
    _copy(client, published["old"])
    _copy(client, published["mid"])
    published["old"].refresh_from_db()
    assert published["old"].copy_count == 2
    assert dict(_gallery(client))["Old guard"] == "2"
    assert dict(_gallery(client))["Middle road"] == "1"
    assert dict(_gallery(client))["New blood"] == "0"


def test_copying_ones_own_list_is_no_copy_count(client, user, published):
    client.force_login(user)
    _copy(client, published["new"])
    published["new"].refresh_from_db()
    assert published["new"].copy_count == 0


def test_a_copy_through_the_api_counts_too(client, other_user, published):
    client.force_login(other_user)
    response = client.post(f"/api/maker-war/lists/{published['mid'].pk}/copy/")
    assert response.status_code == 201
    published["mid"].refresh_from_db()
    assert published["mid"].copy_count == 1


def test_a_copy_does_not_make_the_list_look_updated(client, other_user, published):
    before = published["old"].updated
    client.force_login(other_user)
    _copy(client, published["old"])
    published["old"].refresh_from_db()
    assert published["old"].updated == before


def test_the_gallery_sorts_newest_first_by_default(client, published):
    assert [name for name, _ in _gallery(client)] == ["New blood", "Middle road", "Old guard"]
    assert [name for name, _ in _gallery(client, sort="new")] == [
        "New blood",
        "Middle road",
        "Old guard",
    ]


def test_the_gallery_sorts_by_most_copied(client, other_user, published):
    client.force_login(other_user)
    for _ in range(3):
        _copy(client, published["old"])
    _copy(client, published["mid"])
    assert _gallery(client, sort="copied") == [
        ("Old guard", "3"),
        ("Middle road", "1"),
        ("New blood", "0"),
    ]


def test_the_sort_links_keep_the_search(client, published):
    html = client.get(
        reverse("armies:gallery", args=["maker-war"]), {"q": "guard", "sort": "copied"}
    ).content.decode()
    assert 'href="?sort=copied&amp;q=guard" class="active"' in html
    assert 'href="?sort=new&amp;q=guard"' in html
    assert [name for name, _ in _gallery(client, q="guard", sort="copied")] == ["Old guard"]


def test_an_unknown_sort_is_the_newest_and_never_fails(client, published):
    for sort in ("copied'--", "", "x" * 300):
        response = client.get(reverse("armies:gallery", args=["maker-war"]), {"sort": sort})
        assert response.status_code == 200
    assert [n for n, _ in _gallery(client, sort="bogus")][0] == "New blood"


def test_the_api_gallery_sorts_too(client, other_user, published):
    client.force_login(other_user)
    _copy(client, published["mid"])
    client.logout()
    names = [r["name"] for r in client.get("/api/maker-war/gallery/", {"sort": "copied"}).json()]
    assert names[0] == "Middle road"
