"""Maker-War proxy miniatures, part by part (pure): an infantry stand's figures, a tank's
hull, turret and barrels, a Titan's legs, body and weapon mounts, a flyer on its stand.

Each builder returns the parts standing on a base ``base_thickness`` thick; walls are
straight (boxes, cylinders) or widen away from the bed, because a tapering wall meets its
end face at an acute edge, and an acute edge is a feature thinner than any minimum.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from manifold3d import Manifold

from companion.games.meshes import shapes as s
from companion.games.meshes.models import MINIMUM_FEATURE

UNIT_TYPES = ("infantry", "tank", "titan", "flyer")


def _figure(x: float, y: float, z: float, scale: float, minimum: float, rifle: bool) -> list:
    leg = max(0.55 * scale, minimum * 0.6)
    parts = [
        s.cylinder(leg * 1.3, 3.2 * scale, at=(x, y, z)),
        s.cylinder(1.1 * scale, 2.6 * scale, at=(x, y, z + 3.1 * scale)),
        s.sphere(0.85 * scale, at=(x, y, z + 6.4 * scale)),
    ]
    if rifle:
        r = max(minimum / 2 * 1.15, 0.42)
        parts.append(s.rod((x, y, z + 3.8 * scale), (x + 0.9, y + 2.6, z + 5.4 * scale), r))
    return parts


def build_infantry(v: Mapping[str, Any]) -> list:
    minimum = v[MINIMUM_FEATURE]
    t = v["base_thickness"]
    n = v["figures"]
    spread = 0.0 if n == 1 else v["base_size"] / 2 - 3.2
    parts: list = []
    for i in range(n):
        angle = 2 * math.pi * i / n + math.pi / 2
        x, y = spread * math.cos(angle), spread * math.sin(angle)
        hero = v["hero"] and i == 0
        parts += _figure(x, y, t - 0.01, 1.25 if hero else 1.0, minimum, rifle=True)
        if hero:
            pole = max(minimum / 2 * 1.2, 0.5)
            parts.append(s.rod((x - 1.3, y, t), (x - 1.3, y, t + 13), pole))
            parts.append(s.box(max(minimum, 0.9), 4.0, 3.0, at=(x - 1.3, y + 2.0, t + 9.5)))
    return parts


def build_tank(v: Mapping[str, Any]) -> list:
    t = v["base_thickness"]
    w, d = v["base_size"] * 0.7, v["base_size"] * 1.1
    hull_h = 4.5
    lower = s.box(w, d, 1.5, at=(0, 0, t + 1.5))
    upper = s.box(w * 0.85, d * 0.75, 0.1, at=(0, -d * 0.05, t + 1.5 + hull_h))
    parts = [Manifold.batch_hull([lower, upper])]
    if v["tracks"]:
        for side in (-1, 1):
            parts.append(s.box(w * 0.22, d * 1.02, 3.2, at=(side * w * 0.42, 0, t - 0.01)))
    else:
        parts.append(s.box(w * 0.8, d * 0.8, 1.6, at=(0, 0, t - 0.01)))  # hover skirt
    top = t + 1.5 + hull_h
    if v["turret"]:
        parts.append(s.cylinder(w * 0.3, 3.0, at=(0, -d * 0.08, top - 0.01), top=w * 0.26))
        gun_z = top + 1.5
    else:
        gun_z = top - 1.2
    r = max(v[MINIMUM_FEATURE] / 2 * 1.25, 0.7)
    for k in range(v["barrels"]):
        x = 0.0 if v["barrels"] == 1 else (k - 0.5) * r * 3.2
        parts.append(s.rod((x, -d * 0.05, gun_z), (x, d * 0.2 + v["barrel_length"], gun_z), r))
    return parts


def build_titan(v: Mapping[str, Any]) -> list:
    t = v["base_thickness"]
    h = v["height"]
    leg_h = h * 0.45
    parts: list = []
    for side in (-1, 1):
        x = side * h * 0.11
        parts.append(s.box(h * 0.12, h * 0.18, 2.0, at=(x, h * 0.02, t - 0.01)))  # foot
        parts.append(s.rod((x, 0, t + 1.0), (x * 0.8, 0, t + leg_h), h * 0.045))
    hip = t + leg_h
    parts.append(s.box(h * 0.3, h * 0.16, h * 0.1, at=(0, 0, hip - h * 0.03)))
    body_lo = s.box(h * 0.3, h * 0.2, 0.1, at=(0, 0, hip + h * 0.05))
    body_hi = s.box(h * 0.42, h * 0.26, h * 0.04, at=(0, 0, hip + h * 0.32))
    parts.append(Manifold.batch_hull([body_lo, body_hi]))
    parts.append(s.sphere(h * 0.07, at=(0, h * 0.06, hip + h * 0.42)))  # head
    mounts = v["mounts"]
    shoulder = hip + h * 0.3
    r = max(v[MINIMUM_FEATURE] / 2 * 1.3, h * 0.025)
    for i in range(mounts):
        side = -1 if i % 2 == 0 else 1
        upper = i >= 2
        x = side * h * (0.27 if not upper else 0.14)
        z = shoulder if not upper else hip + h * 0.36 + h * 0.035
        pod = s.box(h * 0.1, h * 0.2, h * 0.09, at=(x, 0, z - h * 0.045))
        parts.append(pod)
        if not upper:
            parts.append(s.box(h * 0.1, h * 0.05, h * 0.05, at=(x * 0.8, 0, z - h * 0.025)))
        parts.append(s.rod((x, h * 0.05, z), (x, h * 0.2 + v["weapon_length"], z), r))
    return parts


def build_flyer(v: Mapping[str, Any]) -> list:
    t = v["base_thickness"]
    minimum = v[MINIMUM_FEATURE]
    z = t + v["stand_height"]
    length = v["length"]
    parts = [s.cylinder(max(minimum * 1.5, 1.2), v["stand_height"] + 1.5, at=(0, 0, t - 0.01))]
    body = Manifold.sphere(1.0, 24).scale((length * 0.12, length / 2, length * 0.1))
    parts.append(body.translate((0, 0, z + 0.5)))
    span = v["wingspan"]
    wing = s.sturdy(
        s.polygon(
            [
                (-span / 2, -length * 0.15),
                (-length * 0.08, length * 0.22),
                (length * 0.08, length * 0.22),
                (span / 2, -length * 0.15),
                (span / 2, -length * 0.27),
                (-span / 2, -length * 0.27),
            ]
        ),
        minimum,
    )
    wing_t = max(minimum * 1.2, 1.0)
    parts.append(s.extrude(wing, wing_t, z=z))
    fin = s.sturdy(s.polygon([(0, 0), (length * 0.22, 0), (length * 0.05, length * 0.15)]), minimum)
    fin_solid = Manifold.extrude(fin, wing_t).rotate((90, 0, 90))
    parts.append(fin_solid.translate((-wing_t / 2, -length / 2 + 0.5, z + 0.5)))
    return parts


BUILDERS = {
    "infantry": build_infantry,
    "tank": build_tank,
    "titan": build_titan,
    "flyer": build_flyer,
}
BASES = {
    "infantry": (20.0, "round"),
    "tank": (20.0, "rect"),
    "titan": (50.0, "round"),
    "flyer": (25.0, "round"),
}
