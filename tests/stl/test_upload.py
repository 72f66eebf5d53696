"""Uploading designs: accepted files are stored with thumbnail and measurements; every bad
file is refused with its reason and leaves nothing behind (no row, no file)."""

from __future__ import annotations

import struct

import numpy as np
import pytest
import trimesh
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from catalog.models import Entry
from companion.games.base import RuleError
from printing.stl import bundle, services, sizes, upload_check
from printing.stl.models import Design, Licence
from tests.stl.conftest import stored_files


def box_stl(x: float, y: float, z: float, drop: int = 0) -> bytes:
    mesh = trimesh.creation.box((x, y, z))
    mesh.apply_translation((0, 0, z / 2))
    faces = mesh.faces[: len(mesh.faces) - drop]
    return bundle.stl_bytes(trimesh.Trimesh(mesh.vertices, faces, process=False))


def ascii_stl(mesh_bytes: bytes) -> bytes:
    _, tris = upload_check.parse(mesh_bytes)
    lines = ["solid test"]
    for tri in tris:
        lines += ["facet normal 0 0 0", "outer loop"]
        lines += [f"vertex {x:.6f} {y:.6f} {z:.6f}" for x, y, z in tri]
        lines += ["endloop", "endfacet"]
    lines.append("endsolid test")
    return ("\n".join(lines) + "\n").encode()


def upload(user, entry, data: bytes, **extra) -> Design:
    return services.design_upload(
        author=user,
        entry=entry,
        title=extra.get("title", "Rifle stand"),
        licence=extra.get("licence", Licence.CC_BY_SA),
        data=data,
        filename="stand.stl",
    )


def test_a_good_binary_design_is_stored_with_thumbnail_and_measurements(
    user, rifles, infantry_stl, media
):
    design = upload(user, rifles, infantry_stl)
    assert design.file_format == "binary"
    assert (design.size_x, design.size_y) == pytest.approx((20, 20), abs=0.01)
    assert design.triangles == (len(infantry_stl) - 84) // 50
    assert design.thumbnail.read().startswith(b"\x89PNG")
    assert design.file.read() == infantry_stl
    assert design.licence_url == "https://creativecommons.org/licenses/by-sa/4.0/"
    assert len(stored_files(media)) == 2


def test_an_ascii_design_is_accepted(user, rifles, infantry_stl):
    design = upload(user, rifles, ascii_stl(infantry_stl))
    assert design.file_format == "ascii"


REFUSED = [
    ("empty", b"", "The file is empty."),
    ("png", b"\x89PNG\r\n\x1a\n" + b"\0" * 200, "Not an STL file: this is a PNG image."),
    ("html", b"<html><body>hello</body></html>" + b" " * 80, "Not an STL file: this is a web page"),
    ("text", b"solid x\nthis is not a facet\nendsolid x\n", "Line 2 is not STL."),
    ("short", b"\x00\x01\x02", "too short"),
    ("solid-word-only", b"solid", "holds no triangles"),
    ("zero-triangles", b"\0" * 80 + struct.pack("<I", 0), "holds no triangles"),
    (  # the count is not believed, and no such number is shown: nothing is read past it
        "declares-billions",
        b"\0" * 80 + struct.pack("<I", 4_000_000_000) + b"\0" * 50,
        "Not an STL file",
    ),
    ("plain-text", b"Painting notes: the rifles want a dark wash.\n" * 4, "Not an STL file"),
    ("cut-short", None, "cut short"),
    ("open", None, "open edge(s)"),
    ("too-big-for-infantry", None, "larger than the 26 mm allowed"),
    ("long-line", b"solid x\n" + b"vertex " + b"1" * 600 + b"\n", "longer than an STL line"),
    (
        "two-vertices",
        b"solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
        b"endloop\nendfacet\nendsolid x\n",
        "exactly three vertices",
    ),
]


