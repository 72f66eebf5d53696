"""API shapes of the catalogue: read serializers, and the homebrew input."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalog.limits import MAX_DATA_BYTES, MAX_RULES_TEXT
from catalog.models import Entry, Faction, Game, Visibility
from companion.api_fields import BoundedJSONField
from companion.games.registry import get_game


class FieldSpecSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    type = serializers.CharField()
    required = serializers.BooleanField()
    choices = serializers.ListField(child=serializers.CharField())
    help = serializers.CharField()


class KindSerializer(serializers.Serializer):
    slug = serializers.CharField()
    label = serializers.CharField()
    plural = serializers.CharField()
    categories = serializers.ListField(child=serializers.CharField())
    homebrew = serializers.BooleanField()
    priced = serializers.BooleanField()
    fields = FieldSpecSerializer(many=True)


class GameSerializer(serializers.ModelSerializer):
    kinds = serializers.SerializerMethodField()
    players = serializers.CharField(read_only=True)

    class Meta:
        model = Game
        fields = [
            "slug",
            "name",
            "short_name",
            "min_players",
            "max_players",
            "players",
            "summary",
            "kinds",
        ]

    @extend_schema_field(KindSerializer(many=True))
    def get_kinds(self, game: Game) -> list[dict]:
        return KindSerializer(get_game(game.slug).kinds, many=True).data


class FactionSerializer(serializers.ModelSerializer):
    keywords = serializers.ListField(child=serializers.CharField(), read_only=True)
    special_rules = serializers.ListField(
        child=serializers.CharField(), read_only=True, help_text="Slugs of the rules' entries."
    )

    class Meta:
        model = Faction
        fields = ["slug", "name", "description", "keywords", "special_rules", "rule", "is_draft"]


class ReferenceSerializer(serializers.ModelSerializer):
    class Meta:
        model = Entry
        fields = ["id", "kind", "slug", "name"]


class EntrySerializer(serializers.ModelSerializer):
    faction = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True, help_text="null: neutral."
    )
    references = ReferenceSerializer(many=True, read_only=True)
    rule_url = serializers.CharField(read_only=True)
    is_homebrew = serializers.BooleanField(read_only=True)

    class Meta:
        model = Entry
        fields = [
            "id",
            "kind",
            "slug",
            "name",
            "faction",
            "category",
            "text",
            "data",
            "points",
            "rule",
            "rule_url",
            "is_draft",
            "is_starter",
            "is_homebrew",
            "references",
        ]


class HomebrewSerializer(serializers.ModelSerializer):
    """A user's own entry; ``data`` is checked by the game, ``points`` computed by it."""

    faction = serializers.CharField(required=False, allow_blank=True, default="", max_length=50)
    text = serializers.CharField(required=False, allow_blank=True, max_length=MAX_RULES_TEXT)
    data = BoundedJSONField(max_bytes=MAX_DATA_BYTES, required=False, default=dict)
    visibility = serializers.ChoiceField(
        choices=[Visibility.PRIVATE, Visibility.LINK], default=Visibility.PRIVATE
    )
    share_url = serializers.CharField(source="get_share_url", read_only=True)

    class Meta:
        model = Entry
        fields = [
            "id",
            "kind",
            "slug",
            "name",
            "faction",
            "category",
            "text",
            "data",
            "points",
            "visibility",
            "share_url",
        ]
        read_only_fields = ["id", "slug", "points"]

    def to_representation(self, instance: Entry) -> dict:
        out = super().to_representation(instance)
        out["faction"] = instance.faction.slug if instance.faction else ""
        return out


class UnitCostResultSerializer(serializers.Serializer):
    points = serializers.IntegerField()
    breakdown = serializers.DictField(
        child=serializers.FloatField(), help_text="Each term of the formula by its name."
    )
