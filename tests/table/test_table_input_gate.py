"""One gate for every value a device sends to a table: the API, the page's form and the
socket refuse the same hostile values (a lone surrogate, NUL, integers past 64 bits or a
rules-sized bound, a 4,400-digit number, deep nesting) with an error naming the field,
store nothing, and leave the table serving every device.

Every game of the registry, every field of every action its table offered during a short
game played at random (and a free-text ``reason`` beside each), through all three paths.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import Client

from companion.games.registry import all_games
from companion.games.table_engine import MAX_DELTA
from companion.table.models import Table
from tests.table.hostile_tables import (
    Devices,
    assert_serves,
    open_started,
    play,
    post_json,
    socket,
)

# Sockets touch the database: on PostgreSQL their trips close a connection held open in a
# test's transaction, so these tests commit (channels#1225).
pytestmark = pytest.mark.django_db(transaction=True)

HUGE = "<4,400 digits>"  # no Python int of this size turns into text: spliced in as text
HOSTILE: dict[str, Any] = {
    "lone surrogate": "x\ud800",
    "NUL": "x\x00",
    "2**70": 2**70,
    "-2**70": -(2**70),
    "10**30": 10**30,
    "4,400 digits": HUGE,
    "deep": json.loads("[" * 40 + "]" * 40),
}
FREE_TEXT = "reason"  # a moral check's reason, a note: any text a move may carry
TABLE_GAMES = sorted(slug for slug, g in all_games().items() if g.table_engine() is not None)


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    settings.THROTTLE_ENABLED = False


def dumps(value: Any) -> str:
    return json.dumps(value).replace(json.dumps(HUGE), "9" * 4400)


def names(errors: Any, field: str) -> bool:
    """Whether an error answer names ``action.<field>`` (or a value inside it), as the
    gate does, or ``<field>``, as a game's own rule does."""
    wheres = (f"action.{field}", field)
    return isinstance(errors, dict) and any(
        key == where or key.startswith(f"{where}.") for key in errors for where in wheres
    )


def by_api(devices: Devices, seat: int, action: dict[str, Any]) -> Any:
    body = {"action": action, "seq": devices.table().seq, "client_id": uuid.uuid4().hex}
    response = post_json(
        Client(), f"/api/tables/{devices.code}/actions/", dumps(body), devices.tokens[seat]
    )
    assert response.status_code == 400, (response.status_code, response.content[:300])
    return response.json()


def by_page(devices: Devices, seat: int, action: dict[str, Any]) -> Any:
    response = devices.clients[seat].post(
        f"/t/{devices.code}/act/",
        {"action": dumps(action), "seq": str(devices.table().seq), "client_id": uuid.uuid4().hex},
    )
    assert response.status_code == 400, (response.status_code, response.content[:300])
    return json.loads(response.content)["error"]


def by_socket(
    devices: Devices, sends: list[tuple[int, dict[str, Any]]]
) -> list[tuple[Any, tuple[int, int]]]:
    """Each ``(seat, action)`` sent over its seat's socket, in one event loop (a
    communicator lives in the loop it was made in): the error fields answered, and what
    the table held after each."""

    async def exchange() -> list[tuple[Any, tuple[int, int]]]:
        sockets = {seat: socket(devices.code, devices.clients[seat]) for seat, _ in sends}
        for communicator in sockets.values():
            assert (await communicator.connect())[0]
            await communicator.receive_json_from(timeout=5)  # the view on connect
        answers = []
        for seat, action in sends:
            seq = (await sync_to_async(devices.table)()).seq
            message = {"type": "act", "action": action, "seq": seq, "client_id": uuid.uuid4().hex}
            await sockets[seat].send_to(text_data=dumps(message))
            answer = await sockets[seat].receive_json_from(timeout=5)
            assert answer["type"] == "error", answer
            answers.append((answer["errors"], await sync_to_async(devices.stored)()))
        for communicator in sockets.values():
            await communicator.disconnect()
        return answers

    return async_to_sync(exchange)()


def offered_fields(devices: Devices) -> dict[str, tuple[int, dict[str, Any]]]:
    """Each field of the actions offered during a short game at random (text, numbers,
    lists and objects alike), with one action (and its seat) that carries it; a free-text
    ``reason`` rides on every action type."""
    fields: dict[str, tuple[int, dict[str, Any]]] = {}
    kinds: set[str] = set()

    def seen(seat: int | None, action: dict[str, Any]) -> None:
        seat = 0 if seat is None else seat  # the table's moves: sent by the host's seat
        for key in action:
            if key != "type":
                fields.setdefault(f"{action['type']}.{key}", (seat, action))
        if action["type"] not in kinds:
            kinds.add(action["type"])
            fields[f"{action['type']}.{FREE_TEXT}"] = (seat, action)

    play(devices, 40, seen=seen)
    seen(0, {"type": "dice", "dice": "2d6"})  # the table's own dice, any seat
    return fields


