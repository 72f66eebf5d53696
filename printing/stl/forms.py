"""Forms of 3D printing: uploading a design, the options of an army bundle, and of a
bundle of only the models a collection lacks."""

from __future__ import annotations

from typing import Any

from django import forms

from printing.stl import upload_check
from printing.stl.models import Licence


class DesignUploadForm(forms.Form):
    entry = forms.ModelChoiceField(queryset=None, label="Unit")
    title = forms.CharField(max_length=120)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    licence = forms.ChoiceField(choices=Licence.choices, initial=Licence.CC_BY)
    file = forms.FileField(label="STL file (binary or ASCII)")

    def __init__(self, *args: Any, entries: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = entries
        self.fields["entry"].label_from_instance = lambda e: (
            f"{e.game.short_name} · {e.faction.name + ' · ' if e.faction else ''}"
            f"{e.name}{' (homebrew)' if e.owner_id else ''}"
        )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > upload_check.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size / 2**20:.1f} MB; at most "
                f"{upload_check.MAX_BYTES // 2**20} MB."
            )
        return upload


class BundleForm(forms.Form):
    grouping = forms.ChoiceField(
        choices=[("unit", "A model per unit"), ("type", "A model per unit type")],
        initial="unit",
    )
    plates = forms.BooleanField(required=False, initial=True, label="Lay the parts out on plates")
    bed_width = forms.FloatField(min_value=100, max_value=600, initial=220, label="Bed width (mm)")
    bed_depth = forms.FloatField(min_value=100, max_value=600, initial=220, label="Bed depth (mm)")
    min_feature = forms.FloatField(
        min_value=0.4, max_value=1.2, initial=0.8, label="Minimum feature (mm)"
    )


class MissingBundleForm(BundleForm):
    """A bundle of only the models the player's collection lacks for one list."""

    battle_pieces = forms.BooleanField(
        required=False,
        initial=False,
        label="Also the tokens and templates the battle needs",
    )

    @classmethod
    def defaults(cls) -> dict[str, Any]:
        """The form's initial values as posted data: a one-tap request from a list's page."""
        data: dict[str, Any] = {}
        for name, field in cls.base_fields.items():
            if isinstance(field, forms.BooleanField):
                if field.initial:
                    data[name] = "on"
            else:
                data[name] = field.initial
        return data
