"""Rate limits on what costs a server something: one table, one middleware, every view.

A request's view is found by its URL name; if ``THROTTLED`` names it for the request's
method, the request counts against that scope's rate (``settings.THROTTLE_RATES``) with
Django REST framework's ``SimpleRateThrottle`` (its parsing, sliding window and cache use).
Pages and the API are limited alike, without a decorator on each view, and the rates sit
in settings. Rates are set so that a club night behind one router never meets them; a
script that loops does. Counts live in the ``throttle`` cache, which on Redis fails open:
with Redis gone a request is let through rather than refused with a 500.

Who the client is comes from what a client cannot make up (``client_address``,
``client_ident``): its address as this server or its own proxies saw it, never a header
it sent itself, and a guest seat only when the token names a real seat. django-axes asks
``client_address`` too (``AXES_CLIENT_IP_CALLABLE``), so lock-outs and rates agree.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, JsonResponse
from rest_framework.throttling import SimpleRateThrottle

# URL name (with its namespace) -> (scope, the methods that count). GETs that only read
# are never limited; a GET that computes a mesh is.
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
THROTTLED: dict[str, tuple[str, frozenset[str]]] = {
    "login": ("login", frozenset({"POST"})),
    "signup": ("signup", frozenset({"POST"})),
    "password_reset": ("mail", frozenset({"POST"})),
    "printing:form": ("print", frozenset({"POST"})),
    "printing:calibrate": ("print", frozenset({"POST"})),
    "printing:retry": ("print", frozenset({"POST"})),
    "api-print-jobs": ("print", frozenset({"POST"})),
    "api-print-retry": ("print", frozenset({"POST"})),
    "stl:bundle": ("stl", frozenset({"POST"})),
    "stl:missing": ("stl", frozenset({"POST"})),
    "api-stl-bundle": ("stl", WRITES | {"GET"}),
    "stl:model-stl": ("stl", frozenset({"GET"})),
    "stl:preview": ("stl-preview", frozenset({"GET", "POST"})),
    "api-stl-check": ("stl-preview", WRITES | {"GET"}),
    "stl:upload": ("stl", frozenset({"POST"})),
    "api-stl-designs": ("stl", frozenset({"POST"})),
    "api-validate": ("validate", frozenset({"POST"})),
    "api-unit-cost": ("validate", frozenset({"POST"})),
    "catalog:calculator": ("validate", frozenset({"POST"})),
    "api-list-import": ("lists", frozenset({"POST"})),
    "armies:import": ("lists", frozenset({"POST"})),
    "api-list-list": ("lists", frozenset({"POST"})),
    "armies:edit": ("builder", frozenset({"POST"})),
    "armies:new": ("lists", frozenset({"POST"})),
    "armies:tags": ("builder", frozenset({"POST"})),
    "table:act": ("table", frozenset({"POST"})),
    "table:end": ("table", frozenset({"POST"})),
    "table:seat-to-guest": ("table", frozenset({"POST"})),
    "table:claim": ("tables", frozenset({"POST"})),
    "api-table-end": ("table", frozenset({"POST"})),
    "api-table-seat-guest": ("table", frozenset({"POST"})),
    "table:undo": ("table", frozenset({"POST"})),
    "api-table-actions": ("table", frozenset({"POST"})),
    "api-table-undo": ("table", frozenset({"POST"})),
    "table:new": ("tables", frozenset({"POST"})),
    "api-tables": ("tables", frozenset({"POST"})),
    "table:join": ("tables", frozenset({"POST"})),
    "table:table": ("tables", frozenset({"POST"})),  # a guest's join from the table's page
    "api-table-join": ("tables", frozenset({"POST"})),
}

# Scopes where a guest's real seat (X-Seat-Token) or stored session counts alone, so the
# players behind one router do not share a budget while playing. Everywhere else a guest
# is its address: a seat or a session costs a script one join, not one address.
GUEST_SCOPES = frozenset({"table"})


def _address(value: str) -> str | None:
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None


def client_address(request: Any) -> str | None:
    """The client's address: ``REMOTE_ADDR``, or with ``PROXY_COUNT`` trusted proxies in
    front, ``X-Forwarded-For`` read right to left past them (each proxy appends the address
    it saw, so only the right-most ``PROXY_COUNT`` entries are not the client's own words).
    With no proxy the header is ignored whole. Also django-axes' ``AXES_CLIENT_IP_CALLABLE``."""
    meta = getattr(request, "META", None) or {}
    remote = _address(meta.get("REMOTE_ADDR") or "")
    count = int(getattr(settings, "PROXY_COUNT", 0) or 0)
    if count <= 0:
        return remote
    hops = [hop for hop in (meta.get("HTTP_X_FORWARDED_FOR") or "").split(",") if hop.strip()]
    if not hops:
        return remote
    # Fewer entries than proxies: the left-most was still written by one of ours.
    return _address(hops[-min(count, len(hops))]) or remote


def _real_seat(token: str) -> int | None:
    """The seat whose token this is, if any: a made-up token names nobody."""
    if not token or len(token) > 64:
        return None
    from companion.table.models import Seat  # the middleware module loads before the apps

    return Seat.objects.filter(token=token, removed=False).values_list("pk", flat=True).first()


def _stored_session(request: Any) -> str:
    """The session's key when the session exists in the store: reading it makes Django drop
    a made-up session cookie (its key becomes None)."""
    session = getattr(request, "session", None)
    if session is None or not session.session_key:
        return ""
    session.get("")  # loads the session; an unknown key is forgotten here
    return session.session_key or ""


def client_ident(request: Any, scope: str = "") -> str:
    """Who the client is for ``scope``'s count: a signed-in user alone; at the table a
    guest by its real seat or stored session; anyone else by ``client_address``."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user-{user.pk}"
    if scope in GUEST_SCOPES:
        seat = _real_seat(request.headers.get("X-Seat-Token", ""))
        if seat is not None:
            return f"seat-{seat}"
        session = _stored_session(request)
        if session:
            return f"session-{session}"
    return f"addr-{client_address(request) or 'unknown'}"


class ScopeThrottle(SimpleRateThrottle):
    """One scope's counter, per ``client_ident`` (never DRF's ``get_ident``, which takes a
    whole made-up ``X-Forwarded-For`` as a new client when ``NUM_PROXIES`` is unset)."""

    def __init__(self, scope: str, ident: str = "") -> None:
        self.scope, self.ident = scope, ident
        super().__init__()

    @property
    def cache(self) -> Any:  # looked up per request, so a test can swap the cache
        return caches["throttle"]

    def get_rate(self) -> str | None:
        return settings.THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request: Any, view: Any) -> str:
        ident = self.ident or client_ident(request, self.scope)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def _refusal(request: HttpRequest, wait: float | None) -> HttpResponse:
    seconds = max(1, math.ceil(wait or 1))
    text = f"Too many requests of this kind; try again in {seconds} seconds."
    if request.path.startswith("/api/") or request.headers.get("Accept", "").startswith(
        "application/json"
    ):
        response: HttpResponse = JsonResponse({"detail": text}, status=429)
    else:
        response = HttpResponse(text, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(seconds)
    return response


class ThrottleMiddleware:
    """Counts a request against its view's scope before the view runs; 429 past the rate."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if not settings.THROTTLE_ENABLED or request.resolver_match is None:
            return None
        rule = THROTTLED.get(request.resolver_match.view_name)
        if rule is None or request.method not in rule[1]:
            return None
        throttle = ScopeThrottle(rule[0])
        if throttle.allow_request(request, None):
            return None
        return _refusal(request, throttle.wait())


