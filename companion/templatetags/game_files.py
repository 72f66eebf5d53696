"""Template helpers for a game's own files (see ``companion.game_files``)."""

from __future__ import annotations

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from companion.game_files import FALLBACKS, GENERIC_VIEW, PREFIX, game_template

register = template.Library()


@register.filter
def game_template_of(slug: str, name: str) -> list[str]:
    """``{% include slug|game_template_of:"builder.html" %}``: the game's own template, else
    the generic one (``include`` takes a list of names and uses the first that exists)."""
    return game_template(slug, name, FALLBACKS[name])


@register.simple_tag
def game_asset(slug: str, name: str) -> str:
    """The URL of the game's static file ``name`` (``table.css``...) when it has one,
    else "": a game without one ships no empty file."""
    path = f"{PREFIX}/{slug}/{name}"
    return static(path) if finders.find(path) else ""


@register.simple_tag
def game_module(slug: str) -> str:
    """The URL of the module that draws the game's table and board on the device
    (``static/view.js`` in its package), else the generic one."""
    return game_asset(slug, "view.js") or static(GENERIC_VIEW)
