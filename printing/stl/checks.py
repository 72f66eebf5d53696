"""Is a mesh printable without repair? Measured on the mesh itself (no Django).

A slicer needs a closed surface (every edge shared by exactly two triangles), consistent
winding (each shared edge runs opposite ways in its two triangles), outward normals
(positive signed volume), and a model lying on the bed. The minimum feature thickness is
measured by casting a ray inward from sample points on the surface and taking the distance
to where it leaves the solid again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import trimesh

from companion.games.problems import Problem

DEFAULT_MINIMUM_MM = 0.8
SAMPLES = 600  # surface samples for the thickness measure
_EPS = 1e-4


@dataclass
class Report:
    """Every check made on a mesh, passed or not, in the kernel's one problem format, and
    what was measured. A failed check is an ``error`` (not printable) unless it was made
    as ``advice``, then a ``warning``; a passed one is ``ok``, said so."""

    findings: list[Problem] = field(default_factory=list)
    triangles: int = 0
    volume_mm3: float = 0.0
    size_mm: tuple[float, float, float] = (0.0, 0.0, 0.0)
    min_thickness_mm: float | None = None
    advice: set[str] = field(default_factory=set)  # codes whose failure refuses nothing

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)

    def add(self, code: str, passed: bool, message: str, *, advice: bool = False) -> None:
        if advice:
            self.advice.add(code)
        failed = "warning" if advice else "error"
        self.findings.append(Problem(code, "ok" if passed else failed, message))

    def finding_dict(self, finding: Problem) -> dict[str, Any]:
        """A finding as pages and the API show it: passed or not, and advice marked."""
        shown: dict[str, Any] = {"code": finding.code, "ok": finding.ok, "message": finding.message}
        if finding.code in self.advice:
            shown["blocking"] = False
        return shown

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "triangles": self.triangles,
            "volume_mm3": round(self.volume_mm3, 2),
            "size_mm": [round(v, 2) for v in self.size_mm],
            "min_thickness_mm": None
            if self.min_thickness_mm is None
            else round(self.min_thickness_mm, 2),
            "findings": [self.finding_dict(f) for f in self.findings],
        }


def edge_counts(mesh: trimesh.Trimesh) -> tuple[int, int, int]:
    """(open edges, edges shared by more than two triangles, edges with clashing winding)."""
    faces = np.asarray(mesh.faces, dtype=np.int64)
    if len(faces) == 0:
        return 0, 0, 0
    directed = np.concatenate([faces[:, [0, 1]], faces[:, [1, 2]], faces[:, [2, 0]]])
    undirected = np.sort(directed, axis=1)
    _, inverse, counts = np.unique(undirected, axis=0, return_inverse=True, return_counts=True)
    open_edges = int(np.count_nonzero(counts == 1))
    crowded = int(np.count_nonzero(counts > 2))
    # In a consistently wound pair, one triangle uses the edge a->b and the other b->a.
    forward = directed[:, 0] < directed[:, 1]
    forward_per_edge = np.bincount(inverse.ravel(), weights=forward, minlength=len(counts))
    pairs = counts == 2
    clashing = int(np.count_nonzero(pairs & (forward_per_edge != 1)))
    return open_edges, crowded, clashing


def pieces(mesh: trimesh.Trimesh) -> int:
    """How many separate parts (groups of triangles joined through shared vertices)."""
    faces = np.asarray(mesh.faces, dtype=np.int64)
    if len(faces) == 0:
        return 0
    parent = np.arange(len(mesh.vertices))
    flat = faces.ravel()
    while True:
        lowest = np.repeat(parent[faces].min(axis=1), 3)
        new = parent.copy()
        np.minimum.at(new, flat, lowest)
        np.minimum.at(new, parent[flat], lowest)
        for _ in range(4):  # pointer jumping: labels reach their root in few rounds
            new = new[new]
        if np.array_equal(new, parent):
            break
        parent = new
    return len(np.unique(parent[flat]))


def signed_volume(mesh: trimesh.Trimesh) -> float:
    v = np.asarray(mesh.vertices, dtype=np.float64)[np.asarray(mesh.faces, dtype=np.int64)]
    return float(np.einsum("ij,ij->i", v[:, 0], np.cross(v[:, 1], v[:, 2])).sum() / 6.0)


def min_thickness(mesh: trimesh.Trimesh, samples: int = SAMPLES, seed: int = 7) -> float:
    """The thinnest wall found: from points on the surface, the distance inward to the exit.

    Every triangle's centroid is a sample when there are few triangles; otherwise an
    area-weighted random sample (seeded, so the measure repeats) of ``samples`` points.
    """
    tris = np.asarray(mesh.vertices, dtype=np.float64)[np.asarray(mesh.faces, dtype=np.int64)]
    normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    doubled_area = np.linalg.norm(normals, axis=1)
    keep = doubled_area > 1e-12
    tris, normals, doubled_area = tris[keep], normals[keep], doubled_area[keep]
    if len(tris) == 0:
        return 0.0
    normals = normals / doubled_area[:, None]
    if len(tris) <= samples:
        origins, directions = tris.mean(axis=1), -normals
    else:
        rng = np.random.default_rng(seed)
        pick = rng.choice(len(tris), size=samples, p=doubled_area / doubled_area.sum())
        u, v = rng.random((2, samples))
        flip = u + v > 1
        u[flip], v[flip] = 1 - u[flip], 1 - v[flip]
        t = tris[pick]
        origins = t[:, 0] + u[:, None] * (t[:, 1] - t[:, 0]) + v[:, None] * (t[:, 2] - t[:, 0])
        directions = -normals[pick]
    distances = _first_hits(origins + directions * _EPS, directions, tris)
    found = distances[np.isfinite(distances)]
    return float(found.min() + _EPS) if len(found) else 0.0


def _first_hits(origins: np.ndarray, directions: np.ndarray, tris: np.ndarray) -> np.ndarray:
    """Möller-Trumbore for every ray against every triangle, in chunks that fit in memory."""
    e1, e2, v0 = tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0], tris[:, 0]
    out = np.full(len(origins), np.inf)
    step = max(1, 1_500_000 // len(tris))
    for start in range(0, len(origins), step):
        o = origins[start : start + step, None, :]
        d = directions[start : start + step, None, :]
        p = np.cross(d, e2[None])
        det = np.einsum("rtk,tk->rt", p, e1)
        with np.errstate(divide="ignore", invalid="ignore"):
            inv = 1.0 / det
            s = o - v0[None]
            u = np.einsum("rtk,rtk->rt", s, p) * inv
            q = np.cross(s, e1[None])
            v = np.einsum("rtk,rtk->rt", np.broadcast_to(d, q.shape), q) * inv
            t = np.einsum("rtk,tk->rt", q, e2) * inv
            hit = (np.abs(det) > 1e-12) & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 0)
            t = np.where(hit, t, np.inf)
        out[start : start + step] = t.min(axis=1)
    return out


def check(
    mesh: trimesh.Trimesh,
    *,
    minimum_mm: float = DEFAULT_MINIMUM_MM,
    thickness: bool = True,
    samples: int = SAMPLES,
    one_piece: bool = True,
) -> Report:
    """Every printability finding for ``mesh``; ``report.ok`` says whether all passed."""
    report = Report(triangles=len(mesh.faces))
    if len(mesh.faces) == 0:
        report.add("empty", False, "The file holds no triangles.")
        return report
    open_edges, crowded, clashing = edge_counts(mesh)
    report.add(
        "watertight",
        open_edges == 0,
        "Closed surface."
        if open_edges == 0
        else f"{open_edges} open edge(s): the surface has holes. Which way the normals "
        "point and how thick the walls are can be measured once it is closed.",
    )
    if crowded:
        manifold = f"{crowded} edge(s) shared by more than two triangles."
    elif open_edges:  # the open edges have one triangle: say only what this check found
        manifold = "No edge is shared by more than two triangles."
    else:
        manifold = "Every edge joins exactly two triangles."
    report.add("manifold", crowded == 0, manifold)
    report.add(
        "winding",
        clashing == 0,
        "Triangles are wound consistently."
        if clashing == 0
        else f"{clashing} edge(s) where neighbouring triangles are wound against each other.",
    )
    parts = pieces(mesh)
    report.add(
        "pieces",
        parts == 1 or not one_piece,
        "One piece." if parts == 1 else f"{parts} separate pieces.",
    )
    volume = signed_volume(mesh)
    report.volume_mm3 = abs(volume)
    if open_edges == 0:  # an open surface encloses no volume: its sign would say nothing
        report.add(
            "normals",
            volume > 0,
            "Normals point outward (positive volume)."
            if volume > 0
            else "Normals point inward or the volume is zero.",
        )
    lo, hi = np.asarray(mesh.bounds, dtype=np.float64)
    report.size_mm = tuple(float(v) for v in hi - lo)  # type: ignore[assignment]
    report.add(
        "on_bed",
        bool(abs(lo[2]) < 1e-6),
        "Lies on the bed (z min = 0)."
        if abs(lo[2]) < 1e-6
        else f"Lowest point at z = {lo[2]:.2f} mm.",
    )
    if thickness and open_edges == 0 and clashing == 0 and volume > 0:
        measured = min_thickness(mesh, samples=samples)
        report.min_thickness_mm = measured
        ok = measured >= minimum_mm - 0.02
        report.add(
            "thickness",
            ok,
            f"Thinnest feature {measured:.2f} mm (minimum {minimum_mm:.2f} mm)."
            if ok
            else f"A feature only {measured:.2f} mm thick (minimum {minimum_mm:.2f} mm).",
        )
    return report
