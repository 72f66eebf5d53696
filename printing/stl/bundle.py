"""Army bundles: every piece a list needs as STL files in one ZIP, with a parts list, and
optionally the pieces laid out on plates the size of the user's printer bed (no Django).

The input is plain data resolved by the Django shell (the list as its viewer may see it and
the catalogue facts of the units it names); the game's ``models3d.bundle_parts`` says which
models and how many. Each distinct piece is built once and copied for its count.

A missing-models bundle also gets the player's owned count per unit: only what the
collection does not cover is printed, and the parts list says what was left out.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import trimesh

from companion.games.base import RuleError
from companion.games.meshes.models import PartSpec
from companion.games.registry import all_games
from printing.stl.params import MINIMUM_FEATURE, get_model

Progress = Callable[[int, str], None]
GAP_MM = 4.0
MAX_COPIES = 5000  # a list asking for more pieces than this is refused, not rendered


@dataclass
class BuiltPart:
    spec: PartSpec
    filename: str
    mesh: trimesh.Trimesh


def game_parts(game: str, army: Mapping[str, Any]) -> list[PartSpec]:
    """The game's parts for ``army``; ``RuleError`` when the game has no printable pieces."""
    system = all_games().get(game)
    if system is None:
        raise RuleError({"game": "No such game."})
    module = system.capability("models3d")
    if module is None:
        raise RuleError({"game": f"{system.name} has no printable pieces."})
    return [p for p in module.bundle_parts(army) if p.count > 0]


def _key(part: PartSpec) -> tuple[str, str]:
    return (part.name, part.model)


def missing_parts(
    game: str, army: Mapping[str, Any], owned: Mapping[str, int], *, battle_pieces: bool = True
) -> tuple[list[PartSpec], list[PartSpec]]:
    """(parts to print, unit parts the collection covers wholly) for ``army``, whose
    ``counts`` are the models the list needs and ``owned`` the models the player has.

    Per unit, needed minus owned (never below 0) is asked of the game, so a grouping by unit
    type adds up what each unit lacks. A part that comes out the same with no unit counted
    at all is a battle piece (token, template, board): kept only with ``battle_pieces``.
    A printed unit part carries ``needed``; a covered one has ``count`` 0.
    """
    needed = {str(k): int(v) for k, v in (army.get("counts") or {}).items()}
    if not needed:
        raise RuleError({"list": "This list names no models a collection counts."})
    lacking = {u: max(n - max(int(owned.get(u, 0)), 0), 0) for u, n in needed.items()}
    battle = {_key(p) for p in game_parts(game, {**army, "counts": {}})}
    short = {_key(p): p.count for p in game_parts(game, {**army, "counts": lacking})}
    printed: list[PartSpec] = []
    covered: list[PartSpec] = []
    for part in game_parts(game, army):
        if _key(part) in battle:
            if battle_pieces:
                printed.append(part)
            continue
        count = min(short.get(_key(part), 0), part.count)
        if count:
            printed.append(replace(part, count=count, needed=part.count))
        else:
            covered.append(replace(part, count=0, needed=part.count))
    return printed, covered


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "part"


def build_parts(
    game: str, specs: list[PartSpec], *, minimum: float, progress: Progress
) -> list[BuiltPart]:
    total = sum(p.count for p in specs)
    if total > MAX_COPIES:
        raise RuleError({"list": f"{total} pieces is more than the {MAX_COPIES} a bundle holds."})
    built: list[BuiltPart] = []
    used: set[str] = set()
    for i, spec in enumerate(specs):
        model = get_model(game, spec.model)
        values = model.clean({**spec.values, MINIMUM_FEATURE: minimum})
        name = slug(spec.name)
        while name in used:
            name += "-2"
        used.add(name)
        built.append(BuiltPart(spec, f"{name}.stl", model.build(values)))
        progress(5 + int(60 * (i + 1) / max(1, len(specs))), f"Built {spec.name}")
    return built


