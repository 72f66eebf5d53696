"""Pages of the list builders: thin views over the list selectors and services.

Every builder action is a small form that htmx posts; the answer is the builder panel
re-rendered with the new totals and problems. Without JavaScript the same forms post and
redirect, so the builder also works as plain HTML.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from armies import diffs, selectors, services, tagging
from armies.models import ListVisibility, SavedList
from catalog.models import Faction, Game
from companion import json_limits
from companion.game_files import FALLBACKS, game_template
from companion.games.base import GameSystem, RuleError
from companion.games.registry import get_game


def _game(slug: str) -> tuple[Game, GameSystem]:
    game = get_object_or_404(Game, slug=slug)
    if not selectors.has_lists(slug):
        raise Http404(f"{game.name} has no lists.")
    return game, get_game(slug)


def _visible(request: HttpRequest, game: Game, pk: int) -> SavedList:
    saved_list = selectors.list_for_viewer(game=game, pk=pk, user=request.user)
    if saved_list is None:
        raise Http404("No such list.")
    return saved_list


def _owned(request: HttpRequest, game: Game, pk: int) -> SavedList:
    saved_list = _visible(request, game, pk)
    if not selectors.is_owner(saved_list, request.user):
        raise Http404("No such list.")  # others never learn what they cannot change
    return saved_list


def builder_template(game: Game) -> str:
    """The game's own builder panel, or the generic JSON editor."""
    return select_template(
        game_template(game.slug, "builder.html", FALLBACKS["builder.html"])
    ).template.name


def _builder_context(
    request: HttpRequest, saved_list: SavedList, error: dict[str, str] | None = None
) -> dict[str, Any]:
    system = get_game(saved_list.game.slug)
    detail = selectors.list_detail(saved_list, request.user)
    catalogue = selectors.list_catalogue(game=saved_list.game, user=saved_list.owner)
    problems_by_path: dict[str, list[dict[str, str]]] = {}
    for problem in detail["report"]["problems"]:
        head = ".".join(problem["path"].split(".")[:2])
        problems_by_path.setdefault(head, []).append(problem)
    choices = system.builder_choices(detail["body"], catalogue)  # {} without list edits
    # games whose lists name no models (cards, hands) have nothing to collect or print
    counts_models = system.capabilities.build_rules is not None and bool(
        system.model_counts(detail["body"], catalogue)
    )
    return {
        "counts_models": counts_models,
        "game": saved_list.game,
        "system": system,
        "list": saved_list,
        "detail": detail,
        "body": detail["body"],
        "report": detail["report"],
        "figures": detail["report"]["figures"],
        "problems_by_path": problems_by_path,
        "choices": choices,
        "editable": detail["is_owner"],
        "action_error": error,
        "body_json": json.dumps(detail["body"], indent=2),
        "builder_template": builder_template(saved_list.game),
        "faction": Faction.objects.filter(
            game=saved_list.game, slug=detail["body"].get("faction", "")
        ).first(),
    }


@login_required
def my_lists(request: HttpRequest, game: str) -> HttpResponse:
    """One game's part of "My lists", with the form that starts a list of that game."""
    game_obj, system = _game(game)
    return _my_lists_page(
        request,
        game_obj,
        {"system": system, "factions": game_obj.factions.filter(is_draft=False)},
    )


@login_required
def all_lists(request: HttpRequest) -> HttpResponse:
    """The one "My lists" page across every game: filter by game, tag and name."""
    return _my_lists_page(request, None, {})


def _my_lists_page(
    request: HttpRequest, game_obj: Game | None, extra: dict[str, Any]
) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:100]
    tag = request.GET.get("tag", "").strip()[:20]
    chosen = game_obj.slug if game_obj else request.GET.get("game", "").strip()[:60]
    games = Game.objects.filter(slug__in=tagging.games_with_lists())
    return render(
        request,
        "armies/my_lists.html",
        {
            "game": game_obj,
            "games": games,
            "chosen_game": chosen,
            "q": q,
            "tag": tag,
            "tags": tagging.tags_of(request.user),
            "lists": tagging.my_lists(user=request.user, game=chosen, tag=tag, q=q)[:500],
            "here": request.get_full_path(),
            **extra,
        },
    )


