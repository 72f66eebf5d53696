"""Writes and builds of 3D printing: a model built from its parameters (with its checks
and thumbnail), an uploaded design checked and stored all or nothing, a download counted,
and an army bundle asked of the print job mechanism."""

from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from typing import Any

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F

from armies import selectors as list_selectors
from armies.models import ListVisibility, SavedList
from catalog.models import Entry
from companion.games.base import RuleError
from companion.games.registry import get_game
from printing import services as print_services
from printing.models import PrintJob
from printing.stl import bundle, checks, sizes, thumbnail, upload_check
from printing.stl.models import Design, Licence
from printing.stl.params import MINIMUM_FEATURE, Model3D, get_model
from printing.stl.selectors import model_kinds, size_for_entry


def model_or_none(game: str, slug: str) -> Model3D | None:
    try:
        return get_model(game, slug)
    except KeyError:
        return None


@lru_cache(maxsize=64)
def _built(game: str, slug: str, frozen: tuple[tuple[str, Any], ...]) -> tuple[bytes, dict, str]:
    """STL bytes, check report and thumbnail (base64 PNG) of one model at one setting."""
    model = get_model(game, slug)
    values = dict(frozen)
    mesh = model.build(values)
    report = checks.check(mesh, minimum_mm=float(values.get(MINIMUM_FEATURE, 0.8)))
    row = sizes.TABLE[model.size_key(values)]
    misfits = sizes.fits(row, report.size_mm)
    report.add(
        "size",
        not misfits,
        " ".join(misfits) or f"Within the documented size of a {row.label}.",
        advice=True,  # the parameters may deliberately go beyond the documented sizes
    )
    png = base64.b64encode(thumbnail.png(mesh)).decode()
    return bundle.stl_bytes(mesh), report.as_dict(), png


def model_build(model: Model3D, raw: dict[str, Any]) -> tuple[dict[str, Any], bytes, dict, str]:
    """(values, STL, report, thumbnail) for ``raw`` parameters; ``RuleError`` on bad ones."""
    values = model.clean(raw)
    data, report, png = _built(model.game, model.slug, tuple(sorted(values.items())))
    return values, data, report, png


class UploadRefused(Exception):
    """The upload check refused the file; ``report`` holds every finding."""

    def __init__(self, report: dict[str, Any]):
        self.report = report
        super().__init__("; ".join(f["message"] for f in report["findings"] if not f["ok"]))


