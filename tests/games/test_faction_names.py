"""Table views name factions as the book does ("Kingdoms of Men"), not as a slug put
into words ("Kingdoms of men")."""

from __future__ import annotations

from companion.games.maker_war import book as maker_war_book
from companion.games.micro_and_macro import book as micro_book
from companion.games.registry import all_games
from tests.games.test_random_play import deal


def _view(slug: str) -> dict:
    game = all_games()[slug]
    _, _, _, state = deal(game, 0)
    return game.table_engine().player_view(state, 0)


def test_maker_war_names_each_sides_faction_as_the_book_does():
    view = _view("maker-war")
    names = view["faction_names"]
    assert names == [maker_war_book.FACTION_NAMES[f] for f in view["factions"]]


def test_micro_and_macro_names_each_players_faction_as_the_book_does():
    players = _view("micro-and-macro")["players"]
    assert [p["faction_name"] for p in players] == [
        micro_book.FACTION_NAMES[p["faction"]] for p in players
    ]
    assert micro_book.faction_name("kingdoms-of-men") == "Kingdoms of Men"
