"""The size row a printed piece is measured against, in millimetres (no Django).

Each game declares its own rows in its ``models3d`` (``SIZES``) with the rule that picks a
unit's row (``size_row``); ``OTHER`` is the row of anything no game names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Size:
    key: str
    label: str
    base: str  # "round", "rect", "hex" or "none"
    base_mm: tuple[float, float]  # diameter twice for round bases, width x depth otherwise
    footprint_min: float  # the smaller side of the bounding box, at least
    footprint_max: float  # the larger side of the bounding box, at most
    height_max: float

    def row(self) -> dict:
        return {
            "key": self.key,
            "label": self.label,
            "base": self.base,
            "base_mm": list(self.base_mm),
            "footprint_mm": [self.footprint_min, self.footprint_max],
            "height_max_mm": self.height_max,
        }


OTHER = Size("other", "Other piece", "none", (0, 0), 1, 250, 250)
