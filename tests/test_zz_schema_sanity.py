"""The API answers what its OpenAPI schema says.

The schema builds without a warning, and a schema fuzzer (schemathesis) sends every
operation generated requests against a live server, anonymously and as a signed-in user:
no answer is a server error, and every answer's status, content type and body are the
ones the schema declares. Generation is derandomized, so a run is the same run every time.
"""

from __future__ import annotations

import os
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import hypothesis
import pytest
import requests
import schemathesis
from django.core.files.base import ContentFile
from django.test import Client
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from hypothesis import strategies as st
from schemathesis.core.failures import Failure, FailureGroup

from armies import services as list_services
from armies.models import ListVisibility
from catalog.models import Entry, Faction, Game
from companion.games.registry import all_games
from companion.table import services as table_services
from printing.models import JobStatus, PrintJob
from printing.stl import bundle
from printing.stl import services as stl_services
from printing.stl.models import Licence
from printing.stl.params import all_models, get_model

# Examples per operation and user; ~50 operations x 2 users stay within a few minutes.
EXAMPLES = int(os.environ.get("SCHEMA_FUZZ_EXAMPLES", "20"))
CSRF = "schemathesisschemathesisschemat1"  # a 32-character CSRF secret, cookie and header


def _checks() -> list[Callable[..., Any]]:
    """The checks about our contract: not the ones about what a request should be refused
    (those are the hostile-input tests' business) nor about timing."""
    from schemathesis import checks

    names = [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
    ]
    return [getattr(checks, name) for name in names]


def build_schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def test_the_schema_builds_without_a_warning():
    GENERATOR_STATS.reset()
    schema = build_schema()
    validate_schema(schema)
    problems = sorted({**GENERATOR_STATS._warn_cache, **GENERATOR_STATS._error_cache})
    assert not problems, "\n".join(problems)


def test_the_schema_describes_errors_and_nullable_fields():
    schema = build_schema()
    entry = schema["components"]["schemas"]["Entry"]["properties"]
    assert entry["faction"]["nullable"] is True
    answers = schema["paths"]["/api/{game}/homebrew/"]["post"]["responses"]
    assert {"201", "400", "403", "404"} <= set(answers)
    assert answers["400"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ApiError"
    }


@pytest.fixture
def seeded(user, other_user, catalogue, settings, tmp_path) -> dict[str, list[dict[str, Any]]]:
    """Things the fuzzer's ids can find, by path: lists (private, linked, public), tables
    (open and started), print jobs (failed and done), entries, factions, 3D models and an
    uploaded design."""
    settings.MEDIA_ROOT = tmp_path / "media"
    known: dict[str, list[dict[str, Any]]] = {}

    def add(pattern: str, **values: Any) -> None:
        known.setdefault(pattern, []).append(values)

    for slug, system in all_games().items():
        game = Game.objects.get(slug=slug)
        entry = Entry.objects.filter(game=game, owner=None).order_by("pk").first()
        if entry is not None:
            add("/api/{game}/entries/{id}/", game=slug, id=entry.pk)
        faction = Faction.objects.filter(game=game).order_by("pk").first()
        if faction is not None:
            add("/api/{game}/factions/{slug}/", game=slug, slug=faction.slug)
        add("/api/games/{slug}/", slug=slug)
        if not system.list_noun:
            continue
        for owner, visibility in (
            (user, ListVisibility.PRIVATE),
            (user, ListVisibility.LINK),
            (other_user, ListVisibility.PUBLIC),
        ):
            saved = list_services.list_create(
                owner=owner,
                game=game,
                name=f"{system.name} {visibility}",
                body=system.example_list(),
                visibility=visibility,
            )
            add("/api/{game}/lists/{id}/", game=slug, id=saved.pk)
            add("/api/lists/shared/{token}/", token=saved.share_token)
            add("/api/stl/lists/{id}/", id=saved.pk)
    for (game, slug), _model in sorted(all_models().items())[:6]:
        add("/api/stl/models/{game}/{slug}/", game=game, slug=slug)

    game = Game.objects.get(slug="missiles-and-microchips")
    open_table = table_services.table_create(host=user, game=game, name="Ada")
    add("/api/tables/{code}/", code=open_table.code)
    started = table_services.table_create(host=user, game=game, name="Ada")
    for name in ("Bea", "Cy"):
        table_services.seat_join(table=started, name=name)
    table_services.table_start(table=started, by=user)
    add("/api/tables/{code}/", code=started.code)

    failed = PrintJob.objects.create(
        owner=user,
        kind="calibration-pdf",
        input_hash="f" * 64,
        status=JobStatus.FAILED,
        error="No.",
    )
    done = PrintJob.objects.create(
        owner=None,
        kind="calibration-pdf",
        input_hash="d" * 64,
        status=JobStatus.DONE,
        progress=100,
        filename="calibration.pdf",
        content_type="application/pdf",
    )
    done.file.save("calibration.pdf", ContentFile(b"%PDF-1.4\n%%EOF\n"))
    for job in (failed, done):
        add("/api/print/jobs/{id}/", id=job.pk)

    rifles = Entry.objects.get(slug="maker-rifles", kind="unit", owner=None)
    stand = bundle.stl_bytes(get_model("maker-war", "proxy").make({"type": "infantry"}))
    design = stl_services.design_upload(
        author=user,
        entry=rifles,
        title="Stand",
        licence=Licence.CC_BY,
        data=stand,
        filename="s.stl",
    )
    add("/api/stl/designs/{id}/", id=design.pk)
    return known


