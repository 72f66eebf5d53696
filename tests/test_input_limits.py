"""Each mechanism that turns bad input into a 400 (or 413), by what it guarantees."""

from __future__ import annotations

import asyncio
import json

import pytest
from django.test import Client

from armies import services as list_services
from catalog.models import Game
from companion.body_limits import BodyLimitMiddleware, limit_for
from companion.errors import flatten
from companion.games.registry import get_game

UNIT_COST = "/api/maker-war/unit-cost/"
TANK = {"type": "tank", "armor": 2, "speed": 10}


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    settings.THROTTLE_ENABLED = False


def post_json(client: Client, url: str, body: str | object, **extra):
    text = body if isinstance(body, str) else json.dumps(body)
    return client.post(url, text, content_type="application/json", **extra)


@pytest.fixture
def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- one shape for every API error ---------------------------------------------------------


def test_nested_errors_flatten_to_dotted_field_paths():
    detail = {"body": {"units": {0: ["Bad."]}, "non_field_errors": ["Whole."]}, "name": ["Req."]}
    assert flatten(detail) == {"body.units.0": ["Bad."], "body": ["Whole."], "name": ["Req."]}


@pytest.mark.django_db
def test_a_rule_error_answers_400_with_its_field_paths(client, catalogue):
    response = post_json(client, UNIT_COST, {**TANK, "armor": 0})
    assert response.status_code == 400
    assert response.json() == {"armor": ["Must be at least 1."]}


@pytest.mark.django_db
def test_errors_that_are_not_about_a_field_answer_detail(client, catalogue):
    response = client.get("/api/maker-war/lists/999999/")
    assert response.status_code == 404 and set(response.json()) == {"detail"}


# --- JSON: depth, type, numbers, NUL ---------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("depth", [40, 10_000])
def test_json_nested_deeper_than_the_limit_is_a_400(client, catalogue, depth):
    response = post_json(client, UNIT_COST, "[" * depth + "]" * depth)
    assert response.status_code == 400
    assert "Nested too deeply" in json.dumps(response.json())


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["[]", "1", "null", '"text"'])
def test_a_body_of_the_wrong_json_type_is_a_400(signed_in, catalogue, body):
    assert post_json(signed_in, UNIT_COST, body).status_code == 400
    assert post_json(signed_in, "/api/tables/", body).status_code == 400
    assert post_json(signed_in, "/api/maker-war/lists/import/", body).status_code == 400


@pytest.mark.django_db
def test_an_integer_past_a_rules_maximum_names_that_maximum(client, catalogue):
    response = post_json(client, UNIT_COST, {**TANK, "armor": 10**6})
    assert response.status_code == 400 and response.json() == {"armor": ["Must be at most 20."]}


@pytest.mark.django_db
@pytest.mark.parametrize("value", [10**18, 10**300])
def test_an_integer_past_a_database_column_is_a_400_naming_the_bound(client, catalogue, value):
    response = post_json(client, UNIT_COST, {**TANK, "armor": value})
    assert response.status_code == 400
    assert response.json() == {"armor": ["Ensure this value is less than or equal to 2147483647."]}


@pytest.mark.django_db
def test_collection_counts_are_bounded_by_what_a_collection_holds(signed_in, catalogue):
    response = post_json(
        signed_in, "/api/maker-war/collection/", {"unit": "maker-rifles", "printed": 10**6}
    )
    assert response.status_code == 400
    assert response.json() == {"printed": ["Ensure this value is less than or equal to 10000."]}


@pytest.mark.django_db
def test_nan_and_infinity_are_not_numbers_json_allows(client, catalogue):
    assert post_json(client, UNIT_COST, '{"armor": NaN}').status_code == 400
    response = post_json(client, UNIT_COST, '{"type": "tank", "armor": 1e400}')
    assert response.status_code == 400 and response.json() == {
        "armor": ["Expected a finite number."]
    }


@pytest.mark.django_db
def test_nul_in_a_json_value_or_key_is_a_400_with_its_path(client, catalogue):
    response = post_json(client, UNIT_COST, {**TANK, "traits": {"x\x00": 1}})
    assert response.status_code == 400 and response.json() == {
        "traits.x\\u0000": ["Null characters are not allowed."]
    }
    response = post_json(client, UNIT_COST, {**TANK, "type": "tank\x00"})
    assert response.json() == {"type": ["Null characters are not allowed."]}


# --- NUL and bad ids in URLs, queries and forms -----------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/t/%00/", "/games/maker-war/catalogue/?q=%00", "/api/maker-war/entries/?q=%00"]
)
def test_nul_in_a_url_or_query_is_a_400(client, catalogue, url):
    assert client.get(url).status_code == 400


@pytest.mark.django_db
def test_nul_in_a_form_field_is_a_400(signed_in, catalogue):
    response = signed_in.post("/tables/join/", {"code": "AB\x00"})
    assert response.status_code == 400


@pytest.mark.django_db
def test_a_list_id_that_is_not_a_number_is_no_list(signed_in, catalogue):
    response = signed_in.post(
        "/tables/new/", {"game": "missiles-and-microchips", "name": "Ada", "list": "abc"}
    )
    assert response.status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["[]", "1", "null", "[" * 5000 + "]" * 5000])
