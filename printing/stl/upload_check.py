"""Checking an uploaded STL before anything is stored (no Django).

The bytes are read by our own strict parsers (binary and ASCII STL), never handed to a
general loader: limits come first (size, declared and actual triangle counts, line
lengths), every number must be finite, and a file that is neither form is refused. Then
the mesh is checked as generated models are (closed, manifold, wound consistently, normals
outward) and its bounding box is measured against the documented size table.

``blocking`` findings refuse the upload; the others are shown to the author as advice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np
import trimesh

from companion.games.problems import Problem
from printing.stl import checks, sizes

MAX_BYTES = 25 * 1024 * 1024
MAX_TRIANGLES = 400_000
BLOCKING = {"parse", "empty", "limits", "watertight", "manifold", "winding", "normals", "size"}
_FLOAT = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_VERTEX = re.compile(
    rb"^\s*vertex\s+("
    + _FLOAT.encode()
    + rb")\s+("
    + _FLOAT.encode()
    + rb")\s+("
    + _FLOAT.encode()
    + rb")\s*$"
)
_ALLOWED_LINE = re.compile(
    rb"^\s*(?:solid\b.*|endsolid\b.*|facet\s+normal\s+.*|outer\s+loop|endloop|endfacet|"
    rb"vertex\s+.*)?\s*$"
)


@dataclass
class UploadReport(checks.Report):
    """The mesh report of an uploaded file, with how it was read and the mesh itself. A
    failed check outside ``BLOCKING`` is advice to the author, not a refusal."""

    format: str = ""  # "binary" or "ascii"
    mesh: trimesh.Trimesh | None = None

    def add(self, code: str, passed: bool, message: str, *, advice: bool = False) -> None:
        super().add(code, passed, message, advice=advice or code not in BLOCKING)

    @property
    def accepted(self) -> bool:
        return self.ok and self.mesh is not None

    def finding_dict(self, finding: Problem) -> dict[str, Any]:
        return {**super().finding_dict(finding), "blocking": finding.code in BLOCKING}

    def as_dict(self) -> dict[str, Any]:
        measured = super().as_dict()
        shown = ("triangles", "size_mm", "volume_mm3", "min_thickness_mm", "findings")
        return {"accepted": self.accepted, "format": self.format} | {
            key: measured[key] for key in shown
        }


class ParseError(ValueError):
    """The bytes are not an STL Muster can read; the message says where and why."""


_MAGIC = (
    (b"\x89PNG", "a PNG image"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (3MF and many others are ZIPs)"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"<", "a web page or XML file"),
    (b"\x7fELF", "a program"),
    (b"MZ", "a Windows program"),
)


_RECORD = np.dtype([("n", "<f4", 3), ("v", "<f4", (3, 3)), ("attr", "<u2")])
_NOT_STL = (
    "Not an STL file: neither ASCII STL nor a binary STL whose size matches the triangle "
    "count in its header."
)


def _plausible_records(data: bytes) -> bool:
    """Whether the whole records after the header look like triangles in millimetres.

    Decides between a binary STL cut short (its records are finite numbers of model size)
    and another kind of file whose bytes only happen to give a small count.
    """
    whole = min((len(data) - 84) // 50, 200)
    if whole < 1:
        return False
    records = np.frombuffer(data, dtype=_RECORD, count=whole, offset=84)
    with np.errstate(invalid="ignore", over="ignore"):  # noise decodes to NaN and inf
        numbers = np.concatenate([records["n"].ravel(), records["v"].ravel()]).astype(np.float64)
        return bool(np.isfinite(numbers).all() and np.abs(numbers).max() <= 10_000)


def _binary(data: bytes) -> np.ndarray:
    count = int(np.frombuffer(data, dtype="<u4", count=1, offset=80)[0])
    fits = len(data) == 84 + 50 * count
    if not fits and (count > MAX_TRIANGLES or not _plausible_records(data)):
        raise ParseError(_NOT_STL)  # the "count" is four bytes of some other file
    if count > MAX_TRIANGLES:
        raise ParseError(f"The file declares {count:,} triangles; at most {MAX_TRIANGLES:,}.")
    if len(data) < 84 + 50 * count:
        raise ParseError(
            f"The binary STL is cut short: its header declares {count:,} triangles "
            f"({84 + 50 * count:,} bytes) but the file ends after {len(data):,} bytes. "
            "Export or upload it again."
        )
    if not fits:
        raise ParseError(
            f"The binary STL has {len(data) - 84 - 50 * count:,} bytes after its "
            f"{count:,} declared triangles: it was padded or joined to another file."
        )
    return np.frombuffer(data, dtype=_RECORD, count=count, offset=84)["v"].astype(np.float64)


def _ascii(data: bytes) -> np.ndarray:
    vertices: list[tuple[bytes, bytes, bytes]] = []
    for number, line in enumerate(data.splitlines(), start=1):
        if len(line) > 512:
            raise ParseError(f"Line {number} is longer than an STL line can be.")
        match = _VERTEX.match(line)
        if match:
            vertices.append(match.groups())
            if len(vertices) > 3 * MAX_TRIANGLES:
                raise ParseError(f"More than {MAX_TRIANGLES:,} triangles.")
        elif not _ALLOWED_LINE.match(line):
            raise ParseError(f"Line {number} is not STL.")
    if len(vertices) % 3:
        raise ParseError("A facet does not have exactly three vertices.")
    return np.array(vertices, dtype=np.float64).reshape(-1, 3, 3)


def parse(data: bytes) -> tuple[str, np.ndarray]:
    """(format, triangles as an (n, 3, 3) array); ``ParseError`` says why a file is not STL."""
    if len(data) == 0:
        raise ParseError("The file is empty.")
    head = data[:512].lstrip().lower()
    if head.startswith(b"solid") and b"\0" not in data[:512]:
        try:
            data.decode("ascii")
        except UnicodeDecodeError:
            pass  # some binary files start with "solid" in their header
        else:
            return "ascii", _ascii(data)
    kind = next((name for magic, name in _MAGIC if data.lstrip()[:8].startswith(magic)), "")
    if kind:
        raise ParseError(f"Not an STL file: this is {kind}.")
    if len(data) < 84:
        raise ParseError(f"Not an STL file: {len(data)} bytes is too short for any STL.")
    return "binary", _binary(data)


def check_upload(
    data: bytes,
    *,
    size: sizes.Size | None = None,
    minimum_mm: float = checks.DEFAULT_MINIMUM_MM,
) -> UploadReport:
    """Every finding for an uploaded file; ``report.accepted`` says whether to store it."""
    report = UploadReport()
    if len(data) > MAX_BYTES:
        report.add(
            "limits",
            False,
            f"The file is {len(data) / 2**20:.1f} MB; at most {MAX_BYTES // 2**20} MB.",
        )
        return report
    try:
        report.format, tris = parse(data)
    except ParseError as exc:
        report.add("parse", False, str(exc))
        return report
    report.add("parse", True, f"Read as {report.format} STL.")
    report.triangles = len(tris)
    if len(tris) == 0:
        report.add("empty", False, "The file holds no triangles.")
        return report
    if not np.isfinite(tris).all():
        report.add("parse", False, "Some coordinates are not numbers (NaN or infinite).")
        return report
    if np.abs(tris).max() > 10_000:
        report.add("limits", False, "Coordinates reach beyond 10 m: not a model in millimetres.")
        return report
    mesh = trimesh.Trimesh(
        vertices=tris.reshape(-1, 3), faces=np.arange(len(tris) * 3).reshape(-1, 3), process=True
    )
    found = checks.check(mesh, minimum_mm=minimum_mm, samples=300, one_piece=False)
    for finding in found.findings:
        if finding.code != "on_bed":  # an upload may lie any way up: the slicer places it
            report.add(finding.code, finding.ok, finding.message)
    report.size_mm = found.size_mm
    report.volume_mm3 = found.volume_mm3
    report.min_thickness_mm = found.min_thickness_mm
    if size is not None:
        problems = sizes.fits(size, found.size_mm)
        extent = " x ".join(f"{v:.1f}" for v in found.size_mm)
        report.add(
            "size",
            not problems,
            f"{extent} mm fits a {size.label}." if not problems else " ".join(problems),
        )
    report.mesh = mesh
    return report
