"""Small template helpers for showing catalogue data."""

from __future__ import annotations

from typing import Any

from django import template

from catalog import readable as readable_text
from companion.games.base import GameSystem, show_value

register = template.Library()


@register.filter
def get_item(mapping: Any, key: str) -> Any:
    if isinstance(mapping, dict):
        value = mapping.get(key)
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return value
    return None


@register.filter
def show(value: Any) -> str:
    """A readable rendering of a JSON value (see ``companion.games.base.show_value``)."""
    return show_value(value)


@register.filter
def readable(value: Any, names: Any) -> str:
    """A cell of catalogue data with the slugs it names shown by name (``catalog.readable``)."""
    if value is None:
        return ""
    return readable_text.readable(value, names if isinstance(names, dict) else {})


@register.filter
def kind_label(slug: str, system: GameSystem) -> str:
    """An entry kind's label ("Formation plan") for its slug."""
    return readable_text.kind_label(system, slug)
