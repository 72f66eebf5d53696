"""REST API of 3D printing: the parametric models, their checks, designs, and bundles."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.api import rule_error_to_validation
from companion.api_schema import ApiErrorSerializer, errors
from companion.games.base import RuleError
from companion.inputs import object_id
from companion.parsers import LimitedJSONParser
from printing.api import PrintServiceUnavailable
from printing.dispatch import ServiceUnavailable
from printing.models import JobStatus
from printing.sources import SourceError, visible_list
from printing.stl import selectors, services, upload_check
from printing.stl.models import Design, Licence
from printing.stl.params import all_models


class FindingSerializer(serializers.Serializer):
    code = serializers.CharField()
    ok = serializers.BooleanField()
    blocking = serializers.BooleanField(required=False, help_text="A failed one refuses a file.")
    message = serializers.CharField()


class MeshReportSerializer(serializers.Serializer):
    """Printability of a mesh, measured on it."""

    ok = serializers.BooleanField()
    triangles = serializers.IntegerField()
    volume_mm3 = serializers.FloatField()
    size_mm = serializers.ListField(child=serializers.FloatField(), min_length=3, max_length=3)
    min_thickness_mm = serializers.FloatField(allow_null=True)
    findings = FindingSerializer(many=True)


class DesignReportSerializer(serializers.Serializer):
    """Every finding of the upload check, as kept with an accepted design."""

    format = serializers.CharField(allow_blank=True, help_text='"binary" or "ascii".')
    triangles = serializers.IntegerField()
    size_mm = serializers.ListField(child=serializers.FloatField())
    volume_mm3 = serializers.FloatField()
    min_thickness_mm = serializers.FloatField(allow_null=True)
    findings = FindingSerializer(many=True)


class UploadReportSerializer(DesignReportSerializer):
    """Every finding of the upload check, and whether it accepts the file."""

    accepted = serializers.BooleanField()


class UploadRefusedSerializer(serializers.Serializer):
    file = serializers.ListField(child=serializers.CharField(), help_text="Why it is refused.")
    report = UploadReportSerializer()


class ParamSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    type = serializers.ChoiceField(choices=["float", "int", "choice", "bool", "text"])
    default = serializers.JSONField(allow_null=True, help_text="A number, text or boolean.")
    min = serializers.FloatField(allow_null=True)
    max = serializers.FloatField(allow_null=True)
    step = serializers.FloatField()
    choices = serializers.ListField(child=serializers.CharField())
    help = serializers.CharField(allow_blank=True)


class Model3DSerializer(serializers.Serializer):
    game = serializers.CharField()
    slug = serializers.CharField()
    name = serializers.CharField()
    group = serializers.CharField(allow_blank=True)
    description = serializers.CharField(allow_blank=True)
    size = serializers.CharField(allow_blank=True)
    params = ParamSerializer(many=True)


class ModelCheckSerializer(serializers.Serializer):
    values = serializers.DictField(help_text="Every parameter's value, defaults filled in.")
    report = MeshReportSerializer()
    bytes = serializers.IntegerField(help_text="Size of the STL file.")


class BundleJobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=JobStatus.choices)
    progress = serializers.IntegerField()
    status_url = serializers.CharField()
    download_url = serializers.CharField(allow_null=True)


class DesignSerializer(serializers.ModelSerializer):
    author = serializers.CharField(source="author.username", read_only=True)
    game = serializers.CharField(source="entry.game.slug", read_only=True)
    entry_name = serializers.CharField(source="entry.name", read_only=True)
    licence_url = serializers.CharField(read_only=True)
    download_url = serializers.SerializerMethodField()
    thumbnail_url = serializers.SerializerMethodField()

    class Meta:
        model = Design
        fields = [
            "id",
            "entry",
            "entry_name",
            "game",
            "title",
            "description",
            "author",
            "licence",
            "licence_url",
            "file_format",
            "file_size",
            "triangles",
            "size_x",
            "size_y",
            "size_z",
            "volume",
            "report",
            "download_count",
            "created",
            "download_url",
            "thumbnail_url",
        ]

    report = DesignReportSerializer(read_only=True)

    def get_download_url(self, design: Design) -> str:
        return reverse("stl:design-download", args=[design.pk])

    def get_thumbnail_url(self, design: Design) -> str:
        return reverse("stl:design-thumbnail", args=[design.pk])


class DesignUploadSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    title = serializers.CharField(max_length=120)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    licence = serializers.ChoiceField(choices=Licence.choices, default=Licence.CC_BY)
    file = serializers.FileField(max_length=200)


class ModelListView(APIView):
    """Every parametric model of every game, with its parameters (defaults, ranges, help)."""

    @extend_schema(responses=Model3DSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response([m.as_dict() for m in all_models().values()])


class ModelCheckView(APIView):
    """Build a model from JSON parameters and answer its printability checks (400: bad
    parameters, by field)."""

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses=ModelCheckSerializer,
        description="The body maps parameter names (see /api/stl/models/) to values.",
    )
    def post(self, request: Request, game: str, slug: str) -> Response:
        model = services.model_or_none(game, slug)
        if model is None:
            raise NotFound("No such model.")
        raw = request.data if isinstance(request.data, dict) else {}
        try:
            values, data, report, _ = services.model_build(model, dict(raw))
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response({"values": values, "report": report, "bytes": len(data)})


class DesignListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [MultiPartParser, FormParser, LimitedJSONParser]

    @extend_schema(
        operation_id="stl_designs_list",
        parameters=[OpenApiParameter("entry", int, description="Only designs of this unit.")],
        responses=DesignSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        designs = selectors.visible_designs(request.user)
        entry = object_id(request.query_params.get("entry"))
        if entry is not None:
            designs = designs.filter(entry_id=entry)
        return Response(DesignSerializer(designs[:200], many=True).data)

    @extend_schema(
        request=DesignUploadSerializer,
        responses={
            201: DesignSerializer,
            400: OpenApiResponse(
                PolymorphicProxySerializer(
                    component_name="UploadError",
                    serializers=[ApiErrorSerializer, UploadRefusedSerializer],
                    resource_type_field_name=None,
                ),
                description="Bad fields, or the file refused with every finding.",
            ),
        },
    )
    def post(self, request: Request) -> Response:
        """Upload a design: 201 with the design, or 400 with every finding of the check."""
        incoming = DesignUploadSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        entry = selectors.uploadable_entries(request.user).filter(pk=data["entry"]).first()
        if entry is None:
            return Response({"entry": ["No such unit."]}, status=status.HTTP_400_BAD_REQUEST)
        upload = data["file"]
        if upload.size > upload_check.MAX_BYTES:
            return Response(
                {"file": [f"At most {upload_check.MAX_BYTES // 2**20} MB."]},
                status=status.HTTP_400_BAD_REQUEST,
            )
        try:
            design = services.design_upload(
                author=request.user,
                entry=entry,
                title=data["title"],
                description=data["description"],
                licence=data["licence"],
                data=upload.read(),
                filename=upload.name,
            )
        except services.UploadRefused as exc:
            return Response(
                {
                    "file": [
                        f["message"]
                        for f in exc.report["findings"]
                        if f["blocking"] and not f["ok"]
                    ],
                    "report": exc.report,
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        return Response(DesignSerializer(design).data, status=status.HTTP_201_CREATED)


class DesignDetailView(APIView):
    @extend_schema(responses=DesignSerializer)
    def get(self, request: Request, pk: int) -> Response:
        design = selectors.design_for_viewer(pk=pk, user=request.user)
        if design is None:
            raise NotFound("No such design.")
        return Response(DesignSerializer(design).data)


class BundleSerializer(serializers.Serializer):
    grouping = serializers.ChoiceField(choices=["unit", "type"], default="unit")
    bed = serializers.ListField(
        child=serializers.FloatField(), min_length=2, max_length=2, required=False, allow_null=True
    )
    min_feature = serializers.FloatField(default=0.8)
    token = serializers.CharField(required=False, allow_blank=True, default="")


class BundleView(APIView):
    """Ask for a list's bundle: the print job (follow it at ``/api/print/jobs/<id>/``)."""

    @extend_schema(
        request=BundleSerializer, responses={201: BundleJobSerializer, **errors(403, 503)}
    )
    def post(self, request: Request, pk: int) -> Response:
        incoming = BundleSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data: dict[str, Any] = incoming.validated_data
        try:
            saved_list = visible_list(pk=pk, user=request.user, token=data["token"])
        except SourceError:
            raise NotFound("No such list.") from None
        if not selectors.has_pieces(saved_list.game.slug):
            raise NotFound(f"{saved_list.game.name} has no printable pieces.")
        if saved_list.visibility != "public" and not request.user.is_authenticated:
            return Response(
                {"detail": "Sign in to print a list that is not public."},
                status=status.HTTP_403_FORBIDDEN,
            )
        try:
            job = services.bundle_request(
                saved_list=saved_list,
                user=request.user,
                grouping=data["grouping"],
                bed=tuple(data["bed"]) if data.get("bed") else None,
                min_feature=data["min_feature"],
            )
        except RuleError as exc:
            raise rule_error_to_validation(exc) from exc
        except ServiceUnavailable as exc:
            raise PrintServiceUnavailable(exc.message) from None
        return Response(
            {
                "id": job.pk,
                "status": job.status,
                "progress": job.progress,
                "status_url": f"/api/print/jobs/{job.pk}/",
                "download_url": f"/api/print/jobs/{job.pk}/download/" if job.is_done else None,
            },
            status=status.HTTP_201_CREATED,
        )