def stl_bytes(mesh: trimesh.Trimesh) -> bytes:
    """Binary STL: 80-byte header, count, then normal + 3 vertices + 2 bytes per triangle."""
    vertices = np.asarray(mesh.vertices, dtype=np.float32)
    faces = np.asarray(mesh.faces, dtype=np.int64)
    tris = vertices[faces]
    normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    length = np.linalg.norm(normals, axis=1)
    length[length == 0] = 1.0
    record = np.zeros(len(faces), dtype=[("n", "<f4", 3), ("v", "<f4", (3, 3)), ("attr", "<u2")])
    record["n"] = normals / length[:, None]
    record["v"] = tris
    header = b"Muster binary STL, millimetres".ljust(80, b" ")
    return header + np.uint32(len(faces)).tobytes() + record.tobytes()


@dataclass
class Placement:
    part: int
    x: float
    y: float
    turned: bool


def pack(
    footprints: list[tuple[float, float]], counts: list[int], bed: tuple[float, float]
) -> list[list[Placement]]:
    """Shelf packing: copies sorted by depth fill rows across the bed, rows fill plates.

    A piece larger than the bed in both orientations raises ``RuleError``.
    """
    width, depth = bed
    items: list[tuple[float, float, int, bool]] = []
    for index, ((w, d), count) in enumerate(zip(footprints, counts, strict=True)):
        turned = False
        if w > width or d > depth:
            if d <= width and w <= depth:
                w, d, turned = d, w, True
            else:
                raise RuleError(
                    {
                        "bed": f"A piece of {w:.0f} x {d:.0f} mm does not fit a {width:.0f} x "
                        f"{depth:.0f} mm bed."
                    }
                )
        items += [(w, d, index, turned)] * count
    items.sort(key=lambda it: (-it[1], -it[0]))
    plates: list[list[Placement]] = []
    plate: list[Placement] = []
    x = y = row_depth = 0.0
    for w, d, index, turned in items:
        if x + w > width + 1e-9:  # next row
            x, y, row_depth = 0.0, y + row_depth + GAP_MM, 0.0
        if y + d > depth + 1e-9:  # next plate
            plates.append(plate)
            plate, x, y, row_depth = [], 0.0, 0.0, 0.0
        plate.append(Placement(index, x + w / 2, y + d / 2, turned))
        x += w + GAP_MM
        row_depth = max(row_depth, d)
    if plate:
        plates.append(plate)
    return plates


def plate_mesh(
    parts: list[BuiltPart], plate: list[Placement], bed: tuple[float, float]
) -> trimesh.Trimesh:
    """One STL holding every copy on the plate, centred on the bed's middle."""
    vertices, faces, offset = [], [], 0
    for place in plate:
        mesh = parts[place.part].mesh
        v = np.asarray(mesh.vertices, dtype=np.float64)
        lo, hi = v.min(axis=0), v.max(axis=0)
        v = v - [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, lo[2]]
        if place.turned:
            v = v[:, [1, 0, 2]] * [-1, 1, 1]  # a quarter turn keeps the winding
        v = v + [place.x - bed[0] / 2, place.y - bed[1] / 2, 0]
        vertices.append(v)
        faces.append(np.asarray(mesh.faces, dtype=np.int64) + offset)
        offset += len(v)
    return trimesh.Trimesh(np.vstack(vertices), np.vstack(faces), process=False)


