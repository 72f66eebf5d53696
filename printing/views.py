"""Pages of the print shop: the print form, a job's progress (htmx polling), the download.

Every page that makes a job is a POST. A job page is read through ``sweep.recover`` (a job
whose worker was lost is taken up again, or failed, as it is shown). A broker that cannot
be reached is a 503 page saying to try again; params beyond the rules a 400 by field.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from companion.games.base import RuleError
from printing import offers, selectors, services
from printing.dispatch import ServiceUnavailable
from printing.layout import CARD_SIZES, PAPERS
from printing.models import PrintJob
from printing.producers import UnknownProducer, get_producer
from printing.sources import SourceError
from printing.sweep import recover


def _job(request: HttpRequest, pk: int) -> PrintJob:
    job = selectors.job_for_viewer(pk=pk, user=request.user)
    if job is None:
        raise Http404("No such print job.")
    return recover(job)


def unavailable(request: HttpRequest, exc: ServiceUnavailable, back: str = "") -> HttpResponse:
    """503: the print service (its broker) is not reachable; nothing was queued."""
    template = "printing/_unavailable.html" if request.headers.get("HX-Request") else None
    return render(
        request,
        template or "printing/unavailable.html",
        {"message": exc.message, "back_url": back or request.get_full_path()},
        status=503,
    )


def _context(request: HttpRequest, job: PrintJob) -> dict[str, object]:
    return {"job": job, "can_retry": selectors.can_retry(job, request.user)}


def _about(job: PrintJob) -> dict[str, str]:
    """What a job page names: the kind of file in words, what it prints, and a way back."""
    try:
        kind = get_producer(job.kind).title
    except UnknownProducer:
        kind = job.kind
    params = job.params if isinstance(job.params, dict) else {}
    listed = params.get("list") if isinstance(params.get("list"), dict) else {}
    army = params.get("army") if isinstance(params.get("army"), dict) else {}
    game = str(params.get("game") or "")
    back, back_label = "", "Print settings"
    if job.kind == "stl-bundle" and listed.get("id"):  # made on a list's 3D bundle page
        page = "stl:missing" if "collection" in params else "stl:bundle"
        back, back_label = reverse(page, args=[listed["id"]]), "Bundle settings"
    elif job.kind.startswith("stl"):
        back_label = ""
    elif listed.get("id"):
        back = reverse("printing:form", args=["list", listed["id"]])
    elif game:
        back = reverse("printing:form", args=["game", game])
    about = str(listed.get("name") or army.get("title") or "")
    return {"kind_title": kind, "about": about, "back_url": back, "back_label": back_label}


def job_page(request: HttpRequest, pk: int) -> HttpResponse:
    job = _job(request, pk)
    return render(request, "printing/job.html", {**_context(request, job), **_about(job)})


def job_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The status panel alone: what the progress bar polls."""
    job = _job(request, pk)
    return render(request, "printing/_status.html", _context(request, job))


def download(request: HttpRequest, pk: int) -> FileResponse:
    return file_response(_job(request, pk))


def file_response(job: PrintJob) -> FileResponse:
    """The job's file as an attachment; 404 while it is not made (or was cleaned away)."""
    if not job.is_done or not job.file:
        raise Http404("The file is not ready.")
    try:
        handle = job.file.open("rb")
    except FileNotFoundError:
        raise Http404("The file is gone; ask for it again.") from None
    response = FileResponse(
        handle, as_attachment=True, filename=job.filename, content_type=job.content_type
    )
    response["Cache-Control"] = "private, no-store" if job.is_private else "public, max-age=3600"
    return response


@require_POST
def retry(request: HttpRequest, pk: int) -> HttpResponse:
    job = _job(request, pk)
    if not selectors.can_retry(job, request.user):
        raise Http404("Only the job's owner can retry it.")
    try:
        job = services.job_retry(job)
    except ServiceUnavailable as exc:
        return unavailable(request, exc, back=job.get_absolute_url())
    if request.headers.get("HX-Request"):
        return render(request, "printing/_status.html", _context(request, job))
    return redirect(job)


@require_http_methods(["GET", "POST"])
def print_form(request: HttpRequest, source: str, ref: str) -> HttpResponse:
    """The settings form for a list (``source="list"``) or a game's kit (``"game"``)."""
    token = request.GET.get("token") or request.POST.get("token", "")
    try:
        offer = offers.offer_for(source, ref, request.user, token=token)
    except SourceError:
        raise Http404("Nothing to print here.") from None
    if offer.private and not request.user.is_authenticated:
        # a private print is kept for its owner only: a guest signs in first
        return redirect_to_login(request.get_full_path())
    form = offers.PrintForm(request.POST or None, choices=offer.choices, players=offer.players)
    job = None
    if request.method == "POST" and form.is_valid():
        kind, params, private = offers.resolve(
            offer, form.cleaned_data, base_url=request.build_absolute_uri("/")
        )
        try:
            job = services.job_request(
                kind=kind, params=params, owner=request.user, is_private=private
            )
        except ServiceUnavailable as exc:
            return unavailable(request, exc)
        except RuleError as exc:
            for field, message in exc.errors.items():
                form.add_error(field if field in form.fields else None, message)
        else:
            if request.headers.get("HX-Request"):
                return render(request, "printing/_status.html", _context(request, job))
            return redirect(job)
    return render(
        request,
        "printing/print_form.html",
        {"offer": offer, "form": form, "token": token},
        status=400 if request.method == "POST" else 200,
    )


class CalibrationForm(forms.Form):
    paper = forms.ChoiceField(label="Paper", choices=[(k, v.title) for k, v in PAPERS.items()])
    card = forms.ChoiceField(
        label="Card size", choices=[(k, v.title) for k, v in CARD_SIZES.items()], initial="poker"
    )


@require_http_methods(["GET", "POST"])
def calibrate(request: HttpRequest) -> HttpResponse:
    """The duplex calibration page: a GET shows the choice of paper and card size, the
    POST makes the job (one shared file per paper and card size). A GET never makes one."""
    if request.method == "GET":
        initial = {k: request.GET[k] for k in ("paper", "card") if request.GET.get(k)}
        form = CalibrationForm(initial=initial)
    else:
        form = CalibrationForm(request.POST)
        if form.is_valid():
            try:
                job = services.job_request(
                    kind="calibration-pdf",
                    params={"settings": dict(form.cleaned_data)},
                    owner=request.user,
                )
            except ServiceUnavailable as exc:
                return unavailable(request, exc)
            return redirect(job)
    status = 400 if request.method == "POST" else 200
    return render(request, "printing/calibrate.html", {"form": form}, status=status)
