"""Catalogue pages name things as players do: an entry or faction a value points to by its
name, a choice in words, a kind by its label, the price's terms in the book's words."""

from __future__ import annotations

import re

import pytest

from catalog.models import Entry, Faction

pytestmark = pytest.mark.django_db

SLUG = re.compile(r"(?<![\w/.#?=-])[a-z][a-z0-9]*(?:-[a-z0-9]+){1,}(?![\w/-])")


def visible(html: str) -> str:
    """The page's text as read: no tags, scripts, styles or attribute values."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def entry(game: str, slug: str, kind: str | None = None) -> Entry:
    found = Entry.objects.official().filter(game__slug=game, slug=slug)
    return (found.filter(kind=kind) if kind else found).first()


def test_a_value_naming_a_faction_shows_its_name(client, catalogue):
    page = visible(client.get(entry("micro-and-macro", "royal-keep").get_absolute_url()).text)
    assert "Kingdoms of Men" in page
    assert "kingdoms-of-men" not in page


def test_a_titans_weapons_show_by_name(client, catalogue):
    page = visible(client.get(entry("maker-war", "foundry-titan", "unit").get_absolute_url()).text)
    assert "foundry-rail-cannon" not in page
    assert entry("maker-war", "foundry-rail-cannon").name in page


def test_choices_in_the_catalogue_list_read_as_words(client, catalogue):
    page = visible(client.get("/games/smalltricks/catalogue/?kind=option").text)
    assert "damage-and-hold" not in page
    assert "damage and hold" in page


def test_categories_read_as_words(client, catalogue):
    page = visible(client.get("/games/maker-war/catalogue/?kind=trait").text)
    assert "chief-and-formation" not in page
    assert "chief and formation" in page


def test_kinds_show_their_label_on_faction_and_entry_pages(client, catalogue):
    faction = Faction.objects.get(game__slug="maker-war", slug="terran-makers")
    page = visible(client.get(faction.get_absolute_url()).text)
    assert "formation-plan" not in page
    assert "Formation plan" in page


def test_the_price_breakdown_uses_the_books_words(client, catalogue):
    page = client.get(entry("maker-war", "maker-rifles").get_absolute_url()).text
    assert "How the price is made" in page
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", visible(page))


@pytest.mark.parametrize(
    "game",
    ["micro-and-macro", "little-game", "maker-war", "missiles-and-microchips", "smalltricks"],
)
def test_no_catalogue_page_shows_a_slug_or_none(client, catalogue, game):
    urls = [f"/games/{game}/catalogue/?kind={kind}" for kind in _kinds(game)]
    urls += [f.get_absolute_url() for f in Faction.objects.filter(game__slug=game)]
    urls += [e.get_absolute_url() for e in Entry.objects.official().filter(game__slug=game)]
    for url in urls:
        text = visible(client.get(url).text)
        assert not re.search(r"\bNone\b", text), url
        names = {m.group(0) for m in SLUG.finditer(text)} - PROSE
        assert not {n for n in names if n.count("-") >= 2}, (url, names)


PROSE = {"end-of-round", "air-to-air", "out-of-cards"}  # hyphenated words of the books' prose


def _kinds(game: str) -> list[str]:
    from companion.games.registry import get_game

    return [kind.slug for kind in get_game(game).kinds]
