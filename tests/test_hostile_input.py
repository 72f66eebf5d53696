"""Hostile input, generated: every URL pattern and every API operation, never a 500.

Two generators, each parametrized so pytest-xdist spreads the work:

- every URL pattern of ``get_resolver()``: each path parameter in turn replaced by NUL,
  ``%00``, huge and negative integers, a 5,000-character string, ``abc``; then the good
  URL with a hostile query string and hostile form posts;
- every operation of the OpenAPI schema (drf-spectacular's generator): whole bodies of
  the wrong type or too deep or too large, and each field (and each field of its object
  fields) replaced by NUL, huge/negative integers, 10**300, deep JSON, a 2 MB string,
  ``[]``, ``1``, ``null``; bad path ids; hostile query parameters.

Each runs as a guest and as a signed-in owner of real lists, homebrew and tables, so the
requests reach the code behind the permission checks. Any 4xx is fine; a 5xx fails.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache, cached_property
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

DEEP = 10_000
NUL = "\x00"
LONG = "x" * 5_000
HUGE = str(10**20)
GAMES = ("maker-war", "micro-and-macro", "little-game", "missiles-and-microchips", "smalltricks")

# Raw JSON texts: put into bodies as they are (a 10,000-deep list cannot be json.dumps'ed).
HOSTILE_JSON: dict[str, str] = {
    "nul": json.dumps(NUL),
    "nul-key": json.dumps({NUL: 1}),
    "huge": str(10**18),
    "vast": str(10**300),
    "negative": "-1",
    "float-overflow": "1e400",
    "nan": "NaN",
    "deep-list": "[" * DEEP + "]" * DEEP,
    "deep-object": '{"a":' * DEEP + "1" + "}" * DEEP,
    "long": json.dumps("y" * 2 * 1024 * 1024),
    "list": "[]",
    "number": "1",
    "null": "null",
    "object": "{}",
    "text": json.dumps(LONG),
}
# Fields of fields get the cheaper half (the whole set runs on each top-level field).
NESTED_JSON = ("nul", "huge", "vast", "negative", "deep-list", "list", "null", "object", "text")
WHOLE_BODIES: dict[str, str] = {
    **{k: HOSTILE_JSON[k] for k in ("list", "number", "null", "nul-key", "deep-list")},
    "deep-object": HOSTILE_JSON["deep-object"],
    "string": json.dumps("x"),
    "not-json": "{not json",
    "nan-field": '{"a": NaN}',
    "huge-body": json.dumps({"a": "z" * 3 * 1024 * 1024}),
}
PATH_VALUES = (NUL, "%00", HUGE, str(10**18), "-1", LONG, "abc", "0")
QUERY_VALUES = ("%00", "abc", HUGE, "-1", quote(LONG), "[[[[", "1e400")
FORM_VALUES = (
    "abc",
    HUGE,
    "-1",
    LONG,
    "[" * DEEP + "]" * DEEP,
    '{"a":' * 3000 + "1" + "}" * 3000,
    "[]",
    "1",
    "null",
    NUL,
)
FORM_FIELDS = (  # noqa: SIM905 - the names the site's forms use
    "name notes visibility list seq client_id action body document number unit printed bought "
    "painted code game op token title entry text faction category kind type armor structure "
    "speed fire_range fire_power melee players copies paper card quick bed_width bed_depth "
    "username password password1 password2 q as_table formation plan count index slug card "
    "option options data seed draws k turns target face min_feature license settings"
).split()


# --- the world a request may reach --------------------------------------------------------


class World:
    """The objects a hostile request may reach, each made on first use (most routes need
    none, and making every game's list and table for each of them would be most of the
    test's time)."""

    entries_slug = "maker-rifles"

    def __init__(self, user):
        self.user = user

    def _game(self, slug: str):
        from catalog.models import Game

        return Game.objects.get(slug=slug)

    @cached_property
    def lists(self) -> dict[str, int]:
        """game -> the signed-in user's list id (link-shared)."""
        from armies import services
        from armies.models import ListVisibility
        from companion.games.registry import get_game

        return {
            slug: services.list_create(
                owner=self.user,
                game=self._game(slug),
                name="Mine",
                body=get_game(slug).example_list(),
                visibility=ListVisibility.LINK,
            ).pk
            for slug in GAMES
            if get_game(slug).list_noun
        }

    @cached_property
    def shared(self) -> str:
        from armies.models import SavedList

        return SavedList.objects.get(pk=self.lists["maker-war"]).share_token

    @cached_property
    def entries(self) -> dict[str, int]:
        from catalog.models import Entry

        return {
            slug: Entry.objects.filter(game__slug=slug, owner__isnull=True).first().pk
            for slug in GAMES
        }

    @cached_property
    def factions(self) -> dict[str, str]:
        from catalog.models import Faction

        return {
            slug: getattr(Faction.objects.filter(game__slug=slug).first(), "slug", "none")
            for slug in GAMES
        }

    @cached_property
    def _homebrew(self):
        from catalog import services

        return services.homebrew_create(
            owner=self.user,
            game=self._game("maker-war"),
            kind="unit",
            name="Home tank",
            data={"type": "tank", "armor": 3, "speed": 10},
            visibility="link",
        )

    @property
    def homebrew(self) -> int:
        return self._homebrew.pk

    @property
    def homebrew_token(self) -> str:
        return self._homebrew.share_token

    @cached_property
    def tables(self) -> dict[str, str]:
        """game -> code of a table the user hosts (seat 0)."""
        from companion.games.registry import get_game
        from companion.table import services

        return {
            slug: services.table_create(host=self.user, game=self._game(slug), name="Ada").code
            for slug in GAMES
            if get_game(slug).table_engine() is not None
        }

    @cached_property
    def models3d(self) -> dict[str, str]:
        return {slug: _model_slug(slug) for slug in GAMES}


@pytest.fixture
def user(django_user_model):
    """A user without a password: hashing one per test would cost more than the test."""
    return django_user_model.objects.create_user("ada")


@pytest.fixture
def world(catalogue, user, settings) -> World:
    settings.THROTTLE_ENABLED = False  # the input, not the rate, is under test
    return World(user)


def _model_slug(game: str) -> str:
    from companion.games.registry import get_game

    module = get_game(game).capability("models3d")
    models = module.MODELS if module is not None else ()
    return models[0].slug if models else "none"


def _clients(user) -> Iterator[tuple[str, Client]]:
    yield "guest", Client()
    signed_in = Client()
    signed_in.force_login(user)
    yield "user", signed_in


def _server_errors(
    client: Client, method: str, url: str, body: str | dict | None, content_type: str | None
) -> int | None:
    """The status when it is a server error, else None."""
    call = getattr(client, method.lower())
    kwargs: dict[str, Any] = {}
    if body is not None:
        kwargs["data"] = body
        if content_type:
            kwargs["content_type"] = content_type
    response = call(url, **kwargs)
    return response.status_code if response.status_code >= 500 else None


def _check(failures: list[str], client_name: str, status: int | None, what: str) -> None:
    if status is not None:
        failures.append(f"{client_name}: {status} {what[:300]!r}")


# --- every URL pattern ----------------------------------------------------------------------

PARAM = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


def _routes() -> list[tuple[str, str]]:
    """(route with <converter:name> parameters, url name) of every path() pattern."""
    out: list[tuple[str, str]] = []

    def walk(patterns, prefix: str, namespace: str) -> None:
        for pattern in patterns:
            route = getattr(pattern.pattern, "_route", None)
            if route is None:  # a regex pattern (admin's internals): not generated here
                continue
            if isinstance(pattern, URLResolver):
                ns = pattern.namespace or namespace
                walk(pattern.url_patterns, prefix + str(route), ns)
            elif isinstance(pattern, URLPattern):
                name = f"{namespace}:{pattern.name}" if namespace else str(pattern.name)
                out.append((prefix + str(route), name))

    walk(get_resolver().url_patterns, "/", "")
    return out


ROUTES = _routes()


def _good(name: str, route: str, world: World, game: str) -> str:
    """A value for path parameter ``name`` that reaches the view's real work."""
    if name == "game":
        return game
    if name in ("pk", "id"):
        if "/homebrew/" in route:
            return str(world.homebrew)
        if "/entries/" in route:
            return str(world.entries[game])
        if "/lists/" in route:
            return str(world.lists.get(game, world.lists["maker-war"]))
        return "1"
    if name == "code":
        return world.tables.get(game, next(iter(world.tables.values())))
    if name == "token":
        return world.homebrew_token if route.startswith("/shared/") else world.shared
    if name == "faction":
        return world.factions[game]
    if name == "slug":
        return world.models3d[game] if route.startswith("/3d/") else world.entries_slug
    if name == "kind":
        return "unit"
    if name == "number":
        return "1"
    if name == "source":
        return "list"
    if name == "ref":
        return str(world.lists["maker-war"])
    if name == "url":
        return "x"
    return "x"


def _fill(route: str, values: dict[str, str]) -> str:
    return PARAM.sub(lambda m: values[m.group("name")], route)


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), ROUTES, ids=[n or r for r, n in ROUTES])
def test_no_url_pattern_answers_a_server_error(route, name, world, user):
    params = [m.group("name") for m in PARAM.finditer(route)]
    games = GAMES if "game" in params else GAMES[:1]
    failures: list[str] = []
    for client_name, client in _clients(user):
        for game in games:
            good = {p: _good(p, route, world, game) for p in params}
            url = _fill(route, good)
            # each parameter in turn made hostile (the same for every game: once)
            for param in params if game == games[0] else ():
                for value in PATH_VALUES:
                    bad = _fill(route, {**good, param: value})
                    for method in ("GET", "POST"):
                        status = _server_errors(client, method, bad, None, None)
                        _check(failures, client_name, status, f"{method} {bad}")
            # the good URL with a hostile query and hostile forms
            for value in QUERY_VALUES:
                query = "&".join(f"{field}={value}" for field in FORM_FIELDS)
                status = _server_errors(client, "GET", f"{url}?{query}", None, None)
                _check(failures, client_name, status, f"GET {url}?…={value}")
            for value in FORM_VALUES:
                form = {field: value for field in FORM_FIELDS}
                status = _server_errors(client, "POST", url, form, None)
                _check(failures, client_name, status, f"POST {url} form …={value[:40]}")
            for op in _builder_ops(game) if name == "armies:edit" else ():
                for value in ("abc", HUGE, "-1", LONG, "[" * DEEP + "]" * DEEP):
                    form = {**{f: value for f in FORM_FIELDS}, "op": op}
                    status = _server_errors(client, "POST", url, form, None)
                    _check(failures, client_name, status, f"POST {url} op={op} …={value[:40]}")
    assert not failures, "\n".join(failures[:40])


