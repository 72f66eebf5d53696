"""What can be printed from a list or a game's page, and the settings form that asks how.

An offer names its choices (``"deck.pdf"``: the game's printable ``deck`` as a PDF) and
turns the form's cleaned settings into a job's ``kind`` and plain ``params``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator

from companion.games.registry import all_games
from printing import printables, sources
from printing.layout import CARD_SIZES, PAPERS

FORMATS = {"pdf": "PDF", "png": "PNG images, 300 dpi (zip)"}
KIND_OF = {
    ("cards", "pdf"): "cards-pdf",
    ("cards", "png"): "cards-png",
    ("sheet", "pdf"): "sheet-pdf",
}


@dataclass
class Offer:
    """One thing to print: a list or a game kit, with the choices it offers."""

    title: str
    game: str
    choices: list[tuple[str, str]]
    players: tuple[int, int] | None
    base_params: dict[str, Any]
    private: bool
    back_url: str
    source: str
    ref: str
    extra: dict[str, Any] = field(default_factory=dict)

    def request(
        self, cleaned: dict[str, Any], *, base_url: str
    ) -> tuple[str, dict[str, Any], bool]:
        """The job kind, params and privacy for the settings a viewer chose."""
        what, fmt = cleaned["what"].rsplit(".", 1)
        shape = printables.shape_of(self.game, what)
        params = dict(self.base_params)
        params["what"] = what
        params["settings"] = settings_from(cleaned, shape)
        if self.players is not None:
            params["players"] = cleaned.get("players") or self.players[0]
        return KIND_OF[(shape, fmt)], params, self.private


def settings_from(cleaned: dict[str, Any], shape: str) -> dict[str, Any]:
    settings: dict[str, Any] = {"paper": cleaned["paper"]}
    if shape == "cards":
        settings.update(
            card=cleaned["card"],
            mode=cleaned["mode"],
            backs=bool(cleaned.get("backs")),
            back_dx=float(cleaned.get("back_dx") or 0),
            back_dy=float(cleaned.get("back_dy") or 0),
            safe=float(cleaned.get("safe") if cleaned.get("safe") is not None else 3),
        )
    return settings


def _choices(game: str, names: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    out = []
    for name, title, shape in names:
        out.append((f"{name}.pdf", f"{title} (PDF)"))
        if shape == "cards":
            out.append((f"{name}.png", f"{title} ({FORMATS['png']})"))
    return out


def offer_for(source: str, ref: str, user: Any, *, token: str = "") -> Offer:
    """The offer of a list (``ref`` its id) or a game (``ref`` its slug); SourceError else."""
    if source == "list":
        if not ref.isdigit():
            raise sources.SourceError("No such list.")
        saved = sources.visible_list(pk=int(ref), user=user, token=token)
        slug = saved.game.slug
        names = printables.list_printables(slug)
        if not names:
            raise sources.SourceError("Nothing to print for this game's lists.")
        return Offer(
            title=saved.name,
            game=slug,
            choices=_choices(slug, names),
            players=None,
            base_params={},
            private=saved.visibility != "public",
            back_url=saved.get_share_url() if token else saved.get_absolute_url(),
            source=source,
            ref=ref,
            extra={"saved": saved, "user": user},
        )
    if source == "game":
        if ref not in all_games():
            raise sources.SourceError("No such game.")
        names = printables.game_printables(ref)
        if not names:
            raise sources.SourceError("Nothing to print for this game.")
        system = all_games()[ref]
        players = printables.players_range(ref)
        return Offer(
            title=system.name,
            game=ref,
            choices=_choices(ref, names),
            players=players,
            base_params=sources.game_params(ref),
            private=False,
            back_url=f"/games/{ref}/",
            source=source,
            ref=ref,
        )
    raise sources.SourceError("Nothing to print here.")


def resolve(
    offer: Offer, cleaned: dict[str, Any], *, base_url: str
) -> tuple[str, dict[str, Any], bool]:
    """Fill a list offer's params (the body as this viewer sees it) and make the request."""
    if offer.source == "list":
        params, private = sources.list_params(
            offer.extra["saved"], offer.extra["user"], base_url=base_url
        )
        offer.base_params = params
        offer.private = private
    return offer.request(cleaned, base_url=base_url)


def form_data(settings: dict[str, Any], offer: Offer) -> dict[str, Any]:
    """The print form's fields from an API request's ``settings`` object."""
    what = str(settings.get("what") or offer.choices[0][0].rsplit(".", 1)[0])
    data = {
        "what": f"{what}.{settings.get('format', 'pdf')}",
        "paper": settings.get("paper", "a4"),
        "card": settings.get("card", "poker"),
        "mode": settings.get("mode", "home"),
        "back_dx": settings.get("back_dx", 0),
        "back_dy": settings.get("back_dy", 0),
        "safe": settings.get("safe", 3),
    }
    if settings.get("backs"):
        data["backs"] = "on"
    if offer.players is not None:
        data["players"] = settings.get("players", offer.players[0])
    return data


class PrintForm(forms.Form):
    what = forms.ChoiceField(label="What to print")
    paper = forms.ChoiceField(label="Paper", choices=[(k, v.title) for k, v in PAPERS.items()])
    card = forms.ChoiceField(
        label="Card size", choices=[(k, v.title) for k, v in CARD_SIZES.items()], initial="poker"
    )
    mode = forms.ChoiceField(
        label="Cutting",
        choices=[
            ("home", "Home printer, with cut marks"),
            ("shop", "Print shop, one a page, 3 mm bleed"),
        ],
        initial="home",
    )
    backs = forms.BooleanField(label="Card backs on alternate pages (duplex)", required=False)
    back_dx = forms.FloatField(
        label="Back offset across (mm)", required=False, initial=0, min_value=-10, max_value=10
    )
    back_dy = forms.FloatField(
        label="Back offset down (mm)", required=False, initial=0, min_value=-10, max_value=10
    )
    safe = forms.FloatField(
        label="Safe zone (mm)", required=False, initial=3, min_value=0, max_value=8
    )
    players = forms.IntegerField(label="Players", required=False)

    def __init__(
        self,
        *args: Any,
        choices: list[tuple[str, str]],
        players: tuple[int, int] | None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["what"].choices = choices
        self.fields["what"].initial = choices[0][0] if choices else None
        if players is None:
            del self.fields["players"]
        else:
            field = self.fields["players"]
            field.initial = players[0]
            field.validators += [MinValueValidator(players[0]), MaxValueValidator(players[1])]
