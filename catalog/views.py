"""Catalogue pages: thin views over selectors and services."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.views.decorators.http import require_POST

from catalog import readable, selectors, services
from catalog.forms import HomebrewForm
from catalog.models import Entry, Faction, Game
from companion.games import reference
from companion.games.base import GameSystem, RuleError
from companion.games.registry import get_game


def _game(slug: str) -> tuple[Game, GameSystem]:
    game = get_object_or_404(Game, slug=slug)
    try:
        return game, get_game(slug)
    except KeyError:
        raise Http404(slug) from None


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "catalog/home.html", {"game_list": Game.objects.all()})


def game_detail(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, system = _game(game)
    counts = {
        row["kind"]: row["n"]
        for row in Entry.objects.official()
        .filter(game=game_obj)
        .values("kind")
        .order_by()
        .annotate(n=Count("id"))
    }
    kinds = [(k, counts.get(k.slug, 0)) for k in system.kinds]
    return render(
        request,
        "catalog/game.html",
        {
            "game": game_obj,
            "system": system,
            "kinds": kinds,
            "factions": game_obj.factions.all(),
            "has_calculator": system.capabilities.calculator is not None,
            "list_noun": system.list_noun,
        },
    )


def entry_list(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, system = _game(game)
    params = request.GET
    kind_slug = params.get("kind") or system.kinds[0].slug
    try:
        kind = system.kind(kind_slug)
    except KeyError:
        raise Http404(kind_slug) from None
    filters = {
        "faction": params.get("faction", ""),
        "category": params.get("category") or params.get("type", ""),
        "uses": params.get("trait", ""),
        "q": params.get("q", "").strip(),
    }
    qs = selectors.entry_list(game=game_obj, user=request.user, kind=kind.slug, **filters)
    page = Paginator(qs, 100).get_page(params.get("page"))
    used = (
        Entry.objects.official()
        .filter(game=game_obj, referenced_by__kind=kind.slug)
        .distinct()
        .order_by("kind", "name")
        .only("slug", "name", "kind")
    )
    context: dict[str, Any] = {
        "game": game_obj,
        "system": system,
        "kind": kind,
        "page": page,
        "filters": filters,
        "factions": game_obj.factions.all(),
        "uses_choices": used,
        "columns": kind.list_fields(),
        "names": readable.names_of(game_obj),
    }
    partial = bool(request.headers.get("HX-Request")) and not request.headers.get(
        "HX-History-Restore-Request"
    )
    template = "catalog/_entry_rows.html" if partial else "catalog/entry_list.html"
    response = render(request, template, context)
    # The results alone answer htmx at the page's own URL: caches must tell the two
    # apart, and the partial is never kept, so Back (which prefers any cached copy of
    # the URL) gets the whole page again.
    patch_vary_headers(response, ["HX-Request"])
    if partial:
        add_never_cache_headers(response)  # no-store among them
    return response


def entry_detail(request: HttpRequest, game: str, pk: int, slug: str) -> HttpResponse:
    game_obj, system = _game(game)
    entry = selectors.entry_for_user(game=game_obj, pk=pk, user=request.user)
    if entry is None:
        raise Http404("No such entry.")
    return _render_entry(request, game_obj, system, entry)


def shared_entry(request: HttpRequest, token: str) -> HttpResponse:
    entry = selectors.shared_entry(token)
    if entry is None:
        raise Http404("No such shared entry.")
    return _render_entry(request, entry.game, get_game(entry.game.slug), entry)


def _render_entry(request, game_obj: Game, system: GameSystem, entry: Entry) -> HttpResponse:
    kind = system.kind(entry.kind)
    names = readable.names_of(game_obj)
    facts = readable.readable_facts(system.facts(entry.kind, entry.data), names)
    titles = {section.id: section.title for section in selectors.rules_sections(game_obj.slug)}
    breakdown = None
    if kind.priced:
        try:
            breakdown = system.cost(entry.kind, entry.data)
        except RuleError:
            breakdown = None
    return render(
        request,
        "catalog/entry_detail.html",
        {
            "game": game_obj,
            "system": system,
            "kind": kind,
            "entry": entry,
            "facts": facts,
            "references": entry.references.select_related("game").order_by("kind", "name"),
            "referenced_by": entry.referenced_by.select_related("game")
            .filter(owner__isnull=True)
            .order_by("kind", "name"),
            "breakdown": readable.term_labels(system, breakdown[1]) if breakdown else None,
            "mounted_total": _titan_total(entry),
            "rule_title": titles.get(entry.rule, entry.rule),
            "names": names,
        },
    )


def _titan_total(entry: Entry) -> int | None:
    """A Titan's price with its weapons: the chassis plus each mounted weapon."""
    mounts = entry.data.get("mounts") if isinstance(entry.data, dict) else None
    if entry.points is None or not mounts:
        return None
    weapons = Entry.objects.filter(
        game=entry.game,
        kind=entry.kind,
        faction=entry.faction,
        slug__in=[m.get("weapon") for m in mounts if isinstance(m, dict)],
    ).filter(owner=entry.owner)
    return entry.points + sum(w.points or 0 for w in weapons)


