"""The unit cost calculator page: the price updates as the player edits the profile."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from catalog import services
from catalog.models import Entry
from catalog.views import _game
from companion.games.base import GameSystem, RuleError

NUMBER_FIELDS = ("armor", "structure", "speed", "fire_range", "fire_power", "melee")


def _trait_rows(game) -> list[Entry]:
    return list(Entry.objects.official().filter(game=game, kind="trait").order_by("order", "name"))


def profile_from_post(post, traits: list[Entry]) -> tuple[dict[str, Any], dict[str, str]]:
    """Turn the form's strings into the API's JSON profile, noting unreadable numbers."""
    profile: dict[str, Any] = {"type": post.get("type", "infantry")}
    errors: dict[str, str] = {}
    for name in NUMBER_FIELDS:
        raw = (post.get(name) or "").strip()
        if raw == "":
            continue
        try:
            profile[name] = int(raw)
        except ValueError:
            errors[name] = "Expected a whole number."
    profile["fire_traits"] = [t for t in post.getlist("fire_traits") if t]
    if post.get("fire_arc"):
        profile["fire_arc"] = post["fire_arc"]
    chosen: dict[str, int] = {}
    for trait in traits:
        if not post.get(f"trait_{trait.slug}"):
            continue
        if trait.data.get("valued"):
            raw = (post.get(f"trait_{trait.slug}_x") or "1").strip()
            try:
                chosen[trait.slug] = int(raw)
            except ValueError:
                errors[f"traits.{trait.slug}"] = "Expected a whole number."
        else:
            chosen[trait.slug] = 1
    profile["traits"] = chosen
    return profile, errors


def _price(system: GameSystem, profile: dict[str, Any], errors: dict[str, str]):
    if errors:
        return None, errors
    try:
        return system.cost("unit", profile), {}
    except RuleError as exc:
        return None, exc.errors


def calculator(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, system = _game(game)
    try:
        unit_kind = system.kind("unit")
    except KeyError:
        raise Http404("This game has no unit calculator.") from None
    if not unit_kind.priced:
        raise Http404("This game has no unit calculator.")
    traits = _trait_rows(game_obj)
    fields = {f.name: f for f in unit_kind.fields}
    if request.method == "POST":
        profile, errors = profile_from_post(request.POST, traits)
        result, errors = _price(system, profile, errors)
        if request.POST.get("save") and result is not None:
            return _save(request, game_obj, profile)
        return render(
            request,
            "catalog/_calculator_result.html",
            {
                "result": result,
                "errors": errors,
                "profile": profile,
            },
            status=200 if request.headers.get("HX-Request") or not errors else 400,
        )
    start = {
        "type": "infantry",
        "armor": 1,
        "speed": 10,
        "fire_range": 30,
        "fire_power": 1,
        "melee": 1,
        "traits": {},
    }
    result, errors = _price(system, start, {})
    return render(
        request,
        "catalog/calculator.html",
        {
            "game": game_obj,
            "system": system,
            "traits": traits,
            "start": start,
            "types": fields["type"].choices,
            "arcs": fields["fire_arc"].choices,
            "fire_traits": fields["fire_traits"].choices,
            "result": result,
            "errors": errors,
        },
    )


def _save(request: HttpRequest, game_obj, profile: dict[str, Any]) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"/accounts/login/?next={request.path}")
    try:
        entry = services.homebrew_create(
            owner=request.user,
            game=game_obj,
            kind="unit",
            name=request.POST.get("name", ""),
            faction=request.POST.get("faction", ""),
            data=profile,
        )
    except RuleError as exc:
        return render(
            request,
            "catalog/_calculator_result.html",
            {"result": None, "errors": exc.errors, "profile": profile},
            status=400,
        )
    messages.success(request, f"Saved {entry.name} as a homebrew unit ({entry.points} points).")
    response = HttpResponse(status=204)
    response["HX-Redirect"] = entry.get_absolute_url()
    return response
