"""Thin REST views over the list selectors and services."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import permissions, status
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.viewsets import ViewSet

from armies import selectors, services
from armies.models import SavedList
from armies.serializers import (
    CollectionItemSerializer,
    CollectionRowSerializer,
    DocumentSerializer,
    ImportResultSerializer,
    ListDetailSerializer,
    ListInputSerializer,
    ListSummarySerializer,
    ListUpdateSerializer,
    PlainTextImportSerializer,
    ReportSerializer,
    RestoreSerializer,
    VersionSerializer,
)
from catalog.api import rule_error_to_validation
from catalog.models import Game
from companion.api_schema import errors
from companion.games.base import RuleError
from companion.games.registry import all_games, get_game


def _game_with_lists(slug: str) -> Game:
    game = get_object_or_404(Game, slug=slug)
    if not selectors.has_lists(slug):
        raise NotFound(f"{game.name} has no lists.")
    return game


def document_examples() -> list[OpenApiExample]:
    """One complete, legal document per game with lists, for the API docs."""
    examples = []
    for slug, system in all_games().items():
        if not system.declares("build_rules"):
            continue
        body = system.example_list()
        examples.append(
            OpenApiExample(
                f"{system.name} {system.list_noun}",
                value={
                    "format": services.DOCUMENT_FORMAT,
                    "version": services.DOCUMENT_VERSION,
                    "game": slug,
                    "name": f"Example {system.list_noun}",
                    "notes": "",
                    "list": body,
                },
                request_only=True,
            )
        )
    return examples


class ListViewSet(ViewSet):
    """A player's lists of one game; public gallery lists are readable by everyone."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def _game(self) -> Game:
        if not hasattr(self, "_game_obj"):
            self._game_obj = _game_with_lists(self.kwargs["game"])
        return self._game_obj

    def _visible(self, pk: Any) -> SavedList:
        saved_list = selectors.list_for_viewer(
            game=self._game(), pk=int(pk), user=self.request.user
        )
        if saved_list is None:
            raise NotFound("No such list.")
        return saved_list

    def _owned(self, pk: Any) -> SavedList:
        saved_list = self._visible(pk)
        if not selectors.is_owner(saved_list, self.request.user):
            raise PermissionDenied("Only the list's owner may change it.")
        return saved_list

    @extend_schema(responses=ListSummarySerializer(many=True))
    def list(self, request: Request, game: str) -> Response:
        if not request.user.is_authenticated:
            return Response([])
        lists = selectors.lists_of(game=self._game(), user=request.user)
        return Response(ListSummarySerializer(lists, many=True).data)

    @extend_schema(request=ListInputSerializer, responses={201: ListDetailSerializer})
    def create(self, request: Request, game: str) -> Response:
        data = _valid(ListInputSerializer, request.data)
        try:
            saved_list = services.list_create(owner=request.user, game=self._game(), **data)
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(_detail(saved_list, request), status=status.HTTP_201_CREATED)

    @extend_schema(responses=ListDetailSerializer)
    def retrieve(self, request: Request, game: str, pk: str) -> Response:
        return Response(_detail(self._visible(pk), request))

    @extend_schema(request=ListUpdateSerializer, responses=ListDetailSerializer)
    def partial_update(self, request: Request, game: str, pk: str) -> Response:
        saved_list = self._owned(pk)
        data = _valid(ListUpdateSerializer, request.data)
        try:
            services.list_save(saved_list=saved_list, **data)
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(_detail(saved_list, request))

    @extend_schema(request=ListUpdateSerializer, responses=ListDetailSerializer)
    def update(self, request: Request, game: str, pk: str) -> Response:
        return self.partial_update(request, game, pk)

    @extend_schema(responses={204: None})
    def destroy(self, request: Request, game: str, pk: str) -> Response:
        services.list_delete(saved_list=self._owned(pk))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses={200: VersionSerializer(many=True), **errors(403)})
    @action(detail=True, methods=["get"])
    def versions(self, request: Request, game: str, pk: str) -> Response:
        saved_list = self._owned(pk)
        return Response(VersionSerializer(saved_list.versions.all(), many=True).data)

    @extend_schema(request=RestoreSerializer, responses=ListDetailSerializer)
    @action(detail=True, methods=["post"])
    def restore(self, request: Request, game: str, pk: str) -> Response:
        saved_list = self._owned(pk)
        data = _valid(RestoreSerializer, request.data)
        try:
            services.list_restore(saved_list=saved_list, number=data["number"])
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(_detail(saved_list, request))

    @extend_schema(request=None, responses={201: ListDetailSerializer})
    @action(detail=True, methods=["post"])
    def copy(self, request: Request, game: str, pk: str) -> Response:
        source = self._visible(pk)
        body = selectors.body_for(source, request.user)
        copy = services.list_copy(source=source, owner=request.user, body=body)
        return Response(_detail(copy, request), status=status.HTTP_201_CREATED)

    @extend_schema(responses=DocumentSerializer)
    @action(detail=True, methods=["get"])
    def export(self, request: Request, game: str, pk: str) -> Response:
        saved_list = self._visible(pk)
        body = selectors.body_for(saved_list, request.user)
        return Response(services.export_document(saved_list, body))

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"])
    def summary(self, request: Request, game: str, pk: str) -> HttpResponse:
        return HttpResponse(
            _summary_text(self._visible(pk), request.user), content_type="text/plain; charset=utf-8"
        )

    @extend_schema(responses={200: CollectionRowSerializer(many=True), **errors(403)})
    @action(detail=True, methods=["get"])
    def collection(self, request: Request, game: str, pk: str) -> Response:
        saved_list = self._owned(pk)
        catalogue = selectors.list_catalogue(game=saved_list.game, user=saved_list.owner)
        rows = selectors.collection_report(
            saved_list=saved_list, user=request.user, catalogue=catalogue
        )
        return Response(rows)


