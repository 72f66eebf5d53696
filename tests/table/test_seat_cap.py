"""A table has a finite number of seats, and joining one is rate-limited on the page as on
the API (issue 26, finding 6: 150 anonymous joins in 5 s gave a Maker-War table of 154
seats). A game whose rules state a maximum keeps it; one that states none ("two or more")
takes ``TABLE_MAX_SEATS``."""

from __future__ import annotations

import pytest
from django.test import Client

from catalog.models import Game
from companion.table import services
from companion.table.models import Seat, Table

pytestmark = pytest.mark.django_db
JOINS = 30


def open_table(host, slug: str = "maker-war") -> Table:
    return services.table_create(host=host, game=Game.objects.get(slug=slug), name="Ada")


def seated(table: Table) -> int:
    return Seat.objects.filter(table=table, removed=False).count()


def test_anonymous_page_joins_stop_at_the_seat_cap_with_a_message(user, catalogue, settings):
    table = open_table(user)
    cap = settings.TABLE_MAX_SEATS
    answers = []
    for n in range(JOINS):
        answers.append(Client().post(f"/t/{table.code}/", {"name": f"Guest {n}"}, follow=True))
    assert all(a.status_code == 200 for a in answers)
    assert seated(table) == cap
    refused = answers[cap - 1 :]  # the host holds seat 1
    assert all(f"The table is full ({cap} players)." in a.content.decode() for a in refused)
    assert all("The table is full" not in a.content.decode() for a in answers[: cap - 1])


def test_anonymous_api_joins_stop_at_the_seat_cap_with_a_400(user, catalogue, settings):
    table = open_table(user)
    cap = settings.TABLE_MAX_SEATS
    url = f"/api/tables/{table.code}/join/"
    answers = [
        Client().post(url, {"name": f"Guest {n}"}, content_type="application/json")
        for n in range(JOINS)
    ]
    assert [a.status_code for a in answers] == [201] * (cap - 1) + [400] * (JOINS - cap + 1)
    assert answers[-1].json() == {"table": [f"The table is full ({cap} players)."]}
    assert seated(table) == cap


def test_the_cap_is_a_setting(user, catalogue, settings):
    settings.TABLE_MAX_SEATS = 3
    table = open_table(user)
    for n in range(5):
        Client().post(f"/t/{table.code}/", {"name": f"Guest {n}"})
    assert seated(table) == 3


def test_a_game_that_states_its_maximum_keeps_it(user, catalogue, settings):
    settings.TABLE_MAX_SEATS = 2
    table = open_table(user, "missiles-and-microchips")  # 3-6 players
    for n in range(8):
        Client().post(f"/t/{table.code}/", {"name": f"Guest {n}"})
    assert seated(table) == 6


def test_a_seated_player_joining_again_keeps_their_seat_at_a_full_table(
    user, other_user, catalogue, settings
):
    settings.TABLE_MAX_SEATS = 2
    table = open_table(user)
    first = services.seat_join(table=table, name="Bert", user=other_user)
    assert services.seat_join(table=table, name="Bert", user=other_user) == first


def test_joining_from_the_table_page_is_rate_limited(user, catalogue, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "tables": "3/hour"}
    table = open_table(user)
    answers = [Client().post(f"/t/{table.code}/", {"name": f"G{n}"}) for n in range(5)]
    assert [a.status_code for a in answers] == [302, 302, 302, 429, 429]
    assert seated(table) == 4
