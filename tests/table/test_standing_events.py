"""The standing events a view's log is built from, kept per process and grown by one action
per move: always what reading the whole log gives, after moves, dice, undos and in a
process that has kept nothing yet, and read with one query of the new action at most."""

from __future__ import annotations

import uuid

import pytest

from catalog.models import Game
from companion.table import selectors, services
from companion.table.models import Table

pytestmark = pytest.mark.django_db


def _table(user, slug: str = "little-game") -> Table:
    table = services.table_create(host=user, game=Game.objects.get(slug=slug), name="Ann")
    for name in ("Ben", "Cy")[: 2 if slug == "missiles-and-microchips" else 1]:
        services.seat_join(table=table, name=name)
    return services.table_start(table=table, by=user)


def _act(table: Table, seat: int, action: dict) -> services.ActResult:
    table.refresh_from_db()
    return services.act(
        table=table, seat=seat, payload=action, seen_seq=table.seq, client_id=uuid.uuid4().hex
    )


def _fresh(table: Table) -> list[dict]:
    return selectors._read_events(Table.objects.get(pk=table.pk))


def test_kept_events_are_the_whole_logs_after_moves_dice_and_an_undo(user):
    table = _table(user, "missiles-and-microchips")
    steps = [
        (0, {"type": "choose", "target": 1, "action": "charge"}),
        (1, {"type": "dice", "dice": "2d6"}),
        (1, {"type": "choose", "target": 0, "action": "attack"}),
    ]
    for seat, action in steps:
        result = _act(table, seat, action)
        assert selectors.logged_events(result.table, result.action) == _fresh(table)
    table.refresh_from_db()
    services.undo(table=table, seat=1, seen_seq=table.seq, client_id="u-1")
    table.refresh_from_db()
    assert selectors.logged_events(table) == _fresh(table)
    selectors.STANDING.clear()  # another process, which has kept nothing
    assert selectors.logged_events(table) == _fresh(table)


def test_a_move_reads_no_log_and_a_view_of_the_same_seq_reads_nothing(
    user, django_assert_num_queries
):
    table = _table(user)
    selectors.logged_events(table)  # kept at seq 0
    result = _act(table, 0, {"type": "play", "card": 2})
    with django_assert_num_queries(0):
        grown = selectors.logged_events(result.table, result.action)
    assert grown == _fresh(table) and len(grown) > 0
    with django_assert_num_queries(0):
        assert selectors.logged_events(result.table) is grown


def test_a_table_the_process_has_not_seen_is_read_from_its_log(user, django_assert_num_queries):
    table = _table(user)
    _act(table, 0, {"type": "play", "card": 2})
    selectors.STANDING.clear()
    table.refresh_from_db()
    whole = _fresh(table)
    with django_assert_num_queries(1):
        assert selectors.logged_events(table) == whole
