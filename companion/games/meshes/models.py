"""The contract of a parametric model: its parameters and how it is built.

A game declares its printable models in ``companion/games/<pkg>/models3d.py`` as
``MODELS: tuple[Model3D, ...]``; each model lists its parameters (default, range, help) and
a ``build(values) -> trimesh.Trimesh``. ``printing.stl.params`` finds them through the
registry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import trimesh

from companion.games.base import RuleError

MINIMUM_FEATURE = "min_feature"


@dataclass(frozen=True)
class Param:
    """One setting of a model, shown as one field of the customizer."""

    name: str
    label: str
    type: str = "float"  # "float", "int", "choice", "bool", "text"
    default: Any = None
    min: float | None = None
    max: float | None = None
    step: float = 0.1
    choices: tuple[str, ...] = ()
    help: str = ""
    max_length: int = 12
    # Asked only while another parameter has one of some values: (its name, the values),
    # e.g. a proxy's turret only for a tank. The customizer hides it otherwise.
    when: tuple[str, tuple[str, ...]] | None = None

    def clean(self, raw: Any) -> Any:
        """The value from form or JSON input; ``ValueError`` with a plain reason otherwise."""
        if raw is None or raw == "":
            return self.default
        if self.type == "bool":
            if isinstance(raw, bool):
                return raw
            return str(raw).lower() in ("1", "true", "on", "yes")
        if self.type == "choice":
            if str(raw) not in self.choices:
                raise ValueError(f"Choose one of: {', '.join(self.choices)}.")
            return str(raw)
        if self.type == "text":
            value = str(raw).strip()
            if len(value) > self.max_length:
                raise ValueError(f"At most {self.max_length} characters.")
            if any(not (c.isalnum() or c in " -.&'") for c in value):
                raise ValueError("Letters, digits, spaces and - . & ' only.")
            return value
        try:
            value = int(raw) if self.type == "int" else float(raw)
        except (TypeError, ValueError):
            raise ValueError("Must be a number.") from None
        if self.type == "int" and isinstance(raw, float) and not raw.is_integer():
            raise ValueError("Must be a whole number.")
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("Must be a number.")
        if self.min is not None and value < self.min:
            raise ValueError(f"Must be at least {self.min:g}.")
        if self.max is not None and value > self.max:
            raise ValueError(f"Must be at most {self.max:g}.")
        return value

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "type": self.type,
            "default": self.default,
            "min": self.min,
            "max": self.max,
            "step": self.step,
            "choices": list(self.choices),
            "help": self.help,
        }


def minimum_feature_param() -> Param:
    return Param(
        MINIMUM_FEATURE,
        "Minimum feature (mm)",
        default=0.8,
        min=0.4,
        max=1.2,
        step=0.05,
        help="No wall, stroke or gap thinner than this: 0.8 mm suits a 0.4 mm FDM nozzle, "
        "0.4 mm a resin printer.",
    )


@dataclass(frozen=True)
class Model3D:
    slug: str
    name: str
    description: str
    params: tuple[Param, ...]
    build: Callable[[Mapping[str, Any]], trimesh.Trimesh]
    # The size row (of its game's SIZES) the piece is measured against: a key, or a
    # function of the values when the parameters choose the row (a template's diameter).
    size: str | Callable[[Mapping[str, Any]], str] = "other"
    game: str = ""
    group: str = ""  # "template", "marker", "base", "miniature", "board", "token"

    def size_key(self, values: Mapping[str, Any]) -> str:
        return self.size(values) if callable(self.size) else self.size

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def clean(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Every parameter's value; ``RuleError`` naming each bad field (unknown ones too)."""
        errors: dict[str, str] = {}
        values: dict[str, Any] = {}
        known = {p.name for p in self.params}
        for name in raw:
            if name not in known:
                errors[name] = "Unknown parameter."
        for p in self.params:
            try:
                values[p.name] = p.clean(raw.get(p.name))
            except ValueError as exc:
                errors[p.name] = str(exc)
        if errors:
            raise RuleError(errors)
        return values

    def make(self, raw: Mapping[str, Any] | None = None) -> trimesh.Trimesh:
        return self.build(self.clean(raw or {}))

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "slug": self.slug,
            "name": self.name,
            "group": self.group,
            "description": self.description,
            "size": self.size if isinstance(self.size, str) else "",
            "params": [p.as_dict() for p in self.params],
        }


@dataclass(frozen=True)
class PartSpec:
    """What a game asks for in an army bundle: ``count`` prints of ``model`` with
    ``values``."""

    name: str
    model: str
    values: Mapping[str, Any]
    count: int
    note: str = ""
    needed: int | None = None  # set on a unit's part in a missing-models bundle
