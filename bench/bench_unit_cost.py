"""Target: pricing 10,000 random valid Maker-War unit profiles takes at most 1 s."""

from __future__ import annotations

import random
import time

from companion.games.maker_war import cost
from companion.games.maker_war.traits import TRAIT_NAMES

TARGET_S = 1.0
COUNT = 10_000


def random_profile(rng: random.Random) -> dict:
    kind = rng.choice(["infantry", "tank", "titan", "flyer", "weapon"])
    traits = {
        t.slug: (rng.randint(1, 6) if t.valued else 1)
        for t in rng.sample(TRAIT_NAMES, rng.randint(0, 4))
    }
    profile = {
        "type": kind,
        "armor": rng.randint(1, 6),
        "speed": 0 if kind == "flyer" else rng.randint(0, 40),
        "fire_range": rng.randint(0, 120),
        "fire_power": rng.randint(0, 12),
        "fire_traits": rng.sample(["AT", "TR", "DY"], rng.randint(0, 2)),
        "fire_arc": rng.choice(["all", "front", "left", "right", "rear"]),
        "melee": rng.randint(0, 8),
        "traits": traits,
    }
    if kind == "titan":
        profile["structure"] = rng.randint(4, 40)
    return profile


def run() -> dict:
    rng = random.Random(20261122)
    raw = [random_profile(rng) for _ in range(COUNT)]
    start = time.perf_counter()
    profiles = [cost.UnitProfile.from_data(p) for p in raw]
    parsed = time.perf_counter()
    points = [cost.unit_cost(p).points for p in profiles]
    priced = time.perf_counter()
    best = min(_time_pricing(profiles) for _ in range(3))
    return {
        "name": f"Price {COUNT:,} random unit profiles",
        "target": f"<= {TARGET_S:.1f} s",
        "result": f"{best:.3f} s pricing (best of 3); {parsed - start:.3f} s parsing JSON "
        f"profiles; first pass {priced - parsed:.3f} s",
        "ok": best <= TARGET_S and len(points) == COUNT,
    }


def _time_pricing(profiles) -> float:
    start = time.perf_counter()
    for profile in profiles:
        cost.unit_cost(profile)
    return time.perf_counter() - start
