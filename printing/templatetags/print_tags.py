"""Template helpers of the print shop for other apps' pages (a list's, a game's)."""

from __future__ import annotations

from django import template

from printing import printables

register = template.Library()


@register.simple_tag
def has_prints(game_slug: str, source: str) -> bool:
    """Whether the game declares anything to print from ``source`` ("list": a saved list,
    "game": its kit alone), so a page offers no print button that would lead nowhere."""
    if source == "list":
        return bool(printables.list_printables(game_slug))
    return bool(printables.game_printables(game_slug))