@pytest.mark.parametrize("slug", TABLE_GAMES)
def test_hostile_values_in_every_field_are_refused_on_every_path(slug, user):
    devices = open_started(slug, user)
    fields = offered_fields(devices)
    assert fields, f"{slug}: its table offered no action with a field"
    before = devices.stored()
    failures, sends, sent = [], [], []
    for name, (seat, action) in sorted(fields.items()):
        field = name.partition(".")[2]
        for label, value in HOSTILE.items():
            hostile = {**action, field: value}
            sends.append((seat, hostile))
            sent.append((name, field, label))
            for path, send in (("api", by_api), ("page", by_page)):
                if not names(send(devices, seat, hostile), field):
                    failures.append(f"{name} = {label} by {path}")
                assert devices.stored() == before, f"{name} = {label} by {path} was stored"
    for (name, field, label), (errors, stored) in zip(sent, by_socket(devices, sends), strict=True):
        if not names(errors, field):
            failures.append(f"{name} = {label} by socket: {errors}")
        assert stored == before, f"{name} = {label} by socket was stored"
    assert not failures, "\n".join(failures[:20])
    assert_serves(devices)


@pytest.mark.parametrize("slug", TABLE_GAMES)
def test_a_form_field_beside_an_action_passes_the_same_gate(slug, user):
    """The page's ``field_<name>`` inputs (typed beside a button) are read as numbers
    when they look like one: a number past the bounds is refused, naming the field."""
    devices = open_started(slug, user)
    before = devices.stored()
    for raw in (str(2**70), str(-(10**30)), "9" * 4400):
        response = devices.clients[0].post(
            f"/t/{devices.code}/act/",
            {
                "action": json.dumps({"type": "dice", "dice": "2d6"}),
                "field_count": raw,
                "seq": str(devices.table().seq),
                "client_id": uuid.uuid4().hex,
            },
        )
        assert response.status_code == 400
        assert names(json.loads(response.content)["error"], "count")
        assert devices.stored() == before


# --- the two findings as they were reported ----------------------------------------------


def _maker_war_on_the_table(user) -> tuple[Devices, str]:
    """A Maker-War table where a formation of seat 0 stands on the table (a moral check
    may be called for it)."""
    devices = open_started("maker-war", user)

    def deployed(table: Table) -> bool:
        return any(f["where"] == "table" for f in table.state["formations"])

    play(devices, 60, until=deployed)
    formations = [f for f in devices.table().state["formations"] if f["where"] == "table"]
    assert formations, "no formation reached the table"
    return devices, formations[0]["id"]


@pytest.mark.parametrize("path", ["api", "page", "socket"])
def test_a_lone_surrogate_in_a_moral_checks_reason_is_refused_and_breaks_nothing(path, user):
    devices, formation = _maker_war_on_the_table(user)
    action = {"type": "moral-check", "formation": formation, "reason": "x\ud800"}
    before = devices.stored()
    if path == "api":
        errors = by_api(devices, 0, action)
    elif path == "page":
        errors = by_page(devices, 0, action)
    else:
        [(errors, _)] = by_socket(devices, [(0, action)])
    assert names(errors, "reason")
    assert "surrogate" in json.dumps(errors).lower()
    assert devices.stored() == before
    assert_serves(devices)
    # the same check with a readable reason still goes through
    fine = post_json(
        Client(),
        f"/api/tables/{devices.code}/actions/",
        json.dumps(
            {
                "action": {**action, "reason": "Shock and Awe 🎲"},
                "seq": devices.table().seq,
                "client_id": uuid.uuid4().hex,
            }
        ),
        devices.tokens[0],
    )
    assert fine.status_code == 200, fine.content


@pytest.mark.parametrize("delta", [2**70, 10**30, -(2**70), MAX_DELTA + 1, -(MAX_DELTA + 1)])
def test_a_counter_delta_over_the_socket_is_bounded_like_over_the_api(delta, user):
    """Micro and Macro's resource counter, by hand, over the socket: a delta past the
    rules-sized bound is refused naming it, and the table serves every device after."""
    devices = open_started("micro-and-macro", user)
    before = devices.stored()
    [(errors, _)] = by_socket(devices, [(0, {"type": "resources", "delta": delta})])
    assert names(errors, "delta")
    assert devices.stored() == before
    api_errors = by_api(devices, 0, {"type": "resources", "delta": delta})
    assert names(api_errors, "delta") and devices.stored() == before
    assert_serves(devices)


def test_a_counter_delta_within_the_bound_still_counts(user):
    devices = open_started("micro-and-macro", user)
    body = {
        "action": {"type": "resources", "delta": MAX_DELTA},
        "seq": devices.table().seq,
        "client_id": uuid.uuid4().hex,
    }
    response = post_json(
        Client(), f"/api/tables/{devices.code}/actions/", json.dumps(body), devices.tokens[0]
    )
    assert response.status_code == 200, response.content
    assert response.json()["view"]["view"]["players"][0]["resources"] == MAX_DELTA