def faction_detail(request: HttpRequest, game: str, faction: str) -> HttpResponse:
    game_obj, system = _game(game)
    faction_obj = get_object_or_404(Faction, game=game_obj, slug=faction)
    entries = selectors.entry_list(game=game_obj, user=request.user, faction=faction)
    specials = Entry.objects.official().filter(game=game_obj, slug__in=faction_obj.special_rules)
    return render(
        request,
        "catalog/faction_detail.html",
        {
            "game": game_obj,
            "system": system,
            "faction": faction_obj,
            "entries": entries,
            "special_rules": specials,
            "names": readable.names_of(game_obj),
        },
    )


def rules(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, system = _game(game)
    query = request.GET.get("q", "").strip()
    backlinks = selectors.rule_backlinks(game_obj)
    sections = selectors.rules_sections(game)
    if query:
        found = [
            (s, selectors.section_html(s)) for s in reference.search(system.rules_markdown(), query)
        ]
        return render(
            request,
            "catalog/rules_search.html",
            {
                "game": game_obj,
                "system": system,
                "query": query,
                "found": found,
                "backlinks": backlinks,
            },
        )
    return render(
        request,
        "catalog/rules.html",
        {
            "game": game_obj,
            "system": system,
            "sections": sections,
            "rules_html": selectors.rules_html(game),
            "backlinks": backlinks,
        },
    )


# --- homebrew ---------------------------------------------------------------------------


@login_required
def my_homebrew(request: HttpRequest) -> HttpResponse:
    entries = list(Entry.objects.filter(owner=request.user).select_related("game", "faction"))
    for entry in entries:  # "Formation plan", not its slug
        try:
            entry.kind_label = get_game(entry.game.slug).kind(entry.kind).label
        except KeyError:
            entry.kind_label = entry.kind.replace("-", " ").capitalize()
    return render(request, "catalog/homebrew_list.html", {"entries": entries})


@login_required
def homebrew_create(request: HttpRequest, game: str, kind: str) -> HttpResponse:
    game_obj, system = _game(game)
    kind_spec = _homebrew_kind(system, kind)
    return _homebrew_form(request, game_obj, system, kind_spec, None, {})


@login_required
def homebrew_edit(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    game_obj, system = _game(game)
    entry = get_object_or_404(Entry, game=game_obj, pk=pk, owner=request.user)
    initial = {
        "name": entry.name,
        "faction": entry.faction.slug if entry.faction else "",
        "category": entry.category,
        "text": entry.text,
        "visibility": entry.visibility,
        **{f"data__{k}": v for k, v in entry.data.items()},
    }
    return _homebrew_form(request, game_obj, system, system.kind(entry.kind), entry, initial)


def _homebrew_form(
    request: HttpRequest,
    game_obj: Game,
    system: GameSystem,
    kind_spec,
    entry: Entry | None,
    initial: dict,
) -> HttpResponse:
    """New or edit: the kind's fields, or for the priced kind the calculator's own form
    (the same fields, traits ticked, price live); a refusal saves nothing."""
    from catalog import calculator  # calculator imports this module

    calc = calculator.calculator_for_kind(game_obj, system, kind_spec.slug)
    post = request.POST if request.method == "POST" else None
    form = HomebrewForm(
        post,
        initial=initial,
        system=system,
        kind=kind_spec,
        factions=game_obj.factions.all(),
        covered=calc.covers() if calc else frozenset(),
    )
    profile: dict = {}
    profile_errors: dict[str, str] = {}
    if calc is not None:
        start = entry.data if entry is not None else calc.spec.START
        profile, profile_errors = calculator.homebrew_profile(calc, post, start, request.user)
    if post is not None and form.is_valid() and not profile_errors:
        data = {**form.data_values(), **calculator.stored_profile(profile)}
        fields = {
            "name": form.cleaned_data["name"],
            "faction": form.cleaned_data["faction"],
            "category": form.category_of(data),
            "text": form.cleaned_data["text"],
            "data": data,
            "visibility": form.cleaned_data["visibility"],
        }
        try:
            if entry is None:
                entry = services.homebrew_create(
                    owner=request.user, game=game_obj, kind=kind_spec.slug, **fields
                )
            else:
                services.homebrew_update(entry=entry, **fields)
        except RuleError as exc:
            errors = exc.errors
            if calc is not None:
                profile_errors, errors = calculator.split_errors(calc, errors)
            form.add_rule_errors(errors)
        else:
            messages.success(request, f"Saved {entry.name}.")
            return redirect(entry.get_absolute_url())
    context = {
        "game": game_obj,
        "system": system,
        "kind": kind_spec,
        "form": form,
        "entry": entry if entry is not None and entry.pk else None,
    }
    if calc is not None:
        context |= calculator.homebrew_context(calc, profile, profile_errors, request.user)
    return render(
        request,
        "catalog/homebrew_form.html",
        context,
        status=400 if form.errors or profile_errors else 200,
    )


@login_required
@require_POST
def homebrew_delete(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    entry = get_object_or_404(Entry, game__slug=game, pk=pk, owner=request.user)
    entry.delete()
    messages.success(request, f"Deleted {entry.name}.")
    return redirect("catalog:my-homebrew")


def _homebrew_kind(system: GameSystem, kind: str):
    try:
        spec = system.kind(kind)
    except KeyError:
        raise Http404(kind) from None
    if not spec.homebrew:
        raise Http404(f"{spec.plural} cannot be added as homebrew.")
    return spec