def _clean_filename(name: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", name.rsplit("/", 1)[-1]).strip("-.")[:80]
    stem = stem.removesuffix(".stl").removesuffix(".STL") or "design"
    return f"{stem}.stl"


def design_upload(
    *,
    author: Any,
    entry: Entry,
    title: str,
    licence: str,
    data: bytes,
    filename: str,
    description: str = "",
) -> Design:
    """Check the file, then store it, its thumbnail and its row together, or nothing.

    ``UploadRefused`` carries every finding when the check refuses the file; ``RuleError``
    for a bad title, licence or a file already uploaded for this entry.
    """
    errors = {}
    if not title.strip():
        errors["title"] = "A design needs a title."
    if licence not in Licence.values:
        errors["licence"] = "Choose a Creative Commons licence."
    if errors:
        raise RuleError(errors)
    report = upload_check.check_upload(data, size=size_for_entry(entry))
    if not report.accepted:
        raise UploadRefused(report.as_dict())
    digest = hashlib.sha256(data).hexdigest()
    if Design.objects.filter(entry=entry, sha256=digest).exists():
        raise RuleError({"file": "This file is already uploaded for this unit."})
    png = thumbnail.png(report.mesh)
    design = Design(
        entry=entry,
        author=author,
        title=title.strip()[:120],
        description=description.strip(),
        licence=licence,
        file_format=report.format,
        file_size=len(data),
        sha256=digest,
        triangles=report.triangles,
        size_x=report.size_mm[0],
        size_y=report.size_mm[1],
        size_z=report.size_mm[2],
        volume=report.volume_mm3,
        report={k: v for k, v in report.as_dict().items() if k != "accepted"},
    )
    stored: list[Any] = []
    try:
        with transaction.atomic():
            design.file.save(_clean_filename(filename), ContentFile(data), save=False)
            stored.append(design.file)
            design.thumbnail.save("thumbnail.png", ContentFile(png), save=False)
            stored.append(design.thumbnail)
            design.full_clean()
            design.save()
    except BaseException:
        for f in stored:  # no file may outlive a row that was never written
            f.storage.delete(f.name)
        raise
    return design


def design_counted_download(design: Design) -> None:
    Design.objects.filter(pk=design.pk).update(download_count=F("download_count") + 1)


def design_delete(design: Design) -> None:
    files = [design.file, design.thumbnail]
    with transaction.atomic():
        design.delete()
    for f in files:
        if f:
            f.storage.delete(f.name)


# ---- bundles --------------------------------------------------------------------------------

BED_MIN, BED_MAX = 100.0, 600.0


def army_params(saved_list: SavedList, user: Any, grouping: str = "unit") -> dict[str, Any]:
    """The plain data a bundle is made from: the list as this viewer may see it and the
    catalogue facts of every unit it names (the owner's homebrew included)."""
    system = get_game(saved_list.game.slug)
    body = list_selectors.body_for(saved_list, user)
    catalogue = list_selectors.list_catalogue(game=saved_list.game, user=saved_list.owner)
    counts = system.model_counts(body, catalogue) if system.declares("build_rules") else {}
    kinds = model_kinds(saved_list.game.slug)
    units = {
        item.slug: {"name": item.name, "category": item.category, "data": dict(item.data)}
        for item in catalogue.of_kind_all()
        if item.kind in kinds and (item.slug in counts or _named(body, item.slug))
    }
    return {
        "title": saved_list.name,
        "body": body,
        "counts": counts,
        "units": units,
        "grouping": grouping,
    }


def _named(body: Any, slug: str) -> bool:
    formations = body.get("formations") if isinstance(body, dict) else None
    for formation in formations or []:
        for line in formation.get("units") or [] if isinstance(formation, dict) else []:
            if isinstance(line, dict) and line.get("unit") == slug:
                return True
    return False


def bundle_request(
    *,
    saved_list: SavedList,
    user: Any,
    grouping: str = "unit",
    bed: tuple[float, float] | None = None,
    min_feature: float = 0.8,
) -> PrintJob:
    """The job that makes ``saved_list``'s bundle; the caller has checked the viewer may see
    the list. A bundle of a list that is not public is a private job of its viewer."""
    errors = {}
    if grouping not in ("unit", "type"):
        errors["grouping"] = "Choose per unit or per unit type."
    if bed is not None and not all(BED_MIN <= v <= BED_MAX for v in bed):
        errors["bed"] = f"A bed is {BED_MIN:g} to {BED_MAX:g} mm on each side."
    if not 0.4 <= min_feature <= 1.2:
        errors["min_feature"] = "The minimum feature is 0.4 to 1.2 mm."
    if errors:
        raise RuleError(errors)
    private = saved_list.visibility != ListVisibility.PUBLIC
    params = {
        "game": saved_list.game.slug,
        "catalogue_version": saved_list.game.catalogue_version,
        "list": {"id": saved_list.pk, "version": saved_list.version},
        "army": army_params(saved_list, user, grouping),
        "options": {"bed": list(bed) if bed else None, "min_feature": min_feature},
    }
    return print_services.job_request(
        kind="stl-bundle", params=params, owner=user, is_private=private
    )


def missing_bundle_request(
    *, saved_list: Any, user: Any, rows: list[dict[str, Any]], data: dict[str, Any]
) -> PrintJob:
    """The private bundle job of what ``user``'s collection lacks for their own list.

    The owned counts are read now and go into the job's params, hence its input hash.
    """
    army = army_params(saved_list, user, data["grouping"])
    owned = {row["unit"]: row["owned"] for row in rows}
    printed, _ = bundle.missing_parts(
        saved_list.game.slug, army, owned, battle_pieces=data["battle_pieces"]
    )
    if not printed:  # refused here, not in a job that could only fail
        raise RuleError({"list": "Your collection covers every model this list needs."})
    bed = [data["bed_width"], data["bed_depth"]] if data["plates"] else None
    params = {
        "game": saved_list.game.slug,
        "catalogue_version": saved_list.game.catalogue_version,
        "list": {"id": saved_list.pk, "version": saved_list.version},
        "army": army,
        "collection": {"owned": owned},
        "options": {
            "bed": bed,
            "min_feature": data["min_feature"],
            "battle_pieces": data["battle_pieces"],
        },
    }
    return print_services.job_request(kind="stl-bundle", params=params, owner=user, is_private=True)
