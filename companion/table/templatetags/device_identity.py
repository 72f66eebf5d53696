"""``{% device_identity %}``: whose page this is, for what the page keeps offline."""

from __future__ import annotations

from typing import Any

from django import template

from companion.table.device_sessions import device_identity as identity_of

register = template.Library()


@register.simple_tag(takes_context=True)
def device_identity(context: Any) -> str:
    """The page's ``data-identity`` (``device_sessions.device_identity``): the service
    worker and the table script never show a kept view of another identity."""
    request = context.get("request")
    return identity_of(request) if request is not None else ""
