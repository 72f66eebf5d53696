"""GET /api/<game>/entries/: read-only, filterable, never another user's homebrew."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.models import Entry, Game

pytestmark = pytest.mark.django_db


def results(response):
    assert response.status_code == 200, response.content
    return response.json()["results"]


def test_filters_by_kind_faction_and_type(client, catalogue):
    rows = results(
        client.get(
            "/api/maker-war/entries/", {"kind": "unit", "faction": "astral", "type": "infantry"}
        )
    )
    assert rows
    assert all(
        r["kind"] == "unit" and r["faction"] == "astral" and r["category"] == "infantry"
        for r in rows
    )


def test_filters_by_trait(client, catalogue):
    rows = results(client.get("/api/maker-war/entries/", {"kind": "unit", "trait": "hover"}))
    assert rows
    for row in rows:
        assert "hover" in {ref["slug"] for ref in row["references"]}


def test_searches_name_and_text(client, catalogue):
    rows = results(client.get("/api/micro-and-macro/entries/", {"q": "knight"}))
    assert any(r["name"] == "Knight" for r in rows)


def test_neutral_filter_gives_game_wide_entries(client, catalogue):
    rows = results(client.get("/api/maker-war/entries/", {"kind": "trait", "faction": "neutral"}))
    assert rows and all(r["faction"] is None for r in rows)


def test_entries_link_to_their_rule(client, catalogue):
    row = results(client.get("/api/maker-war/entries/", {"kind": "trait", "q": "screen"}))[0]
    assert row["rule_url"] == f"/games/maker-war/rules/#{row['rule']}"


def test_detail_and_missing_detail(client, catalogue):
    entry = Entry.objects.official().filter(game__slug="smalltricks").first()
    assert client.get(f"/api/smalltricks/entries/{entry.pk}/").json()["slug"] == entry.slug
    assert client.get("/api/smalltricks/entries/999999/").status_code == 404


def test_entries_of_another_game_are_not_found_under_this_one(client, catalogue):
    entry = Entry.objects.official().filter(game__slug="smalltricks").first()
    assert client.get(f"/api/maker-war/entries/{entry.pk}/").status_code == 404


def test_private_homebrew_is_hidden_from_others(client, catalogue, user, other_user):
    game = Game.objects.get(slug="maker-war")
    secret = Entry.objects.create(
        game=game, kind="unit", slug="secret", name="Secret Tank", owner=user, visibility="private"
    )
    client.force_login(other_user)
    assert "secret" not in {
        r["slug"] for r in results(client.get("/api/maker-war/entries/", {"q": "Secret"}))
    }
    assert client.get(f"/api/maker-war/entries/{secret.pk}/").status_code == 404
    client.force_login(user)
    assert client.get(f"/api/maker-war/entries/{secret.pk}/").status_code == 200


def test_query_count_does_not_grow_with_rows(client, catalogue):
    def queries(page_size_kind):
        with CaptureQueriesContext(connection) as ctx:
            client.get("/api/maker-war/entries/", {"kind": page_size_kind})
        return len(ctx.captured_queries)

    assert queries("unit") == queries("supply-card")