@login_required
@require_POST
def list_tags(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    """Add a tag to one's list (``tag``: its name) or take one off (``remove``: its id),
    then back to the page the form was on."""
    game_obj, _ = _game(game)
    saved_list = _owned(request, game_obj, pk)
    try:
        if "remove" in request.POST:
            tagging.tag_remove(saved_list=saved_list, tag_id=request.POST.get("remove"))
        else:
            tag = tagging.tag_add(saved_list=saved_list, name=request.POST.get("tag", ""))
            messages.success(request, f"Tagged {saved_list.name} “{tag.name}”.")
    except RuleError as exc:
        for message in exc.errors.values():
            messages.error(request, message)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("armies:all")
    return redirect(back)


@login_required
@require_POST
def new_list(request: HttpRequest, game: str) -> HttpResponse:
    """A new list: the game's ``start`` action turns the form into an empty list body; a
    game without list edits starts from an empty body (filled in the generic editor)."""
    game_obj, system = _game(game)
    catalogue = selectors.list_catalogue(game=game_obj, user=request.user)
    try:
        body = (
            system.edit_list({}, "start", request.POST.dict(), catalogue)
            if system.capabilities.list_edits is not None
            else {}
        )
        saved_list = services.list_create(
            owner=request.user, game=game_obj, name=request.POST.get("name", ""), body=body
        )
    except RuleError as exc:
        for path, message in exc.errors.items():
            messages.error(request, f"{path}: {message}")
        return redirect("armies:mine", game_obj.slug)
    return redirect(saved_list)


def detail(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    game_obj, _ = _game(game)
    saved_list = _visible(request, game_obj, pk)
    return render(request, "armies/detail.html", _builder_context(request, saved_list))


def shared(request: HttpRequest, token: str) -> HttpResponse:
    saved_list = selectors.shared_list(token)
    if saved_list is None:
        raise Http404("No such shared list.")
    context = _builder_context(request, saved_list)
    context["via_share_link"] = True  # the breadcrumb must not claim the gallery
    return render(request, "armies/detail.html", context)


@login_required
@require_POST
def edit(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    """One builder action; htmx gets the panel back, plain forms a redirect."""
    game_obj, _ = _game(game)
    saved_list = _owned(request, game_obj, pk)
    args = request.POST.dict()
    op = args.pop("op", "")
    if op == "replace-body":  # the generic editor sends the whole body as JSON
        error = _replace_body(saved_list, args.get("body", ""))
    else:
        error = None
        try:
            saved_list = services.list_edit(saved_list=saved_list, op=op, args=args)
        except RuleError as exc:
            error = exc.errors
    if request.headers.get("HX-Request"):
        saved_list.refresh_from_db()
        context = _builder_context(request, saved_list, error)
        # what the tap sent: a refused value stays in its field beside the reason, and
        # the add forms keep the plan or card the player chose
        context["action_args"] = {k: v[:100] for k, v in args.items() if k != "body"}
        context["last_op"] = op
        edits = get_game(game_obj.slug).capability("list_edits")
        context["undo_barrier"] = op in getattr(edits, "NOT_UNDONE", ())
        return render(request, "armies/_builder.html", context, status=200)
    if error:
        for path, message in error.items():
            messages.error(request, f"{path}: {message}")
    return redirect(saved_list)


def _replace_body(saved_list: SavedList, text: str) -> dict[str, str] | None:
    try:
        body = json_limits.loads(text, path="body")
        services.list_save(saved_list=saved_list, body=body, coalesce=True)
    except RuleError as exc:
        return exc.errors
    return None


@login_required
@require_POST
def settings_view(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    game_obj, _ = _game(game)
    saved_list = _owned(request, game_obj, pk)
    try:
        services.list_save(
            saved_list=saved_list,
            name=request.POST.get("name", ""),
            notes=request.POST.get("notes", ""),
            visibility=request.POST.get("visibility", ListVisibility.PRIVATE),
        )
        messages.success(request, "Saved.")
    except RuleError as exc:
        for path, message in exc.errors.items():
            messages.error(request, f"{path}: {message}")
    return redirect(saved_list)


@login_required
def versions(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    """The history; with ``a`` and ``b`` (version numbers), what changed from a to b."""
    game_obj, _ = _game(game)
    saved_list = _owned(request, game_obj, pk)
    all_versions = list(saved_list.versions.all())
    by_number = {v.number: v for v in all_versions}
    context: dict[str, Any] = {"game": game_obj, "list": saved_list, "versions": all_versions}
    if "a" in request.GET or "b" in request.GET:
        try:
            old = by_number[int(request.GET.get("a", ""))]
            new = by_number[int(request.GET.get("b", saved_list.version))]
        except (KeyError, ValueError):
            context["compare_error"] = "Choose two versions of this list to compare."
            return render(request, "armies/versions.html", context, status=400)
        context.update(old=old, new=new, diff=diffs.compare(saved_list, old, new))
    return render(request, "armies/versions.html", context)


@login_required
@require_POST
def restore(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    game_obj, _ = _game(game)
    saved_list = _owned(request, game_obj, pk)
    try:
        number = int(request.POST.get("number", ""))
        services.list_restore(saved_list=saved_list, number=number)
        messages.success(request, f"Restored version {number} as version {saved_list.version}.")
    except (ValueError, RuleError):
        messages.error(request, "There is no such version.")
    return redirect(saved_list)


@login_required
@require_POST
def copy(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    """Copy a list one may see (own, gallery, or by its share token) into one's lists."""
    game_obj, _ = _game(game)
    token = request.POST.get("token", "")
    source = selectors.shared_list(token) if token else _visible(request, game_obj, pk)
    if source is None or source.pk != pk:
        raise Http404("No such list.")
    body = selectors.body_for(source, request.user)
    new = services.list_copy(source=source, owner=request.user, body=body)
    messages.success(request, f"Copied to your lists as “{new.name}”.")
    return redirect(new)


@login_required
@require_POST
def delete(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    game_obj, _ = _game(game)
    saved_list = _owned(request, game_obj, pk)
    services.list_delete(saved_list=saved_list)
    messages.success(request, f"Deleted {saved_list.name}.")
    return redirect("armies:mine", game_obj.slug)


def export(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    game_obj, _ = _game(game)
    saved_list = _visible(request, game_obj, pk)
    body = selectors.body_for(saved_list, request.user)
    response = JsonResponse(
        services.export_document(saved_list, body), json_dumps_params={"indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="muster-{game}-{pk}.json"'
    return response


def _visible_or_shared(request: HttpRequest, game: Game, pk: int) -> SavedList:
    """A list the viewer may see, or one opened through its share link (``?token=``),
    the way Print and 3D carry it; anything else is the same 404."""
    token = request.GET.get("token", "")
    shared_list = selectors.shared_list(token) if token else None
    if shared_list is not None and shared_list.pk == pk and shared_list.game_id == game.pk:
        return shared_list
    return _visible(request, game, pk)


def summary(request: HttpRequest, game: str, pk: int) -> HttpResponse:
    game_obj, system = _game(game)
    saved_list = _visible_or_shared(request, game_obj, pk)
    body, report = selectors.report_for(saved_list, request.user)
    catalogue = selectors.list_catalogue(game=game_obj, user=saved_list.owner)
    text = f"{saved_list.name} ({game_obj.name})\n{system.list_summary(body, catalogue, report)}\n"
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


@login_required
def import_list(request: HttpRequest, game: str) -> HttpResponse:
    """Paste or upload an exported document; every problem is shown, nothing half-saved."""
    game_obj, system = _game(game)
    errors: dict[str, str] = {}
    text = ""
    if request.method == "POST" and "text" in request.POST:
        return _import_text(request, game_obj, system)
    if request.method == "POST":
        upload = request.FILES.get("file")
        text = (
            upload.read().decode("utf-8", "replace") if upload else request.POST.get("document", "")
        )
        try:
            document = json_limits.loads(text, path="document")
        except json_limits.JSONLimitError as exc:
            errors = exc.errors
        else:
            try:
                saved_list, _ = services.list_import(
                    owner=request.user, game=game_obj, document=document
                )
            except RuleError as exc:
                errors = exc.errors
            else:
                messages.success(request, f"Imported {saved_list.name}.")
                return redirect(saved_list)
    return render(
        request,
        "armies/import.html",
        {
            "game": game_obj,
            "system": system,
            "errors": errors,
            "text": text,
        },
        status=400 if errors else 200,
    )


def _import_text(request: HttpRequest, game_obj: Game, system: GameSystem) -> HttpResponse:
    """The paste box: a plain-text list or decklist becomes a new list, or the page
    names every line it could not match and keeps the text to fix."""
    text = request.POST.get("text", "")
    name = request.POST.get("name", "")
    try:
        saved_list = services.list_import_text(
            owner=request.user, game=game_obj, text=text, name=name
        )
    except RuleError as exc:
        return render(
            request,
            "armies/import.html",
            {
                "game": game_obj,
                "system": system,
                "text_errors": exc.errors,
                "plain_text": text,
                "plain_name": name,
            },
            status=400,
        )
    messages.success(request, f"Imported {saved_list.name} from the pasted text.")
    return redirect(saved_list)


def gallery(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, system = _game(game)
    q = request.GET.get("q", "").strip()
    sort = request.GET.get("sort", "new")
    sort = sort if sort in selectors.GALLERY_SORTS else "new"
    return render(
        request,
        "armies/gallery.html",
        {
            "game": game_obj,
            "system": system,
            "q": q,
            "sort": sort,
            "sorts": [(key, label) for key, (label, _) in selectors.GALLERY_SORTS.items()],
            "lists": selectors.gallery(game=game_obj, q=q, sort=sort)[:100],
        },
    )


@login_required
def collection(request: HttpRequest, game: str) -> HttpResponse:
    """The player's models of this game's units: printed, bought, painted."""
    game_obj, system = _game(game)
    units = selectors.collectable_units(game=game_obj)
    if request.method == "POST":
        try:
            services.collection_set(
                owner=request.user,
                game=game_obj,
                unit=request.POST.get("unit", ""),
                name=request.POST.get("name", ""),
                printed=_count(request.POST.get("printed")),
                bought=_count(request.POST.get("bought")),
                painted=_count(request.POST.get("painted")),
            )
        except RuleError as exc:
            for path, message in exc.errors.items():
                messages.error(request, f"{path}: {message}")
        return redirect("armies:collection", game_obj.slug)
    owned = {c.unit: c for c in request.user.collection.filter(game=game_obj)}
    return render(
        request,
        "armies/collection.html",
        {
            "game": game_obj,
            "system": system,
            "rows": [(unit, owned.get(unit["slug"])) for unit in units],
        },
    )


def _count(raw: str | None) -> Any:
    try:
        return int(raw or 0)
    except ValueError:
        return raw  # the service names the field