@cache
def _builder_ops(game: str) -> tuple[str, ...]:
    from companion.games.registry import get_game

    module = get_game(game).capability("list_edits")
    ops = tuple(module.ACTIONS) if module is not None else ()
    return ("replace-body", *ops)  # the generic editor's whole body as JSON, then each tap


# --- every API operation ----------------------------------------------------------------------


@cache
def _schema() -> dict[str, Any]:
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _operations() -> list[tuple[str, str]]:
    return [
        (method.upper(), path)
        for path, ops in _schema()["paths"].items()
        for method in ops
        if method in ("get", "post", "put", "patch", "delete")
    ]


OPERATIONS = _operations()


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if ref:
        return _schema()["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return schema


def _base_body(path: str, game: str, world: World) -> dict[str, Any]:
    """A body the operation would accept, so hostile fields reach the real work."""
    from companion.games.registry import get_game

    system = get_game(game)
    example = system.example_list() if system.list_noun else {}
    document = {
        "format": "muster-list",
        "version": 1,
        "game": game,
        "name": "Doc",
        "notes": "",
        "list": example,
    }
    if path.endswith("/validate/") or path.endswith("/import/"):
        return document
    if path.endswith(("/lists/", "/lists/{id}/")):
        return {"name": "A list", "notes": "", "visibility": "private", "body": example}
    if path.endswith("/unit-cost/"):
        return {"type": "tank", "armor": 3, "speed": 10, "fire_range": 30, "fire_power": 1}
    if "/homebrew/" in path:
        return {
            "kind": "unit",
            "name": "Tank",
            "data": {"type": "tank", "armor": 3, "speed": 10},
        }
    if path.endswith("/collection/"):
        return {"unit": "maker-rifles", "printed": 1, "bought": 1, "painted": 1}
    if path.endswith("/restore/"):
        return {"number": 1}
    if path == "/api/tables/":
        return {"game": game, "name": "Host", "list": world.lists.get(game, 0), "options": {}}
    if path.endswith("/join/"):
        return {"name": "Guest"}
    if path.endswith("/actions/") or path.endswith("/undo/"):
        return {"action": {"type": "pass"}, "seq": 0, "client_id": "c1", "as_table": False}
    if path == "/api/print/jobs/":
        return {"kind": "cards-pdf", "params": {"source": "game", "ref": game}}
    if path.endswith("/bundle/"):
        return {"models": True, "plates": False}
    return {}


def _with(base: dict[str, Any], key: str, raw: str, inner: str | None = None) -> str:
    """``base`` as JSON text with ``key`` (or ``key.inner``) replaced by raw JSON ``raw``."""
    marker = "__HOSTILE_VALUE__"
    body = json.loads(json.dumps(base))
    if inner is None:
        body[key] = marker
    else:
        body[key][inner] = marker
    return json.dumps(body).replace(json.dumps(marker), raw)


def _bodies(method: str, path: str, game: str, world: World) -> Iterator[tuple[str, str]]:
    op = _schema()["paths"][path][method.lower()]
    content = op.get("requestBody", {}).get("content", {})
    if not content:
        return
    schema = _resolve(next(iter(content.values()))["schema"])
    base = _base_body(path, game, world)
    for label, raw in WHOLE_BODIES.items():
        yield label, raw
    keys = list(dict.fromkeys([*schema.get("properties", {}), *base]))
    for key in keys:
        for label, raw in HOSTILE_JSON.items():
            yield f"{key}={label}", _with(base, key, raw)
        if isinstance(base.get(key), dict):
            for inner in list(base[key])[:8]:
                for label in NESTED_JSON:
                    yield f"{key}.{inner}={label}", _with(base, key, HOSTILE_JSON[label], inner)


# Operations whose bodies each game reads in its own way: every field, in every game.
GAME_SHAPED = re.compile(r"/(lists|validate|import|unit-cost|actions)/")


def _api_url(path: str, world: World, game: str, overrides: dict[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in overrides:
            return overrides[name]
        if name == "slug":
            if path.startswith("/api/games/"):
                return game
            if path.startswith("/api/stl/models/"):
                return world.models3d[game]
            return world.factions[game]
        return _good(name, path.replace("{", "<").replace("}", ">"), world, game)

    return re.sub(r"\{([^}]+)\}", value, path)


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_no_api_operation_answers_a_server_error(method, path, world, user):
    op = _schema()["paths"][path][method.lower()]
    path_params = [p["name"] for p in op.get("parameters", []) if p["in"] == "path"]
    query_params = [p["name"] for p in op.get("parameters", []) if p["in"] == "query"]
    games = GAMES if "game" in path_params or path in ("/api/tables/",) else GAMES[:1]
    failures: list[str] = []
    for client_name, client in _clients(user):
        headers = {}
        for game in games:
            if "{code}" in path and client_name == "user":
                from companion.table.models import Seat

                code = world.tables.get(game)
                seat = Seat.objects.filter(table__code=code, number=0).first()
                headers = {"HTTP_X_SEAT_TOKEN": seat.token} if seat else {}
            url = _api_url(path, world, game, {})
            first = game == games[0]
            for param in path_params if first else ():
                for value in PATH_VALUES:
                    bad = _api_url(path, world, game, {param: value})
                    response = getattr(client, method.lower())(bad, **headers)
                    if response.status_code >= 500:
                        failures.append(f"{client_name}: {response.status_code} {method} {bad}")
            for param in query_params if first else ():
                for value in QUERY_VALUES:
                    response = getattr(client, method.lower())(f"{url}?{param}={value}", **headers)
                    if response.status_code >= 500:
                        failures.append(f"{client_name}: {response.status_code} {param}={value}")
            bodies = list(_bodies(method, path, game, world))
            if bodies and not first and not GAME_SHAPED.search(path):
                bodies = list(WHOLE_BODIES.items())  # fields read the same in every game
            if bodies and client_name == "guest" and "{id}" in path:
                bodies = list(WHOLE_BODIES.items())  # a guest meets the permission check first
            for label, raw in bodies:
                response = getattr(client, method.lower())(
                    url, data=raw, content_type="application/json", **headers
                )
                if response.status_code >= 500:
                    failures.append(f"{client_name}: {response.status_code} {method} {url} {label}")
            if bodies:  # the same fields as a form
                for value in FORM_VALUES[:6]:
                    form = {key: value for key in _base_body(path, game, world) or {"a": 1}}
                    response = getattr(client, method.lower())(url, data=form, **headers)
                    if response.status_code >= 500:
                        status = response.status_code
                        failures.append(f"{client_name}: {status} {method} {url} form={value[:30]}")
    assert not failures, "\n".join(failures[:40])
