"""Page tests of the site shell and the list pages' links: the catalogue's htmx results
never stand in for the page, "Plain text" works through a share link, the breadcrumb
claims the gallery only for a gallery list, /favicon.ico answers."""

from __future__ import annotations

import pytest

from armies import services
from catalog.models import Game
from companion.games.registry import get_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def army(user, catalogue):
    return services.list_create(
        owner=user,
        game=Game.objects.get(slug="maker-war"),
        name="Spearhead",
        body=get_game("maker-war").example_list(),
        visibility="link",
    )


def _publish(saved_list) -> None:
    saved_list.visibility = "public"
    saved_list.save(update_fields=["visibility"])


# --- the catalogue's results partial ---------------------------------------------------


def test_the_results_partial_is_never_cached_and_both_answers_vary_on_htmx(client, catalogue):
    url = "/games/maker-war/catalogue/?kind=unit&q=tank"
    page = client.get(url)
    partial = client.get(url, HTTP_HX_REQUEST="true")
    assert "<header" in page.content.decode()
    assert "<header" not in partial.content.decode()
    for response in (page, partial):
        assert "HX-Request" in response["Vary"]
    assert "no-store" in partial["Cache-Control"]


def test_an_htmx_history_restore_gets_the_whole_page(client, catalogue):
    response = client.get(
        "/games/maker-war/catalogue/?q=tank",
        HTTP_HX_REQUEST="true",
        HTTP_HX_HISTORY_RESTORE_REQUEST="true",
    )
    assert "<header" in response.content.decode()


# --- plain text through a share link -------------------------------------------------------


def test_plain_text_opens_for_anyone_with_the_share_link(client, army):
    page = client.get(army.get_share_url()).content.decode()
    summary_url = f"/games/maker-war/lists/{army.pk}/summary/?token={army.share_token}"
    assert summary_url in page
    response = client.get(summary_url)
    assert response.status_code == 200
    assert response.content.decode().startswith("Spearhead (Maker-War)")


def test_plain_text_without_the_token_or_with_another_lists_token_is_404(client, army, user):
    other = services.list_create(
        owner=user,
        game=army.game,
        name="Other",
        body=get_game("maker-war").example_list(),
        visibility="link",
    )
    base = f"/games/maker-war/lists/{army.pk}/summary/"
    assert client.get(base).status_code == 404
    assert client.get(base, {"token": other.share_token}).status_code == 404
    assert client.get(base, {"token": "nonsense"}).status_code == 404


def test_a_private_lists_old_token_opens_no_plain_text(client, army):
    army.visibility = "private"
    army.save(update_fields=["visibility"])
    url = f"/games/maker-war/lists/{army.pk}/summary/?token={army.share_token}"
    assert client.get(url).status_code == 404


def test_the_owner_and_gallery_links_need_no_token(client, army, user):
    client.force_login(user)
    page = client.get(army.get_absolute_url()).content.decode()
    assert f'href="/games/maker-war/lists/{army.pk}/summary/"' in page
    assert client.get(f"/games/maker-war/lists/{army.pk}/summary/").status_code == 200


# --- the breadcrumb ----------------------------------------------------------------------


def test_a_list_opened_by_its_share_link_does_not_claim_the_gallery(client, army):
    crumbs = client.get(army.get_share_url()).content.decode().split('class="crumbs"')[1]
    crumbs = crumbs.split("</p>")[0]
    assert "Gallery" not in crumbs
    assert "Shared list" in crumbs


def test_a_public_list_opened_by_its_share_link_does_not_claim_the_gallery(client, army):
    _publish(army)
    crumbs = client.get(army.get_share_url()).content.decode().split('class="crumbs"')[1]
    assert "Gallery" not in crumbs.split("</p>")[0]


def test_a_gallery_list_opened_from_the_gallery_shows_the_gallery(client, army):
    _publish(army)
    crumbs = client.get(army.get_absolute_url()).content.decode().split('class="crumbs"')[1]
    assert 'href="/games/maker-war/gallery/">Gallery</a>' in crumbs.split("</p>")[0]


def test_the_owner_sees_my_lists(client, army, user):
    client.force_login(user)
    crumbs = client.get(army.get_absolute_url()).content.decode().split('class="crumbs"')[1]
    assert "My lists" in crumbs.split("</p>")[0]


# --- the favicon ---------------------------------------------------------------------------


def test_favicon_answers_the_site_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert b"".join(response.streaming_content)[:4] == b"\x89PNG"
