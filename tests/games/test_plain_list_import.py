"""Pasting a plain-text list: the text every game's "Plain text" export writes reads back
into the same list (a property over lists built by the builders' own taps), quantities and
decklist spellings are understood, and every line that names nothing is named."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import plain_lists
from companion.games.registry import get_game

GAMES = ("little-game", "maker-war", "micro-and-macro", "missiles-and-microchips", "smalltricks")
_CATALOGUES: dict[str, Any] = {}

NAME = st.from_regex(r"[A-Z][a-z]{1,8}( [A-Z][a-z]{1,8})?", fullmatch=True)


def _catalogue(slug: str) -> Any:
    if slug not in _CATALOGUES:
        _CATALOGUES[slug] = get_game(slug).official_catalogue()
    return _CATALOGUES[slug]


def _edit(slug: str, body: dict, op: str, **args: Any) -> dict:
    return get_game(slug).edit_list(
        body, op, {k: str(v) for k, v in args.items()}, _catalogue(slug)
    )


def _read_export(slug: str, body: dict) -> plain_lists.PlainReading:
    """The text the summary page serves for ``body``, read back by the paste import."""
    system, catalogue = get_game(slug), _catalogue(slug)
    report = system.validate_list(body, catalogue)
    text = f"My list ({system.name})\n{system.list_summary(body, catalogue, report)}\n"
    return plain_lists.read(system.capability("list_edits"), text, catalogue, system.name)


def _same(slug: str, body: dict) -> Any:
    """What makes two lists the same list: decks and factions are multisets (the export
    groups them), the others are the body itself."""
    if slug == "micro-and-macro":
        return body["faction"], {
            pile: Counter({ln["card"]: ln["count"] for ln in body[pile]})
            for pile in ("main", "buildings")
        }
    if slug == "smalltricks":
        shown = body.get("show_arrangement")
        placed = Counter(zip(body["units"], body["arrangement"], strict=True)) if shown else None
        return Counter(body["units"]), shown, placed
    if slug == "maker-war":  # choosing a Titan's own weapon is no choice
        catalogue = _catalogue(slug)
        for formation in body["formations"]:
            own = {}
            for line in formation["units"]:
                item = catalogue.get("unit", line["unit"], body["faction"])
                own.update({m["mount"]: m["weapon"] for m in item.data.get("mounts") or []})
            mounts = {m: w for m, w in formation.get("mounts", {}).items() if own.get(m) != w}
            formation.pop("mounts", None)
            if mounts:
                formation["mounts"] = mounts
    return body


@st.composite
def little_game_lists(draw: st.DrawFn) -> dict:
    body = _edit("little-game", {}, "start")
    for _ in range(draw(st.integers(0, 5))):
        body = _edit(
            "little-game",
            body,
            "add-unit",
            name=draw(NAME),
            base=draw(st.sampled_from(["square", "rectangular"])),
            quality=draw(st.integers(0, 5)),
            cavalry=draw(st.sampled_from(["", "1"])),
            shooting=draw(st.sampled_from(["", "ranged", "long-ranged"])),
            quantity=draw(st.integers(1, 3)),
        )
    if draw(st.booleans()):
        hand = draw(st.sets(st.integers(1, 10), min_size=1, max_size=9))
        body = _edit("little-game", body, "set-split", hand=" ".join(map(str, sorted(hand))))
    return body


@st.composite
def maker_war_lists(draw: st.DrawFn) -> dict:
    catalogue = _catalogue("maker-war")
    factions = sorted({p.faction for p in catalogue.of_kind("formation-plan")})
    faction = draw(st.sampled_from(factions))
    body = _edit("maker-war", {}, "start", faction=faction, budget=draw(st.integers(1, 5000)))
    choices = get_game("maker-war").builder_choices(body, catalogue)
    for index in range(draw(st.integers(0, 3))):
        plan = draw(st.sampled_from(choices["plans"]))
        body = _edit(
            "maker-war", body, "add-formation", plan=plan["slug"], classic=draw(st.booleans())
        )
        if draw(st.booleans()):
            body = _edit("maker-war", body, "rename-formation", formation=index, name=draw(NAME))
        for _ in range(draw(st.integers(0, 3))):
            unit = draw(st.sampled_from(plan["units"]))["slug"]
            body = _edit(
                "maker-war",
                body,
                "add-unit",
                formation=index,
                unit=unit,
                quantity=draw(st.integers(1, 4)),
            )
            if draw(st.booleans()):
                body = _edit("maker-war", body, "toggle-chief", formation=index, unit=unit)
            mounts = choices["titans"].get(unit) or []
            # a weapon of another Titan is reported and not mounted, so not exported
            weapons = [w for w in choices["weapons"] if w["titan"] in (None, unit)]
            if mounts and weapons and draw(st.booleans()):
                weapon = draw(st.sampled_from(weapons))["slug"]
                body = _edit(
                    "maker-war",
                    body,
                    "set-mount",
                    formation=index,
                    mount=draw(st.sampled_from(mounts)),
                    weapon=weapon,
                )
    for hypha in draw(st.lists(st.sampled_from(choices["hypha"] or [None]), max_size=2)):
        if hypha is not None:
            count = draw(st.integers(0, 3))
            body = _edit("maker-war", body, "set-hypha", unit=hypha["slug"], count=count)
    return body


@st.composite
def micro_and_macro_lists(draw: st.DrawFn) -> dict:
    from companion.games.micro_and_macro.deck_reading import faction_names

    catalogue = _catalogue("micro-and-macro")
    printed = {c.faction for c in catalogue.of_kind("card")}
    faction = draw(st.sampled_from(sorted(set(faction_names()) & printed)))
    body = _edit("micro-and-macro", {}, "start", faction=faction)
    cards = get_game("micro-and-macro").builder_choices(body, _catalogue("micro-and-macro"))
    if not cards["cards"]:  # a faction the book has not printed yet
        return body
    for card in draw(st.lists(st.sampled_from(cards["cards"]), max_size=8)):
        body = _edit(
            "micro-and-macro", body, "add-card", card=card["slug"], quantity=draw(st.integers(1, 4))
        )
    return body


@st.composite
def missiles_lists(draw: st.DrawFn) -> dict:
    slugs = [c.slug for c in _catalogue("missiles-and-microchips").of_kind("supercomputer")]
    chosen = draw(st.permutations(slugs))[: draw(st.integers(0, len(slugs)))]
    body: dict = {"computers": []}
    for slug in chosen:
        body = _edit("missiles-and-microchips", body, "add-computer", computer=slug)
    return body


@st.composite
def smalltricks_lists(draw: st.DrawFn) -> dict:
    types = [t.slug for t in _catalogue("smalltricks").of_kind("unit-type")]
    body = _edit("smalltricks", {}, "start")
    for index in range(6):
        if draw(st.booleans()):
            body = _edit(
                "smalltricks", body, "set-unit", index=index, unit=draw(st.sampled_from(types))
            )
    if draw(st.booleans()):
        body = _edit("smalltricks", body, "set-option", option="show_arrangement", value="1")
    for index in range(6):
        if draw(st.booleans()):
            cell = f"{draw(st.sampled_from('ABCDEF'))}{draw(st.integers(1, 3))}"
            body = _edit("smalltricks", body, "place", index=index, cell=cell)
    return body


STRATEGIES = {
    "little-game": little_game_lists(),
    "maker-war": maker_war_lists(),
    "micro-and-macro": micro_and_macro_lists(),
    "missiles-and-microchips": missiles_lists(),
    "smalltricks": smalltricks_lists(),
}


def _round_trip(slug: str, body: dict) -> None:
    reading = _read_export(slug, body)
    assert reading.problems == [] or (not _has_entries(slug, body)), reading.problems
    assert reading.name == "My list"
    if _has_entries(slug, body):
        assert _same(slug, reading.body) == _same(slug, body)


def _has_entries(slug: str, body: dict) -> bool:
    """An empty kit is a text with nothing in it, which the import refuses by name."""
    return slug != "missiles-and-microchips" or bool(body["computers"])


_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(little_game_lists())
def test_little_game_export_reads_back(body: dict) -> None:
    _round_trip("little-game", body)


@_SETTINGS
@given(maker_war_lists())
def test_maker_war_export_reads_back(body: dict) -> None:
    _round_trip("maker-war", body)


@_SETTINGS
@given(micro_and_macro_lists())
def test_micro_and_macro_export_reads_back(body: dict) -> None:
    _round_trip("micro-and-macro", body)


@_SETTINGS
@given(missiles_lists())
def test_missiles_and_microchips_export_reads_back(body: dict) -> None:
    _round_trip("missiles-and-microchips", body)


@_SETTINGS
@given(smalltricks_lists())
def test_smalltricks_export_reads_back(body: dict) -> None:
    _round_trip("smalltricks", body)


def test_every_game_with_a_builder_reads_plain_text() -> None:
    for slug in GAMES:
        assert hasattr(get_game(slug).capability("list_edits"), "read_plain"), slug


def test_decklist_spellings_and_quantities_are_understood() -> None:
    text = "# my deck\nBloodmages\n\nInstants\n4 blood tithe\n2x RAISE-THE-DEAD\nDark Pact x3\n"
    reading = plain_lists.read(
        get_game("micro-and-macro").capability("list_edits"), text, _catalogue("micro-and-macro")
    )
    assert reading.problems == []
    assert {ln["card"]: ln["count"] for ln in reading.body["main"]} == {
        "blood-tithe": 4,
        "raise-the-dead": 2,
        "dark-pact": 3,
    }


def test_every_unmatched_line_is_named_by_its_number() -> None:
    text = (
        "Terran Makers\nMaker Rifle Company\n7x Maker Rifles\n2 Pink Elephants\n\nFlying carpet\n"
    )
    reading = plain_lists.read(
        get_game("maker-war").capability("list_edits"), text, _catalogue("maker-war")
    )
    assert [p.path for p in reading.problems] == ["lines.4", "lines.6"]
    assert "Pink Elephants" in reading.problems[0].message
    assert reading.body["formations"][0]["units"] == [{"unit": "maker-rifles", "count": 7}]


def test_a_quantity_on_add_adds_that_many() -> None:
    body = _edit("maker-war", {}, "start", faction="terran-makers")
    body = _edit("maker-war", body, "add-formation", plan="maker-rifle-company", quantity=2)
    body = _edit("maker-war", body, "add-unit", formation=1, unit="maker-rifles", quantity="4x")
    assert len(body["formations"]) == 2
    assert body["formations"][1]["units"] == [{"unit": "maker-rifles", "count": 4}]
