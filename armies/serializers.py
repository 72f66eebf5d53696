"""API shapes of saved lists: the list, its versions, import/export documents, collection."""

from __future__ import annotations

from rest_framework import serializers

from armies.models import CollectionItem, ListVersion, ListVisibility, SavedList
from armies.services import MAX_NOTES
from companion.api_fields import BoundedJSONField
from companion.body_limits import LIST_BODY_BYTES

# Versions a list may reach: a version per save, quick taps coalesced.
MAX_VERSIONS = 1_000_000


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    severity = serializers.ChoiceField(choices=["error", "warning"])
    message = serializers.CharField()
    path = serializers.CharField(allow_blank=True)


class ReportSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    figures = serializers.DictField()
    problems = ProblemSerializer(many=True)


class ListSummarySerializer(serializers.ModelSerializer):
    """A list in listings: no body, no report, so listings stay one query."""

    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    owner = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = SavedList
        fields = [
            "id",
            "game",
            "owner",
            "name",
            "notes",
            "visibility",
            "legal",
            "total",
            "version",
            "copy_count",
            "updated",
        ]
        read_only_fields = ["copy_count"]


def _object(value: object) -> object:
    if not isinstance(value, dict):
        raise serializers.ValidationError("Expected a JSON object.")
    return value


class ListInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    notes = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=MAX_NOTES
    )
    visibility = serializers.ChoiceField(
        choices=ListVisibility.choices, required=False, default=ListVisibility.PRIVATE
    )
    body = BoundedJSONField(
        max_bytes=LIST_BODY_BYTES,
        required=False,
        default=dict,
        help_text="The game's list, as in an export's `list`.",
    )

    def validate_body(self, value: object) -> object:
        return _object(value)


class ListUpdateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False)
    notes = serializers.CharField(required=False, allow_blank=True, max_length=MAX_NOTES)
    visibility = serializers.ChoiceField(choices=ListVisibility.choices, required=False)
    body = BoundedJSONField(max_bytes=LIST_BODY_BYTES, required=False)

    def validate_body(self, value: object) -> object:
        return _object(value)


class CatalogueChangeSerializer(serializers.Serializer):
    entry = serializers.CharField()
    name = serializers.CharField()
    change = serializers.ChoiceField(choices=["price", "profile", "removed"])
    before = serializers.IntegerField(allow_null=True)
    after = serializers.IntegerField(allow_null=True)
    fields = serializers.ListField(child=serializers.CharField())


class ListDetailSerializer(serializers.Serializer):
    """One list as the viewer may see it, checked against today's catalogue."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    owner = serializers.CharField()
    is_owner = serializers.BooleanField()
    name = serializers.CharField()
    notes = serializers.CharField(allow_blank=True)
    visibility = serializers.ChoiceField(choices=ListVisibility.choices)
    share_url = serializers.CharField(allow_null=True)
    version = serializers.IntegerField()
    catalogue_version = serializers.CharField(allow_blank=True)
    catalogue_changed = serializers.BooleanField()
    changes = CatalogueChangeSerializer(many=True)
    body = serializers.DictField()
    report = ReportSerializer()
    updated = serializers.DateTimeField()


class VersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = ListVersion
        fields = ["number", "name", "legal", "total", "catalogue_version", "note", "created"]


class RestoreSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, max_value=MAX_VERSIONS)


class DocumentSerializer(serializers.Serializer):
    """The export format: one JSON document per list, versioned."""

    format = serializers.CharField(help_text='Always "muster-list".')
    version = serializers.IntegerField(help_text="Format version: 1.")
    game = serializers.CharField(help_text="The game's slug.")
    name = serializers.CharField()
    notes = serializers.CharField(required=False, allow_blank=True)
    catalogue_version = serializers.CharField(required=False, allow_blank=True)
    list = serializers.DictField(help_text="The game's list body.")


class PlainTextImportSerializer(serializers.Serializer):
    """A pasted plain-text list: what a list's "Plain text" export writes, or a decklist."""

    text = serializers.CharField(
        help_text='One entry a line: "3 Name", "3x Name" or "Name x3"; headers, blank and '
        "# lines are skipped. Unmatched lines are named as lines.<n> (n from 1)."
    )
    name = serializers.CharField(
        required=False, allow_blank=True, help_text="The new list's name (optional)."
    )


class ImportResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    report = ReportSerializer()


class CollectionItemSerializer(serializers.ModelSerializer):
    owned = serializers.IntegerField(read_only=True)

    class Meta:
        model = CollectionItem
        fields = ["unit", "name", "printed", "bought", "painted", "owned"]


class CollectionRowSerializer(serializers.Serializer):
    unit = serializers.CharField()
    name = serializers.CharField()
    needed = serializers.IntegerField()
    owned = serializers.IntegerField()
    painted = serializers.IntegerField()
    missing = serializers.IntegerField()
