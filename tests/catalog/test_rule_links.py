"""Every catalogue entry that names a rule lands on a section that exists, and back."""

import re

import pytest

from catalog.models import Entry, Faction, Game

pytestmark = pytest.mark.django_db


def anchors(client, game: str) -> set[str]:
    html = client.get(f"/games/{game}/rules/").content.decode()
    return set(re.findall(r'\bid="([a-z0-9-]+)"', html))


def test_every_rule_link_has_a_section(client, catalogue):
    missing = []
    for game in Game.objects.all():
        ids = anchors(client, game.slug)
        for entry in Entry.objects.official().filter(game=game):
            if not entry.rule or entry.rule not in ids:
                missing.append((game.slug, entry.kind, entry.slug, entry.rule))
        for faction in Faction.objects.filter(game=game):
            if faction.rule not in ids:
                missing.append((game.slug, "faction", faction.slug, faction.rule))
    assert missing == []


def test_rule_sections_link_back_to_their_entries(client, catalogue):
    page = client.get("/games/maker-war/rules/").content.decode()
    hover = Entry.objects.official().get(game__slug="maker-war", kind="trait", slug="hover")
    assert '"rule-backlinks"' in page
    assert hover.get_absolute_url() in page
