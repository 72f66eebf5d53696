"""The live table over HTTP: the same actions as the page and the socket.

A device is its signed-in user's seat, or a guest seat proven by ``X-Seat-Token``.
Conflicts answer 409 with the current view, so a client can redraw and decide again.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from armies.models import SavedList
from catalog.api import rule_error_to_validation
from catalog.models import Game
from companion.games.base import RuleError
from companion.table import selectors, services
from companion.table.models import Seat, Table


class TableInput(serializers.Serializer):
    game = serializers.SlugField()
    name = serializers.CharField(max_length=40)
    list = serializers.IntegerField(required=False, help_text="One of your saved lists.")
    options = serializers.DictField(required=False)


class JoinInput(serializers.Serializer):
    name = serializers.CharField(max_length=40)
    list = serializers.IntegerField(required=False)


class ActionInput(serializers.Serializer):
    action = serializers.DictField(help_text='The game\'s action, e.g. {"type": "pass"}.')
    seq = serializers.IntegerField(help_text="The last seq this device has seen.")
    client_id = serializers.CharField(
        max_length=64, help_text="Unique per action; a resend with the same id applies once."
    )
    as_table = serializers.BooleanField(
        required=False, default=False, help_text="Host only: act for the table itself."
    )


def _table(code: str) -> Table:
    table = selectors.table_by_code(code)
    if table is None:
        raise NotFound("No table with this code.")
    return table


def _seat(request: Request, table: Table) -> Seat | None:
    return selectors.seat_of(
        table, user=request.user, token=request.headers.get("X-Seat-Token", "")
    )


def _list_body(request: Request, game: Game, pk: int | None) -> dict[str, Any]:
    if not pk or not request.user.is_authenticated:
        return {}
    saved = SavedList.objects.filter(pk=pk, owner=request.user, game=game).first()
    if saved is None:
        raise ValidationError({"list": ["Not one of your lists of this game."]})
    return dict(saved.body)


def _valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class TablesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=TableInput, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        data = _valid(TableInput, request.data)
        game = Game.objects.filter(slug=data["game"]).first()
        if game is None:
            raise ValidationError({"game": ["Unknown game."]})
        try:
            table = services.table_create(
                host=request.user,
                game=game,
                name=data["name"],
                options=data.get("options"),
                list_body=_list_body(request, game, data.get("list")),
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        seat = table.seats.get(number=0)
        return Response(
            {
                "code": table.code,
                "seat": 0,
                "seat_token": seat.token,
                "view": selectors.view_for(table, seat),
            },
            status=status.HTTP_201_CREATED,
        )


class TableView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, code: str) -> Response:
        table = _table(code)
        return Response(selectors.view_for(table, _seat(request, table)))


class LogView(APIView):
    """The log as this device may keep it (JSON download); hidden choices stay hidden."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, code: str) -> Response:
        table = _table(code)
        response = Response(selectors.log_export(table, _seat(request, table)))
        response["Content-Disposition"] = f'attachment; filename="table-{table.code}-log.json"'
        return response


class JoinView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(request=JoinInput, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request, code: str) -> Response:
        table = _table(code)
        data = _valid(JoinInput, request.data)
        try:
            seat = services.seat_join(
                table=table,
                name=data["name"],
                user=request.user,
                list_body=_list_body(request, table.game, data.get("list")),
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(
            {"seat": seat.number, "seat_token": seat.token}, status=status.HTTP_201_CREATED
        )


class StartView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, code: str) -> Response:
        table = _table(code)
        try:
            table = services.table_start(table=table, by=request.user)
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(selectors.view_for(table, _seat(request, table)))


class ActionsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request=ActionInput, responses={200: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT}
    )
    def post(self, request: Request, code: str) -> Response:
        table = _table(code)
        seat = _seat(request, table)
        if seat is None:
            raise ValidationError({"seat": ["This device holds no seat at this table."]})
        data = _valid(ActionInput, request.data)
        as_table = data["as_table"] and table.host_id == getattr(request.user, "pk", None)
        try:
            result = services.act(
                table=table,
                seat=None if as_table else seat.number,
                payload=data["action"],
                seen_seq=data["seq"],
                client_id=data["client_id"],
                author=request.user,
            )
        except services.StaleAction as stale:
            return Response(
                {
                    "detail": "Someone acted first; here is the table now.",
                    "view": selectors.view_for(stale.table, seat),
                },
                status=status.HTTP_409_CONFLICT,
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(
            {
                "applied": result.action.seq,
                "replayed": result.replayed,
                "view": selectors.view_for(result.table, seat),
            }
        )


class UndoView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(request=ActionInput, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, code: str) -> Response:
        table = _table(code)
        seat = _seat(request, table)
        if seat is None:
            raise ValidationError({"seat": ["This device holds no seat at this table."]})
        try:
            result = services.undo(
                table=table,
                seat=seat.number,
                seen_seq=request.data.get("seq"),
                client_id=str(request.data.get("client_id", "")),
                author=request.user,
            )
        except services.StaleAction as stale:
            return Response(
                {"detail": "Someone acted first.", "view": selectors.view_for(stale.table, seat)},
                status=status.HTTP_409_CONFLICT,
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(
            {
                "applied": result.action.seq if result.action else None,
                "undo_votes": result.table.undo_votes,
                "view": selectors.view_for(result.table, seat),
            }
        )