def _refused_bytes(name: str, data: bytes | None, good: bytes) -> bytes:
    if name == "cut-short":
        return good[:-7]
    if name == "open":
        return box_stl(15, 15, 10, drop=1)
    if name == "too-big-for-infantry":
        return box_stl(60, 60, 10)
    return data


@pytest.mark.parametrize("name,data,reason", REFUSED, ids=[r[0] for r in REFUSED])
def test_bad_files_are_refused_with_their_reason_and_nothing_is_stored(
    name, data, reason, user, rifles, infantry_stl, media
):
    with pytest.raises(services.UploadRefused) as refused:
        upload(user, rifles, _refused_bytes(name, data, infantry_stl))
    messages = [f["message"] for f in refused.value.report["findings"] if not f["ok"]]
    assert any(reason in m for m in messages), messages
    assert Design.objects.count() == 0
    assert stored_files(media) == []


def test_nan_coordinates_are_refused(user, rifles, media):
    tris = np.zeros((1,), dtype=[("n", "<f4", 3), ("v", "<f4", (3, 3)), ("attr", "<u2")])
    tris["v"][0] = [[0, 0, 0], [np.nan, 0, 0], [0, 1, 0]]
    data = b"\0" * 80 + struct.pack("<I", 1) + tris.tobytes()
    with pytest.raises(services.UploadRefused) as refused:
        upload(user, rifles, data)
    assert "not numbers" in str(refused.value)
    assert stored_files(media) == []


def test_a_huge_file_is_refused_before_it_is_read(user, rifles, media, monkeypatch):
    monkeypatch.setattr(upload_check, "MAX_BYTES", 1000)
    with pytest.raises(services.UploadRefused) as refused:
        upload(user, rifles, b"solid " + b" " * 2000)
    assert "at most" in str(refused.value)
    assert stored_files(media) == []


def test_too_many_triangles_are_refused(user, rifles, infantry_stl, monkeypatch, media):
    monkeypatch.setattr(upload_check, "MAX_TRIANGLES", 100)
    with pytest.raises(services.UploadRefused) as refused:
        upload(user, rifles, infantry_stl)
    assert "at most 100" in str(refused.value)


def test_a_missing_title_or_licence_stores_nothing(user, rifles, infantry_stl, media):
    with pytest.raises(RuleError) as err:
        upload(user, rifles, infantry_stl, title=" ", licence="GPL")
    assert set(err.value.errors) == {"title", "licence"}
    assert stored_files(media) == [] and Design.objects.count() == 0


def test_the_same_file_twice_for_one_unit_is_refused(user, rifles, infantry_stl, media):
    upload(user, rifles, infantry_stl)
    with pytest.raises(RuleError):
        upload(user, rifles, infantry_stl)
    assert Design.objects.count() == 1 and len(stored_files(media)) == 2


def test_a_database_failure_removes_the_stored_files(
    user, rifles, infantry_stl, media, monkeypatch
):
    def broken(self, *args, **kwargs):
        raise RuntimeError("database down")

    monkeypatch.setattr(Design, "save", broken)
    with pytest.raises(RuntimeError):
        upload(user, rifles, infantry_stl)
    assert stored_files(media) == []


