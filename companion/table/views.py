"""Table pages: open a table, join by code/link/QR, the lobby, and the play surface.

The play surface is drawn on the device from its seat's JSON view (the page embeds the
first one; ``companion/static/table/`` and each game's ``static/view.js`` draw it), which
the page gets again from WebSocket pushes, from its own actions' answers, or by polling
when the socket is down: every one of them the same message, ``broadcast.view_message``.
"""

from __future__ import annotations

import json
import logging
import uuid
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import DataError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from armies.models import SavedList
from catalog.models import Game
from companion import json_limits
from companion.games.base import RuleError
from companion.games.table import option_fields, read_option_form
from companion.inputs import object_id, whole_number
from companion.table import broadcast, selectors, services
from companion.table.api import MAX_SEQ
from companion.table.models import Table

logger = logging.getLogger(__name__)


def _table(code: str) -> Table:
    table = selectors.table_by_code(code)
    if table is None:
        raise Http404("No table with this code.")
    return table


def _list_body(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The body of the player's own saved list chosen in the form, if any."""
    pk = object_id(request.POST.get("list"))
    if pk is None or not request.user.is_authenticated:
        return {}
    saved = SavedList.objects.filter(pk=pk, owner=request.user, game=game).first()
    return dict(saved.body) if saved else {}


def _options(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The house rules ticked for ``game`` (fields ``opt_<slug>__<name>``: the form holds
    every game's options, only the chosen game's are read)."""
    prefix = f"opt_{game.slug}__"
    raw = {k[len(prefix) :]: v for k, v in request.POST.items() if k.startswith(prefix)}
    return read_option_form(option_fields(services.engine_of(game)), raw)


def _remember_seat(request: HttpRequest, table: Table, token: str) -> None:
    seats = dict(request.session.get(selectors.SESSION_KEY, {}))
    seats[table.code] = token
    request.session[selectors.SESSION_KEY] = seats


def tables_home(request: HttpRequest) -> HttpResponse:
    games = selectors.games_with_tables()
    mine = (
        Table.objects.filter(seats__user=request.user, game__slug__in=[g.slug for g in games])
        .select_related("game")
        .distinct()[:20]
        if request.user.is_authenticated
        else []
    )
    lists = (
        SavedList.objects.filter(owner=request.user).select_related("game")
        if request.user.is_authenticated
        else []
    )
    options = [
        (g, [(f, g.table_engine().OPTIONS.get(f.name)) for f in option_fields(g.table_engine())])
        for g in games
    ]
    return render(
        request,
        "table/home.html",
        {"games": games, "options": options, "tables": mine, "lists": lists},
    )


@login_required
@require_POST
def table_new(request: HttpRequest) -> HttpResponse:
    game = get_object_or_404(Game, slug=request.POST.get("game", ""))
    try:
        table = services.table_create(
            host=request.user,
            game=game,
            name=request.POST.get("name") or request.user.username,
            options=_options(request, game),
            list_body=_list_body(request, game),
        )
    except RuleError as exc:
        for path, message in exc.errors.items():
            messages.error(request, f"{path}: {message}")
        return redirect("table:home")
    return redirect(table)


def join(request: HttpRequest) -> HttpResponse:
    code = (request.POST.get("code") or request.GET.get("code") or "").strip().upper()
    if not code:
        return redirect("table:home")
    if selectors.table_by_code(code) is None:
        messages.error(request, f"No table with the code {code}.")
        return redirect("table:home")
    return redirect("table:table", code=code)


def table_page(request: HttpRequest, code: str) -> HttpResponse:
    table = _table(code)
    seat = selectors.seat_for_request(table, request)
    if request.method == "POST" and seat is None:
        try:
            seat = services.seat_join(
                table=table,
                name=request.POST.get("name", ""),
                user=request.user,
                list_body=_list_body(request, table.game),
            )
        except RuleError as exc:
            for path, message in exc.errors.items():
                messages.error(request, f"{path}: {message}")
            return redirect(table)
        _remember_seat(request, table, seat.token)
        return redirect(table)
    link = request.build_absolute_uri(table.get_absolute_url())
    if selectors.is_board(request):
        return _board_page(request, table, link)
    lists = (
        SavedList.objects.filter(owner=request.user, game=table.game)
        if request.user.is_authenticated
        else []
    )
    return render(
        request,
        "table/table.html",
        {
            "table": table,
            "t": selectors.view_for(table, seat),
            "seat": seat,
            "link": link,
            "qr": _qr(link).svg_inline(scale=4, dark="#111"),
            "lists": lists,
            "board": False,
        },
    )


def view_answer(
    payload: dict[str, Any], *, error: dict[str, Any] | None = None, status: int = 200
) -> HttpResponse:
    """A seat's view as every device gets it (``broadcast.view_message``), with the
    refusal of a tap when there was one; ``X-Seq`` tells its age."""
    response = HttpResponse(
        broadcast.view_message(payload, error), status=status, content_type="application/json"
    )
    response["X-Seq"] = str(payload["seq"])
    return response


def _qr(link: str) -> segno.QRCode:
    """The join QR code: the table page's and the board's are the same code."""
    return segno.make(link, error="m")


def _board_page(request: HttpRequest, table: Table, link: str) -> HttpResponse:
    """The public board (``?board=1``): its own page for the screen in the middle of the
    table, without the site's chrome, drawn on the device from the public view by the
    game's ``board``. Always the public view: no seat, no secret."""
    payload = selectors.view_for(table, None)
    # Without its own size the code scales with the screen; its light margin (the quiet
    # zone) keeps it readable by a phone's camera on the board's dark background.
    qr = _qr(link).svg_inline(omitsize=True, dark="#000", light="#fff")
    return render(
        request,
        "table/board.html",
        {"table": table, "t": payload, "link": link, "qr": qr},
    )


def log_download(request: HttpRequest, code: str) -> HttpResponse:
    """The log as this device may keep it, as a JSON file."""
    table = _table(code)
    payload = selectors.log_export(table, selectors.seat_for_request(table, request))
    response = HttpResponse(
        json.dumps(payload, indent=2, ensure_ascii=False), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="table-{table.code}-log.json"'
    return response


def view_partial(request: HttpRequest, code: str) -> HttpResponse:
    """The seat's view, for polling and resyncs (as the last change encoded it, when this
    process did)."""
    table = _table(code)
    seat = selectors.seat_for_request(table, request)
    text = broadcast.device_text(code, None if seat is None else seat.pk, table=table)
    response = HttpResponse(text, content_type="application/json")
    response["X-Seq"] = str(table.seq)
    return response


def _number(value: str) -> Any:
    try:
        return int(value)
    except ValueError:
        try:
            return float(value)
        except ValueError:
            return value


def form_fields(post: Any) -> dict[str, Any]:
    """What a player typed or ticked beside an action: ``field_<k>`` a value, ``list_<k>``
    a list of ticked values, ``map_<k>__<id>`` one entry of an object (targets, distances)."""
    extra: dict[str, Any] = {}
    for key in post:
        if key.startswith("field_") and post[key] != "":
            extra[key[6:]] = _number(post[key])
        elif key.startswith("list_"):
            extra[key[5:]] = [v for v in post.getlist(key) if v != ""]
        elif key.startswith("map_") and "__" in key and post[key] != "":
            name, _, item = key[4:].partition("__")
            extra.setdefault(name, {})[item] = _number(post[key])
    return extra


def _seq(request: HttpRequest) -> int:
    return whole_number(request.POST.get("seq"), path="seq", low=-1, high=MAX_SEQ, default=-1)


def _client_id(request: HttpRequest) -> str:
    client_id = request.POST.get("client_id") or uuid.uuid4().hex
    if len(client_id) > 64:
        raise RuleError({"client_id": "Ensure this field has no more than 64 characters."})
    return client_id


@require_POST
def act(request: HttpRequest, code: str) -> HttpResponse:
    """One action from a button: answers with the new view (409 with the current one when
    the device was behind, 400 with the reason when the rules refuse, 403 for a device
    without a seat), the refusal as ``error``."""
    table = _table(code)
    seat = selectors.seat_for_request(table, request)
    status, error = 200, None
    if seat is None:
        status, error = 403, {"seat": "Spectators cannot act."}
    else:
        try:
            raw = request.POST.get("action", "{}")
            payload = json_limits.expect_object(
                json_limits.loads(raw, path="action"), path="action"
            )
            payload.update(form_fields(request.POST))
            json_limits.check(payload, path="action")
            as_table = bool(payload.pop("as_table", False)) and selectors.is_host(
                table, user=request.user, seat=seat
            )
            services.act(
                table=table,
                seat=None if as_table else seat.number,
                payload=payload,
                seen_seq=_seq(request),
                client_id=_client_id(request),
                author=request.user,
            )
        except services.StaleAction:
            status, error = 409, {"seq": "Someone acted first: here is the table as it is now."}
        except RuleError as exc:  # the rules, or a bad seq or action (companion.inputs)
            status, error = 400, exc.errors
        except DataError as exc:  # a value the database refuses: a check the gate lacks
            logger.warning("table %s: the database refused an action: %s", table.code, exc)
            status, error = 400, {"action": "A value is out of range or too long."}
    table.refresh_from_db()
    return view_answer(selectors.view_for(table, seat), error=error, status=status)


@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    """Undo from the page's button (the host's "Undo the unreadable move" too): the new
    view, or the current one with the refusal as ``error`` (403 when only the host may)."""
    table = _table(code)
    seat = selectors.seat_for_request(table, request)
    error, status = None, 200
    try:
        if seat is None:
            raise RuleError({"seat": "Spectators cannot undo."})
        services.undo(
            table=table,
            seat=seat.number,
            seen_seq=_seq(request),
            client_id=_client_id(request),
            author=request.user,
        )
    except services.StaleAction:
        error = {"seq": "Someone acted first."}
    except services.HostOnly as exc:
        error, status = exc.errors, 403
    except RuleError as exc:
        error = exc.errors
    table.refresh_from_db()
    return view_answer(selectors.view_for(table, seat), error=error, status=status)


def _refused(request: HttpRequest, exc: RuleError) -> None:
    for path, message in exc.errors.items():
        messages.error(request, f"{path}: {message}")


# The host's tools: the host's account or the seat that holds the host rights (a guest's,
# once the host deleted their account with only guests left: ``selectors.is_host``).


def _host_tool(request: HttpRequest, code: str, service: Any, **kwargs: Any) -> HttpResponse:
    """Run one of the host's services as this device (its account, or the seat holding
    the host rights), a refusal shown as a message; back to the table either way."""
    table = _table(code)
    seat = selectors.seat_for_request(table, request)
    try:
        service(table=table, by=request.user, by_seat=seat, **kwargs)
    except RuleError as exc:
        _refused(request, exc)
    return redirect(table)


@require_POST
def start(request: HttpRequest, code: str) -> HttpResponse:
    return _host_tool(request, code, services.table_start)


@require_POST
def remove_seat(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """Take a seat away; in a game in play it leaves the game as the game declares."""
    return _host_tool(request, code, services.seat_remove, number=number)


@require_POST
def end_game(request: HttpRequest, code: str) -> HttpResponse:
    return _host_tool(request, code, services.table_end)


@require_POST
def seat_to_guest(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """Give a seat to a guest: the host is shown the link that claims it."""
    table = _table(code)
    seat = selectors.seat_for_request(table, request)
    try:
        given = services.seat_to_guest(table=table, number=number, by=request.user, by_seat=seat)
    except RuleError as exc:
        _refused(request, exc)
    else:
        link = request.build_absolute_uri(reverse("table:claim", args=[table.code, given.token]))
        messages.success(
            request, f"{given.name}'s seat is a guest seat now: whoever opens {link} plays it."
        )
    return redirect(table)


def claim_seat(request: HttpRequest, code: str, token: str) -> HttpResponse:
    """A guest seat's link (``seat_to_guest``): this device holds the seat from now on."""
    table = _table(code)
    seat = table.seats.filter(token=token, removed=False, user__isnull=True).first()
    if seat is None:
        raise Http404("This seat link is no longer valid.")
    _remember_seat(request, table, seat.token)
    return redirect(table)
