"""Template helpers of the builders: index into lists, look up names, bar widths."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def at(items: Any, index: int) -> Any:
    """``items[index]`` or None, for figures that run beside the body's lists."""
    try:
        return items[int(index)]
    except (IndexError, KeyError, TypeError, ValueError):
        return None


@register.filter
def lookup(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` or the key itself, so an unknown slug still shows."""
    if isinstance(mapping, dict):
        return mapping.get(key, key)
    return key


@register.filter
def percent(part: Any, whole: Any) -> int:
    """A bar's width: ``part`` as a whole percentage of ``whole`` (0 when there is none)."""
    try:
        return max(0, min(100, round(100 * float(part) / float(whole))))
    except (TypeError, ValueError, ZeroDivisionError):
        return 0


@register.filter
def stars(count: Any) -> str:
    """Rare-formation stars as the book draws them."""
    try:
        return "★" * max(0, min(int(count), 20))
    except (TypeError, ValueError):
        return ""


@register.filter
def words(slug: Any) -> str:
    """A slug or key as words: "left-weapon" -> "Left weapon", "unit_count" -> "Unit count"."""
    return str(slug or "").replace("-", " ").replace("_", " ").capitalize()


@register.filter
def figure(value: Any) -> str:
    """A list figure as a player reads it: no ``None``, no ``{'`` and no ``2.0``."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}" if value == round(value, 2) else f"{value:.2f}"
    if isinstance(value, dict):
        return ", ".join(f"{words(k).lower()} {figure(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list | tuple):
        return ", ".join(figure(v) for v in value) or "—"
    return str(value)


@register.filter
def pairs(spec: str) -> list[tuple[str, str]]:
    """ "a:A,b:B" -> [("a", "A"), ("b", "B")]: small fixed loops in templates."""
    return [tuple(part.split(":", 1)) for part in spec.split(",")]  # type: ignore[misc]
