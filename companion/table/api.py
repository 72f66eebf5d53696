"""The live table over HTTP: the same actions as the page and the socket.

A device is its signed-in user's seat, or a guest seat proven by ``X-Seat-Token``.
Conflicts answer 409 with the current view, so a client can redraw and decide again.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from armies.models import SavedList
from catalog.api import rule_error_to_validation
from catalog.models import Game
from companion.api_schema import errors
from companion.games.base import RuleError
from companion.inputs import MAX_ID
from companion.table import selectors, services
from companion.table.models import CODE_ALPHABET, Seat, Table, TableStatus

# More moves than any game at a club night makes (a long Maker-War battle logs ~2,000).
MAX_SEQ = 1_000_000


class TableInput(serializers.Serializer):
    game = serializers.SlugField()
    name = serializers.CharField(max_length=40)
    list = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="One of your saved lists."
    )
    options = serializers.DictField(required=False)


class JoinInput(serializers.Serializer):
    name = serializers.CharField(max_length=40)
    list = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class ActionInput(serializers.Serializer):
    action = serializers.DictField(help_text='The game\'s action, e.g. {"type": "pass"}.')
    seq = serializers.IntegerField(
        min_value=-1, max_value=MAX_SEQ, help_text="The last seq this device has seen."
    )
    client_id = serializers.CharField(
        max_length=64, help_text="Unique per action; a resend with the same id applies once."
    )
    as_table = serializers.BooleanField(
        required=False, default=False, help_text="Host only: act for the table itself."
    )


class UndoInput(serializers.Serializer):
    seq = serializers.IntegerField(
        min_value=-1, max_value=MAX_SEQ, help_text="The last seq this device has seen."
    )
    client_id = serializers.CharField(max_length=64)


class SeatRowSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    removed = serializers.BooleanField()
    left = serializers.BooleanField(required=False, help_text="Out of the game in play.")
    is_host = serializers.BooleanField()


class UndoVotesSerializer(serializers.Serializer):
    """An undo asked by agreement: the action to take back and the seats that agreed."""

    target = serializers.IntegerField(required=False, help_text="The seq to undo.")
    seats = serializers.ListField(child=serializers.IntegerField(), required=False)


class TableStateSerializer(serializers.Serializer):
    """What one device may see: the table's facts and the game engine's view of its seat
    (``view``, ``legal_actions`` and ``rolls`` are shaped by each game's engine)."""

    code = serializers.CharField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    seq = serializers.IntegerField()
    status = serializers.ChoiceField(choices=TableStatus.choices)
    seats = SeatRowSerializer(many=True)
    me = serializers.IntegerField(allow_null=True, help_text="This device's seat; null: none.")
    is_host = serializers.BooleanField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField(allow_null=True)
    waiting_for = serializers.IntegerField(help_text="Seats still to fill before a start.")
    view = serializers.DictField(allow_null=True, help_text="null until the game starts.")
    legal_actions = serializers.ListField(child=serializers.DictField())
    can_undo = serializers.BooleanField()
    can_ask_undo = serializers.BooleanField(required=False)
    undo_unreadable = serializers.BooleanField(
        required=False,
        help_text="The host's undo takes back the latest entry, which cannot be read "
        "(a value stored before the input gate): past a reveal or a roll too.",
    )
    rolls = serializers.ListField(child=serializers.DictField(), help_text="Latest dice rolls.")
    undo_votes = UndoVotesSerializer()


class TableCreatedSerializer(serializers.Serializer):
    code = serializers.CharField()
    seat = serializers.IntegerField()
    seat_token = serializers.CharField(help_text="Send as X-Seat-Token to act from this seat.")
    view = TableStateSerializer()


class SeatTokenSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    seat_token = serializers.CharField(help_text="Send as X-Seat-Token to act from this seat.")


class GuestSeatSerializer(SeatTokenSerializer):
    claim_url = serializers.CharField(help_text="Opened on a device, it holds the seat there.")


class ActedSerializer(serializers.Serializer):
    applied = serializers.IntegerField(help_text="The seq of the action.")
    replayed = serializers.BooleanField(help_text="A resend: it had been applied already.")
    view = TableStateSerializer()


class UndoneSerializer(serializers.Serializer):
    applied = serializers.IntegerField(allow_null=True, help_text="null: a vote was counted.")
    undo_votes = UndoVotesSerializer()
    view = TableStateSerializer()


class StaleSerializer(serializers.Serializer):
    detail = serializers.CharField()
    view = TableStateSerializer()


class LogActionSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text="null: the table or host.")
    at = serializers.DateTimeField()
    type = serializers.CharField(allow_null=True)
    undone = serializers.BooleanField()
    action = serializers.DictField(required=False, help_text="Only this device's own actions.")


class LogSerializer(serializers.Serializer):
    code = serializers.CharField()
    game = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    seats = serializers.ListField(child=serializers.CharField())
    actions = LogActionSerializer(many=True)
    events = serializers.ListField(child=serializers.DictField())


CODE = OpenApiParameter(
    "code",
    str,
    OpenApiParameter.PATH,
    pattern=f"^[{CODE_ALPHABET}]{{6}}$",
    description="Table code.",
)
SEAT_TOKEN = OpenApiParameter(
    "X-Seat-Token", str, OpenApiParameter.HEADER, description="A guest seat's token."
)
STALE = OpenApiResponse(StaleSerializer, description="Someone acted first: the table now.")
NO_SEAT = "400 also when this device holds no seat at this table."


