"""``{% if game.slug|declares:"engine" %}``: what a page offers follows what the game
declares, so no template ever asks which game it is."""

from __future__ import annotations

from django import template

from companion.games import registry

register = template.Library()


@register.filter
def declares(slug: str, capability: str) -> bool:
    """Whether the game ``slug`` declares ``capability`` (see ``registry.declares``)."""
    return registry.declares(str(slug), str(capability))