def parts_list(parts: list[BuiltPart], covered: list[PartSpec] | None = None) -> str:
    """The CSV of the parts; a missing-models bundle (``covered`` given) adds how many each
    unit needs and how many of those the collection covers, and a row with count 0 for
    every unit part left out whole."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    sizes = ["width_mm", "depth_mm", "height_mm"]
    if covered is None:
        writer.writerow(["file", "part", "count", *sizes, "note"])
    else:
        writer.writerow(["file", "part", "count", "needed", "owned", *sizes, "note"])
    for p in parts:
        size = [f"{v:.1f}" for v in p.mesh.vertices.max(axis=0) - p.mesh.vertices.min(axis=0)]
        if covered is None:
            writer.writerow([p.filename, p.spec.name, p.spec.count, *size, p.spec.note])
            continue
        need = p.spec.needed
        owned = "" if need is None else need - p.spec.count
        row = [p.filename, p.spec.name, p.spec.count, "" if need is None else need, owned]
        writer.writerow([*row, *size, p.spec.note])
    for spec in covered or []:
        left_out = "left out: your collection covers it"
        writer.writerow(["", spec.name, 0, spec.needed, spec.needed, "", "", "", left_out])
    return out.getvalue()


def make_zip(
    game: str,
    army: Mapping[str, Any],
    *,
    minimum: float = 0.8,
    bed: tuple[float, float] | None = None,
    owned: Mapping[str, int] | None = None,
    battle_pieces: bool = True,
    progress: Progress = lambda _p, _m: None,
) -> bytes:
    """The bundle's ZIP: ``parts/*.stl``, ``parts.csv``, ``README.txt``, ``plates/*.stl``.

    With ``owned`` (unit slug -> models the player has) only what the collection lacks is
    printed (see ``missing_parts``); without it, everything the list needs.
    """
    progress(2, "Reading the list")
    covered: list[PartSpec] | None = None
    if owned is None:
        specs = game_parts(game, army)
    else:
        specs, covered = missing_parts(game, army, owned, battle_pieces=battle_pieces)
    if not specs:
        if covered is not None:
            raise RuleError({"list": "Your collection covers every model this list needs."})
        raise RuleError({"list": "The list names nothing to print."})
    parts = build_parts(game, specs, minimum=minimum, progress=progress)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for p in parts:
            z.writestr(f"parts/{p.filename}", stl_bytes(p.mesh))
        z.writestr("parts.csv", parts_list(parts, covered))
        plates: list[list[Placement]] = []
        if bed is not None:
            progress(70, "Laying out plates")
            sizes = []
            for p in parts:
                extent = p.mesh.vertices.max(axis=0) - p.mesh.vertices.min(axis=0)
                sizes.append((float(extent[0]), float(extent[1])))
            plates = pack(sizes, [p.spec.count for p in parts], bed)
            for n, plate in enumerate(plates, start=1):
                z.writestr(f"plates/plate-{n:02d}.stl", stl_bytes(plate_mesh(parts, plate, bed)))
                progress(70 + int(25 * n / len(plates)), f"Plate {n} of {len(plates)}")
        z.writestr("README.txt", readme(army, parts, plates, bed, minimum, covered))
    progress(100, "Done")
    return buffer.getvalue()


def readme(
    army: Mapping[str, Any],
    parts: list[BuiltPart],
    plates: list[list[Placement]],
    bed: tuple[float, float] | None,
    minimum: float,
    covered: list[PartSpec] | None = None,
) -> str:
    what = "printable pieces" if covered is None else "the pieces your collection lacks,"
    lines = [
        f"{army.get('title') or 'Army'}: {what} made by Muster",
        "",
        "All files are binary STL in millimetres, lying flat (z = 0 is the bed).",
        f"No wall, stroke or gap is thinner than {minimum:g} mm.",
        "",
        "Parts (print each the number of times shown; parts.csv has the same list):",
    ]
    lines += [f"  {p.spec.count:>4} x {p.spec.name}  ({p.filename})" for p in parts]
    lines.append(f"  {sum(p.spec.count for p in parts):>4} pieces in all")
    if bed is not None:
        lines += [
            "",
            f"plates/: every piece laid out on {len(plates)} plate(s) of "
            f"{bed[0]:g} x {bed[1]:g} mm.",
        ]
    if covered is not None:
        lines += ["", *left_out_lines([p.spec for p in parts], covered)]
    notes = [f"  {p.spec.name}: {p.spec.note}" for p in parts if p.spec.note]
    if notes:
        lines += ["", "Notes:", *notes]
    return "\n".join(lines) + "\n"


def left_out_lines(printed: list[PartSpec], covered: list[PartSpec]) -> list[str]:
    """README lines naming what the collection covers, part by part."""
    rows = [
        (s.name, s.needed - s.count, s.needed)
        for s in [*printed, *covered]
        if s.needed is not None and s.needed > s.count
    ]
    if not rows:
        return ["Your collection covers none of the models this list needs."]
    lines = ["Left out because your collection covers them (owned of needed):"]
    lines += [f"  {owned:>4} of {needed} x {name}" for name, owned, needed in rows]
    return lines
