"""The browsing pages: every game, its catalogue with filters, entries, factions, rules."""

import pytest

from catalog.models import Entry, Faction
from companion.games.registry import all_games

pytestmark = pytest.mark.django_db

GAMES = list(all_games())


def test_home_lists_every_game(client, catalogue):
    page = client.get("/").content.decode()
    for system in all_games().values():
        assert system.name.replace("&", "&amp;") in page


@pytest.mark.parametrize("game", GAMES)
def test_every_game_page_and_every_kind_list_render(client, catalogue, game):
    assert client.get(f"/games/{game}/").status_code == 200
    for kind in all_games()[game].kinds:
        response = client.get(f"/games/{game}/catalogue/", {"kind": kind.slug})
        assert response.status_code == 200, (game, kind.slug)


def test_list_filters_narrow_the_rows(client, catalogue):
    page = client.get(
        "/games/maker-war/catalogue/", {"kind": "unit", "faction": "astral", "category": "tank"}
    ).content.decode()
    astral_tank = (
        Entry.objects.official()
        .filter(game__slug="maker-war", kind="unit", faction__slug="astral", category="tank")
        .first()
    )
    other = (
        Entry.objects.official()
        .filter(game__slug="maker-war", kind="unit")
        .exclude(faction__slug="astral")
        .first()
    )
    assert astral_tank.name in page
    assert f">{other.name}<" not in page


def test_live_search_answers_with_rows_only(client, catalogue):
    response = client.get(
        "/games/micro-and-macro/catalogue/",
        {"kind": "unit", "q": "knight"},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert "Knight" in body and "<html" not in body


def test_unknown_kind_is_404(client, catalogue):
    assert client.get("/games/maker-war/catalogue/", {"kind": "dragons"}).status_code == 404


def test_entry_detail_links_to_its_rule(client, catalogue):
    entry = Entry.objects.official().filter(game__slug="maker-war", kind="trait").first()
    page = client.get(entry.get_absolute_url()).content.decode()
    assert f"/games/maker-war/rules/#{entry.rule}" in page


def test_unit_detail_shows_price_breakdown_and_uses(client, catalogue):
    unit = (
        Entry.objects.official()
        .filter(game__slug="maker-war", kind="unit", references__isnull=False)
        .first()
    )
    page = client.get(unit.get_absolute_url()).content.decode()
    assert "How the price is made" in page and "Uses" in page


def test_titan_detail_adds_its_weapons(client, catalogue):
    titan = (
        Entry.objects.official()
        .filter(game__slug="maker-war", kind="unit", category="titan")
        .first()
    )
    page = client.get(titan.get_absolute_url()).content.decode()
    assert "with its weapons" in page
    assert "Left weapon" in page and "Terran Makers starter army" in page


def test_faction_page(client, catalogue):
    faction = Faction.objects.get(game__slug="micro-and-macro", slug="bloodmages")
    page = client.get(faction.get_absolute_url()).content.decode()
    assert "Bloodmage" in page and "Direwolf" in page


def test_draft_entries_are_marked_unfinished(client, catalogue):
    draft = Entry.objects.official().filter(game__slug="micro-and-macro", is_draft=True).first()
    assert "unfinished" in client.get(draft.get_absolute_url()).content.decode()


@pytest.mark.parametrize("game", GAMES)
def test_rules_reference_renders_with_anchors(client, catalogue, game):
    page = client.get(f"/games/{game}/rules/").content.decode()
    assert 'id="' in page and "rule-backlinks" in page


def test_rules_search_finds_sections(client, catalogue):
    page = client.get("/games/maker-war/rules/", {"q": "screen"}).content.decode()
    assert "trait-screen" in page


def test_calculator_page_prices_the_default_profile(client, catalogue):
    page = client.get("/games/maker-war/calculator/").content.decode()
    assert 'id="points">6<' in page


def test_calculator_posts_return_the_new_price(client, catalogue):
    response = client.post(
        "/games/maker-war/calculator/",
        {
            "type": "tank",
            "armor": "3",
            "speed": "20",
            "fire_range": "45",
            "fire_power": "2",
            "fire_traits": ["AT"],
            "melee": "0",
            "fire_arc": "all",
        },
        headers={"HX-Request": "true"},
    )
    assert 'id="points">47<' in response.content.decode()


def test_calculator_shows_errors_by_field(client, catalogue):
    response = client.post("/games/maker-war/calculator/", {"type": "tank", "armor": "x"})
    assert response.status_code == 400
    assert "armor" in response.content.decode()


def test_games_without_a_calculator_have_no_page(client, catalogue):
    assert client.get("/games/smalltricks/calculator/").status_code == 404


def test_api_schema_and_docs(client, catalogue):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    text = schema.content.decode()
    assert "/api/{game}/entries/" in text and "/api/{game}/unit-cost/" in text
    assert client.get("/api/docs/").status_code == 200


def test_admin_lists_catalogue_models(admin_client, catalogue):
    for model in ("game", "faction", "entry"):
        assert admin_client.get(f"/admin/catalog/{model}/").status_code == 200
