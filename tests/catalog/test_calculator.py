"""The cost calculator page asks what the game declares (its ``calculator`` capability) and
nothing else; a game that declares none has no page."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from companion.games.registry import all_games, get_game

pytestmark = pytest.mark.django_db

CALCULATING = [g for g in all_games().values() if g.capabilities.calculator is not None]


@pytest.fixture
def without_calculator(monkeypatch):
    """Maker-War as if it declared no calculator."""
    game = get_game("maker-war")
    monkeypatch.setattr(
        type(game), "capabilities", replace(game.capabilities, calculator=None), raising=True
    )
    return game


@pytest.mark.parametrize("game", [g.slug for g in all_games().values() if g not in CALCULATING])
def test_a_game_without_the_declaration_has_no_calculator(client, catalogue, game):
    assert client.get(f"/games/{game}/calculator/").status_code == 404
    assert client.post(f"/games/{game}/calculator/", {}).status_code == 404
    assert f"/games/{game}/calculator/" not in client.get(f"/games/{game}/").content.decode()


def test_removing_the_declaration_removes_the_page_and_its_link(
    client, catalogue, without_calculator
):
    assert client.get("/games/maker-war/calculator/").status_code == 404
    assert client.post("/games/maker-war/calculator/", {"armor": "1"}).status_code == 404
    assert "/games/maker-war/calculator/" not in client.get("/games/maker-war/").content.decode()


def test_the_game_page_links_a_declared_calculator(client, catalogue):
    assert "/games/maker-war/calculator/" in client.get("/games/maker-war/").content.decode()


def test_the_page_draws_each_declared_field_the_way_its_spec_says(client, catalogue):
    page = client.get("/games/maker-war/calculator/").content.decode()
    assert '<select name="type"><option value="infantry" selected>' in page
    assert 'name="armor" min="1" value="1" inputmode="numeric"' in page
    assert 'Structure <small class="muted">(Titans)</small>' in page
    assert 'name="structure" min="1" inputmode="numeric"' in page  # no opening value
    assert '<select name="fire_arc"><option value="all">' in page  # nothing preselected
    for value in ("AT", "TR", "DY"):
        assert f'name="fire_traits" value="{value}"' in page
    assert 'name="trait_screen"' in page and 'name="trait_screen_x"' in page  # a valued trait
    assert 'href="/games/maker-war/rules/#unit-cost"' in page


def test_the_page_asks_only_the_declared_fields(client, catalogue, monkeypatch):
    spec = get_game("maker-war").capability("calculator")
    monkeypatch.setattr(spec, "FIELDS", ("type", "armor"))
    monkeypatch.setattr(spec, "CHECKLISTS", ())
    page = client.get("/games/maker-war/calculator/").content.decode()
    assert 'name="armor"' in page
    assert 'name="melee"' not in page and 'name="fire_traits"' not in page


def test_a_post_builds_the_profile_from_the_declared_fields_only(client, catalogue, monkeypatch):
    spec = get_game("maker-war").capability("calculator")
    monkeypatch.setattr(spec, "FIELDS", ("type", "armor", "speed"))
    response = client.post(
        "/games/maker-war/calculator/",
        {"type": "infantry", "armor": "1", "speed": "10", "melee": "x"},
        headers={"HX-Request": "true"},
    )
    text = response.content.decode()
    assert response.status_code == 200 and 'id="points">' in text  # melee is not read at all


def test_an_unreadable_trait_value_is_named_by_the_declared_field(client, catalogue):
    response = client.post(
        "/games/maker-war/calculator/",
        {"type": "infantry", "armor": "1", "trait_screen": "1", "trait_screen_x": "two"},
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert (
        '<li data-field="traits.screen"><strong>Screen</strong>: Expected a whole number.' in text
    )


@pytest.mark.parametrize("game", CALCULATING, ids=lambda g: g.slug)
def test_a_declared_calculator_names_fields_of_its_priced_kind(game):
    spec = game.capability("calculator")
    kind = game.kind(spec.KIND)
    fields = {f.name: f for f in kind.fields}
    assert kind.priced
    for name in spec.FIELDS:
        assert fields[name].type in ("int", "choice"), name
    for name in spec.CHECKLISTS:
        assert fields[name].type == "list" and fields[name].choices, name
    assert set(spec.NOTES) <= set(spec.FIELDS) | set(getattr(spec, "ROWS", {}))
    for name, (count, columns) in getattr(spec, "ROWS", {}).items():
        assert fields[name].type == "list" and count >= 1, name
        assert all(("choices" in c) != ("kind" in c) for c in columns), name
    if spec.TRAITS_FIELD:
        assert fields[spec.TRAITS_FIELD].type == "dict"
        assert spec.TRAITS_KIND in {k.slug for k in game.kinds}
    points, _ = game.cost(spec.KIND, spec.START)  # the opening profile has a price
    assert points > 0


def _terms(html: str) -> list[str]:
    return re.findall(r"<tr><td>([^<]*)</td><td class=\"num\">", html)


def test_every_term_of_the_breakdown_is_named_in_the_books_words(client, catalogue):
    response = client.post(
        "/games/maker-war/calculator/",
        {
            "type": "flyer",
            "armor": "2",
            "speed": "20",
            "fire_range": "30",
            "fire_power": "2",
            "melee": "1",
            "fire_arc": "front",
            **{f"trait_{t}": "1" for t in ("hero", "conduit", "planetfall", "sustained-fire")},
            "trait_screen": "1",
            "trait_screen_x": "2",
            "trait_transport": "1",
            "trait_transport_x": "3",
        },
        headers={"HX-Request": "true"},
    )
    terms = _terms(response.content.decode())
    assert len(terms) >= 18  # the formula's terms and the four additions
    for term in terms:
        assert "_" not in term and not re.fullmatch(r"[a-z]+", term), term
    joined = " | ".join(terms)
    for words in (
        "Fire power",
        "Offensive fire",
        "Offensive close combat",
        "overpowered damping",
        "Type factor",
        "Maker War scale",
        "Hero (step 12 addition)",
        "Screen (step 12 addition)",
        "Transport (step 12 addition)",
        "Planetfall factor",
    ):
        assert words in joined
    first = client.get("/games/maker-war/calculator/").content.decode()
    assert _terms(first) and all("_" not in t for t in _terms(first))


def test_a_huge_price_is_marked_to_shrink(client, catalogue):
    response = client.post(
        "/games/maker-war/calculator/",
        {
            "type": "titan",
            "structure": "100",
            "speed": "100",
            "fire_range": "300",
            "fire_power": "20",
            "melee": "20",
            "trait_conduit": "1",
            "trait_bombard": "1",
        },
        headers={"HX-Request": "true"},
    )
    assert '<p class="price long"><span id="points">' in response.content.decode()
