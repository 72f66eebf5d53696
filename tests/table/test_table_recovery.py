"""A table stays playable whatever its log holds: a stored value no encoder takes (a lone
surrogate, an integer beyond 64 bits), written around the input gate straight into the
database, is shown as an unreadable entry to every device (poll, page, board, API view,
API log, log download, socket), never a 500 for everyone, and the host can undo it.

The host's undo takes back such an entry when it is the latest, past any barrier (the
original report: a Maker-War moral check, which rolled dice, with an unreadable ``reason``),
by the API or the page; the state is folded again from the log without it, the undo is
logged like any other, and nobody else may (everything else keeps the barrier rules).

SQLite's JSON (written by Python's ``json``) keeps a lone surrogate; PostgreSQL's ``jsonb``
refuses one, so there only the huge integers can be stored."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from companion.table import selectors, services
from companion.table.models import Action, Table
from companion.table.view_texts import TEXTS
from tests.table.hostile_tables import Devices, assert_serves, open_started, play, post_json

# Sockets touch the database: on PostgreSQL their trips close a connection held open in a
# test's transaction, so these tests commit (channels#1225).
pytestmark = pytest.mark.django_db(transaction=True)

BAD = {"lone surrogate": "x\ud800", "2**70": 2**70, "10**30": 10**30}


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    settings.THROTTLE_ENABLED = False


def _storable(label: str) -> None:
    if label == "lone surrogate" and connection.vendor == "postgresql":
        pytest.skip("PostgreSQL's jsonb refuses a lone surrogate: it cannot be stored there")


def _act(devices: Devices, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    body = {"action": action, "seq": devices.table().seq, "client_id": uuid.uuid4().hex}
    response = post_json(
        Client(), f"/api/tables/{devices.code}/actions/", json.dumps(body), devices.tokens[seat]
    )
    assert response.status_code == 200, response.content
    return response.json()


def _forget_what_was_encoded() -> None:
    """As a restarted server would: nothing of the table kept from before the damage."""
    selectors.STANDING.clear()
    TEXTS.clear()


def _corrupt(action: Action, bad: Any) -> None:
    """Write ``bad`` into the action's payload and events, around every check (the way a
    value stored before the gate existed sits in the log)."""
    key = "text" if isinstance(bad, str) else "delta"
    events = [{**event, key: bad} for event in action.events]
    Action.objects.filter(pk=action.pk).update(payload={**action.payload, key: bad}, events=events)


def _unreadable(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in entries if e.get("type") == selectors.UNREADABLE]


@pytest.mark.parametrize("label", sorted(BAD))
def test_an_entry_no_encoder_takes_is_shown_unreadable_and_the_host_undoes_it(label, user):
    _storable(label)
    devices = open_started("micro-and-macro", user)
    _act(devices, 0, {"type": "resources", "delta": 3})
    table = devices.table()
    _corrupt(table.actions.get(seq=table.seq), BAD[label])
    state = dict(table.state)
    state["players"] = [dict(p) for p in state["players"]]
    state["players"][0]["resources"] = BAD[label] if isinstance(BAD[label], int) else 3
    if isinstance(BAD[label], str):  # the name every view and event writes
        state["names"] = [BAD[label], *state["names"][1:]]
    Table.objects.filter(pk=table.pk).update(state=state)
    _forget_what_was_encoded()

    logs = assert_serves(devices)
    for log in logs:  # every seat sees the entry, unreadable, in its place in the log
        assert len(_unreadable(log)) == 1, log
    host_log = Client().get(
        f"/api/tables/{devices.code}/log/", headers={"X-Seat-Token": devices.tokens[0]}
    )
    [entry] = _unreadable(host_log.json()["actions"])
    assert entry["seq"] == table.seq and entry["seat"] == 0
    assert _unreadable(host_log.json()["events"])

    undone = post_json(
        Client(),
        f"/api/tables/{devices.code}/undo/",
        json.dumps({"seq": table.seq, "client_id": uuid.uuid4().hex}),
        devices.tokens[0],
    )
    assert undone.status_code == 200, undone.content
    view = undone.json()["view"]
    assert view["view"]["players"][0]["resources"] == 0  # the state folded again without it
    assert not _unreadable(view["log"])
    for log in assert_serves(devices):
        assert not _unreadable(log)


def _undo(devices: Devices, seat: int, path: str) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """Seat ``seat``'s undo by the API (its token) or the page (its session): the status,
    the refusal (``{}`` when none) and the view it answers with."""
    seq, client_id = devices.table().seq, uuid.uuid4().hex
    if path == "api":
        response = post_json(
            Client(),
            f"/api/tables/{devices.code}/undo/",
            json.dumps({"seq": seq, "client_id": client_id}),
            devices.tokens[seat],
        )
        body = response.json()
        if response.status_code == 200:
            return 200, {}, body["view"]
        return response.status_code, body, {}
    response = devices.clients[seat].post(
        f"/t/{devices.code}/undo/", {"seq": str(seq), "client_id": client_id}
    )
    message = json.loads(response.content)
    assert message["type"] == "view"
    return response.status_code, message.get("error") or {}, message["data"]


def _view(devices: Devices, seat: int) -> dict[str, Any]:
    return (
        Client()
        .get(f"/api/tables/{devices.code}/", headers={"X-Seat-Token": devices.tokens[seat]})
        .json()
    )


def _refused(devices: Devices, seat: int, path: str, words: str) -> None:
    """Seat ``seat``'s undo is refused by ``path`` with ``words``, and nothing is stored."""
    before = devices.stored()
    status, error, _ = _undo(devices, seat, path)
    assert status == (400 if path == "api" else 403), (status, error)
    assert words in json.dumps(error), error
    assert devices.stored() == before


