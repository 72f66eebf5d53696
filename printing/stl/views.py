"""Pages of 3D printing: the model customizer, uploaded designs, army bundles, and a
bundle of only the models a player's collection lacks for a list."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from catalog.models import Entry
from companion.games.base import RuleError
from companion.games.registry import all_games
from companion.inputs import object_id
from printing import views as print_views
from printing.dispatch import ServiceUnavailable
from printing.sources import SourceError, visible_list
from printing.stl import selectors, services, sizes
from printing.stl.forms import BundleForm, DesignUploadForm, MissingBundleForm
from printing.stl.params import all_models


def _model(game: str, slug: str) -> Any:
    model = services.model_or_none(game, slug)
    if model is None:
        raise Http404("No such model.")
    return model


def _raw(request: HttpRequest, model: Any) -> dict[str, Any]:
    """The model's parameters from the query string; unchecked booleans arrive as absent."""
    names = {p.name for p in model.params}
    raw = {k: v for k, v in request.GET.items() if k in names}
    if request.GET.get("_set"):  # the customizer form was sent: a missing box means off
        for p in model.params:
            if p.type == "bool" and p.name not in raw:
                raw[p.name] = "false"
    return raw


def index(request: HttpRequest) -> HttpResponse:
    games = all_games()
    groups: dict[str, list[Any]] = {}
    for (game, _), model in all_models().items():
        groups.setdefault(game, []).append(model)
    return render(
        request,
        "stl/index.html",
        {
            "groups": [(games[g], models) for g, models in groups.items()],
            "designs": selectors.visible_designs(request.user)[:12],
            "sizes": sizes.TABLE.values(),
        },
    )


def customizer(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    model = _model(game, slug)
    raw = _raw(request, model)
    try:
        values, _, report, png = services.model_build(model, raw)
        errors: dict[str, str] = {}
    except RuleError as exc:
        values, report, png, errors = {**model.defaults(), **raw}, None, "", exc.errors
    fields = [
        {
            "param": p,
            "value": values.get(p.name, p.default),
            "error": errors.get(p.name, ""),
            "hidden": p.when is not None and str(values.get(p.when[0])) not in p.when[1],
        }
        for p in model.params
    ]
    unit = _unit_for(request, game)
    return render(
        request,
        "stl/customizer.html",
        {
            "model": model,
            "game": all_games()[game],
            "unit": unit,
            "fields": fields,
            "report": report,
            "thumbnail": png,
            "query": request.GET.urlencode(),
            "size": sizes.TABLE.get(model.size_key(values)),
        },
        status=400 if errors else 200,
    )


def _unit_for(request: HttpRequest, game: str) -> Entry | None:
    """The entry a customizer was opened for (``?for=<pk>``), when the viewer may see it."""
    pk = object_id(request.GET.get("for"))
    if pk is None:
        return None
    return Entry.objects.visible_to(request.user).filter(pk=pk, game__slug=game).first()


def entry_url(entry: Entry) -> str | None:
    """The customizer prefilled with a stand-in for ``entry``; None when it has none."""
    found = selectors.entry_print(entry)
    if found is None:
        return None
    model, values = found
    query = urlencode({**_as_query(values), "for": entry.pk})
    return f"{reverse('stl:customizer', args=[model.game, model.slug])}?{query}"


def _as_query(values: dict[str, Any]) -> dict[str, str]:
    return {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in values.items()}


def preview(request: HttpRequest, game: str, slug: str) -> JsonResponse:
    """What the customizer shows after each change: checks, thumbnail, download address."""
    model = _model(game, slug)
    try:
        values, data, report, png = services.model_build(model, _raw(request, model))
    except RuleError as exc:
        return JsonResponse({"errors": exc.errors}, status=400)
    query = "&".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in values.items()
    )
    return JsonResponse(
        {
            "values": values,
            "report": report,
            "thumbnail": f"data:image/png;base64,{png}",
            "stl_url": reverse("stl:model-stl", args=[game, slug]) + "?" + query,
            "bytes": len(data),
        }
    )


def model_stl(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    model = _model(game, slug)
    try:
        _, data, _, _ = services.model_build(model, _raw(request, model))
    except RuleError as exc:
        return JsonResponse({"errors": exc.errors}, status=400)
    response = HttpResponse(data, content_type="model/stl")
    inline = request.GET.get("inline") == "1"
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{game}-{slug}.stl"'
    return response


# ---- designs --------------------------------------------------------------------------------


def design_list(request: HttpRequest) -> HttpResponse:
    designs = selectors.visible_designs(request.user)
    entry_pk = object_id(request.GET.get("entry"))
    entry = None
    if entry_pk is not None:
        designs = designs.filter(entry_id=entry_pk)
        entry = Entry.objects.visible_to(request.user).filter(pk=entry_pk).first()
    game = request.GET.get("game", "")
    if game:
        designs = designs.filter(entry__game__slug=game)
    return render(
        request,
        "stl/design_list.html",
        {
            "designs": designs[:200],
            "game": game,
            "entry": entry,
            "proxy_url": entry_url(entry) if entry is not None else None,
        },
    )


def _design(request: HttpRequest, pk: int) -> Any:
    design = selectors.design_for_viewer(pk=pk, user=request.user)
    if design is None:
        raise Http404("No such design.")
    return design


def design_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "stl/design_detail.html", {"design": _design(request, pk)})