def test_a_table_action_that_is_not_an_object_is_a_400(signed_in, user, catalogue, action):
    from companion.table import services as table_services

    table = table_services.table_create(
        host=user, game=Game.objects.get(slug="missiles-and-microchips"), name="Ada"
    )
    response = signed_in.post(f"/t/{table.code}/act/", {"action": action, "seq": "0"})
    assert response.status_code == 400
    response = signed_in.post(f"/t/{table.code}/undo/", {"seq": "abc"})
    assert response.status_code == 200 and b"whole number" in response.content
    seat = table.seats.get(number=0)
    response = post_json(
        Client(), f"/api/tables/{table.code}/undo/", action, HTTP_X_SEAT_TOKEN=seat.token
    )
    assert response.status_code == 400


# --- stored text and JSON sizes ----------------------------------------------------------------


@pytest.mark.django_db
def test_list_notes_are_bounded_with_the_limit_in_the_message(signed_in, catalogue):
    body = get_game("maker-war").example_list()
    response = post_json(
        signed_in, "/api/maker-war/lists/", {"name": "A", "notes": "n" * 10**6, "body": body}
    )
    assert response.status_code == 400
    assert response.json() == {"notes": ["Ensure this field has no more than 2000 characters."]}


@pytest.mark.django_db
def test_a_list_body_larger_than_a_list_is_refused(signed_in, user, catalogue):
    body = {**get_game("maker-war").example_list(), "padding": "p" * 300 * 1024}
    response = post_json(signed_in, "/api/maker-war/lists/", {"name": "A", "body": body})
    assert response.status_code == 400
    assert response.json() == {"body": ["Too large: at most 256 KB of JSON."]}
    game = Game.objects.get(slug="maker-war")
    with pytest.raises(list_services.RuleError):
        list_services.list_create(owner=user, game=game, name="A", body=body)


@pytest.mark.django_db
def test_homebrew_rules_text_is_what_a_card_holds(signed_in, catalogue):
    response = post_json(
        signed_in,
        "/api/maker-war/homebrew/",
        {"kind": "unit", "name": "Tank", "text": "t" * 10_000, "data": TANK},
    )
    assert response.status_code == 400
    assert response.json() == {"text": ["Ensure this field has no more than 600 characters."]}


# --- request bodies: per kind, refused before they are read ---------------------------------------


def test_each_kind_of_body_has_its_own_limit():
    assert limit_for("/api/maker-war/lists/")[0] == "list"
    assert limit_for("/games/maker-war/lists/4/edit/")[0] == "list"
    assert limit_for("/api/tables/ABCDEF/actions/")[0] == "action"
    assert limit_for("/t/ABCDEF/act/")[0] == "action"
    assert limit_for("/3d/designs/upload/")[0] == "upload"
    assert limit_for("/accounts/login/")[0] == "default"
    sizes = [limit_for(p)[1] for p in ("/t/A/act/", "/accounts/login/", "/api/x/lists/")]
    assert sizes == sorted(sizes) and limit_for("/3d/designs/upload/")[1] > sizes[-1]


def _run_asgi(path: str, headers: list[tuple[bytes, bytes]], chunks: list[bytes]):
    """Run the middleware around an app that records whether it was reached."""
    reached, sent, reads = [], [], []

    async def app(scope, receive, send):
        message = await receive()
        reached.append(message["body"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def receive():
        reads.append(1)
        if len(reads) > len(chunks):
            raise AssertionError("read past the limit")
        return {
            "type": "http.request",
            "body": chunks[len(reads) - 1],
            "more_body": len(reads) < len(chunks),
        }

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "path": path, "method": "POST", "headers": headers}
    asyncio.run(BodyLimitMiddleware(app)(scope, receive, send))
    return reached, sent, reads


def test_a_declared_400_mb_body_is_refused_413_without_reading_it():
    headers = [(b"content-length", str(400 * 2**20).encode())]
    reached, sent, reads = _run_asgi("/api/maker-war/lists/", headers, [])
    assert reads == [] and reached == []
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"]) == {
        "detail": "Request body too large: at most 1 MB for a list."
    }


def test_a_chunked_body_stops_being_read_at_the_limit():
    chunk = b"x" * (32 * 1024)
    reached, sent, reads = _run_asgi("/t/ABCDEF/act/", [], [chunk] * 100)
    assert reached == [] and sent[0]["status"] == 413
    assert len(reads) == 3  # 64 KB for an action: the third chunk passes it, no more is read


def test_a_body_within_the_limit_reaches_django_whole():
    reached, sent, _ = _run_asgi("/t/ABCDEF/act/", [], [b"a=1", b"&b=2"])
    assert reached == [b"a=1&b=2"] and sent[0]["status"] == 200


@pytest.mark.django_db
def test_the_api_parser_refuses_a_body_over_its_kind_with_413(client, catalogue):
    big = json.dumps({"format": "muster-list", "list": {"x": "y" * 2 * 2**20}})
    response = post_json(client, "/api/maker-war/validate/", big)
    assert response.status_code == 413
    assert response.json() == {"detail": "Request body too large: at most 1 MB for a list."}