def _table(code: str) -> Table:
    table = selectors.table_by_code(code)
    if table is None:
        raise NotFound("No table with this code.")
    return table


def _seat(request: Request, table: Table) -> Seat | None:
    return selectors.seat_of(
        table, user=request.user, token=request.headers.get("X-Seat-Token", "")
    )


def _view(table: Table, seat: Seat | None) -> dict[str, Any]:
    """The seat's view as every answer carries it: always encodable (``sendable``)."""
    return selectors.sendable(selectors.view_for(table, seat), code=table.code)


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

    @extend_schema(request=TableInput, responses={201: TableCreatedSerializer})
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
                "view": _view(table, seat),
            },
            status=status.HTTP_201_CREATED,
        )


class TableView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[CODE, SEAT_TOKEN], responses=TableStateSerializer)
    def get(self, request: Request, code: str) -> Response:
        table = _table(code)
        return Response(_view(table, _seat(request, table)))


class LogView(APIView):
    """The log as this device may keep it (JSON download); hidden choices stay hidden."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[CODE, SEAT_TOKEN], responses=LogSerializer)
    def get(self, request: Request, code: str) -> Response:
        table = _table(code)
        response = Response(selectors.log_export(table, _seat(request, table)))
        response["Content-Disposition"] = f'attachment; filename="table-{table.code}-log.json"'
        return response


class JoinView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[CODE], request=JoinInput, responses={201: SeatTokenSerializer})
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
    permission_classes = [permissions.AllowAny]  # the host: signed in, or its guest seat

    @extend_schema(
        parameters=[CODE, SEAT_TOKEN],
        request=None,
        responses={200: TableStateSerializer, **errors(400)},
        description="400: not the host, not enough players yet, or the game has started.",
    )
    def post(self, request: Request, code: str) -> Response:
        table = _table(code)
        try:
            table = services.table_start(
                table=table, by=request.user, by_seat=_seat(request, table)
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(_view(table, _seat(request, table)))


class ActionsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[CODE, SEAT_TOKEN],
        request=ActionInput,
        responses={200: ActedSerializer, 409: STALE},
        description=NO_SEAT,
    )
    def post(self, request: Request, code: str) -> Response:
        table = _table(code)
        seat = _seat(request, table)
        if seat is None:
            raise ValidationError({"seat": ["This device holds no seat at this table."]})
        data = _valid(ActionInput, request.data)
        as_table = data["as_table"] and selectors.is_host(table, user=request.user, seat=seat)
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
                    "view": _view(stale.table, seat),
                },
                status=status.HTTP_409_CONFLICT,
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(
            {
                "applied": result.action.seq,
                "replayed": result.replayed,
                "view": _view(result.table, seat),
            }
        )


class UndoView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[CODE, SEAT_TOKEN],
        request=UndoInput,
        responses={200: UndoneSerializer, 409: STALE},
        description=f"{NO_SEAT} The host alone takes back an entry that cannot be read.",
    )
    def post(self, request: Request, code: str) -> Response:
        table = _table(code)
        seat = _seat(request, table)
        if seat is None:
            raise ValidationError({"seat": ["This device holds no seat at this table."]})
        data = _valid(UndoInput, request.data)
        try:
            result = services.undo(
                table=table,
                seat=seat.number,
                seen_seq=data["seq"],
                client_id=data["client_id"],
                author=request.user,
            )
        except services.StaleAction as stale:
            return Response(
                {"detail": "Someone acted first.", "view": _view(stale.table, seat)},
                status=status.HTTP_409_CONFLICT,
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(
            {
                "applied": result.action.seq if result.action else None,
                "undo_votes": result.table.undo_votes,
                "view": _view(result.table, seat),
            }
        )


class EndView(APIView):
    """The host ends the game in play: nobody wins (logged like a move)."""

    permission_classes = [permissions.AllowAny]  # the host: signed in, or its guest seat

    @extend_schema(
        parameters=[CODE, SEAT_TOKEN],
        request=None,
        responses={200: TableStateSerializer, **errors(400)},
        description="400: not the host, or no game in play.",
    )
    def post(self, request: Request, code: str) -> Response:
        table = _table(code)
        seat = _seat(request, table)
        try:
            services.table_end(table=table, by=request.user, by_seat=seat)
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        table.refresh_from_db()
        return Response(_view(table, seat))


class GuestSeatView(APIView):
    """The host gives a seat to a guest: a new seat token, and the link that claims it."""

    permission_classes = [permissions.AllowAny]  # the host: signed in, or its guest seat

    @extend_schema(
        parameters=[CODE, SEAT_TOKEN],
        request=None,
        responses={201: GuestSeatSerializer, **errors(400)},
        description="400: not the host, no such seat, the host's own seat, or a seat that "
        "has left the game.",
    )
    def post(self, request: Request, code: str, number: int) -> Response:
        table = _table(code)
        try:
            seat = services.seat_to_guest(
                table=table, number=number, by=request.user, by_seat=_seat(request, table)
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        link = reverse("table:claim", args=[table.code, seat.token])
        return Response(
            {
                "seat": seat.number,
                "seat_token": seat.token,
                "claim_url": request.build_absolute_uri(link),
            },
            status=status.HTTP_201_CREATED,
        )
