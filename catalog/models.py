"""Catalogue rows: one shape for every game, the game package says what ``data`` holds.

Official entries come from the game packages through ``load_catalogue`` and have no
owner; homebrew entries belong to a user and are private unless shared by link.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse


class Game(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    short_name = models.CharField(max_length=60)
    min_players = models.PositiveSmallIntegerField()
    max_players = models.PositiveSmallIntegerField(null=True, blank=True)
    summary = models.TextField(blank=True)
    # A digest of the official catalogue as last loaded: lists remember the one they were
    # built against, so a later change can be shown to their owners.
    catalogue_version = models.CharField(max_length=16, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("catalog:game", args=[self.slug])

    @property
    def players(self) -> str:
        if self.max_players is None:
            return f"{self.min_players}+"
        if self.max_players == self.min_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"


class Faction(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="factions")
    slug = models.SlugField()
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    keywords = models.JSONField(default=list, blank=True)
    special_rules = models.JSONField(default=list, blank=True)
    rule = models.CharField(max_length=100, blank=True)
    is_draft = models.BooleanField(default=False)
    data = models.JSONField(default=dict, blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "order", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="faction_unique_slug")]

    def __str__(self) -> str:
        return f"{self.name} ({self.game.short_name})"

    def get_absolute_url(self) -> str:
        return reverse("catalog:faction", args=[self.game.slug, self.slug])


class Visibility(models.TextChoices):
    OFFICIAL = "official", "Official catalogue"
    PRIVATE = "private", "Private"
    LINK = "link", "Anyone with the link"


def new_share_token() -> str:
    return secrets.token_urlsafe(12)


class EntryQuerySet(models.QuerySet):
    def official(self) -> EntryQuerySet:
        return self.filter(owner__isnull=True)

    def visible_to(self, user) -> EntryQuerySet:
        """The official catalogue plus the user's own homebrew, never anyone else's."""
        if user is not None and user.is_authenticated:
            return self.filter(Q(owner__isnull=True) | Q(owner=user))
        return self.official()


class Entry(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="entries")
    kind = models.CharField(max_length=40, db_index=True)
    slug = models.SlugField(max_length=120)
    name = models.CharField(max_length=120)
    faction = models.ForeignKey(
        Faction, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    category = models.CharField(max_length=40, blank=True, db_index=True)
    text = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    rule = models.CharField(max_length=100, blank=True)
    points = models.IntegerField(null=True, blank=True)
    is_draft = models.BooleanField(default=False)
    is_starter = models.BooleanField(default=False)
    order = models.PositiveIntegerField(default=0)
    references = models.ManyToManyField(
        "self", symmetrical=False, blank=True, related_name="referenced_by"
    )
    # Official entries are keyed by kind/faction/slug so the loader can update them in place.
    key = models.CharField(max_length=300, blank=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="homebrew",
    )
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.OFFICIAL
    )
    share_token = models.CharField(max_length=32, default=new_share_token, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["game", "kind", "order", "name"]
        verbose_name_plural = "entries"
        indexes = [models.Index(fields=["game", "kind", "order"])]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "key"],
                condition=Q(owner__isnull=True),
                name="entry_unique_official_key",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("catalog:entry", args=[self.game.slug, self.pk, self.slug])

    @property
    def is_homebrew(self) -> bool:
        return self.owner_id is not None

    def get_share_url(self) -> str:
        return reverse("catalog:shared-entry", args=[self.share_token])

    def rule_url(self) -> str:
        if not self.rule:
            return ""
        return reverse("catalog:rules", args=[self.game.slug]) + f"#{self.rule}"