def _assert_recovered(devices: Devices, entry: Action, undo_seat: int) -> None:
    """``entry`` is marked undone, an undo by ``undo_seat`` logged after it, the state is
    the log folded again (encodable), and every device is served with nothing unreadable
    in its log; the host's log download keeps the entry, readable, marked undone."""
    table = devices.table()
    assert Action.objects.get(pk=entry.pk).undone
    undo = table.actions.get(seq=table.seq)
    assert (undo.payload, undo.seat) == ({"type": "undo", "undoes": entry.seq}, undo_seat)
    assert "could not be read" in undo.events[0]["text"]
    assert selectors.encodes(table.state) and selectors.encodes(table.rolls)
    assert table.state == services.rebuild_state(table)
    _forget_what_was_encoded()
    for log in assert_serves(devices):
        assert not _unreadable(log), log
    download = devices.clients[0].get(f"/t/{devices.code}/log.json").json()
    [kept] = [a for a in download["actions"] if a["seq"] == entry.seq]
    assert kept["undone"] and kept["type"] == entry.payload["type"]
    assert not _unreadable(download["events"])
    view = _view(devices, 0)
    assert not view["undo_unreadable"] and view["seq"] == table.seq


# --- the original report: a moral check (dice: a barrier) with an unreadable reason -------

MAKER_WAR = {"lone surrogate": "x\ud800", "2**70": 2**70}


def _maker_war_on_the_table(user) -> tuple[Devices, dict[str, Any]]:
    """A Maker-War table where a formation stands on the table (a moral check may be
    called for it)."""
    devices = open_started("maker-war", user, seed="recovery")

    def deployed(table: Table) -> bool:
        return any(f["where"] == "table" for f in table.state["formations"])

    play(devices, 60, until=deployed)
    formations = [f for f in devices.table().state["formations"] if f["where"] == "table"]
    assert formations, "no formation reached the table"
    return devices, formations[0]


@pytest.mark.parametrize("path", ["api", "page"])
@pytest.mark.parametrize("label", sorted(MAKER_WAR))
def test_the_host_undoes_an_unreadable_moral_check_past_its_barrier(label, path, user):
    _storable(label)
    bad = MAKER_WAR[label]
    devices, formation = _maker_war_on_the_table(user)
    before = devices.table().state
    check = {"type": "moral-check", "formation": formation["id"], "reason": "Shock and Awe"}
    _act(devices, 1, check)  # a guest's check: the host undoes another seat's entry
    table = devices.table()
    entry = table.actions.get(seq=table.seq)
    assert entry.barrier and entry.payload["type"] == "moral-check"
    # A readable barrier stays beyond everyone's undo, the host's too (the page answers
    # a refused undo with the view and the reason, as it always has).
    stored = devices.stored()
    status, error, _ = _undo(devices, 0, path)
    assert status == (400 if path == "api" else 200) and "Nothing to undo" in json.dumps(error)
    assert devices.stored() == stored

    # As it was stored before the gate: the reason in the entry, its text and the state.
    events = [dict(e) for e in entry.events]
    if isinstance(bad, str):
        events[0]["text"] = events[0]["text"].replace("Shock and Awe", bad)
    else:
        events[0]["faces"] = [bad, 1]
    Action.objects.filter(pk=entry.pk).update(payload={**check, "reason": bad}, events=events)
    state = dict(table.state)
    state["formations"] = [
        {**f, "name": bad} if f["id"] == formation["id"] and isinstance(bad, str) else f
        for f in state["formations"]
    ]
    state["poisoned"] = bad
    Table.objects.filter(pk=table.pk).update(state=state)
    _forget_what_was_encoded()
    assert not selectors.encodes(devices.table().state)

    for log in assert_serves(devices):
        assert len(_unreadable(log)) == 1, log
    assert _view(devices, 0)["undo_unreadable"] and _view(devices, 0)["can_undo"]
    assert not _view(devices, 1)["undo_unreadable"] and not _view(devices, 1)["can_undo"]
    # Nobody but the host: not the entry's own seat, by the API or the page.
    _refused(devices, 1, path, "Only the host")

    status, error, view = _undo(devices, 0, path)
    assert status == 200 and not error, error
    assert view["seq"] == devices.table().seq and not _unreadable(view["log"])
    assert not view["undo_unreadable"]
    assert devices.table().state == before  # folded again without the check
    _assert_recovered(devices, entry, 0)
    # and the table plays on: the same check, readable, goes through
    _act(devices, 1, check)


