"""Uploaded designs: an STL someone made for a catalogue or homebrew unit, checked before it
is stored, with its licence, thumbnail and measurements."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse

from catalog.models import Entry


class Licence(models.TextChoices):
    CC_BY = "CC-BY-4.0", "Creative Commons Attribution 4.0"
    CC_BY_SA = "CC-BY-SA-4.0", "Creative Commons Attribution-ShareAlike 4.0"
    CC_BY_NC = "CC-BY-NC-4.0", "Creative Commons Attribution-NonCommercial 4.0"
    CC_BY_NC_SA = "CC-BY-NC-SA-4.0", "Creative Commons Attribution-NonCommercial-ShareAlike 4.0"
    CC_BY_ND = "CC-BY-ND-4.0", "Creative Commons Attribution-NoDerivatives 4.0"
    CC_BY_NC_ND = "CC-BY-NC-ND-4.0", "Creative Commons Attribution-NonCommercial-NoDerivatives 4.0"
    CC0 = "CC0-1.0", "CC0 1.0 (public domain dedication)"

    @classmethod
    def url(cls, value: str) -> str:
        if value == cls.CC0:
            return "https://creativecommons.org/publicdomain/zero/1.0/"
        code = value.removeprefix("CC-").removesuffix("-4.0").lower()
        return f"https://creativecommons.org/licenses/{code}/4.0/"


def design_upload_to(instance: Design, filename: str) -> str:
    return f"designs/{uuid.uuid4().hex}/{filename}"


class Design(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="designs")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="designs"
    )
    title = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    licence = models.CharField(max_length=20, choices=Licence.choices, default=Licence.CC_BY)
    file = models.FileField(upload_to=design_upload_to, max_length=255)
    thumbnail = models.FileField(upload_to=design_upload_to, max_length=255)
    file_format = models.CharField(max_length=10)  # "binary" or "ascii", as uploaded
    file_size = models.PositiveIntegerField()
    sha256 = models.CharField(max_length=64, db_index=True)
    triangles = models.PositiveIntegerField()
    size_x = models.FloatField()
    size_y = models.FloatField()
    size_z = models.FloatField()
    volume = models.FloatField()
    report = models.JSONField(default=dict, blank=True)  # every finding of the upload check
    download_count = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "sha256"], name="design_unique_file_per_entry")
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("stl:design", args=[self.pk])

    @property
    def licence_url(self) -> str:
        return Licence.url(self.licence)

    @property
    def size_text(self) -> str:
        return f"{self.size_x:.1f} x {self.size_y:.1f} x {self.size_z:.1f} mm"
