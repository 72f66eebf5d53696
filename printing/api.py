"""REST API of print jobs: ask for a file, follow its progress, download it.

A job is read through ``sweep.recover`` (a job whose worker was lost is taken up again or
failed with its reason, then retryable); params beyond the rules answer 400 by field, and
a broker that cannot be reached 503 (``PrintServiceUnavailable``), leaving no job.
"""

from __future__ import annotations

from typing import Any

from django.http import FileResponse, Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, NotAuthenticated, NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api_schema import errors
from companion.games.base import RuleError
from printing import offers, selectors, services, views
from printing.dispatch import UNAVAILABLE, ServiceUnavailable
from printing.models import PrintJob
from printing.producers import UnknownProducer
from printing.sources import SourceError
from printing.sweep import recover


class PrintServiceUnavailable(APIException):
    """503: the broker that hands jobs to workers is not reachable; nothing was queued."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = UNAVAILABLE
    default_code = "print_service_unavailable"


def refusal(exc: RuleError, prefix: str = "") -> ValidationError:
    """A 400 naming each refused param (``params.settings.back_dx``: the limit)."""
    return ValidationError(
        {
            field if field.startswith(prefix) else f"{prefix}{field}": [message]
            for field, message in exc.errors.items()
        }
    )


class JobSerializer(serializers.ModelSerializer):
    status_url = serializers.SerializerMethodField()
    download_url = serializers.SerializerMethodField()

    class Meta:
        model = PrintJob
        fields = [
            "id",
            "kind",
            "status",
            "progress",
            "message",
            "error",
            "filename",
            "content_type",
            "is_private",
            "created",
            "finished",
            "status_url",
            "download_url",
        ]

    def get_status_url(self, job: PrintJob) -> str:
        return f"/api/print/jobs/{job.pk}/"

    def get_download_url(self, job: PrintJob) -> str | None:
        return f"/api/print/jobs/{job.pk}/download/" if job.is_done else None


class JobRequestSerializer(serializers.Serializer):
    """Either a producer ``kind`` with its ``params``, or a ``source`` ("list" with the
    list's id, or "game" with its slug) and the print settings of the print form."""

    kind = serializers.CharField(required=False)
    params = serializers.JSONField(required=False)
    private = serializers.BooleanField(required=False, default=False)
    source = serializers.ChoiceField(choices=["list", "game"], required=False)
    ref = serializers.CharField(required=False)
    token = serializers.CharField(required=False, allow_blank=True, default="")
    settings = serializers.JSONField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if bool(attrs.get("kind")) == bool(attrs.get("source")):
            raise ValidationError("Give either kind and params, or source and ref.")
        if attrs.get("source") and not attrs.get("ref"):
            raise ValidationError({"ref": ["The list's id or the game's slug."]})
        if attrs.get("kind") and not isinstance(attrs.get("params", {}), dict):
            raise ValidationError({"params": ["Must be an object."]})
        return attrs


JOB_ANSWERS = {
    200: OpenApiResponse(JobSerializer, description="The job is done or failed."),
    202: OpenApiResponse(JobSerializer, description="The job is queued or running."),
}
FILE_TYPES = ("application/pdf", "application/zip", "model/stl")


def _job(request: Request, pk: int) -> PrintJob:
    job = selectors.job_for_viewer(pk=pk, user=request.user)
    if job is None:
        raise NotFound("No such print job.")
    return recover(job)


def _answer(job: PrintJob, request: Request) -> Response:
    job.refresh_from_db()
    code = status.HTTP_200_OK if job.is_done or job.is_failed else status.HTTP_202_ACCEPTED
    return Response(JobSerializer(job, context={"request": request}).data, status=code)


class JobListView(APIView):
    serializer_class = JobRequestSerializer

    @extend_schema(
        request=JobRequestSerializer,
        responses={**JOB_ANSWERS, **errors(404, 503)},
        description="A finished job with the same input is answered at once (the cache).",
    )
    def post(self, request: Request) -> Response:
        given = JobRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        base_url = request.build_absolute_uri("/")
        if data.get("kind"):
            kind, params, private = data["kind"], data.get("params") or {}, data["private"]
            if private and not request.user.is_authenticated:
                raise ValidationError({"private": ["Sign in to keep a print private."]})
        else:
            try:
                offer = offers.offer_for(
                    data["source"], data["ref"], request.user, token=data["token"]
                )
            except SourceError:
                raise NotFound("Nothing to print here.") from None
            if offer.private and not request.user.is_authenticated:
                raise NotAuthenticated("Sign in to print a list that is not public.")
            form = offers.PrintForm(
                offers.form_data(data.get("settings") or {}, offer),
                choices=offer.choices,
                players=offer.players,
            )
            if not form.is_valid():
                raise ValidationError(form.errors.get_json_data())
            kind, params, private = offers.resolve(offer, form.cleaned_data, base_url=base_url)
        try:
            job = services.job_request(
                kind=kind, params=params, owner=request.user, is_private=private
            )
        except UnknownProducer:
            raise ValidationError({"kind": [f"Unknown kind {kind!r}."]}) from None
        except RuleError as exc:
            raise refusal(exc, "params." if data.get("kind") else "") from None
        except ServiceUnavailable as exc:
            raise PrintServiceUnavailable(exc.message) from None
        return _answer(job, request)


class JobDetailView(APIView):
    @extend_schema(responses=JOB_ANSWERS)
    def get(self, request: Request, pk: int) -> Response:
        return _answer(_job(request, pk), request)


class JobRetryView(APIView):
    @extend_schema(request=None, responses={**JOB_ANSWERS, **errors(400, 503)})
    def post(self, request: Request, pk: int) -> Response:
        job = _job(request, pk)
        if not selectors.can_retry(job, request.user):
            raise ValidationError("Only a failed job can be retried, by its owner.")
        try:
            return _answer(services.job_retry(job), request)
        except ServiceUnavailable as exc:
            raise PrintServiceUnavailable(exc.message) from None


class JobDownloadView(APIView):
    @extend_schema(
        responses={(200, kind): OpenApiTypes.BINARY for kind in FILE_TYPES},
        description="The job's file, once it is done (404 before).",
    )
    def get(self, request: Request, pk: int) -> FileResponse:
        try:
            return views.file_response(_job(request, pk))
        except Http404 as exc:
            raise NotFound(str(exc)) from None
