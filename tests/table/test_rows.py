"""The live table's own SQL (``companion.table.rows``) reads and writes what the ORM would:
the same values back (JSON, aware dates, keys), deferred fields, a missing row refused; a
JSON value orjson cannot write is refused, never stored (a 400 for the move, nothing
kept)."""

from __future__ import annotations

import datetime
import json

import pytest
from django.db import DatabaseError, connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from catalog.models import Game
from companion.games.table import Outcome
from companion.json_limits import JSONLimitError
from companion.table import rows, selectors, services
from companion.table.models import Action, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(user, catalogue) -> Table:
    """A started Missiles & Microchips table of three seats."""
    game = Game.objects.get(slug="missiles-and-microchips")
    table = services.table_create(host=user, game=game, name="Ada")
    for name in ("Bea", "Cy"):
        services.seat_join(table=table, name=name)
    return services.table_start(table=table, by=user)


FIELDS = ("code", "seed", "options", "status", "seq", "state", "undo_votes", "rolls", "updated")


def _whole_sql() -> str:
    return (
        f"SELECT {rows.columns(Table, 't')}, {rows.columns(Game, 'g')} FROM {rows.table(Table)}"
        f" t JOIN {rows.table(Game)} g ON g.id = t.game_id WHERE t.id = %s"
    )


def test_a_table_read_by_its_sql_equals_the_orms(started):
    table = started
    Table.objects.filter(pk=table.pk).update(state={"a": [1, {"b": None}], "2": "x"})
    ((read, game),) = rows.fetch_joined(((Table, None), (Game, None)), _whole_sql(), [table.pk])
    orm = Table.objects.select_related("game").get(pk=table.pk)
    assert {f: getattr(read, f) for f in FIELDS} == {f: getattr(orm, f) for f in FIELDS}
    assert read.state == {"a": [1, {"b": None}], "2": "x"}
    assert read.updated.tzinfo is not None
    assert (game.pk, game.slug, game.name) == (orm.game.pk, orm.game.slug, orm.game.name)
    assert read._state.db == "default" and not read._state.adding


def test_fields_left_out_are_deferred_and_read_on_first_use(started):
    table = started
    sql = f"SELECT {rows.columns(Seat, 's', ('id', 'number'))} FROM {rows.table(Seat)} s"
    sql += " WHERE s.table_id = %s ORDER BY s.number"
    seats = rows.fetch(Seat, sql, [table.pk], ("id", "number"))
    assert [s.number for s in seats] == sorted(s.number for s in table.seats.all())
    assert seats[0].get_deferred_fields() >= {"name", "token"}
    with CaptureQueriesContext(connection) as queries:
        assert seats[0].name == table.seats.get(pk=seats[0].pk).name
    assert len(queries) == 2  # the deferred read, then the check's own


def test_an_unknown_column_is_refused_at_once():
    with pytest.raises(ValueError, match="no columns"):
        rows.columns(Seat, "s", ("id", "nope"))


def test_an_insert_and_an_update_write_what_the_orm_reads_back(started, user):
    table = started
    table = Table.objects.get(pk=table.pk)
    before = table.updated
    action = Action(
        table=table,
        seq=table.seq + 1,
        seat=1,
        client_id="rows-test",
        payload={"type": "x", "n": [1, 2]},
        events=[{"type": "e", "text": "é"}],
        author=user,
    )
    with transaction.atomic():
        rows.insert(action)
        table.seq, table.state = action.seq, {"moved": True}
        rows.update(table, ["seq", "state", "updated"])
    assert action.pk is not None and not action._state.adding
    stored = Action.objects.get(pk=action.pk)
    assert (stored.seq, stored.seat, stored.client_id, stored.author_id) == (
        action.seq,
        1,
        "rows-test",
        user.pk,
    )
    assert stored.payload == {"type": "x", "n": [1, 2]}
    assert stored.events == [{"type": "e", "text": "é"}]
    assert not stored.barrier and not stored.undone
    assert abs(stored.created - datetime.datetime.now(datetime.UTC)).total_seconds() < 60
    fresh = Table.objects.get(pk=table.pk)
    assert (fresh.seq, fresh.state) == (action.seq, {"moved": True})
    assert fresh.updated > before and fresh.updated == table.updated


def test_an_update_of_a_row_that_is_gone_raises_as_the_orm_does(started):
    table = started
    table = Table.objects.get(pk=table.pk)
    Table.objects.filter(pk=table.pk).delete()
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        rows.update(table, ["seq"])


def test_the_lock_of_a_move_locks_the_table_row_only(started):
    """Its game is only read: a lock on it would make every table of that game wait."""
    sql = services._lock_sql(connection.vendor)
    if connection.features.has_select_for_update_of:
        assert sql.endswith("FOR UPDATE OF t")
    elif connection.features.has_select_for_update:
        assert "FOR UPDATE" in sql
    else:
        assert "FOR UPDATE" not in sql
    table = started
    with transaction.atomic():
        locked = services._locked(table.pk)
    with CaptureQueriesContext(connection) as queries:
        assert locked.game.slug == "missiles-and-microchips"  # read with it: no query
    assert len(queries) == 0


