"""The one gate for values from outside (``companion.json_limits``), beyond the table: what
it refuses and how it names the value, the paste import and list documents, a form body
that cannot be parsed, and a value the database refuses on the table page.

Each is a 400 naming the field, with nothing stored and no traceback logged."""

from __future__ import annotations

import json
import logging
import uuid

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test import Client

from armies.models import SavedList
from companion import json_limits
from companion.games import plain_lists
from companion.games.registry import all_games
from companion.table import selectors
from tests.table.hostile_tables import open_started, post_json, socket

SURROGATE = "x\ud800"
DIGITS_4400 = "9" * 4400
PASTE_GAMES = sorted(
    slug
    for slug, game in all_games().items()
    if game.declares("build_rules") and hasattr(game.capability("list_edits"), "read_plain")
)


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    settings.THROTTLE_ENABLED = False


@pytest.fixture
def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def socket_answer(devices, message: dict) -> dict:
    """The answer to one message over the host's socket."""

    async def exchange() -> dict:
        communicator = socket(devices.code, devices.clients[0])
        assert (await communicator.connect())[0]
        await communicator.receive_json_from(timeout=5)
        await communicator.send_to(text_data=json.dumps(message))
        answer = await communicator.receive_json_from(timeout=5)
        await communicator.disconnect()
        return answer

    return async_to_sync(exchange)()


# --- the gate itself ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, path",
    [
        ({"reason": SURROGATE}, "reason"),
        ({"a": [1, {"b": "ok\udfff"}]}, "a.1.b"),
        ({SURROGATE: 1}, "x\\ud800"),  # the path names it escaped: the answer is sendable
        ({"n": "x\x00"}, "n"),
    ],
)
def test_text_with_a_lone_surrogate_or_nul_is_refused_by_its_path(value, path):
    with pytest.raises(json_limits.JSONLimitError) as refused:
        json_limits.check(value)
    assert list(refused.value.errors) == [path]
    json.dumps(refused.value.errors, ensure_ascii=False).encode()  # the answer encodes


def test_well_formed_text_of_any_script_passes():
    json_limits.check({"reason": "Shock and Awe 🎲 — Schloß ☃", "n": [1, -2, 2**31 - 1]})
    assert json_limits.loads('"\\ud83c\\udfb2"') == "🎲"  # a pair of surrogates is a character


@pytest.mark.parametrize("text", [DIGITS_4400, "-" + DIGITS_4400, str(2**70), str(10**30)])
def test_an_integer_of_any_length_is_named_by_its_path(text):
    with pytest.raises(json_limits.JSONLimitError) as refused:
        json_limits.loads(f'{{"action": {{"delta": {text}}}}}')
    [(path, message)] = refused.value.errors.items()
    assert path == "action.delta" and "Ensure this value" in message


def test_a_value_no_encoder_takes_is_repaired_for_sending():
    repaired = json_limits.repaired({"a": SURROGATE, SURROGATE: [2**70, 1.5, None, "\x00"]})
    assert repaired == {"a": "x\ufffd", "x\ufffd": [None, 1.5, None, "\x00"]}
    assert selectors.encodes(repaired)


# --- finding 11: a multipart body without a boundary ---------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/api/tables/", "/api/maker-war/lists/import/", "/api/maker-war/unit-cost/"]
)
def test_a_multipart_body_without_a_boundary_is_a_json_400_without_a_traceback(
    url, signed_in, catalogue, caplog
):
    caplog.set_level(logging.INFO)
    response = signed_in.post(url, b"--x\r\n", content_type="multipart/form-data")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) == {"detail"} and "boundary" in response.json()["detail"]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.django_db
def test_a_page_form_without_a_boundary_is_a_plain_400_without_a_traceback(
    signed_in, catalogue, caplog
):
    caplog.set_level(logging.INFO)
    response = signed_in.post(
        "/games/maker-war/lists/import/", b"--x\r\n", content_type="multipart/form-data"
    )
    assert response.status_code == 400 and b"boundary" in response.content
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


# --- finding 8: the paste import and list documents ----------------------------------------


def test_a_pasted_quantity_too_long_to_be_one_names_its_line():
    line = plain_lists.lines_of(f"Army\n{DIGITS_4400} Town-guard\n2 Town-guard")
    assert [(ln.quantity, ln.oversized) for ln in line] == [(None, False), (None, True), (2, False)]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", PASTE_GAMES)
def test_a_pasted_quantity_of_4400_digits_is_a_400_naming_its_line(slug, signed_in, catalogue):
    before = SavedList.objects.count()
    text = f"{DIGITS_4400} Town-guard\n{DIGITS_4400}x Maker Rifles\nMaker Rifles x{DIGITS_4400}"
    response = post_json(signed_in, f"/api/{slug}/lists/import/", json.dumps({"text": text}))
    assert response.status_code == 400, response.content[:300]
    assert {"lines.1", "lines.2", "lines.3"} <= set(response.json())
    page = signed_in.post(f"/games/{slug}/lists/import/", {"text": text, "name": "Pasted"})
    assert page.status_code == 400 and b"Line 1 " in page.content  # the page words the path
    assert b"at most 6 digits" in page.content
    assert SavedList.objects.count() == before


