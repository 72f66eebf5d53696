"""The printability checks, on meshes whose answers are known by construction."""

from __future__ import annotations

import numpy as np
import pytest
import trimesh

from companion.games.problems import Problem
from printing.stl import checks


def box(x: float, y: float, z: float) -> trimesh.Trimesh:
    mesh = trimesh.creation.box((x, y, z))
    mesh.apply_translation((0, 0, z / 2))
    return mesh


def test_a_closed_box_passes_every_check():
    report = checks.check(box(10, 10, 10))
    assert report.ok, report.as_dict()
    assert report.volume_mm3 == pytest.approx(1000)
    assert report.size_mm == pytest.approx((10, 10, 10))


def test_thickness_of_a_plate_is_its_thinnest_side():
    assert checks.min_thickness(box(20, 20, 0.5)) == pytest.approx(0.5, abs=1e-3)
    assert checks.min_thickness(box(10, 3, 6)) == pytest.approx(3, abs=1e-3)


def test_a_plate_thinner_than_the_minimum_is_reported():
    report = checks.check(box(20, 20, 0.5), minimum_mm=0.8)
    thin = [f for f in report.findings if f.code == "thickness"]
    assert not report.ok and not thin[0].ok
    assert "0.50 mm" in thin[0].message


def test_a_missing_triangle_leaves_open_edges():
    mesh = box(10, 10, 10)
    mesh = trimesh.Trimesh(mesh.vertices, mesh.faces[:-1], process=False)
    report = checks.check(mesh)
    assert [f.code for f in report.findings if not f.ok][0] == "watertight"
    assert checks.edge_counts(mesh)[0] == 3
    manifold = next(f for f in report.findings if f.code == "manifold")
    assert manifold.ok and manifold.message == "No edge is shared by more than two triangles."


def test_a_closed_mesh_is_said_to_join_every_edge_twice():
    manifold = next(f for f in checks.check(box(10, 10, 10)).findings if f.code == "manifold")
    assert manifold.message == "Every edge joins exactly two triangles."


def test_inverted_normals_make_a_negative_volume():
    mesh = box(10, 10, 10)
    mesh = trimesh.Trimesh(mesh.vertices, mesh.faces[:, ::-1], process=False)
    report = checks.check(mesh)
    failed = {f.code for f in report.findings if not f.ok}
    assert failed == {"normals"}


def test_one_flipped_triangle_is_a_winding_clash():
    mesh = box(10, 10, 10)
    faces = mesh.faces.copy()
    faces[0] = faces[0][::-1]
    report = checks.check(trimesh.Trimesh(mesh.vertices, faces, process=False))
    assert "winding" in {f.code for f in report.findings if not f.ok}


def test_two_separate_boxes_are_two_pieces():
    a, b = box(5, 5, 5), box(5, 5, 5)
    b.apply_translation((20, 0, 0))
    both = trimesh.util.concatenate([a, b])
    assert checks.pieces(both) == 2
    assert not checks.check(both).ok
    assert checks.check(both, one_piece=False).ok


def test_a_floating_model_is_not_on_the_bed():
    mesh = box(10, 10, 10)
    mesh.apply_translation((0, 0, 3))
    assert {f.code for f in checks.check(mesh).findings if not f.ok} == {"on_bed"}


def test_an_empty_mesh_is_refused():
    mesh = trimesh.Trimesh(np.zeros((0, 3)), np.zeros((0, 3), dtype=np.int64), process=False)
    assert [f.code for f in checks.check(mesh).findings] == ["empty"]


def test_findings_are_problems_passed_ones_ok_failed_ones_errors():
    report = checks.check(box(20, 20, 0.5), minimum_mm=0.8)
    assert all(isinstance(f, Problem) for f in report.findings)
    assert {f.code: f.severity for f in report.findings}["thickness"] == "error"
    assert {f.severity for f in report.findings if f.code != "thickness"} == {"ok"}


def test_advice_warns_and_leaves_the_mesh_printable():
    report = checks.check(box(10, 10, 10))
    report.add("size", False, "Too tall for a stand.", advice=True)
    assert report.ok and report.findings[-1].severity == "warning"
    shown = report.as_dict()
    assert shown["ok"] and shown["findings"][-1] == {
        "code": "size",
        "ok": False,
        "message": "Too tall for a stand.",
        "blocking": False,
    }
    assert all("blocking" not in f for f in shown["findings"][:-1])  # the answer keeps its shape
