"""Army bundles: the parts a list needs, packed on plates, made by the print job mechanism,
and only for those who may see the list."""

from __future__ import annotations

import csv
import io
import zipfile

import numpy as np
import pytest
import trimesh
from django.urls import reverse
from django.utils.html import escape

from armies.models import ListVisibility
from companion.games.base import RuleError
from companion.games.registry import get_game
from printing.models import PrintJob
from printing.stl import bundle, checks, services, upload_check


def _army_data(body: dict) -> dict:
    system = get_game("maker-war")
    catalogue = system.official_catalogue()
    units = {
        i.slug: {"name": i.name, "data": dict(i.data)}
        for i in catalogue.of_kind_all()
        if i.kind == "unit"
    }
    return {
        "title": "Test",
        "body": body,
        "units": units,
        "counts": system.model_counts(body, catalogue),
    }


def _zip(data: bytes) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(data))


def _mesh(data: bytes) -> trimesh.Trimesh:
    _, tris = upload_check.parse(data)
    return trimesh.Trimesh(tris.reshape(-1, 3), np.arange(len(tris) * 3).reshape(-1, 3))


def test_example_army_bundle_lists_every_unit_and_the_battle_tokens():
    body = get_game("maker-war").example_list()
    army = _army_data(body)
    z = _zip(bundle.make_zip("maker-war", army))
    rows = {r["part"]: r for r in csv.DictReader(io.StringIO(z.read("parts.csv").decode()))}
    for slug, count in army["counts"].items():
        name = army["units"][slug]["name"]
        assert int(rows[name]["count"]) == count
    formations = len(body["formations"])
    assert int(rows["Activation marker"]["count"]) == formations
    assert int(rows["Impact token"]["count"]) == 6 * formations
    assert int(rows["Formation template 15 cm"]["count"]) == 1
    assert "Flying low stance" not in rows  # the example army has no flyers
    for name in z.namelist():
        if name.endswith(".stl"):
            mesh = _mesh(z.read(name))
            assert checks.check(mesh, thickness=False).ok, name
    assert not any(n.startswith("plates/") for n in z.namelist())


def test_per_type_bundle_groups_units_by_profile_type():
    army = {**_army_data(get_game("maker-war").example_list()), "grouping": "type"}
    z = _zip(bundle.make_zip("maker-war", army))
    rows = {
        r["part"]: int(r["count"])
        for r in csv.DictReader(io.StringIO(z.read("parts.csv").decode()))
    }
    infantry = sum(
        c for s, c in army["counts"].items() if army["units"][s]["data"]["type"] == "infantry"
    )
    assert rows["Infantry proxy"] == infantry


def test_plates_hold_every_copy_within_the_bed():
    army = _army_data(get_game("maker-war").example_list())
    z = _zip(bundle.make_zip("maker-war", army, bed=(200.0, 180.0)))
    plates = [n for n in z.namelist() if n.startswith("plates/")]
    rows = list(csv.DictReader(io.StringIO(z.read("parts.csv").decode())))
    wanted = sum(int(r["count"]) for r in rows)
    pieces = 0
    for name in plates:
        mesh = _mesh(z.read(name))
        lo, hi = mesh.bounds
        assert lo[0] >= -100 - 1e-6 and hi[0] <= 100 + 1e-6
        assert lo[1] >= -90 - 1e-6 and hi[1] <= 90 + 1e-6 and lo[2] == pytest.approx(0, abs=1e-6)
        pieces += checks.pieces(mesh)
    assert pieces == wanted


def test_pack_puts_pieces_in_rows_and_refuses_what_cannot_fit():
    plates = bundle.pack([(50, 20), (30, 30)], [3, 1], (120, 120))
    assert len(plates) == 1 and len(plates[0]) == 4
    assert bundle.pack([(100, 10)], [1], (50, 120))[0][0].turned
    with pytest.raises(RuleError):
        bundle.pack([(150, 150)], [1], (120, 120))


