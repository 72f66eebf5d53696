"""PNG thumbnails of a mesh without a GPU or a display: numpy + Pillow (no Django).

An orthographic view from above and to the front-right; triangles facing away are dropped,
the rest are flat-shaded by one light and resolved per pixel by a depth buffer (a painter's
sort draws a small raised symbol under the large face it stands on).
"""

from __future__ import annotations

import io
import math

import numpy as np
import trimesh
from PIL import Image

SIZE = 256
BACKGROUND = (246, 244, 238)
COLOUR = np.array([96, 122, 160], dtype=np.float64)
_LIGHT = np.array([0.35, -0.45, 0.82])
_LIGHT = _LIGHT / np.linalg.norm(_LIGHT)


def _view(yaw_deg: float, pitch_deg: float) -> np.ndarray:
    """Rows: screen right, screen up, towards the viewer (world coordinates)."""
    yaw, pitch = math.radians(yaw_deg), math.radians(pitch_deg)
    forward = np.array(
        [math.cos(pitch) * math.sin(yaw), -math.cos(pitch) * math.cos(yaw), math.sin(pitch)]
    )
    right = np.cross([0.0, 0.0, 1.0], forward)
    right /= np.linalg.norm(right)
    up = np.cross(forward, right)
    return np.vstack([right, up, forward])


def render(
    mesh: trimesh.Trimesh, *, size: int = SIZE, yaw: float = 30.0, pitch: float = 35.0
) -> Image.Image:
    """The mesh drawn into a ``size`` x ``size`` RGB image."""
    image = Image.new("RGB", (size, size), BACKGROUND)
    faces = np.asarray(mesh.faces, dtype=np.int64)
    if len(faces) == 0:
        return image
    vertices = np.asarray(mesh.vertices, dtype=np.float64)
    view = _view(yaw, pitch)
    projected = vertices @ view.T  # x right, y up, z toward the viewer
    tris = projected[faces]
    normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    # Triangles seen edge-on cover no pixel centre reliably; drop them with the back faces.
    facing = normals[:, 2] > 1e-6 * np.linalg.norm(normals, axis=1)
    if not facing.any():
        return image
    world = vertices[faces[facing]]
    world_normals = np.cross(world[:, 1] - world[:, 0], world[:, 2] - world[:, 0])
    length = np.linalg.norm(world_normals, axis=1)
    length[length == 0] = 1.0
    light = np.clip((world_normals / length[:, None]) @ _LIGHT, 0.0, 1.0)
    # Higher faces a little lighter, so a raised symbol stands out from the face under it.
    z = world[..., 2].mean(axis=1)
    height = (z - vertices[:, 2].min()) / max(float(np.ptp(vertices[:, 2])), 1e-9)
    tone = (0.3 + 0.7 * light + 0.25 * height)[:, None]
    shade = np.clip(COLOUR * tone, 0, 255).astype(np.uint8)
    tris = tris[facing]
    lo = projected[:, :2].min(axis=0)
    hi = projected[:, :2].max(axis=0)
    span = float(max(hi[0] - lo[0], hi[1] - lo[1], 1e-9))
    margin = size * 0.06
    k = (size - 2 * margin) / span
    centre = (lo + hi) / 2
    screen = np.empty_like(tris)
    screen[..., 0] = (tris[..., 0] - centre[0]) * k + size / 2
    screen[..., 1] = size / 2 - (tris[..., 1] - centre[1]) * k
    screen[..., 2] = tris[..., 2]
    pixels = _zbuffer(screen, shade, size)
    return Image.fromarray(pixels, "RGB")


def _expand(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For items with ``counts`` slots each: (item index, slot index) of every slot."""
    owner = np.repeat(np.arange(len(counts)), counts)
    slot = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    return owner, slot


def _zbuffer(screen: np.ndarray, shade: np.ndarray, size: int) -> np.ndarray:
    """Nearest triangle per pixel, by scanlines: each triangle's span on each pixel row is
    found from its three edges, and the nearest covering triangle of each pixel wins."""
    ys = screen[..., 1]
    y0 = np.clip(np.ceil(ys.min(axis=1) - 0.5).astype(np.int64), 0, size)
    y1 = np.clip(np.floor(ys.max(axis=1) - 0.5).astype(np.int64), -1, size - 1)
    tri, row = _expand(np.maximum(y1 - y0 + 1, 0))
    cy = (y0[tri] + row) + 0.5
    lo = np.full(len(tri), np.inf)
    hi = np.full(len(tri), -np.inf)
    for i, j in ((0, 1), (1, 2), (2, 0)):
        a, b = screen[tri, i], screen[tri, j]
        dy = b[:, 1] - a[:, 1]
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (cy - a[:, 1]) / dy
        crosses = (dy != 0) & (t >= 0) & (t <= 1)
        x = a[:, 0] + t * (b[:, 0] - a[:, 0])
        lo = np.where(crosses, np.minimum(lo, x), lo)
        hi = np.where(crosses, np.maximum(hi, x), hi)
    x0 = np.clip(np.ceil(lo - 0.5), 0, size).astype(np.int64, copy=False)
    x1 = np.clip(np.floor(hi - 0.5), -1, size - 1).astype(np.int64, copy=False)
    valid = np.isfinite(lo) & np.isfinite(hi)
    span = np.where(valid, np.maximum(x1 - x0 + 1, 0), 0)
    run, col = _expand(span)
    t = tri[run]
    px = x0[run] + col
    py = y0[t] + row[run]
    # Depth is a plane over each triangle: z = a x + b y + c, solved once per triangle.
    p0, p1, p2 = screen[:, 0], screen[:, 1], screen[:, 2]
    u, v = p1 - p0, p2 - p0
    normal = np.cross(u, v)
    nz = np.where(np.abs(normal[:, 2]) < 1e-12, 1e-12, normal[:, 2])
    a = -normal[:, 0] / nz
    b = -normal[:, 1] / nz
    c = p0[:, 2] - a * p0[:, 0] - b * p0[:, 1]
    z = a[t] * (px + 0.5) + b[t] * (py + 0.5) + c[t]
    pixel = py * size + px
    nearest = np.full(size * size, -np.inf)
    np.maximum.at(nearest, pixel, z)
    wins = z >= nearest[pixel]
    image = np.empty((size * size, 3), dtype=np.uint8)
    image[:] = BACKGROUND
    image[pixel[wins]] = shade[t[wins]]
    return image.reshape(size, size, 3)


def png(mesh: trimesh.Trimesh, *, size: int = SIZE) -> bytes:
    """The thumbnail as PNG bytes (fast compression: thumbnails are small and many)."""
    out = io.BytesIO()
    render(mesh, size=size).save(out, format="PNG", compress_level=1)
    return out.getvalue()