def test_upload_page_shows_every_finding_of_a_refused_file(client, user, rifles, media):
    client.force_login(user)
    response = client.post(
        reverse("stl:upload"),
        {
            "entry": rifles.pk,
            "title": "Leaky",
            "licence": Licence.CC_BY,
            "file": SimpleUploadedFile("leaky.stl", box_stl(15, 15, 10, drop=2)),
        },
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert "The file was refused" in text and "open edge(s)" in text
    assert "Every edge joins exactly two triangles" not in text  # the report agrees with itself
    assert Design.objects.count() == 0 and stored_files(media) == []


def test_upload_page_stores_a_good_file_and_counts_downloads(client, user, rifles, infantry_stl):
    client.force_login(user)
    response = client.post(
        reverse("stl:upload"),
        {
            "entry": rifles.pk,
            "title": "Three riflemen",
            "licence": Licence.CC0,
            "file": SimpleUploadedFile("riflemen.stl", infantry_stl),
        },
    )
    design = Design.objects.get()
    assert response.status_code == 302 and response["Location"] == design.get_absolute_url()
    page = client.get(design.get_absolute_url())
    assert "CC0 1.0" in page.content.decode()
    got = client.get(reverse("stl:design-download", args=[design.pk]))
    assert b"".join(got.streaming_content) == infantry_stl
    client.get(reverse("stl:design-model", args=[design.pk]))  # the 3D view does not count
    design.refresh_from_db()
    assert design.download_count == 1
    thumb = client.get(reverse("stl:design-thumbnail", args=[design.pk]))
    assert thumb["Content-Type"] == "image/png"


def test_upload_needs_sign_in(client):
    response = client.get(reverse("stl:upload"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_designs_for_homebrew_stay_as_private_as_the_homebrew(
    client, user, other_user, maker_war, infantry_stl
):
    mine = Entry.objects.create(
        game=maker_war,
        kind="unit",
        slug="my-rifles",
        name="My Rifles",
        owner=user,
        visibility="private",
        data={"type": "infantry"},
    )
    design = upload(user, mine, infantry_stl)
    client.force_login(other_user)
    assert client.get(design.get_absolute_url()).status_code == 404
    assert client.get(reverse("stl:design-download", args=[design.pk])).status_code == 404
    assert client.get(reverse("api-stl-design", args=[design.pk])).status_code == 404
    assert "My Rifles" not in client.get(reverse("stl:designs")).content.decode()
    client.force_login(user)
    assert client.get(design.get_absolute_url()).status_code == 200


def test_nobody_uploads_for_another_users_homebrew(
    client, user, other_user, maker_war, infantry_stl
):
    theirs = Entry.objects.create(
        game=maker_war,
        kind="unit",
        slug="their-rifles",
        name="Their Rifles",
        owner=other_user,
        visibility="private",
        data={"type": "infantry"},
    )
    client.force_login(user)
    response = client.post(
        reverse("api-stl-designs"),
        {"entry": theirs.pk, "title": "x", "file": SimpleUploadedFile("a.stl", infantry_stl)},
    )
    assert response.status_code == 400 and response.json() == {"entry": ["No such unit."]}


def test_api_upload_answers_201_or_400_with_the_reasons(client, user, rifles, infantry_stl, media):
    client.force_login(user)
    ok = client.post(
        reverse("api-stl-designs"),
        {
            "entry": rifles.pk,
            "title": "API stand",
            "licence": "CC-BY-4.0",
            "file": SimpleUploadedFile("a.stl", infantry_stl),
        },
    )
    assert ok.status_code == 201, ok.content
    assert ok.json()["size_x"] == pytest.approx(20, abs=0.01)
    bad = client.post(
        reverse("api-stl-designs"),
        {
            "entry": rifles.pk,
            "title": "Not STL",
            "file": SimpleUploadedFile("a.stl", b"%PDF-1.7 " * 20),
        },
    )
    assert bad.status_code == 400
    assert bad.json()["file"] == ["Not an STL file: this is a PDF document."]
    assert Design.objects.count() == 1 and len(stored_files(media)) == 2


def test_coordinates_beyond_ten_metres_are_refused(user, rifles, media):
    data = (
        b"solid big\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1e308 0 0\n"
        b"vertex 0 1 0\nendloop\nendfacet\nendsolid big\n"
    )
    with pytest.raises(services.UploadRefused) as refused:
        upload(user, rifles, data)
    assert "beyond 10 m" in str(refused.value)
    assert stored_files(media) == []


def test_a_binary_file_whose_header_says_solid_is_read_as_binary(infantry_stl):
    data = b"solid made by a careless exporter".ljust(80, b"\0") + infantry_stl[80:]
    fmt, tris = upload_check.parse(data)
    assert fmt == "binary" and len(tris) == (len(infantry_stl) - 84) // 50


def test_an_open_mesh_report_never_contradicts_itself():
    report = upload_check.check_upload(box_stl(15, 15, 10, drop=1)).as_dict()
    shown = {f["code"]: f for f in report["findings"]}
    assert not shown["watertight"]["ok"] and "3 open edge(s)" in shown["watertight"]["message"]
    assert shown["manifold"] == {
        "code": "manifold",
        "ok": True,
        "message": "No edge is shared by more than two triangles.",
        "blocking": True,
    }


def test_a_file_that_is_no_stl_is_named_so_and_no_triangle_count_is_quoted():
    text = b"Painting notes: the rifles want a dark wash, the tanks a light one.\n" * 20
    report = upload_check.check_upload(text)
    assert not report.accepted
    assert [(f.code, f.severity) for f in report.findings] == [("parse", "error")]
    assert report.findings[0].message.startswith("Not an STL file")
    assert "triangles;" not in report.findings[0].message and "," not in report.findings[0].message


def test_the_upload_report_keeps_its_answer_shape(infantry_stl):
    report = upload_check.check_upload(infantry_stl, size=sizes.TABLE["infantry"]).as_dict()
    assert list(report) == [
        "accepted",
        "format",
        "triangles",
        "size_mm",
        "volume_mm3",
        "min_thickness_mm",
        "findings",
    ]
    assert report["accepted"] and all(
        set(f) == {"code", "ok", "blocking", "message"} for f in report["findings"]
    )
    blocking = {f["code"]: f["blocking"] for f in report["findings"]}
    assert blocking["watertight"] and blocking["size"] and not blocking["thickness"]


def test_a_failed_advice_check_warns_without_refusing(infantry_stl):
    report = upload_check.check_upload(infantry_stl, minimum_mm=50)
    thickness = next(f for f in report.findings if f.code == "thickness")
    assert thickness.severity == "warning" and report.accepted


def _only_finding(data: bytes) -> tuple[str, str]:
    report = upload_check.check_upload(data)
    assert not report.accepted
    (finding,) = report.findings  # one finding, stated once
    return finding.code, finding.message


def test_an_open_mesh_says_each_finding_once_and_claims_no_volume():
    report = upload_check.check_upload(box_stl(15, 15, 10, drop=1))
    codes = [f.code for f in report.findings]
    assert len(codes) == len(set(codes))
    # the sign of an open surface's volume means nothing: no "normals point outward"
    assert "normals" not in codes and "thickness" not in codes
    passed = " ".join(f.message for f in report.findings if f.ok)
    assert "Every edge joins exactly two triangles" not in passed and "Closed" not in passed


def test_random_bytes_are_not_an_stl_even_when_their_count_looks_small():
    rng = np.random.default_rng(18)
    data = bytearray(rng.integers(0, 256, 4000, dtype=np.uint8).tobytes())
    data[80:84] = struct.pack("<I", 7)  # a believable count, but the bytes are noise
    code, message = _only_finding(bytes(data))
    assert code == "parse" and message.startswith("Not an STL file")
    assert "triangles" not in message.split(":")[0]


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4,
        b"Painting notes: the rifles want a dark wash, the tanks a light one.\n" * 20,
        b"notes",
    ],
    ids=["png", "text", "tiny-text"],
)
def test_a_file_of_another_kind_is_only_called_not_an_stl(data):
    code, message = _only_finding(data)
    assert code == "parse" and message.startswith("Not an STL file")
    assert "declares" not in message


def test_a_truncated_binary_stl_is_called_cut_short_not_another_kind_of_file():
    code, message = _only_finding(box_stl(15, 15, 10)[:-7])
    assert code == "parse" and message.startswith("The binary STL is cut short")
    assert "684 bytes" in message and "677 bytes" in message