def test_smalltricks_bundle_has_a_token_per_unit_and_the_board():
    system = get_game("smalltricks")
    body = system.example_list()
    catalogue = system.official_catalogue()
    units = {
        i.slug: {"name": i.name, "data": dict(i.data)}
        for i in catalogue.of_kind_all()
        if i.kind == "unit-type"
    }
    army = {
        "title": "S",
        "body": body,
        "units": units,
        "counts": system.model_counts(body, catalogue),
    }
    parts = bundle.game_parts("smalltricks", army)
    tokens = [p for p in parts if p.model == "unit-token"]
    assert sum(p.count for p in tokens) == 6
    assert {p.name: p.values["face"] for p in tokens}["Spears"] == 5
    assert [p.count for p in parts if p.model == "hex-tile"] == [36]


def test_little_game_bases_follow_each_units_base_size():
    parts = bundle.game_parts("little-game", {"body": get_game("little-game").example_list()})
    legion = next(p for p in parts if p.name == "Legionaries")
    assert (legion.values["width"], legion.values["depth"]) == (60.0, 30.0)
    assert len(parts) == 4


# ---- through the job mechanism ---------------------------------------------------------


def _ask(client, saved_list, **data):
    payload = {"grouping": "unit", "bed_width": 220, "bed_depth": 220, "min_feature": 0.8, **data}
    return client.post(reverse("stl:bundle", args=[saved_list.pk]), payload)


def test_owner_gets_the_bundle_of_a_private_list(
    client, user, army, django_capture_on_commit_callbacks
):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = _ask(client, army, plates="on")
    job = PrintJob.objects.get(kind="stl-bundle")
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    job.refresh_from_db()
    assert job.status == "done", job.error
    assert job.is_private and job.owner == user
    download = client.get(job.get_download_url())
    z = _zip(b"".join(download.streaming_content))
    assert "parts.csv" in z.namelist() and any(n.startswith("plates/") for n in z.namelist())


def test_the_bundle_job_page_leads_back_to_the_bundle_page_not_the_card_printer(
    client, user, army, django_capture_on_commit_callbacks
):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        _ask(client, army)
    page = client.get(PrintJob.objects.get(kind="stl-bundle").get_absolute_url()).content.decode()
    assert "<h1>Army bundle (STL files, zipped)</h1>" in page
    back = reverse("stl:bundle", args=[army.pk])
    assert f'href="{back}">Bundle settings for {escape(army.name)}' in page
    assert reverse("printing:form", args=["list", army.pk]) not in page


def test_asking_twice_reuses_the_cached_job(client, user, army, django_capture_on_commit_callbacks):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        _ask(client, army)
        _ask(client, army)
    assert PrintJob.objects.filter(kind="stl-bundle").count() == 1


def test_a_private_lists_bundle_is_only_for_its_owner(
    client, other_user, army, django_capture_on_commit_callbacks
):
    client.force_login(other_user)
    assert client.get(reverse("stl:bundle", args=[army.pk])).status_code == 404
    assert _ask(client, army).status_code == 404
    api = client.post(
        reverse("api-stl-bundle", args=[army.pk]), {}, content_type="application/json"
    )
    assert api.status_code == 404
    client.logout()
    assert _ask(client, army).status_code == 404
    assert PrintJob.objects.count() == 0


def test_the_owners_private_bundle_job_is_hidden_from_others(
    client, user, other_user, army, django_capture_on_commit_callbacks
):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        _ask(client, army)
    job = PrintJob.objects.get(kind="stl-bundle")
    client.force_login(other_user)
    assert client.get(job.get_download_url()).status_code == 404


def test_a_public_list_can_be_bundled_by_anyone_signed_in(
    client, user, other_user, army, django_capture_on_commit_callbacks
):
    army.visibility = ListVisibility.PUBLIC
    army.save(update_fields=["visibility"])
    client.force_login(other_user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("api-stl-bundle", args=[army.pk]),
            {"grouping": "type"},
            content_type="application/json",
        )
    assert response.status_code == 201, response.content
    job = PrintJob.objects.get(pk=response.json()["id"])
    assert not job.is_private and job.status == "done"


def test_bad_bundle_options_are_errors_by_field(user, army):
    with pytest.raises(RuleError) as err:
        services.bundle_request(
            saved_list=army, user=user, grouping="box", bed=(50.0, 50.0), min_feature=3
        )
    assert set(err.value.errors) == {"grouping", "bed", "min_feature"}
