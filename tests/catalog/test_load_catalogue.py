"""The loader brings the database in line with the game packages, and is idempotent."""

import pytest
from django.core.management import CommandError, call_command

from catalog.models import Entry, Faction, Game
from catalog.services import load_catalogue
from companion.games.registry import all_games

pytestmark = pytest.mark.django_db


def counts():
    return (
        Game.objects.count(),
        Faction.objects.count(),
        Entry.objects.count(),
        Entry.references.through.objects.count(),
    )


def test_every_game_is_loaded_with_every_entry(catalogue):
    assert set(Game.objects.values_list("slug", flat=True)) == set(all_games())
    for slug, system in all_games().items():
        assert Entry.objects.filter(game__slug=slug).count() == len(system.entries())
        assert Faction.objects.filter(game__slug=slug).count() == len(system.factions())


def test_loading_twice_duplicates_nothing(catalogue):
    before = counts()
    reports = load_catalogue()
    assert counts() == before
    assert all(r.created == 0 and r.updated == 0 and r.removed == 0 for r in reports)


def test_loading_repairs_an_edited_entry_and_removes_stale_ones(catalogue):
    entry = Entry.objects.official().exclude(points=None).first()
    true_points = entry.points
    entry.points = true_points + 100
    entry.save()
    stale = Entry.objects.create(
        game=entry.game, kind=entry.kind, slug="gone", name="Gone", key="unit//gone"
    )
    load_catalogue([all_games()[entry.game.slug]])
    entry.refresh_from_db()
    assert entry.points == true_points
    assert not Entry.objects.filter(pk=stale.pk).exists()


def test_loading_leaves_homebrew_alone(catalogue, user):
    game = Game.objects.get(slug="maker-war")
    mine = Entry.objects.create(
        game=game, kind="unit", slug="mine", name="Mine", owner=user, visibility="private"
    )
    load_catalogue()
    assert Entry.objects.filter(pk=mine.pk).exists()


def test_command_reports_each_game(catalogue, capsys):
    call_command("load_catalogue")
    out = capsys.readouterr().out
    for slug in all_games():
        assert f"{slug}:" in out


def test_command_refuses_unknown_games(catalogue):
    with pytest.raises(CommandError, match="nope"):
        call_command("load_catalogue", "nope")


def test_references_link_entries_both_ways(catalogue):
    unit = (
        Entry.objects.official()
        .filter(game__slug="maker-war", kind="unit", references__kind="trait")
        .first()
    )
    trait = unit.references.filter(kind="trait").first()
    assert unit in trait.referenced_by.all()
