"""Which pages may open a table's WebSocket: the site's own (``ALLOWED_HOSTS``).

A browser sends the player's cookie with a WebSocket handshake from any page, so a page
on another site could otherwise open a seat's socket, read its hidden view and act. Every
browser names the page's origin in the handshake (RFC 6455, 4.1), so an ``Origin`` that
is present must be one of ours (Channels' ``AllowedHostsOriginValidator``).

Unlike Channels' validator, a handshake with no ``Origin`` passes: only a non-browser
client sends none (an API client with its ``?seat=`` token, the benchmark), it carries no
one else's cookie, and it could write any ``Origin`` it liked, so refusing it would stop
nobody.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import ParseResult

from channels.security.websocket import AllowedHostsOriginValidator, OriginValidator


class SiteOriginValidator(OriginValidator):
    def valid_origin(self, parsed_origin: ParseResult | None) -> bool:
        return parsed_origin is None or super().valid_origin(parsed_origin)


def site_origins_only(application: Any) -> SiteOriginValidator:
    """``application`` behind the check, with the hosts Channels' validator would allow."""
    hosts = AllowedHostsOriginValidator(application).allowed_origins
    return SiteOriginValidator(application, hosts)
