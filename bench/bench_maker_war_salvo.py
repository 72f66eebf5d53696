"""Target: a Maker-War salvo of 200 dice at a 60-unit formation resolves, hits allocated,
in under 20 ms (median and worst over repeated runs, each with its own seed)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from companion.games.maker_war.combat import salvo

TARGET_MS = 20.0
RUNS = 200
DICE = 200
TARGET_UNITS = 60


def shooters() -> list[dict[str, Any]]:
    """100 units of 2 dice each: a quarter Anti-Tank, a few Terror and Dicey."""
    out = []
    for i in range(DICE // 2):
        traits = ["AT"] if i % 4 == 0 else ["TR"] if i % 10 == 1 else ["DY"] if i % 10 == 2 else []
        out.append({"id": f"s{i}", "type": "tank", "fire_power": 2, "fire_traits": traits})
    return out


def target() -> dict[str, Any]:
    """60 units with armor 1 to 3, a chief, a Berserk and a Sacrifice unit among them."""
    units = []
    for i in range(TARGET_UNITS):
        traits = {"berserk": 1} if i == 7 else {"expendable": 1} if i % 9 == 0 else {}
        units.append(
            {
                "id": f"u{i}",
                "type": "infantry" if i % 3 else "tank",
                "armor": 1 + i % 3,
                "chief": i == 0,
                "alive": True,
                "traits": traits,
            }
        )
    return {"id": "target", "units": units, "impact_tokens": 2, "stance": None}


def _time_once(shots: list, aim: dict, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    start = time.perf_counter()
    result = salvo.resolve_salvo(shots, aim, rng=rng, distance_cm=30)
    return (time.perf_counter() - start) * 1000, len(result["destroyed"])


def run() -> dict:
    """Each seed is timed 3 times and keeps its best time, which takes out the pauses of a
    machine shared with other jobs; ``raw worst`` is the slowest single run anyway."""
    shots, aim = shooters(), target()
    salvo.resolve_salvo(shots, aim, rng=random.Random(0))  # warm the caches
    best, raw, destroyed = [], [], []
    for seed in range(RUNS):
        runs = [_time_once(shots, aim, seed) for _ in range(3)]
        best.append(min(ms for ms, _ in runs))
        raw += [ms for ms, _ in runs]
        destroyed.append(runs[0][1])
    median, worst = statistics.median(best), max(best)
    return {
        "name": f"Maker-War salvo: {DICE} dice at a {TARGET_UNITS}-unit formation, allocated",
        "target": f"< {TARGET_MS:.0f} ms",
        "result": f"median {median:.2f} ms, worst {worst:.2f} ms over {RUNS} seeded salvos "
        f"(raw worst {max(raw):.2f} ms; {min(destroyed)}-{max(destroyed)} units destroyed)",
        "ok": worst < TARGET_MS and all(d > 0 for d in destroyed),
    }


if __name__ == "__main__":
    print(run())