# --- a barrier written straight into the database, the state poisoned too ----------------


@pytest.mark.parametrize("path", ["api", "page"])
@pytest.mark.parametrize("label", sorted(BAD))
def test_the_host_undoes_an_unreadable_barrier_and_the_fold_repairs_the_state(label, path, user):
    _storable(label)
    bad = BAD[label]
    devices = open_started("micro-and-macro", user)
    _act(devices, 1, {"type": "resources", "delta": 3})
    table = devices.table()
    entry = table.actions.get(seq=table.seq)
    Action.objects.filter(pk=entry.pk).update(barrier=True)  # as a reveal or a roll is
    _corrupt(entry, bad)
    state = dict(table.state)
    state["players"] = [dict(p) for p in state["players"]]
    state["players"][1]["resources"] = bad if isinstance(bad, int) else 3
    if isinstance(bad, str):
        state["names"] = [*state["names"][:1], bad, *state["names"][2:]]
    Table.objects.filter(pk=table.pk).update(state=state)
    _forget_what_was_encoded()

    assert_serves(devices)
    _refused(devices, 1, path, "Only the host")
    status, error, view = _undo(devices, 0, path)
    assert status == 200 and not error, error
    assert view["view"]["players"][1]["resources"] == 0
    entry.refresh_from_db()
    _assert_recovered(devices, entry, 0)


def test_the_host_holds_no_right_over_an_unreadable_entry_that_is_not_the_latest(user):
    """Only the latest entry that stands: one buried under a later move counts again once
    that move is taken back, and one buried under a readable roll stays where it is (the
    table serves and plays on), the roll beyond everyone's undo as always."""
    devices = open_started("micro-and-macro", user)
    _act(devices, 1, {"type": "resources", "delta": 3})
    table = devices.table()
    entry = table.actions.get(seq=table.seq)
    # A value the rules never read (the fold of the log must still replay the entry).
    Action.objects.filter(pk=entry.pk).update(
        barrier=True,
        payload={**entry.payload, "note": 2**70},
        events=[{**event, "note": 2**70} for event in entry.events],
    )
    _act(devices, 1, {"type": "resources", "delta": 1})
    _forget_what_was_encoded()
    assert not _view(devices, 0)["undo_unreadable"]
    status, _, view = _undo(devices, 1, "api")  # seat 2 takes back its own last move
    assert status == 200 and view["view"]["players"][1]["resources"] == 3
    assert not Action.objects.get(pk=entry.pk).undone
    assert view["undo_unreadable"] is False  # not the host's seat
    assert _view(devices, 0)["undo_unreadable"]  # the latest that stands again

    _act(devices, 0, {"type": "dice", "dice": "1d6"})
    assert not _view(devices, 0)["undo_unreadable"]
    status, error, _ = _undo(devices, 0, "api")
    assert status == 400 and "Nothing to undo" in json.dumps(error)
    assert not Action.objects.get(pk=entry.pk).undone
    logs = assert_serves(devices)
    assert all(len(_unreadable(log)) == 1 for log in logs)


# --- the table's own dice -----------------------------------------------------------------


@pytest.mark.parametrize("label", sorted(BAD))
def test_a_roll_no_encoder_takes_leaves_the_table_playing_and_the_host_undoes_it(label, user):
    """The table's own dice (kept apart, in ``rolls``): a damaged roll leaves the table
    serving every device and playing on; while it is the latest entry the host may take
    it back (no other undo reaches past a roll), and the dice shown follow the log."""
    _storable(label)
    devices = open_started("micro-and-macro", user)
    _act(devices, 0, {"type": "dice", "dice": "1d6"})
    kept = devices.table().rolls
    _act(devices, 1, {"type": "dice", "dice": "2d6"})
    table = devices.table()
    entry = table.actions.get(seq=table.seq)
    _corrupt(entry, BAD[label])
    key = "text" if isinstance(BAD[label], str) else "total"
    Table.objects.filter(pk=table.pk).update(rolls=[{**table.rolls[0], key: BAD[label]}, *kept])
    _forget_what_was_encoded()

    assert_serves(devices)
    view = Client().get(f"/api/tables/{devices.code}/").json()
    assert [roll["type"] for roll in view["rolls"]] == [selectors.UNREADABLE, "dice"]
    _refused(devices, 1, "api", "Only the host")
    status, error, view = _undo(devices, 0, "api")
    assert status == 200 and not error, error
    assert view["rolls"] == kept
    entry.refresh_from_db()
    _assert_recovered(devices, entry, 0)
    played = _act(devices, 0, {"type": "resources", "delta": 2})
    assert played["view"]["view"]["players"][0]["resources"] == 2
    assert_serves(devices)
