"""Small template helpers for showing catalogue data."""

from __future__ import annotations

from typing import Any

from django import template

from companion.games.base import show_value

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