class _SocketCounts:
    """The messages each socket identity sent within its scope's window, counted in this
    process. A socket lives on one server process for its whole life, so its own
    process can count it; in the shared cache every socket move cost two round trips to
    Redis on the one thread that every socket of a process shares (a tenth of a move's
    time there in a busy hall). A seat's devices spread over several processes each get
    the rate: a few times the rate at most, never a way around it."""

    SWEEP_EVERY = 4096  # calls between sweeps of identities whose window has passed

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sent: dict[tuple[str, str], deque[float]] = {}
        self._calls = 0

    def refusal_wait(self, scope: str, ident: str) -> float | None:
        """None when this message is within the rate (it is counted), else the seconds
        until the next one would be."""
        rate = ScopeThrottle(scope)  # the scope's rate, parsed as DRF parses it
        allowed, window = rate.num_requests, rate.duration
        if allowed is None or window is None:
            return None
        now = time.monotonic()
        with self._lock:
            self._calls += 1
            if self._calls % self.SWEEP_EVERY == 0:
                self._sweep(now, window)
            sent = self._sent.setdefault((scope, ident), deque())
            while sent and sent[0] <= now - window:
                sent.popleft()
            if len(sent) < allowed:
                sent.append(now)
                return None
            return sent[0] + window - now

    def _sweep(self, now: float, window: float) -> None:
        for key in [k for k, sent in self._sent.items() if not sent or sent[-1] <= now - window]:
            del self._sent[key]

    def forget(self) -> None:
        with self._lock:
            self._sent.clear()


SOCKET_COUNTS = _SocketCounts()


def socket_refusal(scope: str, ident: str) -> str | None:
    """For a message on a WebSocket (no request to hang a middleware on): None while
    ``ident`` (e.g. its seat) is within the scope's rate, else the reason to send back."""
    if not settings.THROTTLE_ENABLED:
        return None
    wait = SOCKET_COUNTS.refusal_wait(scope, ident)
    if wait is None:
        return None
    return f"Too many actions; try again in {max(1, math.ceil(wait))} seconds."
