"""House rules chosen when a table is opened: the form offers each game's declared
options, typed values reach the engine, and a bad value changes nothing."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.registry import all_games
from companion.games.table import check_options, option_fields, read_option_form
from companion.table.models import Table

pytestmark = pytest.mark.django_db


def test_every_declared_option_field_names_an_option_of_its_engine():
    for game in all_games().values():
        engine = game.table_engine()
        if engine is None:
            continue
        names = [f.name for f in option_fields(engine)]
        assert set(names) <= set(engine.OPTIONS), game.slug
        assert len(names) == len(set(names)), game.slug


def test_the_open_form_offers_the_house_rules_of_each_game(client, user, catalogue):
    client.force_login(user)
    page = client.get("/tables/").content.decode()
    assert 'name="opt_missiles-and-microchips__more_than_10"' in page
    assert 'name="opt_little-game__split"' in page and 'value="evens-odds"' in page


def test_a_ticked_house_rule_reaches_the_table(client, user, catalogue):
    client.force_login(user)
    client.post(
        "/tables/new/",
        {
            "game": "missiles-and-microchips",
            "name": "Ada",
            "opt_missiles-and-microchips__more_than_10": "1",
            "opt_missiles-and-microchips__start_player": "random",
            "opt_little-game__split": "1 2 3 4 5",  # another game's field: ignored
        },
    )
    table = Table.objects.get()
    assert table.options == {"more_than_10": True, "start_player": "random"}


def test_an_agreed_little_game_split_deals_those_hands(client, user, catalogue):
    from companion.games.little_game.table import hands_from

    client.force_login(user)
    client.post(
        "/tables/new/",
        {"game": "little-game", "name": "Ann", "opt_little-game__split": "1 2 3 9 10"},
    )
    assert hands_from(Table.objects.get().options) == [[1, 2, 3, 9, 10], [4, 5, 6, 7, 8]]


def test_a_split_that_does_not_share_out_the_ten_cards_is_refused():
    from companion.games.little_game.table import hands_from

    with pytest.raises(RuleError) as caught:
        hands_from({"split": "1 1 2 3 4"})
    assert "options.split" in caught.value.errors


def test_an_option_of_the_wrong_type_is_refused_and_no_table_is_made(client, user, catalogue):
    client.force_login(user)
    response = client.post(
        "/api/tables/",
        {"game": "missiles-and-microchips", "name": "Ada", "options": {"more_than_10": "yes"}},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "options.more_than_10" in response.json()
    assert not Table.objects.exists()


def test_reading_the_form_types_numbers_and_refuses_words_where_numbers_go():
    from companion.games.base import FieldSpec

    fields = (
        FieldSpec("rounds", "Round limit", "int", min_value=1, max_value=20),
        FieldSpec("mode", "Mode", "choice", choices=("a", "b")),
        FieldSpec("strict", "Strict", "bool"),
    )
    assert read_option_form(fields, {"rounds": "7", "mode": "b"}) == {
        "rounds": 7,
        "mode": "b",
        "strict": False,
    }
    with pytest.raises(RuleError) as caught:
        read_option_form(fields, {"rounds": "seven"})
    assert caught.value.errors == {"options.rounds": "Expected a whole number."}
    with pytest.raises(RuleError) as caught:
        check_options(fields, {"rounds": 0, "mode": "c"})
    assert set(caught.value.errors) == {"options.rounds", "options.mode"}
