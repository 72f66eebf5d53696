"""HTML forms of the catalogue: the homebrew form is built from the kind's field specs."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from catalog.limits import MAX_RULES_TEXT
from catalog.models import Visibility
from companion.games.base import FieldSpec, GameSystem, KindSpec


def _form_field(spec: FieldSpec) -> forms.Field:
    common: dict[str, Any] = {
        "label": spec.label,
        "required": spec.required,
        "help_text": spec.help,
    }
    if spec.type == "int":
        return forms.IntegerField(min_value=spec.min_value, max_value=spec.high, **common)
    if spec.type == "bool":
        return forms.BooleanField(**{**common, "required": False})
    if spec.type == "choice":
        return forms.ChoiceField(choices=[("", "—"), *[(c, c) for c in spec.choices]], **common)
    if spec.type == "list" and spec.choices:
        return forms.MultipleChoiceField(
            choices=[(c, c) for c in spec.choices],
            widget=forms.CheckboxSelectMultiple,
            **{**common, "required": False},
        )
    if spec.type in ("list", "dict"):
        return JSONTextField(expect=list if spec.type == "list" else dict, **common)
    if spec.type == "text":
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), **common)
    return forms.CharField(**common)


class JSONTextField(forms.CharField):
    """A list or object typed as JSON, for the fields a plain input cannot hold."""

    def __init__(self, *, expect: type, **kwargs: Any):
        self.expect = expect
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 3, "class": "mono"}))
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> str:
        if isinstance(value, list | dict):
            return json.dumps(value)
        return value or ""

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value)
        if not text:
            return None
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(f"Not valid JSON: {exc.msg}.") from exc
        if not isinstance(parsed, self.expect):
            name = "a list [...]" if self.expect is list else "an object {...}"
            raise forms.ValidationError(f"Expected {name}.")
        return parsed


class HomebrewForm(forms.Form):
    """Name, faction, text and visibility, then one field per entry of the kind's data."""

    name = forms.CharField(max_length=120)
    faction = forms.ChoiceField(required=False)
    category = forms.ChoiceField(required=False)
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, max_length=MAX_RULES_TEXT
    )
    visibility = forms.ChoiceField(
        choices=[(Visibility.PRIVATE, "Private"), (Visibility.LINK, "Anyone with the link")],
        initial=Visibility.PRIVATE,
    )

    def __init__(
        self,
        *args: Any,
        system: GameSystem,
        kind: KindSpec,
        factions,
        covered: frozenset[str] | set[str] = frozenset(),
        **kwargs: Any,
    ):
        """``covered`` names the data fields another form asks (the game's calculator)."""
        super().__init__(*args, **kwargs)
        self.kind = kind
        self.covered = set(covered)
        self.fields["faction"].choices = [("", "Neutral / none")] + [
            (f.slug, f.name) for f in factions
        ]
        # A kind whose categories are the choices of one of its fields (a unit's type) takes
        # its category from that field: asking both would ask the same thing twice.
        self.category_field = next(
            (
                f.name
                for f in kind.fields
                if kind.categories and f.type == "choice" and f.choices == kind.categories
            ),
            None,
        )
        if kind.categories and self.category_field is None:
            self.fields["category"].choices = [("", "—")] + [(c, c) for c in kind.categories]
        else:
            del self.fields["category"]
        for spec in kind.fields:
            if spec.name not in self.covered:
                self.fields[f"data__{spec.name}"] = _form_field(spec)

    def entry_fields(self) -> list[forms.BoundField]:
        """Name, faction, category, text: what every entry has, asked first."""
        return [self[n] for n in ("name", "faction", "category", "text") if n in self.fields]

    def data_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in self.fields if n.startswith("data__")]

    def category_of(self, data: dict[str, Any]) -> str:
        """The entry's category: picked, or the value of the field it repeats."""
        if self.category_field is not None:
            return str(data.get(self.category_field) or "")
        return self.cleaned_data.get("category", "")

    def data_values(self) -> dict[str, Any]:
        """The ``data`` object from the cleaned form, leaving out empty optional values."""
        values: dict[str, Any] = {}
        for spec in self.kind.fields:
            if spec.name in self.covered:
                continue
            value = self.cleaned_data.get(f"data__{spec.name}")
            if value in (None, "", []) or (spec.type == "bool" and value is False):
                continue
            values[spec.name] = value
        return values

    def add_rule_errors(self, errors: dict[str, str]) -> None:
        for path, message in errors.items():
            field = path.replace("data.", "data__", 1).split(".")[0]
            self.add_error(
                field if field in self.fields else None,
                message if field in self.fields else f"{path}: {message}",
            )
