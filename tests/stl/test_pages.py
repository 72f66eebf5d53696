"""The customizer pages, the preview and STL endpoints, and the model API."""

from __future__ import annotations

import numpy as np
import pytest
import trimesh
from django.urls import reverse

from printing.producers import get_producer
from printing.stl import checks, upload_check


def _mesh(data: bytes) -> trimesh.Trimesh:
    _, tris = upload_check.parse(data)
    return trimesh.Trimesh(tris.reshape(-1, 3), np.arange(len(tris) * 3).reshape(-1, 3))


def test_index_lists_every_games_models(client, catalogue):
    text = client.get(reverse("stl:index")).content.decode()
    for name in (
        "Template (5 cm or 15 cm)",
        "Hex tile",
        "Energy token",
        "Base marker",
        "Unit base (30 x 60 mm)",
    ):
        assert name in text


def test_customizer_shows_parameters_preview_and_checks(client, catalogue):
    response = client.get(reverse("stl:customizer", args=["maker-war", "template"]))
    text = response.content.decode()
    assert response.status_code == 200
    assert 'name="ring_width"' in text and "data:image/png;base64," in text
    assert "Closed surface." in text and "Thinnest feature" in text


def test_customizer_form_without_a_checkbox_turns_it_off(client, catalogue):
    url = reverse("stl:customizer", args=["maker-war", "template"])
    on = client.get(url, {"_set": "1", "centre_mark": "true"}).content.decode()
    off = client.get(url, {"_set": "1"}).content.decode()
    assert 'name="centre_mark" value="true" checked' in on
    assert 'name="centre_mark" value="true" checked' not in off


def test_customizer_answers_400_with_the_fields_reason(client, catalogue):
    response = client.get(
        reverse("stl:customizer", args=["maker-war", "template"]), {"thickness": "50"}
    )
    assert response.status_code == 400
    assert "Must be at most 6." in response.content.decode()


def test_preview_json_has_report_thumbnail_and_stl_address(client, catalogue):
    response = client.get(
        reverse("stl:preview", args=["maker-war", "template"]), {"diameter": "150"}
    )
    body = response.json()
    assert body["report"]["ok"] and body["report"]["size_mm"][:2] == [150.0, 150.0]
    assert body["thumbnail"].startswith("data:image/png;base64,")
    stl = client.get(body["stl_url"])
    assert _mesh(stl.content).extents[0] == pytest.approx(150, abs=0.01)


def test_preview_refuses_bad_values_by_field(client, catalogue):
    response = client.get(reverse("stl:preview", args=["smalltricks", "unit-token"]), {"face": "7"})
    assert response.status_code == 400 and response.json() == {
        "errors": {"face": "Must be at most 6."}
    }


def test_model_stl_is_an_attachment_in_millimetres(client, catalogue):
    response = client.get(
        reverse("stl:model-stl", args=["little-game", "unit-base"]), {"width": "40", "depth": "40"}
    )
    assert response["Content-Disposition"].startswith("attachment;")
    mesh = _mesh(response.content)
    assert checks.check(mesh).ok and sorted(mesh.extents[:2]) == pytest.approx([40, 40])


def test_unknown_models_are_404(client, catalogue):
    assert client.get(reverse("stl:customizer", args=["maker-war", "dragon"])).status_code == 404
    assert client.get(reverse("stl:model-stl", args=["chess", "template"])).status_code == 404


def test_model_api_lists_parameters_and_checks_json_values(client, catalogue):
    models = client.get(reverse("api-stl-models")).json()
    token = next(m for m in models if m["slug"] == "unit-token")
    assert {p["name"]: (p["min"], p["max"]) for p in token["params"]}["face"] == (1, 6)
    ok = client.post(
        reverse("api-stl-check", args=["smalltricks", "unit-token"]),
        {"face": 6},
        content_type="application/json",
    )
    assert ok.status_code == 200 and ok.json()["report"]["ok"]
    bad = client.post(
        reverse("api-stl-check", args=["smalltricks", "unit-token"]),
        {"face": 0},
        content_type="application/json",
    )
    assert bad.status_code == 400 and bad.json() == {"face": ["Must be at least 1."]}


def test_the_stl_model_producer_makes_the_same_file_as_the_page(client, catalogue):
    made = get_producer("stl-model").make(
        {"game": "maker-war", "model": "stance", "values": {"kind": "patrol"}}, lambda p, m: None
    )
    page = client.get(reverse("stl:model-stl", args=["maker-war", "stance"]), {"kind": "patrol"})
    assert made.filename == "maker-war-stance.stl" and made.data == page.content


def test_going_beyond_the_size_table_is_advice_not_a_fault(client, catalogue):
    body = client.get(
        reverse("stl:preview", args=["maker-war", "proxy"]), {"type": "tank", "base_size": "60"}
    ).json()
    size = next(f for f in body["report"]["findings"] if f["code"] == "size")
    assert not size["ok"] and not size["blocking"]
    assert "larger than the 45 mm allowed for a Maker-War tank" in size["message"]
    assert body["report"]["ok"]  # the piece itself prints fine