def _file(field: Any, content_type: str, filename: str, attachment: bool) -> FileResponse:
    try:
        handle = field.open("rb")
    except FileNotFoundError:
        raise Http404("The file is gone.") from None
    return FileResponse(
        handle, as_attachment=attachment, filename=filename, content_type=content_type
    )


def design_download(request: HttpRequest, pk: int) -> FileResponse:
    design = _design(request, pk)
    services.design_counted_download(design)
    return _file(design.file, "model/stl", design.file.name.rsplit("/", 1)[-1], True)


def design_model(request: HttpRequest, pk: int) -> FileResponse:
    """The STL for the page's 3D view (not counted as a download)."""
    design = _design(request, pk)
    return _file(design.file, "model/stl", "model.stl", False)


def design_thumbnail(request: HttpRequest, pk: int) -> FileResponse:
    design = _design(request, pk)
    return _file(design.thumbnail, "image/png", "thumbnail.png", False)


@login_required
def design_upload(request: HttpRequest) -> HttpResponse:
    entries = selectors.uploadable_entries(request.user, request.GET.get("game", ""))
    initial = {}
    if request.GET.get("entry", "").isdigit():
        initial["entry"] = int(request.GET["entry"])
    form = DesignUploadForm(
        request.POST or None, request.FILES or None, entries=entries, initial=initial
    )
    report = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            design = services.design_upload(
                author=request.user,
                entry=form.cleaned_data["entry"],
                title=form.cleaned_data["title"],
                description=form.cleaned_data["description"],
                licence=form.cleaned_data["licence"],
                data=upload.read(),
                filename=upload.name,
            )
        except services.UploadRefused as exc:
            report = exc.report
        except RuleError as exc:
            for field, message in exc.errors.items():
                form.add_error(field if field in form.fields else None, message)
        else:
            return redirect(design)
    status = 400 if request.method == "POST" else 200
    return render(request, "stl/upload.html", {"form": form, "report": report}, status=status)


@require_POST
@login_required
def design_delete(request: HttpRequest, pk: int) -> HttpResponse:
    design = _design(request, pk)
    if design.author_id != request.user.pk:
        raise Http404("Only the author may delete a design.")
    services.design_delete(design)
    return redirect("stl:designs")


# ---- bundles --------------------------------------------------------------------------------


def bundle(request: HttpRequest, pk: int) -> HttpResponse:
    token = request.GET.get("token") or request.POST.get("token", "")
    try:
        saved_list = visible_list(pk=pk, user=request.user, token=token)
    except SourceError:
        raise Http404("No such list.") from None
    if not selectors.has_pieces(saved_list.game.slug):
        raise Http404(f"{saved_list.game.name} has no printable pieces.")
    form = BundleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not request.user.is_authenticated and saved_list.visibility != "public":
            return redirect(f"{reverse('login')}?next={request.path}")
        data = form.cleaned_data
        bed = (data["bed_width"], data["bed_depth"]) if data["plates"] else None
        try:
            job = services.bundle_request(
                saved_list=saved_list,
                user=request.user,
                grouping=data["grouping"],
                bed=bed,
                min_feature=data["min_feature"],
            )
        except ServiceUnavailable as exc:
            return print_views.unavailable(request, exc)
        except RuleError as exc:
            for field, message in exc.errors.items():
                form.add_error(field if field in form.fields else None, message)
        else:
            return redirect(job)
    return render(
        request,
        "stl/bundle.html",
        {"form": form, "saved_list": saved_list, "token": token},
        status=400 if request.method == "POST" else 200,
    )


def missing_bundle(request: HttpRequest, pk: int) -> HttpResponse:
    """The list's collection (needed, owned, missing) and a bundle of what is missing.

    Only the list's owner: anyone else, whatever the list's sharing, gets 404. A post with
    ``quick`` takes the form's defaults (the one-tap button on the list's page).
    """
    saved_list = selectors.own_list(pk=pk, user=request.user)
    if saved_list is None or not selectors.has_pieces(saved_list.game.slug):
        raise Http404("No such list.")
    rows = selectors.list_collection(saved_list, request.user)
    posted = request.method == "POST"
    data = MissingBundleForm.defaults() if posted and request.POST.get("quick") else request.POST
    form = MissingBundleForm(data if posted else None)
    if posted and form.is_valid():
        try:
            if not rows:
                raise RuleError({"list": "This list names no models a collection counts."})
            job = services.missing_bundle_request(
                saved_list=saved_list, user=request.user, rows=rows, data=form.cleaned_data
            )
        except ServiceUnavailable as exc:
            return print_views.unavailable(request, exc)
        except RuleError as exc:
            for field, message in exc.errors.items():
                form.add_error(field if field in form.fields else None, message)
        else:
            return redirect(job)
    return render(
        request,
        "stl/missing.html",
        {
            "form": form,
            "saved_list": saved_list,
            "rows": rows,
            "needed": sum(r["needed"] for r in rows),
            "missing": sum(r["missing"] for r in rows),
        },
        status=400 if posted else 200,
    )


def entry_designs(request: HttpRequest, pk: int) -> HttpResponse:
    entry = Entry.objects.visible_to(request.user).filter(pk=pk).first()
    if entry is None:
        raise Http404("No such entry.")
    return redirect(f"{reverse('stl:designs')}?entry={entry.pk}")
