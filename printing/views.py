"""Pages of the print shop: the print form, a job's progress (htmx polling), the download."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from printing import offers, selectors, services
from printing.layout import CARD_SIZES, PAPERS
from printing.models import PrintJob
from printing.sources import SourceError


def _job(request: HttpRequest, pk: int) -> PrintJob:
    job = selectors.job_for_viewer(pk=pk, user=request.user)
    if job is None:
        raise Http404("No such print job.")
    return job


def _context(request: HttpRequest, job: PrintJob) -> dict[str, object]:
    return {"job": job, "can_retry": selectors.can_retry(job, request.user)}


def job_page(request: HttpRequest, pk: int) -> HttpResponse:
    job = _job(request, pk)
    return render(request, "printing/job.html", _context(request, job))


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
    job = services.job_retry(job)
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
        job = services.job_request(kind=kind, params=params, owner=request.user, is_private=private)
        if request.headers.get("HX-Request"):
            return render(request, "printing/_status.html", _context(request, job))
        return redirect(job)
    return render(
        request,
        "printing/print_form.html",
        {"offer": offer, "form": form, "token": token},
        status=400 if request.method == "POST" else 200,
    )


def calibrate(request: HttpRequest) -> HttpResponse:
    """The duplex calibration page as a job (one shared file per paper and card size)."""
    paper = request.GET.get("paper", "a4")
    card = request.GET.get("card", "poker")
    if paper not in PAPERS or card not in CARD_SIZES:
        raise Http404("No such paper or card size.")
    job = services.job_request(
        kind="calibration-pdf",
        params={"settings": {"paper": paper, "card": card}},
        owner=request.user,
    )
    return redirect(job)
