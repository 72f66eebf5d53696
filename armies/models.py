"""Saved lists (armies, factions, decks), their version history, and players' collections.

One list model serves every game: the game package owns the shape of ``body`` and the
rules that check it; Django owns who may see it, its history and where it is shared.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from catalog.models import Game


def new_share_token() -> str:
    return secrets.token_urlsafe(12)


class ListVisibility(models.TextChoices):
    PRIVATE = "private", "Private"
    LINK = "link", "Anyone with the link (read-only)"
    PUBLIC = "public", "Public gallery"


class ListTag(models.Model):
    """A player's own label for lists ("tournament", "to paint"): one set of tags per
    player across every game, so "My lists" can be filtered the same way for all."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="list_tags"
    )
    name = models.CharField(max_length=40)

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(Lower("name"), "owner", name="list_tag_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class SavedList(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="lists")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lists"
    )
    name = models.CharField(max_length=120)
    notes = models.TextField(blank=True)
    body = models.JSONField(default=dict, blank=True)
    visibility = models.CharField(
        max_length=10, choices=ListVisibility.choices, default=ListVisibility.PRIVATE
    )
    share_token = models.CharField(max_length=32, default=new_share_token, unique=True)
    # What the list was checked against when last saved: the catalogue digest and the
    # facts of every entry it names, so later catalogue changes can be shown, not hidden.
    catalogue_version = models.CharField(max_length=16, blank=True)
    snapshot = models.JSONField(default=dict, blank=True)
    # Cached outcome of the last validation, for galleries and list pages.
    legal = models.BooleanField(default=False)
    total = models.IntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies"
    )
    # How many times other players copied this list: kept as a number, since a copy may
    # later be deleted or its owner leave, and the gallery sorts by it.
    copy_count = models.PositiveIntegerField(default=0)
    tags = models.ManyToManyField(ListTag, blank=True, related_name="lists")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        indexes = [
            models.Index(fields=["game", "visibility", "-updated"]),
            models.Index(fields=["game", "visibility", "-copy_count"], name="list_most_copied"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("armies:detail", args=[self.game.slug, self.pk])

    def get_share_url(self) -> str:
        return reverse("armies:shared", args=[self.share_token])


class ListVersion(models.Model):
    """One saved state of a list; restoring appends a new version, never rewrites history."""

    saved_list = models.ForeignKey(SavedList, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=120)
    notes = models.TextField(blank=True)
    body = models.JSONField(default=dict, blank=True)
    catalogue_version = models.CharField(max_length=16, blank=True)
    snapshot = models.JSONField(default=dict, blank=True)
    legal = models.BooleanField(default=False)
    total = models.IntegerField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True)  # "restored from version 3", ...
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["saved_list", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["saved_list", "number"], name="list_version_unique")
        ]

    def __str__(self) -> str:
        return f"{self.saved_list} v{self.number}"


class CollectionItem(models.Model):
    """The models a player owns of one unit: printed, bought, and how many are painted."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="collection_items")
    unit = models.SlugField(max_length=120)  # the unit's slug, as lists name it
    name = models.CharField(max_length=120, blank=True)
    printed = models.PositiveIntegerField(default=0)
    bought = models.PositiveIntegerField(default=0)
    painted = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "name", "unit"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "game", "unit"], name="collection_unique"),
            models.CheckConstraint(
                condition=models.Q(painted__lte=models.F("printed") + models.F("bought")),
                name="painted_models_are_owned",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name or self.unit}: {self.owned}"

    @property
    def owned(self) -> int:
        return self.printed + self.bought