def _known_for(path: str, known: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Path values of seeded things for an operation's path (its longest known prefix)."""
    best = ""
    for prefix in known:
        if path.startswith(prefix) and len(prefix) > len(best):
            best = prefix
    return known.get(best, [])


def _identities(user: Any) -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    """(cookies, headers) of each kind of caller: given per call, so they win over the
    session cookie schemathesis may generate for the schema's ``cookieAuth``."""
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    session = {"sessionid": client.cookies["sessionid"].value, "csrftoken": CSRF}
    return {"anonymous": ({}, {}), "signed in": (session, {"X-CSRFToken": CSRF})}


def _order(operation: Any) -> tuple[int, str]:
    """Deletions last, so they do not take the seeded things from the other operations."""
    return (operation.method.upper() == "DELETE", operation.label)


@pytest.mark.timeout(900)
def test_every_answer_matches_the_schema(live_server, seeded, user, settings, jobs_in_process):
    settings.THROTTLE_ENABLED = False  # the fuzzer is a script looping; 429 is documented
    schema = schemathesis.openapi.from_dict(build_schema())
    operations = sorted((result.ok() for result in schema.get_all_operations()), key=_order)
    checks = _checks()
    failures: dict[tuple[str, str, str], str] = {}
    calls: Counter[str] = Counter()
    statuses: Counter[int] = Counter()
    started = time.monotonic()

    def fuzz(operation: Any, who: str, http: requests.Session) -> None:
        cookies, headers = identities[who]
        known = _known_for(operation.path, seeded)
        picks = st.one_of(st.just({}), st.sampled_from(known)) if known else st.just({})

        @hypothesis.settings(
            max_examples=EXAMPLES,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
            suppress_health_check=list(hypothesis.HealthCheck),
        )
        @hypothesis.given(case=operation.as_strategy(), values=picks)
        def one(case: Any, values: dict[str, Any]) -> None:
            if case.path_parameters is not None:
                case.path_parameters.update(values)
            calls[who] += 1
            try:
                response = case.call(
                    base_url=base_url,
                    session=http,
                    cookies=cookies or None,
                    headers=headers or None,
                    timeout=60,
                )
                statuses[response.status_code] += 1
                case.validate_response(response, checks=checks, headers=headers)
            except (FailureGroup, Failure) as found:
                group = found.exceptions if isinstance(found, FailureGroup) else (found,)
                for failure in group:
                    key = (who, operation.label, failure.title)
                    failures.setdefault(key, f"{case.as_curl_command()}\n{failure.message}"[:900])
            except requests.RequestException as exc:
                failures.setdefault((who, operation.label, type(exc).__name__), str(exc)[:900])

        one()

    # 127.0.0.1, not localhost: no IPv6 attempt first on every new connection.
    base_url = live_server.url.replace("//localhost:", "//127.0.0.1:")
    identities = _identities(user)
    for who in identities:
        with requests.Session() as http:  # a jar of its own: nothing carries over
            for operation in operations:
                fuzz(operation, who, http)

    elapsed = time.monotonic() - started
    print(
        f"\nschemathesis: {len(operations)} operations, {dict(calls)} requests, "
        f"statuses {dict(sorted(statuses.items()))}, {len(failures)} failures, {elapsed:.0f} s"
    )
    report = "\n\n".join(
        f"[{who}] {label}: {title}\n{detail}" for (who, label, title), detail in failures.items()
    )
    assert not failures, re.sub(r"\n{3,}", "\n\n", report)

from catalog.serializers import EntrySerializer
EntrySerializer._declared_fields["faction"].allow_null = False
