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
    """One game's calculator: its declaration, the priced kind and the entries to tick.

    The calculator page and the homebrew form of the priced kind both draw and read their
    fields through this one object (``fields_context`` and ``profile_from_post``), so the
    two pages are one form.
    """

    game: Game
    system: GameSystem
    spec: ModuleType
    kind: KindSpec
    traits: list[Entry]

    def field(self, name: str) -> FieldSpec:
        return next(f for f in self.kind.fields if f.name == name)

    @property
    def rows_spec(self) -> dict[str, tuple[int, tuple[dict[str, Any], ...]]]:
        return getattr(self.spec, "ROWS", {})

    def covers(self) -> set[str]:
        """The kind's data fields this form asks (the homebrew form leaves them to it)."""
        names = {*self.spec.FIELDS, *self.spec.CHECKLISTS, *self.rows_spec}
        return names | ({self.spec.TRAITS_FIELD} if self.spec.TRAITS_FIELD else set())

    def inputs(self, profile: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """The fields asked one by one, as the template draws them, with their values."""
        profile = self.spec.START if profile is None else profile
        return [
            {
                "spec": field,
                "note": self.spec.NOTES.get(field.name, ""),
                "start": profile.get(field.name),
            }
            for field in map(self.field, self.spec.FIELDS)
        ]

    def trait_rows(self, profile: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """The entries to tick, each saying whether it takes a number X, and its value."""
        profile = self.spec.START if profile is None else profile
        chosen = profile.get(self.spec.TRAITS_FIELD) or {} if self.spec.TRAITS_FIELD else {}
        return [
            {
                "entry": trait,
                "valued": bool(trait.data.get(self.spec.TRAITS_VALUED)),
                "checked": bool(chosen.get(trait.slug)),
                "x": chosen.get(trait.slug) or 1,
            }
            for trait in self.traits
        ]

    def checklists(self, profile: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        profile = self.spec.START if profile is None else profile
        return [
            {
                "spec": field,
                "choices": [(c, c in (profile.get(field.name) or ())) for c in field.choices],
            }
            for field in map(self.field, self.spec.CHECKLISTS)
        ]

    def rows(self, profile: dict[str, Any], user: Any = None) -> list[dict[str, Any]]:
        """The list fields asked as rows (a Titan's mounts): columns, choices, values."""
        tables = []
        for name, (count, columns) in self.rows_spec.items():
            shown = []
            for column in columns:
                if "choices" in column:
                    choices = [(c, c.replace("-", " ").capitalize()) for c in column["choices"]]
                else:
                    entries = Entry.objects.visible_to(user).filter(
                        game=self.game, kind=column["kind"], category=column["category"]
                    )
                    choices = list(entries.order_by("name").values_list("slug", "name"))
                shown.append({**column, "options": choices})
            values = [v for v in profile.get(name) or [] if isinstance(v, dict)]
            values += [{}] * max(count - len(values), 1)
            tables.append(
                {
                    "spec": self.field(name),
                    "note": self.spec.NOTES.get(name, ""),
                    "columns": shown,
                    "rows": [
                        {
                            "index": i,
                            "cells": [(c, str(row.get(c["key"], ""))) for c in shown],
                        }
                        for i, row in enumerate(values)
                    ],
                }
            )
        return tables

    def fields_context(
        self, profile: dict[str, Any] | None = None, *, rows: bool = False, user: Any = None
    ) -> dict[str, Any]:
        """What ``catalog/_calculator_fields.html`` draws: every field with its value."""
        profile = dict(self.spec.START) if profile is None else profile
        return {
            "inputs": self.inputs(profile),
            "checklists": self.checklists(profile),
            "traits": self.trait_rows(profile),
            "traits_label": self.field(self.spec.TRAITS_FIELD).label
            if self.spec.TRAITS_FIELD
            else "",
            "row_fields": self.rows(profile, user) if rows else [],
        }

    def price(
        self, profile: dict[str, Any], errors: dict[str, str]
    ) -> tuple[tuple[int, dict[str, float]] | None, dict[str, str]]:
        """(points and terms, or None; the errors by field) of ``profile``."""
        if errors:
            return None, errors
        try:
            return self.system.cost(self.kind.slug, _priced(profile, self.rows_spec)), {}
        except RuleError as exc:
            return None, exc.errors

    def terms(self, result: tuple[int, dict[str, float]] | None) -> list[tuple[str, float]]:
        """The breakdown in the book's words, as the game names its terms."""
        if result is None:
            return []
        label = getattr(self.spec, "term_label", None) or _plain
        return [(label(term), value) for term, value in result[1].items()]

    def error_rows(self, errors: dict[str, str]) -> list[dict[str, str]]:
        """Each error with the label of the field it is about (``path`` kept for tests)."""
        labels = {f.name: f.label for f in self.kind.fields}
        names = {f"{self.spec.TRAITS_FIELD}.{t.slug}": t.name for t in self.traits}
        shown = []
        for path, message in errors.items():
            bare = path.removeprefix("data.")
            label = names.get(bare) or labels.get(bare.split(".")[0]) or ""
            shown.append({"path": bare, "label": label, "message": message})
        return shown

    def result_context(
        self, result: tuple[int, dict[str, float]] | None, errors: dict[str, str]
    ) -> dict[str, Any]:
        """What ``catalog/_calculator_result.html`` draws."""
        return {
            "result": result,
            "terms": self.terms(result),
            "errors": errors,
            "error_rows": self.error_rows(errors),
            "kind": self.kind,
        }


def _plain(term: str) -> str:
    return term.replace("_", " ").capitalize()


def _priced(profile: dict[str, Any], rows: dict[str, Any]) -> dict[str, Any]:
    """The profile the formula reads: row fields (mounts) do not change a price."""
    return {k: v for k, v in profile.items() if k not in rows}


def calculator_of(game: str) -> Calculator:
    """The calculator ``game`` declares; 404 when it declares none."""
    game_obj, system = _game(game)
    spec = system.capability("calculator")
    if spec is None:
        raise Http404(f"{system.name} has no cost calculator.")
    return _calculator(game_obj, system, spec)


def calculator_for_kind(game_obj: Game, system: GameSystem, kind: str) -> Calculator | None:
    """The calculator whose form asks ``kind``'s fields, if the game declares one."""
    spec = system.capability("calculator")
    if spec is None or kind != spec.KIND:
        return None
    return _calculator(game_obj, system, spec)


def _calculator(game_obj: Game, system: GameSystem, spec: ModuleType) -> Calculator:
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


def profile_from_post(
    calc: Calculator, post: QueryDict, *, rows: bool = False, user: Any = None
) -> tuple[dict[str, Any], dict[str, str]]:
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
    for field in map(calc.field, spec.CHECKLISTS):
        profile[field.name] = [v for v in post.getlist(field.name) if v]
    if spec.TRAITS_FIELD:
        chosen: dict[str, int] = {}
        for row in calc.trait_rows({}):
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
    if rows:
        for table in calc.rows({}, user):
            name = table["spec"].name
            allowed = {c["key"]: {o for o, _ in c["options"]} for c in table["columns"]}
            filled = []
            for i in range(calc.rows_spec[name][0] + 1):
                row = {k: (post.get(f"{name}-{i}-{k}") or "").strip() for k in allowed}
                if not any(row.values()):
                    continue
                if any(v not in allowed[k] for k, v in row.items()):
                    errors[f"{name}.{i}"] = "Choose each part of the row from its list."
                filled.append(row)
            if filled:
                profile[name] = filled
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
            calc.result_context(result, errors),
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
            **calc.fields_context(),
            **calc.result_context(result, errors),
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
            calc.result_context(None, exc.errors),
            status=400,
        )
    messages.success(
        request,
        f"Saved {entry.name} as a homebrew {calc.kind.label.lower()} ({entry.points} points).",
    )
    response = HttpResponse(status=204)
    response["HX-Redirect"] = entry.get_absolute_url()
    return response


# --- the homebrew form of the priced kind -------------------------------------------------


def homebrew_profile(
    calc: Calculator, post: QueryDict | None, start: dict[str, Any], user: Any
) -> tuple[dict[str, Any], dict[str, str]]:
    """The profile the homebrew form shows or submits, and the fields it cannot read."""
    if post is None:
        return dict(start), {}
    return profile_from_post(calc, post, rows=True, user=user)


def stored_profile(profile: dict[str, Any]) -> dict[str, Any]:
    """The profile as an entry's ``data`` keeps it: empty lists and objects left out."""
    return {k: v for k, v in profile.items() if v not in (None, "", [], {})}


def split_errors(calc: Calculator, errors: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """(errors about the calculator's fields, by profile path; every other error)."""
    covered, others = {}, {}
    for path, message in errors.items():
        bare = path.removeprefix("data.")
        if path.startswith("data.") and bare.split(".")[0] in calc.covers():
            covered[bare] = message
        else:
            others[path] = message
    return covered, others


def homebrew_context(
    calc: Calculator, profile: dict[str, Any], errors: dict[str, str], user: Any
) -> dict[str, Any]:
    """The calculator's fields and live price for ``catalog/homebrew_form.html``."""
    result, errors = calc.price(profile, errors)
    return {
        "calc": calc,
        **calc.fields_context(profile, rows=True, user=user),
        **calc.result_context(result, errors),
    }
