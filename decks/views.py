"""Deck pages beyond the shared builder: the playtest hand and the draw-odds chart.

Both answer htmx requests with a small panel; the hand comes from a seed the page keeps,
so "draw" extends the same shuffle and "new hand" asks for a new seed.
"""

from __future__ import annotations

import secrets
from types import ModuleType
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from armies import selectors as list_selectors
from armies.models import SavedList
from catalog.models import Game
from decks import selectors


def _deck(request: HttpRequest, game: str, pk: int) -> tuple[SavedList, ModuleType]:
    """The deck the request may see, and its game's deck declaration; 404 for a game that
    declares no deck tools."""
    tools = selectors.deck_tools(game)
    if tools is None:
        raise Http404("This game has no deck tools.")
    game_obj = get_object_or_404(Game, slug=game)
    token = request.GET.get("token", "")
    saved = (
        list_selectors.shared_list(token)
        if token
        else list_selectors.list_for_viewer(game=game_obj, pk=pk, user=request.user)
    )
    if saved is None or saved.pk != pk or saved.game_id != game_obj.pk:
        raise Http404("No such deck.")
    return saved, tools


def target_cards(saved: SavedList, tools: ModuleType, target: str) -> tuple[set[str], str]:
    """The card slugs a target names: ``card:<slug>`` or ``type:<category>`` (the game's
    card types, such as building or upgrade)."""
    kind, _, value = target.partition(":")
    if kind == "card":
        catalogue = list_selectors.list_catalogue(game=saved.game, user=saved.owner)
        item = catalogue.get(tools.CARD_KIND, value)
        return {value}, item.name if item else value
    if kind == "type":
        catalogue = list_selectors.list_catalogue(game=saved.game, user=saved.owner)
        cards = {c.slug for c in catalogue.of_kind(tools.CARD_KIND) if c.category == value}
        return cards, f"any {value}"
    raise Http404("Unknown target.")


def _int(raw: str | None, default: int, low: int, high: int) -> int:
    try:
        return max(low, min(high, int(raw or default)))
    except ValueError:
        return default


def playtest(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    saved, tools = _deck(request, game, pk)
    seed = request.GET.get("seed") or secrets.token_hex(4)
    draws = _int(request.GET.get("draws"), 0, 0, 60)
    body = list_selectors.body_for(saved, request.user)
    hand = selectors.playtest(tools, body, seed=seed, draws=draws)
    catalogue = list_selectors.list_catalogue(game=saved.game, user=saved.owner)
    items = {slug: catalogue.get(tools.CARD_KIND, slug) for slug in set(hand["hand"])}
    names = {slug: item.name if item else slug for slug, item in items.items()}
    return render(
        request,
        "decks/_playtest.html",
        {
            "list": saved,
            "game": saved.game,
            "hand": hand,
            "names": names,
            "opening_hand": tools.OPENING_HAND,
            "seed": seed,
            "draws": draws,
            "token": request.GET.get("token", ""),
        },
    )


def odds(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    saved, tools = _deck(request, game, pk)
    target = request.GET.get("target", f"type:{tools.CARD_TYPES[0]}")
    cards, label = target_cards(saved, tools, target)
    k = _int(request.GET.get("k"), 1, 1, 10)
    turns = _int(request.GET.get("turns"), 10, 1, 30)
    body = list_selectors.body_for(saved, request.user)
    result: dict[str, Any] = selectors.odds(tools, body, cards=cards, k=k, turns=turns)
    return render(
        request,
        "decks/_odds.html",
        {
            "odds": result,
            "label": label,
            "k": k,
            "opening_hand": tools.OPENING_HAND,
            "draws_per_turn": tools.DRAWS_PER_TURN,
        },
    )
