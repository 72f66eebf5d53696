"""The cost calculator page: the price updates as the player edits the profile.

What the page asks is the game's to say: its ``calculator`` capability names the priced
kind, the fields in order, the checklists, the traits ticked from the catalogue and the
profile the page opens with. This module reads only that declaration and the kind's field
specs; a game that declares no calculator has no page (404).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render

from catalog import services
from catalog.models import Entry, Game
from catalog.views import _game
from companion.games.base import FieldSpec, GameSystem, KindSpec, RuleError


@dataclass(frozen=True)
class Calculator:
    """One game's calculator: its declaration, the priced kind and the entries to tick."""

    game: Game
    system: GameSystem
    spec: ModuleType
    kind: KindSpec
    traits: list[Entry]

    def field(self, name: str) -> FieldSpec:
        return next(f for f in self.kind.fields if f.name == name)

    def inputs(self) -> list[dict[str, Any]]:
        """The fields asked one by one, as the template draws them."""
        return [
            {
                "spec": field,
                "note": self.spec.NOTES.get(field.name, ""),
                "start": self.spec.START.get(field.name),
            }
            for field in map(self.field, self.spec.FIELDS)
        ]

    def trait_rows(self) -> list[dict[str, Any]]:
        """The entries to tick, each saying whether it takes a number X."""
        return [
            {"entry": trait, "valued": bool(trait.data.get(self.spec.TRAITS_VALUED))}
            for trait in self.traits
        ]

    def checklists(self) -> list[FieldSpec]:
        return [self.field(name) for name in self.spec.CHECKLISTS]

    def price(
        self, profile: dict[str, Any], errors: dict[str, str]
    ) -> tuple[tuple[int, dict[str, float]] | None, dict[str, str]]:
        """(points and terms, or None; the errors by field) of ``profile``."""
        if errors:
            return None, errors
        try:
            return self.system.cost(self.kind.slug, profile), {}
        except RuleError as exc:
            return None, exc.errors


def calculator_of(game: str) -> Calculator:
    """The calculator ``game`` declares; 404 when it declares none."""
    game_obj, system = _game(game)
    spec = system.capability("calculator")
    if spec is None:
        raise Http404(f"{system.name} has no cost calculator.")
    traits = (
        list(
            Entry.objects.official()
            .filter(game=game_obj, kind=spec.TRAITS_KIND)
            .order_by("order", "name")
        )
        if spec.TRAITS_FIELD
        else []
    )
    return Calculator(game_obj, system, spec, system.kind(spec.KIND), traits)


def profile_from_post(calc: Calculator, post: QueryDict) -> tuple[dict[str, Any], dict[str, str]]:
    """Turn the form's strings into the API's JSON profile, noting unreadable numbers."""
    spec = calc.spec
    profile: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for field in map(calc.field, spec.FIELDS):
        if field.type != "int":  # a choice: left out when nothing is picked
            value = post.get(field.name, spec.START.get(field.name))
            if value:
                profile[field.name] = value
            continue
        raw = (post.get(field.name) or "").strip()
        if raw == "":
            continue
        try:
            profile[field.name] = int(raw)
        except ValueError:
            errors[field.name] = "Expected a whole number."
    for field in calc.checklists():
        profile[field.name] = [v for v in post.getlist(field.name) if v]
    if spec.TRAITS_FIELD:
        chosen: dict[str, int] = {}
        for row in calc.trait_rows():
            trait = row["entry"]
            if not post.get(f"trait_{trait.slug}"):
                continue
            if row["valued"]:
                raw = (post.get(f"trait_{trait.slug}_x") or "1").strip()
                try:
                    chosen[trait.slug] = int(raw)
                except ValueError:
                    errors[f"{spec.TRAITS_FIELD}.{trait.slug}"] = "Expected a whole number."
            else:
                chosen[trait.slug] = 1
        profile[spec.TRAITS_FIELD] = chosen
    return profile, errors


def calculator(request: HttpRequest, game: str) -> HttpResponse:
    calc = calculator_of(game)
    if request.method == "POST":
        profile, errors = profile_from_post(calc, request.POST)
        result, errors = calc.price(profile, errors)
        if request.POST.get("save") and result is not None:
            return _save(request, calc, profile)
        return render(
            request,
            "catalog/_calculator_result.html",
            {"result": result, "errors": errors, "profile": profile},
            status=200 if request.headers.get("HX-Request") or not errors else 400,
        )
    result, errors = calc.price(dict(calc.spec.START), {})
    return render(
        request,
        "catalog/calculator.html",
        {
            "game": calc.game,
            "system": calc.system,
            "kind": calc.kind,
            "rule": calc.spec.RULE,
            "inputs": calc.inputs(),
            "checklists": calc.checklists(),
            "traits": calc.trait_rows(),
            "traits_label": calc.field(calc.spec.TRAITS_FIELD).label
            if calc.spec.TRAITS_FIELD
            else "",
            "result": result,
            "errors": errors,
        },
    )


def _save(request: HttpRequest, calc: Calculator, profile: dict[str, Any]) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"/accounts/login/?next={request.path}")
    try:
        entry = services.homebrew_create(
            owner=request.user,
            game=calc.game,
            kind=calc.kind.slug,
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
    messages.success(
        request,
        f"Saved {entry.name} as a homebrew {calc.kind.label.lower()} ({entry.points} points).",
    )
    response = HttpResponse(status=204)
    response["HX-Redirect"] = entry.get_absolute_url()
    return response