def _valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _detail(saved_list: SavedList, request: Request) -> dict[str, Any]:
    return ListDetailSerializer(selectors.list_detail(saved_list, request.user)).data


def _summary_text(saved_list: SavedList, user: Any) -> str:
    body, report = selectors.report_for(saved_list, user)
    system = get_game(saved_list.game.slug)
    catalogue = selectors.list_catalogue(game=saved_list.game, user=saved_list.owner)
    text = system.list_summary(body, catalogue, report)
    return f"{saved_list.name} ({saved_list.game.name})\n{text}\n"


class ListImportView(APIView):
    """Import an exported document, or a pasted plain-text list, as a new private list:
    all of it, or nothing."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=PolymorphicProxySerializer(
            component_name="ListImport",
            serializers=[DocumentSerializer, PlainTextImportSerializer],
            resource_type_field_name=None,
        ),
        responses={201: ImportResultSerializer},
        examples=[
            *document_examples(),
            OpenApiExample(
                "A pasted plain-text list",
                value={"text": "Terran Makers\nMaker Rifle Company\n7x Maker Rifles"},
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request, game: str) -> Response:
        """A document, or ``{"text": "<a pasted plain-text list>", "name": ""}``: the
        same import, read from the text a list's "Plain text" export writes (or a
        decklist); every line it cannot match is named as ``lines.<n>``."""
        game_obj = _game_with_lists(game)
        data = request.data
        try:
            if isinstance(data, Mapping) and "text" in data and "format" not in data:
                name = data.get("name", "")
                saved_list = services.list_import_text(
                    owner=request.user,
                    game=game_obj,
                    text=data.get("text"),
                    name=name if isinstance(name, str) else "",
                )
                report = get_game(game).validate_list(
                    saved_list.body,
                    selectors.list_catalogue(game=game_obj, user=request.user),
                )
            else:
                saved_list, report = services.list_import(
                    owner=request.user, game=game_obj, document=data
                )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(
            {"id": saved_list.pk, "url": saved_list.get_absolute_url(), "report": report.as_dict()},
            status=status.HTTP_201_CREATED,
        )


class ValidateView(APIView):
    """Validate a list document without saving anything."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request=DocumentSerializer, responses={200: ReportSerializer}, examples=document_examples()
    )
    def post(self, request: Request, game: str) -> Response:
        game_obj = _game_with_lists(game)
        document = request.data
        if isinstance(document, dict) and "name" not in document:
            document = {**document, "name": "unnamed"}
        try:
            _, _, body = services.read_document(document, game=game_obj)
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        catalogue = selectors.list_catalogue(game=game_obj, user=request.user)
        return Response(get_game(game).validate_list(body, catalogue).as_dict())


class GalleryView(APIView):
    """Lists their owners published in the game's gallery."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="Words to find."),
            OpenApiParameter(
                "sort",
                str,
                enum=list(selectors.GALLERY_SORTS),
                description="`new` (newest first, the default) or `copied` (most copied).",
            ),
        ],
        responses=ListSummarySerializer(many=True),
    )
    def get(self, request: Request, game: str) -> Response:
        lists = selectors.gallery(
            game=_game_with_lists(game),
            q=request.query_params.get("q", ""),
            sort=request.query_params.get("sort", "new"),
        )
        return Response(ListSummarySerializer(lists[:200], many=True).data)


class SharedListView(APIView):
    """A list opened by its share link: read-only, without the owner's secrets."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("token", str, OpenApiParameter.PATH, pattern=r"^[A-Za-z0-9_-]+$")
        ],
        responses=ListDetailSerializer,
    )
    def get(self, request: Request, token: str) -> Response:
        saved_list = selectors.shared_list(token)
        if saved_list is None:
            raise NotFound("No such shared list.")
        return Response(_detail(saved_list, request))


class CollectionView(APIView):
    """The models the signed-in player owns for one game."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=CollectionItemSerializer(many=True))
    def get(self, request: Request, game: str) -> Response:
        game_obj = _game_with_lists(game)  # as its page: a collection is of a list game's units
        items = request.user.collection.filter(game=game_obj)
        return Response(CollectionItemSerializer(items, many=True).data)

    @extend_schema(
        request=CollectionItemSerializer,
        responses={
            200: CollectionItemSerializer,
            204: OpenApiResponse(description="No models left."),
        },
    )
    def post(self, request: Request, game: str) -> Response:
        game_obj = _game_with_lists(game)
        data = request.data if isinstance(request.data, dict) else {}
        if not isinstance(request.data, dict):
            raise ValidationError({"non_field_errors": ["Expected a JSON object."]})
        try:
            item = services.collection_set(
                owner=request.user,
                game=game_obj,
                unit=str(data.get("unit", "")),
                name=str(data.get("name", "")),
                printed=data.get("printed", 0),
                bought=data.get("bought", 0),
                painted=data.get("painted", 0),
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        if item is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(CollectionItemSerializer(item).data)
