"""One "My lists" page across games: every list of the player with its game, size,
legality and date; tags added and removed; filters by game, tag and name."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from armies import services
from armies.models import ListTag
from companion.games.registry import get_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def band(user, smalltricks):
    return services.list_create(
        owner=user, game=smalltricks, name="Hill band", body=get_game("smalltricks").example_list()
    )


@pytest.fixture
def rows(client):
    def read(url: str = "/lists/", **params) -> dict[str, str]:
        """List name -> the text of its row."""
        html = client.get(url, params).content.decode()
        found = {}
        for row in re.findall(r'<tr data-list="\d+">(.*?)</tr>', html, re.S):
            name = re.search(r'<a href="/games/[^"]+">([^<]+)</a>', row).group(1)
            found[name.replace("&#x27;", "'")] = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row))
        return found

    return read


def _tag(client, saved_list, name: str, **extra):
    return client.post(
        reverse("armies:tags", args=[saved_list.game.slug, saved_list.pk]),
        {"tag": name, **extra},
    )


def test_my_lists_shows_every_game_with_size_legality_and_date(
    client, user, other_user, army, band, rows, maker_war
):
    services.list_create(owner=other_user, game=maker_war, name="Bert's army", body={})
    client.force_login(user)
    page = client.get("/lists/")
    assert page.status_code == 200
    found = rows()
    assert set(found) == {"Ada's army", "Hill band"}  # never another player's list
    assert "Maker-War" in found["Ada's army"] or maker_war.short_name in found["Ada's army"]
    assert "legal" in found["Ada's army"] and str(army.total) in found["Ada's army"]
    assert army.updated.strftime("%Y-%m-%d") in found["Ada's army"]
    assert "Smalltricks" in found["Hill band"]


def test_the_nav_and_the_home_page_lead_to_my_lists(client, user):
    client.force_login(user)
    assert 'href="/lists/"' in client.get("/").content.decode()


def test_my_lists_asks_to_log_in(client):
    response = client.get("/lists/")
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_filter_by_game_and_by_name(client, user, army, band, rows):
    client.force_login(user)
    assert set(rows(game="smalltricks")) == {"Hill band"}
    assert set(rows(q="army")) == {"Ada's army"}
    assert set(rows(q="HILL")) == {"Hill band"}
    assert rows(q="zebra") == {}
    assert "No list matches" in client.get("/lists/", {"q": "zebra"}).content.decode()


def test_unknown_filters_find_nothing_and_never_fail(client, user, army, rows):
    client.force_login(user)
    for params in ({"game": "chess"}, {"tag": "x'; drop"}, {"tag": "99999"}, {"q": "x" * 500}):
        assert client.get("/lists/", params).status_code == 200
        assert rows(**params) == {}


def test_a_tag_is_added_shown_and_filters(client, user, army, band, rows):
    client.force_login(user)
    response = _tag(client, army, "  Tournament  ", next="/lists/?game=maker-war")
    assert response.status_code == 302 and response.url == "/lists/?game=maker-war"
    _tag(client, band, "tournament")  # the same tag, whatever the case
    _tag(client, band, "to paint")
    assert [t.name for t in ListTag.objects.filter(owner=user)] == ["to paint", "Tournament"]
    tournament = ListTag.objects.get(owner=user, name="Tournament")
    assert "Tournament" in rows()["Ada's army"]
    assert set(rows(tag=str(tournament.pk))) == {"Ada's army", "Hill band"}
    paint = ListTag.objects.get(name="to paint")
    assert set(rows(tag=str(paint.pk))) == {"Hill band"}
    assert set(rows(tag=str(paint.pk), game="maker-war")) == set()


def test_a_removed_tag_leaves_the_list_and_is_forgotten_when_unused(client, user, army, rows):
    client.force_login(user)
    _tag(client, army, "casual")
    tag = ListTag.objects.get(owner=user)
    response = client.post(
        reverse("armies:tags", args=[army.game.slug, army.pk]), {"remove": tag.pk}
    )
    assert response.status_code == 302
    assert "casual" not in rows()["Ada's army"]
    assert not ListTag.objects.filter(owner=user).exists()


def test_bad_tags_are_refused_with_a_message_and_change_nothing(client, user, army):
    client.force_login(user)
    for name in ("", "   ", "x" * 41):
        page = client.post(
            reverse("armies:tags", args=[army.game.slug, army.pk]), {"tag": name}, follow=True
        )
        assert page.status_code == 200
        assert b'class="message error"' in page.content
    for bad in ("nope", "12345"):
        page = client.post(
            reverse("armies:tags", args=[army.game.slug, army.pk]), {"remove": bad}, follow=True
        )
        assert b"There is no such tag on this list." in page.content
    assert army.tags.count() == 0 and not ListTag.objects.exists()


def test_nobody_tags_another_players_list(client, other_user, army):
    client.force_login(other_user)
    response = _tag(client, army, "mine now")
    assert response.status_code == 404
    assert not ListTag.objects.exists()


def test_an_outside_next_address_goes_back_to_my_lists(client, user, army):
    client.force_login(user)
    response = _tag(client, army, "x", next="https://evil.example/")
    assert response.url == reverse("armies:all")


def test_the_game_page_keeps_its_new_list_form_and_shows_only_its_lists(
    client, user, army, band, rows
):
    client.force_login(user)
    html = client.get(reverse("armies:mine", args=["maker-war"])).content.decode()
    assert reverse("armies:new", args=["maker-war"]) in html
    assert set(rows(reverse("armies:mine", args=["maker-war"]))) == {"Ada's army"}