@pytest.mark.django_db
@pytest.mark.parametrize("slug", PASTE_GAMES)
def test_a_lone_surrogate_in_a_pasted_list_or_its_name_is_a_400_naming_it(
    slug, signed_in, catalogue
):
    before = SavedList.objects.count()
    for body, field in (
        ({"text": f"2 {SURROGATE}"}, "text"),
        ({"text": "x", "name": SURROGATE}, "name"),
    ):
        response = post_json(signed_in, f"/api/{slug}/lists/import/", json.dumps(body))
        assert response.status_code == 400, response.content[:300]
        assert field in response.json()
    assert SavedList.objects.count() == before


@pytest.mark.django_db
@pytest.mark.parametrize("slug", PASTE_GAMES)
def test_a_lone_surrogate_in_a_list_document_is_a_400_naming_it(slug, signed_in, catalogue):
    before = SavedList.objects.count()
    body = {**all_games()[slug].example_list(), "note": SURROGATE}
    document = {"format": "muster-list", "version": 1, "game": slug, "name": "A", "list": body}
    response = post_json(signed_in, f"/api/{slug}/lists/import/", json.dumps(document))
    assert response.status_code == 400 and "list.note" in response.json()
    clean = {**document, "list": all_games()[slug].example_list(), "name": SURROGATE}
    named = post_json(signed_in, f"/api/{slug}/lists/import/", json.dumps(clean))
    assert named.status_code == 400 and "name" in named.json()
    page = signed_in.post(f"/games/{slug}/lists/import/", {"document": json.dumps(document)})
    assert page.status_code == 400 and b"list.note" in page.content
    assert SavedList.objects.count() == before


# --- finding 10(b): a value the database refuses, on the table page ------------------------


@pytest.mark.django_db
def test_a_value_the_database_refuses_is_a_400_on_the_table_page(user, monkeypatch):
    """Were the gate to miss a value (here: switched off), the page's act answers 400 and
    stores nothing. PostgreSQL refuses a lone surrogate in ``jsonb``; SQLite stores it,
    so there the refusal is the database's own, simulated."""
    devices = open_started("micro-and-macro", user)
    before = devices.stored()
    monkeypatch.setattr(json_limits, "check_action", lambda payload, **kw: None)
    monkeypatch.setattr(json_limits, "check", lambda value, **kw: None)
    if connection.vendor != "postgresql":
        from django.db import DataError

        from companion.table import rows

        def refused(instance):
            raise DataError("unsupported Unicode escape sequence")

        monkeypatch.setattr(rows, "insert", refused)
    action = {"type": "resources", "delta": 1, "reason": SURROGATE}
    response = devices.clients[0].post(
        f"/t/{devices.code}/act/",
        {"action": json.dumps(action), "seq": str(devices.table().seq), "client_id": "c1"},
    )
    assert response.status_code == 400, response.content[:300]
    assert any(key.startswith("action") for key in json.loads(response.content)["error"])
    assert devices.stored() == before


@pytest.mark.django_db
def test_a_lone_surrogate_on_the_table_page_is_refused_by_the_gate_on_any_database(user):
    devices = open_started("micro-and-macro", user)
    before = devices.stored()
    action = {"type": "resources", "delta": 1, "reason": SURROGATE}
    response = devices.clients[0].post(
        f"/t/{devices.code}/act/",
        {"action": json.dumps(action), "seq": str(devices.table().seq), "client_id": "c2"},
    )
    assert response.status_code == 400
    assert "action.reason" in json.loads(response.content)["error"]
    assert devices.stored() == before


@pytest.mark.django_db(transaction=True)  # a socket touches the database (channels#1225)
def test_a_client_id_with_a_lone_surrogate_is_refused(user):
    devices = open_started("micro-and-macro", user)
    before = devices.stored()
    body = {"action": {"type": "resources", "delta": 1}, "seq": 0, "client_id": SURROGATE}
    response = post_json(
        Client(), f"/api/tables/{devices.code}/actions/", json.dumps(body), devices.tokens[0]
    )
    assert response.status_code == 400 and "client_id" in response.json()
    assert "client_id" in socket_answer(devices, {"type": "act", **body})["errors"]
    assert devices.stored() == before
    page = devices.clients[0].post(
        f"/t/{devices.code}/act/",
        {"action": json.dumps(body["action"]), "seq": "0", "client_id": uuid.uuid4().hex},
    )
    assert page.status_code == 200  # the same move with a readable id applies
    assert devices.stored() != before


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["abcdefgh\x00ijkl", "x" * 5000, "ABC;DEF"])
def test_a_session_cookie_no_site_issued_is_forgotten_not_a_500(client, key):
    """A session key is looked up in the database; a NUL in it was a 500 on PostgreSQL
    (``DataError``) on every page. Such a cookie is dropped: the page is served signed out."""
    response = client.get("/tables/", HTTP_COOKIE=f"sessionid={key}")
    assert response.status_code == 200
    assert not response.wsgi_request.user.is_authenticated
