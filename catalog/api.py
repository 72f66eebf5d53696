"""Thin REST views over the selectors and services of the catalogue."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog import selectors, services
from catalog.models import Entry, Faction, Game
from catalog.serializers import (
    EntrySerializer,
    FactionSerializer,
    GameSerializer,
    HomebrewSerializer,
    UnitCostResultSerializer,
)
from companion.games.base import RuleError
from companion.games.registry import get_game


def rule_error_to_validation(exc: RuleError) -> ValidationError:
    return ValidationError({path: [message] for path, message in exc.errors.items()})


class GameViewSet(viewsets.ReadOnlyModelViewSet):
    """The games Muster serves, with the kinds of entry each catalogue holds."""

    queryset = Game.objects.all()
    serializer_class = GameSerializer
    lookup_field = "slug"
    pagination_class = None


class GameScopedMixin:
    def get_game(self) -> Game:
        if not hasattr(self, "_game"):
            self._game = get_object_or_404(Game, slug=self.kwargs["game"])
        return self._game


class FactionViewSet(GameScopedMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = FactionSerializer
    lookup_field = "slug"
    pagination_class = None

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator has no game
            return Faction.objects.none()
        return Faction.objects.filter(game=self.get_game())


ENTRY_FILTERS = [
    OpenApiParameter("kind", str, description="Kind of entry: unit, trait, card, ..."),
    OpenApiParameter("faction", str, description="Faction slug, or 'neutral'."),
    OpenApiParameter("category", str, description="Type within the kind (alias: type)."),
    OpenApiParameter("type", str, description="Alias of category."),
    OpenApiParameter("trait", str, description="Entries that use this trait/spell/ability."),
    OpenApiParameter("q", str, description="Words to find in name or text."),
    OpenApiParameter("drafts", OpenApiTypes.BOOL, description="Include unfinished entries."),
]


@extend_schema_view(list=extend_schema(parameters=ENTRY_FILTERS))
class EntryViewSet(GameScopedMixin, viewsets.ReadOnlyModelViewSet):
    """Official entries plus the caller's own homebrew, never another user's."""

    serializer_class = EntrySerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Entry.objects.none()
        params = self.request.query_params
        return selectors.entry_list(
            game=self.get_game(),
            user=self.request.user,
            kind=params.get("kind", ""),
            faction=params.get("faction", ""),
            category=params.get("category") or params.get("type", ""),
            uses=params.get("trait") or params.get("uses", ""),
            q=params.get("q", ""),
            drafts=params.get("drafts", "true").lower() not in ("false", "0", "no"),
        ).prefetch_related("references")


class IsOwner(permissions.BasePermission):
    def has_object_permission(self, request, view, obj: Entry) -> bool:
        return obj.owner_id == request.user.id


class HomebrewViewSet(
    GameScopedMixin,
    mixins.CreateModelMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """The signed-in user's own entries for one game: private unless shared by link."""

    serializer_class = HomebrewSerializer
    permission_classes = [permissions.IsAuthenticated, IsOwner]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Entry.objects.none()
        return Entry.objects.filter(game=self.get_game(), owner=self.request.user).select_related(
            "faction"
        )

    def perform_create(self, serializer):
        try:
            serializer.instance = services.homebrew_create(
                owner=self.request.user, game=self.get_game(), **serializer.validated_data
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc

    def perform_update(self, serializer):
        values = {**HomebrewSerializer(serializer.instance).data, **serializer.validated_data}
        try:
            serializer.instance = services.homebrew_update(
                entry=serializer.instance,
                name=values["name"],
                faction=values.get("faction", ""),
                category=values.get("category", ""),
                text=values.get("text", ""),
                data=values.get("data", {}),
                visibility=values.get("visibility", "private"),
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc


class UnitCostView(APIView):
    """Price a unit profile with the game's own formula, term by term."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses={200: UnitCostResultSerializer},
        description="The body is the `data` of the kind the game's calculator prices (a "
        "Maker-War `unit`), its fields as `/api/games/{slug}/` lists them; 404 for a game "
        "without a calculator.",
    )
    def post(self, request, game: str):
        try:
            system = get_game(game)
        except KeyError:
            raise NotFound(f"No game '{game}'.") from None
        calculator = system.capability("calculator")
        if calculator is None:
            raise NotFound(f"{system.name} has no unit cost formula.")
        if not isinstance(request.data, dict):
            raise ValidationError({"non_field_errors": ["Expected a JSON object."]})
        try:
            result = system.cost(calculator.KIND, request.data)
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        if result is None:
            raise NotFound(f"{system.name} has no unit cost formula.")
        points, breakdown = result
        return Response({"points": points, "breakdown": breakdown}, status=status.HTTP_200_OK)
