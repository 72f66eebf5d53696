"""Every registered game keeps the package contract: one test per game, generated from
the registry, so a new game package is checked without being named here."""

from __future__ import annotations

import json
import pkgutil
from collections import Counter
from pathlib import Path

import pytest

import companion.games
from companion.games import reference
from companion.games.base import GameSystem
from companion.games.registry import all_games

GAMES = list(all_games().values())


def _game_packages() -> set[str]:
    """Every package under ``companion/games`` with a rule book: each one is a game."""
    return {
        info.name
        for info in pkgutil.iter_modules(companion.games.__path__)
        if info.ispkg and (Path(info.module_finder.path) / info.name / "rules.md").is_file()
    }


def test_every_game_package_is_registered_under_its_slug():
    """No game drops out of the registry silently (a ``GAME`` missing or of the wrong type)."""
    games = all_games()
    assert games, "no game is registered"
    assert all(slug == game.slug for slug, game in games.items())
    packages = [type(game).__module__.rpartition(".")[2] for game in games.values()]
    assert sorted(packages) == sorted(_game_packages())


@pytest.fixture(params=GAMES, ids=lambda g: g.slug)
def game(request) -> GameSystem:
    return request.param


def test_game_declares_its_metadata(game):
    assert game.name and game.summary and game.kinds
    assert game.min_players >= 1
    assert game.max_players is None or game.max_players >= game.min_players


def test_rules_reference_ids_are_unique(game):
    ids = reference.section_ids(game.rules_markdown())
    assert ids, "rules.md has no anchored sections"
    assert [i for i, n in Counter(ids).items() if n > 1] == []


def test_every_entry_is_of_a_declared_kind_and_category(game):
    kinds = {k.slug: k for k in game.kinds}
    for entry in game.entries():
        assert entry.kind in kinds, entry
        allowed = kinds[entry.kind].categories
        assert not allowed or entry.category in allowed, entry


def test_slugs_are_unique_within_kind_and_faction(game):
    keys = Counter((e.kind, e.faction, e.slug) for e in game.entries())
    assert [k for k, n in keys.items() if n > 1] == []


def test_entries_name_known_factions(game):
    factions = {f.slug for f in game.factions()}
    for entry in game.entries():
        assert entry.faction == "" or entry.faction in factions, entry


def test_entry_data_is_json(game):
    for entry in game.entries():
        json.dumps(dict(entry.data))


def test_every_rule_link_points_to_an_existing_section(game):
    ids = set(reference.section_ids(game.rules_markdown()))
    missing = [(e.kind, e.slug, e.rule) for e in game.entries() if e.rule not in ids]
    missing += [("faction", f.slug, f.rule) for f in game.factions() if f.rule not in ids]
    assert missing == []


def test_every_reference_resolves(game):
    known = {(e.kind, e.slug) for e in game.entries()}
    dangling = [(e.slug, ref) for e in game.entries() for ref in e.refs if ref not in known]
    assert dangling == []


def test_priced_kinds_carry_computed_points(game):
    for entry in game.entries():
        if game.kind(entry.kind).priced and not entry.is_draft:
            assert entry.points == game.price(entry.kind, entry.data), entry.slug


ENGINE_GAMES = [g for g in GAMES if g.table_engine() is not None]


@pytest.mark.parametrize("game", ENGINE_GAMES, ids=lambda g: g.slug)
def test_every_table_engine_keeps_the_contract(game):
    """The table core relies on these: a JSON state from the players' example lists, a
    JSON view per seat and for the public board, legal actions as action templates, and
    an unknown action refused with a field path and no change."""
    import copy
    import random

    from companion.games.base import RuleError
    from companion.games.table import Seat

    engine = game.table_engine()
    assert isinstance(engine.OPTIONS, dict) and isinstance(engine.DELTA_ACTIONS, frozenset)
    example = game.example_list() if game.list_noun else {}
    seats = [Seat(number=i, name=f"P{i}", list_body=example) for i in range(game.min_players)]
    state = engine.initial_state(seats, dict(engine.OPTIONS), random.Random(1))
    assert json.loads(json.dumps(state)) == state
    for seat in [*range(len(seats)), None]:
        json.dumps(engine.player_view(state, seat))
        actions = engine.legal_actions(state, seat)
        assert isinstance(actions, list)
        assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in actions)
    assert engine.is_over(state) is False
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as caught:
        engine.apply(state, 0, {"type": "no-such-move"}, random.Random(2))
    assert caught.value.errors and state == before
