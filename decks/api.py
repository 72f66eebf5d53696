"""Deck tools over HTTP: a playtest hand and the exact draw odds, for a saved deck."""

from __future__ import annotations

import secrets
from types import ModuleType

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from armies import selectors as list_selectors
from armies.models import SavedList
from catalog.models import Game
from decks import selectors
from decks.views import target_cards


class PlaytestSerializer(serializers.Serializer):
    hand = serializers.ListField(child=serializers.CharField(), help_text="Card slugs, in order.")
    library = serializers.IntegerField(help_text="Cards left in the deck.")
    seed = serializers.CharField(help_text="Ask again with it for the same shuffle.")
    exhausted = serializers.BooleanField(help_text="More cards were asked than the deck holds.")


class OddsRowSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    cards_seen = serializers.IntegerField()
    probability = serializers.FloatField()


class OddsSerializer(serializers.Serializer):
    target = serializers.CharField()
    deck_size = serializers.IntegerField()
    successes = serializers.IntegerField(help_text="Target cards in the deck.")
    k = serializers.IntegerField()
    rows = OddsRowSerializer(many=True)


def _deck(request: Request, game: str, pk: int) -> tuple[SavedList, ModuleType]:
    """The deck the request may see, and its game's deck declaration; 404 for a game that
    declares no deck tools."""
    tools = selectors.deck_tools(game)
    if tools is None:
        raise NotFound("This game has no deck tools.")
    game_obj = Game.objects.filter(slug=game).first()
    saved = game_obj and list_selectors.list_for_viewer(game=game_obj, pk=pk, user=request.user)
    if not saved:
        raise NotFound("No such deck.")
    return saved, tools


def _int(raw: str | None, default: int, low: int, high: int) -> int:
    try:
        return max(low, min(high, int(raw or default)))
    except ValueError:
        return default


class PlaytestView(APIView):
    """Shuffle the deck with ``seed`` and deal the game's opening hand plus ``draws`` more."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("seed", str), OpenApiParameter("draws", int)],
        responses=PlaytestSerializer,
    )
    def get(self, request: Request, game: str, pk: int) -> Response:
        saved, tools = _deck(request, game, pk)
        body = list_selectors.body_for(saved, request.user)
        seed = request.query_params.get("seed") or secrets.token_hex(4)
        draws = _int(request.query_params.get("draws"), 0, 0, 60)
        return Response(selectors.playtest(tools, body, seed=seed, draws=draws))


class OddsView(APIView):
    """Exact (hypergeometric) odds of at least ``k`` target cards by each turn."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "target", str, description="card:<slug> or type:<card type of the game>"
            ),
            OpenApiParameter("k", int),
            OpenApiParameter("turns", int),
        ],
        responses=OddsSerializer,
    )
    def get(self, request: Request, game: str, pk: int) -> Response:
        saved, tools = _deck(request, game, pk)
        body = list_selectors.body_for(saved, request.user)
        try:
            cards, label = target_cards(saved, tools, request.query_params.get("target", ""))
        except Http404 as exc:
            raise NotFound("Target must be card:<slug> or type:<card type>.") from exc
        k = _int(request.query_params.get("k"), 1, 1, 10)
        turns = _int(request.query_params.get("turns"), 10, 1, 30)
        result = selectors.odds(tools, body, cards=cards, k=k, turns=turns)
        return Response({"target": label, **result})