def test_a_socket_finds_its_table_with_the_games_slug_and_no_more(started):
    table = started
    found, seat = selectors.device_at(table.code.lower())
    assert (found.pk, found.code, seat) == (table.pk, table.code, None)
    with CaptureQueriesContext(connection) as queries:
        assert found.game.slug == "missiles-and-microchips"
    assert len(queries) == 0


@pytest.mark.parametrize(
    "state",
    [
        {"a": [1, 2.5, -0.1, True, None], "é": "ünï", "nested": {"x": {"y": []}}},
        {1: "number keys become text, as json writes them"},
        # the widest integers orjson writes: read back exactly (as floats they would round)
        {"big": 2**64 - 1, "low": -(2**63)},
        [],
    ],
)
def test_json_written_by_orjson_reads_back_as_the_standard_library_wrote_it(started, state):
    table = Table.objects.get(pk=started.pk)
    table.state = state
    rows.update(table, ["state"])
    assert Table.objects.get(pk=table.pk).state == json.loads(json.dumps(state))
    ((read, _),) = rows.fetch_joined(((Table, None), (Game, None)), _whole_sql(), [table.pk])
    assert read.state == json.loads(json.dumps(state))


# What orjson cannot write; Python's json would have stored each of them, which no view
# (written by orjson) could then send.
UNSTORABLE = {
    "2**70": {"big": 2**70 + 1},
    "-2**64": {"beyond": -(2**64) - 3},
    "lone surrogate": {"name": "x\ud800"},
    "surrogate key": {"x\udfff": 1},
    "too deep": json.loads("[" * 300 + "]" * 300),
}


@pytest.mark.parametrize("label", sorted(UNSTORABLE))
def test_a_value_orjson_cannot_write_is_refused_naming_the_field_and_nothing_is_stored(
    started, label
):
    table = Table.objects.get(pk=started.pk)
    before = (table.seq, table.state, table.updated)
    table.seq, table.state = table.seq + 1, UNSTORABLE[label]
    with pytest.raises(JSONLimitError) as refused:
        rows.update(table, ["seq", "state", "updated"])
    assert list(refused.value.errors) == ["table.state"]
    assert "nothing was stored" in refused.value.errors["table.state"]
    fresh = Table.objects.get(pk=table.pk)
    assert (fresh.seq, fresh.state, fresh.updated) == before


@pytest.mark.parametrize("label", sorted(UNSTORABLE))
def test_an_entry_orjson_cannot_write_is_never_inserted(started, label):
    table = Table.objects.get(pk=started.pk)
    count = Action.objects.filter(table=table).count()
    action = Action(
        table=table,
        seq=table.seq + 1,
        seat=0,
        client_id="rows-refused",
        payload={"type": "x"},
        events=[{"type": "e", "value": UNSTORABLE[label]}],
    )
    with pytest.raises(rows.Unstorable) as refused:
        rows.insert(action)
    assert list(refused.value.errors) == ["action.events"]
    assert action.pk is None
    assert Action.objects.filter(table=table).count() == count


def session_seat(client: Client, table: Table, seat: Seat) -> None:
    """The page's device holds ``seat`` as a guest does: its token in the session."""
    session = client.session
    session[selectors.SESSION_KEY] = {table.code: seat.token}
    session.save()


@pytest.mark.parametrize("where", ["state", "events"])
def test_a_move_whose_outcome_cannot_be_stored_is_a_400_and_stores_nothing(
    started, monkeypatch, where
):
    """Past the input gate only a game's rules could make such a value (a product of
    checked numbers): the move is refused as a 400 naming the field, and nothing of it
    stays, neither the entry written before the table's row was refused nor a resend's
    trace, whatever path it came by."""
    engine = services.engine_of(started.game)

    def poisoned(state, seat, action, rng):
        if where == "state":
            return Outcome(state={**state, "poison": 2**70}, events=[{"type": "x", "text": "."}])
        return Outcome(state=dict(state), events=[{"type": "x", "text": "x\ud800"}])

    monkeypatch.setattr(engine, "apply", poisoned)
    table = Table.objects.get(pk=started.pk)
    before = (table.seq, table.state, Action.objects.filter(table=table).count())
    field = {"state": "table.state", "events": "action.events"}[where]
    seat = table.seats.get(number=1)
    body = {"action": {"type": "anything"}, "seq": table.seq, "client_id": "poisoned-1"}
    response = Client().post(
        f"/api/tables/{table.code}/actions/",
        json.dumps(body),
        content_type="application/json",
        headers={"X-Seat-Token": seat.token},
    )
    assert response.status_code == 400, response.content
    assert list(response.json()) == [field]
    page = Client()
    session_seat(page, table, seat)
    answer = page.post(
        f"/t/{table.code}/act/",
        {"action": '{"type": "anything"}', "seq": str(table.seq), "client_id": "poisoned-2"},
    )
    assert answer.status_code == 400
    assert list(json.loads(answer.content)["error"]) == [field]
    fresh = Table.objects.get(pk=table.pk)
    assert (fresh.seq, fresh.state, Action.objects.filter(table=table).count()) == before
    with pytest.raises(rows.Unstorable):  # the service itself, as the socket calls it
        services.act(
            table=fresh, seat=1, payload={"type": "anything"}, seen_seq=fresh.seq, client_id="p3"
        )
    assert not Action.objects.filter(table=table, client_id__startswith="p").exists()
