"""The STL producers of the print job mechanism: one model's STL, and an army bundle ZIP.

Their params are plain data resolved by ``printing.stl.services`` (the list as its viewer
may see it, the catalogue facts it names), so a job never reads the database. A bundle of
only the missing models also carries ``collection.owned`` (unit slug -> models owned, read
when it was asked for), so a changed collection is a new job and an unchanged one is cached.
"""

from __future__ import annotations

from typing import Any

from printing.producers import Product, Progress, producer
from printing.stl import bundle
from printing.stl.params import get_model


@producer("stl-model", version="2", title="3D model (STL)")
def stl_model(params: dict[str, Any], progress: Progress) -> Product:
    model = get_model(params["game"], params["model"])
    progress(10, f"Building {model.name}")
    mesh = model.make(params.get("values") or {})
    progress(90, "Writing the STL")
    name = bundle.slug(f"{params['game']}-{model.slug}")
    return Product(f"{name}.stl", "model/stl", bundle.stl_bytes(mesh))


@producer("stl-bundle", version="2", title="Army bundle (STL files, zipped)")
def stl_bundle(params: dict[str, Any], progress: Progress) -> Product:
    options = params.get("options") or {}
    bed = options.get("bed")
    collection = params.get("collection")
    owned = None if collection is None else dict(collection.get("owned") or {})
    data = bundle.make_zip(
        params["game"],
        params["army"],
        minimum=float(options.get("min_feature", 0.8)),
        bed=(float(bed[0]), float(bed[1])) if bed else None,
        owned=owned,
        battle_pieces=bool(options.get("battle_pieces", True)),
        progress=progress,
    )
    title = bundle.slug(str(params["army"].get("title") or "army"))
    suffix = "stl" if owned is None else "missing-stl"
    return Product(f"{title}-{suffix}.zip", "application/zip", data)
