"""Targets: each parametric model with its STL export in at most 50 ms, a thumbnail in at
most 30 ms, and the STL bundle of a 2000-point Maker-War army in at most 10 s and 500 MB
peak. trimesh building the same bare shapes (discs, a ring, boxes, a cylinder) in the same
run is reported beside them, as the machine's yardstick."""

from __future__ import annotations

import multiprocessing
import resource
import statistics
import time
from copy import deepcopy
from typing import Any

MODEL_MS = 50.0
THUMB_MS = 30.0
BUNDLE_S = 10.0
BUNDLE_MB = 500.0
POINTS = 2000
RUNS = 5


def _median_ms(fn: Any, runs: int = RUNS) -> tuple[float, float]:
    """(median CPU ms, median wall ms) of ``runs`` calls after a warm-up call."""
    fn()  # warm: font outlines and caches are loaded once per process
    cpu, wall = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(cpu), statistics.median(wall)


def _bare_trimesh() -> None:
    import trimesh

    from printing.stl import bundle

    for mesh in (
        trimesh.creation.cylinder(radius=25, height=2, sections=48),
        trimesh.creation.annulus(r_min=70, r_max=75, height=2, sections=48),
        trimesh.creation.box((20, 30, 2.5)),
        trimesh.creation.cylinder(radius=4, height=3, sections=48),
    ):
        bundle.stl_bytes(mesh)


def army_body(points: int = POINTS) -> dict[str, Any]:
    """The example army (infantry, carriers, a Titan) repeated until ``points``."""
    from companion.games.registry import get_game

    system = get_game("maker-war")
    catalogue = system.official_catalogue()
    example = system.example_list()
    body = deepcopy(example)
    body["budget"] = points
    body["formations"] = []
    while system.validate_list(body, catalogue).figures["total"] < points:
        for formation in example["formations"]:
            body["formations"].append(deepcopy(formation))
            if system.validate_list(body, catalogue).figures["total"] >= points:
                break
    return body


def _bundle_in_child(params: dict[str, Any], out: Any) -> None:
    from printing.producers import get_producer

    start, start_cpu = time.perf_counter(), time.process_time()
    product = get_producer("stl-bundle").make(params, lambda _p, _m: None)
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start
    # the worker's own peak: RUSAGE_CHILDREN in the parent would report the largest child
    # of every benchmark run before this one in the same process (a print render, a server)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.put((cpu, wall, len(product.data), peak_mb))


def _bundle(points: int) -> tuple[float, float, float, int, int, int]:
    """(CPU s, wall s, peak MB of the worker process, ZIP bytes, army points, models)."""
    from django.contrib.auth import get_user_model
    from django.db import connections

    from armies import services as list_services
    from catalog.models import Game
    from companion.games.registry import get_game
    from printing.stl import services

    user, _ = get_user_model().objects.get_or_create(username="bench-stl")
    game = Game.objects.get(slug="maker-war")
    body = army_body(points)
    saved = list_services.list_create(owner=user, game=game, name="Bench army", body=body)
    army = services.army_params(saved, user)
    params = {"game": "maker-war", "army": army, "options": {"bed": [220, 220], "min_feature": 0.8}}
    total = get_game("maker-war").validate_list(body, get_game("maker-war").official_catalogue())
    connections.close_all()  # the worker is forked: it must not share the parent's sockets
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    child = context.Process(target=_bundle_in_child, args=(params, out))
    child.start()
    cpu, wall, size, peak_mb = out.get(timeout=300)
    child.join()
    return cpu, wall, peak_mb, size, total.figures["total"], sum(army["counts"].values())


def run() -> dict:
    from printing.stl import bundle, thumbnail
    from printing.stl.params import all_models

    bare, bare_wall = _median_ms(_bare_trimesh)
    build: dict[str, tuple[float, float]] = {}
    thumbs: dict[str, tuple[float, float]] = {}
    for (game, slug), model in all_models().items():
        name = f"{game}/{slug}"
        build[name] = _median_ms(lambda m=model: bundle.stl_bytes(m.make({})))
        mesh = model.make({})
        thumbs[name] = _median_ms(lambda m=mesh: thumbnail.png(m))
    slowest = max(build, key=lambda k: build[k][0])
    slowest_thumb = max(thumbs, key=lambda k: thumbs[k][0])
    cpu, wall, peak_mb, size, points, models = _bundle(POINTS)
    return {
        "name": "3D printing: parametric models, thumbnails, a 2000-point army bundle",
        "target": f"each model + STL <= {MODEL_MS:.0f} ms, thumbnail <= {THUMB_MS:.0f} ms, "
        f"bundle <= {BUNDLE_S:.0f} s and {BUNDLE_MB:.0f} MB",
        "result": f"{len(build)} models, slowest {slowest} {build[slowest][0]:.1f} ms CPU "
        f"({build[slowest][1]:.1f} ms wall); thumbnails slowest {thumbs[slowest_thumb][0]:.1f} "
        f"ms CPU ({thumbs[slowest_thumb][1]:.1f} wall); trimesh bare shapes {bare:.1f} ms CPU "
        f"({bare_wall:.1f} wall); bundle of {points} points ({models} models, 220 mm plates) "
        f"{cpu:.2f} s CPU ({wall:.2f} s wall), {size / 2**20:.1f} MB zip, "
        f"worker peak {peak_mb:.0f} MB",
        "ok": build[slowest][0] <= MODEL_MS
        and thumbs[slowest_thumb][0] <= THUMB_MS
        and cpu <= BUNDLE_S
        and peak_mb <= BUNDLE_MB,
    }
