"""Maker-War army validation: every problem code, the figures, and properties of any body.

Plain pytest, no database: the catalogue is built from ``GAME.entries()`` the way the
armies app builds it from rows, plus a few test-only plans and homebrew units.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from companion.games.building import BuildReport, Catalogue, CatalogueItem
from companion.games.maker_war import GAME, build_rules
from companion.games.maker_war.cost import round_half_up

LIST_KINDS = ("unit", "formation-plan", "setup-tier")
TERRAN = "terran-makers"


def catalogue_items(extra: Iterable[CatalogueItem] = ()) -> list[CatalogueItem]:
    """The official entries a list may name, as the validator sees them, plus ``extra``."""
    return GAME.official_catalogue(extra).of_kind_all()


def plan_item(
    slug: str, choices: dict[str, tuple[int, int]], homebrew: bool = False, **data: Any
) -> CatalogueItem:
    """A test-only plan of the Terran Makers; any unit may lead unless ``chiefs`` says."""
    body = {
        "choices": [
            {"unit": u, "min": lo, "max": hi, "obligatory": lo > 0}
            for u, (lo, hi) in choices.items()
        ],
        "min_units": 1,
        "max_units": 20,
        "chiefs": [],
        "dependencies": [],
        "stars": 0,
        "invader": False,
        **data,
    }
    name = slug.replace("-", " ").title()
    return CatalogueItem("formation-plan", slug, name, TERRAN, data=body, is_homebrew=homebrew)


def unit_item(
    slug: str,
    category: str = "infantry",
    homebrew: bool = False,
    draft: bool = False,
    **data: Any,
) -> CatalogueItem:
    """A test-only Terran unit, priced by the game's own formula."""
    profile = {
        "type": category,
        "armor": 1,
        "speed": 10,
        "fire_range": 30,
        "fire_power": 1,
        "melee": 1,
        "traits": {},
        **data,
    }
    if category == "titan":
        profile |= {"structure": 12, "fire_range": 0, "fire_power": 0}
    name = slug.replace("-", " ").title()
    return CatalogueItem(
        "unit",
        slug,
        name,
        TERRAN,
        category,
        GAME.price("unit", profile),
        profile,
        is_draft=draft,
        is_homebrew=homebrew,
    )


EXTRA = [
    # Any unit may lead, 2 to 4 units: for too-few/too-many, flyers in training, Titan escorts.
    plan_item(
        "test-patrol",
        {
            "maker-rifles": (0, 10),
            "hawk-gunship": (0, 2),
            "foundry-titan": (0, 1),
            "squad-leader": (0, 1),
        },
        min_units=2,
        max_units=4,
    ),
    plan_item(
        "test-invaders",
        {"maker-rifles": (1, 6), "carrier-pod": (0, 2), "drop-ship": (0, 1)},
        invader=True,
    ),
    unit_item("carrier-pod", "tank", traits={"carrier": 4}),
    unit_item("drop-ship", "tank", traits={"carrier": 1, "planetfall": 1}),
    unit_item("draft-rifles", draft=True),
    unit_item("hb-1", homebrew=True),
    plan_item("hb-2", {"hb-1": (1, 4)}, homebrew=True),
    unit_item(
        "hb-3",
        "titan",
        homebrew=True,
        speed=20,
        melee=3,
        mounts=[
            {"mount": "left-weapon", "weapon": "foundry-rail-cannon"},
            {"mount": "right-weapon", "weapon": "foundry-flak-battery"},
        ],
    ),
    plan_item("hb-4", {"hb-3": (1, 1)}, homebrew=True, max_units=1),
]
CAT = Catalogue(catalogue_items(EXTRA))
PRICE = {(e.faction, e.slug): e.points for e in GAME.entries() if e.kind == "unit"}


def price(slug: str, faction: str = TERRAN) -> int:
    return PRICE[(faction, slug)]


def army(
    *formations: dict[str, Any],
    budget: Any = 1000,
    faction: Any = TERRAN,
    hypha: list[Any] | None = None,
    **options: bool,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "faction": faction,
        "budget": budget,
        "options": options,
        "formations": list(formations),
    }
    if hypha is not None:
        body["hypha"] = hypha
    return body


def formation(
    plan: str, *lines: tuple[str, int] | tuple[str, int, bool], **extra: Any
) -> dict[str, Any]:
    """``("squad-leader", 1, True)`` is a chief line."""
    units = [
        {"unit": u[0], "count": u[1], **({"chief": True} if len(u) > 2 else {})} for u in lines
    ]
    return {"plan": plan, "units": units, **extra}


def company(**counts: int) -> dict[str, Any]:
    """A Maker Rifle Company led by its squad leader; ``counts`` replace the classic one."""
    lines = {"maker-rifles": 6, "maker-heavy-weapons": 2, "mule-carrier": 2} | counts
    return formation(
        "maker-rifle-company", ("squad-leader", 1, True), *((u, n) for u, n in lines.items() if n)
    )


TITAN = formation("foundry-titan", ("foundry-titan", 1))
SPEARHEAD = formation(
    "armoured-spearhead", ("colonel", 1, True), ("bulwark-tank", 4), ("howitzer", 1)
)
SWARM = formation("spore-swarm", ("mycelial-node", 1, True), ("spore-walkers", 6))


def codes(body: Any, cat: Catalogue = CAT) -> list[str]:
    return sorted(p.code for p in build_rules.validate(body, cat).problems)


# Every problem code ---------------------------------------------------------------------

CASES: list[tuple[str, Any, list[str]]] = [
    ("legal company", army(company()), []),
    ("legal titan", army(TITAN), []),
    ("over-budget", army(company(), budget=100), ["over-budget"]),
    ("invalid-budget text", army(company(), budget="lots"), ["invalid-budget"]),
    ("invalid-budget zero", army(company(), budget=0), ["invalid-budget"]),
    ("invalid-budget bool", army(company(), budget=True), ["invalid-budget"]),
    ("invalid-budget missing", {"faction": TERRAN, "formations": [company()]}, ["invalid-budget"]),
    ("unknown-faction", army(company(), faction="orcs"), ["unknown-faction"]),
    ("unknown-faction missing", army(company(), faction=None), ["unknown-faction"]),
    (
        "wrong-faction unit",
        army(company(**{"drone-cloud": 1})),
        ["unit-not-in-plan", "wrong-faction"],
    ),
    (
        "wrong-faction plan",
        army(formation("hawk-wing", ("hawk-gunship", 1)), faction="astral"),
        ["wrong-faction", "wrong-faction"],
    ),
    ("draft-faction", army(faction="stellar-pilgrim"), ["draft-faction", "empty-army"]),
    (
        "draft item",
        army(formation("test-patrol", ("maker-rifles", 1, True), ("draft-rifles", 1))),
        ["draft-faction", "unit-not-in-plan"],
    ),
    (
        "unknown-plan",
        army(formation("nope", ("squad-leader", 1, True), ("maker-rifles", 2))),
        ["unknown-plan"],
    ),
    ("unknown-unit", army(company(ghost=1)), ["unknown-unit"]),
    (
        "malformed body",
        ["not", "an", "army"],
        ["empty-army", "invalid-budget", "malformed", "unknown-faction"],
    ),
    ("malformed formation", army(company(), 7), ["malformed"]),
    (
        "malformed formations",
        {"faction": TERRAN, "budget": 1000, "formations": {"a": 1}},
        ["empty-army", "malformed"],
    ),
    (
        "malformed line",
        army({**company(), "units": [*company()["units"], "rifles"]}),
        ["malformed"],
    ),
    ("malformed plan", army({"units": company()["units"]}), ["malformed"]),
    (
        "malformed chief",
        army({**TITAN, "units": [{"unit": "foundry-titan", "chief": "yes"}]}),
        ["malformed"],
    ),
    ("malformed options", {**army(company()), "options": "yes"}, ["malformed"]),
    ("malformed option", army(company(), allow_homebrew="yes"), ["malformed"]),  # type: ignore[arg-type]
    ("malformed mounts", army({**TITAN, "mounts": ["left-weapon"]}), ["malformed"]),
    ("malformed hypha", army(company(), hypha="tendrils"), ["malformed"]),
    (
        "bad-count zero",
        army(
            company(**{"maker-heavy-weapons": 0})
            | {"units": [*company()["units"][:2], {"unit": "maker-heavy-weapons", "count": 0}]}
        ),
        ["bad-count"],
    ),
    (
        "bad-count text",
        army(
            company()
            | {"units": [*company()["units"], {"unit": "field-printer-crew", "count": "1"}]}
        ),
        ["bad-count"],
    ),
    (
        "bad-count fraction",
        army(
            company()
            | {"units": [*company()["units"], {"unit": "field-printer-crew", "count": 1.5}]}
        ),
        ["bad-count"],
    ),
    ("unit-not-in-plan", army(company(howitzer=1)), ["unit-not-in-plan"]),
    ("below-min", army(company(**{"maker-rifles": 1, "maker-heavy-weapons": 0})), ["below-min"]),
    ("above-max", army(company(**{"maker-rifles": 9})), ["above-max"]),
    (
        "obligatory-missing",
        army(formation("maker-rifle-company", ("maker-rifles", 6, True))),
        ["chief-not-allowed", "obligatory-missing"],
    ),
    ("too-few-units", army(formation("test-patrol", ("maker-rifles", 1))), ["too-few-units"]),
    (
        "too-many-units",
        army(formation("test-patrol", ("maker-rifles", 5, True))),
        ["too-many-units"],
    ),
    ("dependency", army(company(**{"maker-rifles": 3})), ["dependency"]),
    (
        "no-chief",
        army(formation("maker-rifle-company", ("squad-leader", 1), ("maker-rifles", 4))),
        ["no-chief"],
    ),
    (
        "several-chiefs",
        army(formation("armoured-spearhead", ("colonel", 1, True), ("bulwark-tank", 2, True))),
        ["several-chiefs"],
    ),
    (
        "chief-not-allowed",
        army(formation("maker-rifle-company", ("squad-leader", 1), ("maker-rifles", 4, True))),
        ["chief-not-allowed"],
    ),
    (
        "titan-not-alone",
        army(formation("test-patrol", ("foundry-titan", 1, True), ("maker-rifles", 2))),
        ["titan-not-alone"],
    ),
    (
        "unknown-mount",
        army({**TITAN, "mounts": {"tail": "foundry-rail-cannon"}}),
        ["unknown-mount"],
    ),
    (
        "unknown-mount no titan",
        army({**company(), "mounts": {"left-weapon": "foundry-rail-cannon"}}),
        ["unknown-mount"],
    ),
    (
        "bad-weapon not a weapon",
        army({**TITAN, "mounts": {"left-weapon": "maker-rifles"}}),
        ["bad-weapon"],
    ),
    (
        "bad-weapon other faction",
        army({**TITAN, "mounts": {"left-weapon": "ascendant-beam-lance"}}),
        ["bad-weapon"],
    ),
    ("bad-weapon unknown", army({**TITAN, "mounts": {"left-weapon": "laser"}}), ["bad-weapon"]),
    (
        "hypha legal",
        army(SWARM, faction="fungus-pandemia", hypha=[{"unit": "hypha-tendril", "count": 3}]),
        [],
    ),
    (
        "hypha-in-formation",
        army(
            formation(
                "spore-swarm",
                ("mycelial-node", 1, True),
                ("spore-walkers", 6),
                ("hypha-tendril", 2),
            ),
            faction="fungus-pandemia",
        ),
        ["hypha-in-formation"],
    ),
    (
        "not-hypha",
        army(SWARM, faction="fungus-pandemia", hypha=[{"unit": "spore-walkers", "count": 1}]),
        ["not-hypha"],
    ),
    ("empty-formation", army({"plan": "maker-rifle-company", "units": []}), ["empty-formation"]),
    ("star-budget", army(SPEARHEAD, TITAN), ["star-budget"]),
    ("stars within a bigger budget", army(SPEARHEAD, TITAN, budget=2000), []),
    ("training legal", army(company(), budget=500), []),
    (
        "training-flyers",
        army(formation("test-patrol", ("maker-rifles", 1, True), ("hawk-gunship", 1)), budget=500),
        ["training-flyers"],
    ),
    ("training-rare", army(TITAN, budget=500), ["training-rare"]),
    (
        "training flyers and rare",
        army(formation("hawk-wing", ("hawk-gunship", 1)), budget=500),
        ["training-flyers", "training-rare"],
    ),
    (
        "invader-no-way-in",
        army(formation("test-invaders", ("maker-rifles", 5, True))),
        ["invader-no-way-in"],
    ),
    (
        "invader short of carriers",
        army(formation("test-invaders", ("maker-rifles", 4, True), ("carrier-pod", 1))),
        ["invader-no-way-in"],
    ),
    (
        "invader carried",
        army(formation("test-invaders", ("maker-rifles", 6, True), ("carrier-pod", 2))),
        [],
    ),
    (
        "invader planetfall",
        army(formation("test-invaders", ("maker-rifles", 6, True), ("drop-ship", 1))),
        [],
    ),
    (
        "astral invader",
        army(
            formation("portal-host", ("portal-host", 4, True), ("astral-wardens", 1)),
            faction="astral",
        ),
        ["invader-no-way-in"],
    ),
    (
        "astral invader with portal",
        army(
            formation("portal-host", ("portal-host", 4, True), ("astral-wardens", 1)),
            formation("barque-fleet", ("portal-barque", 1), ("glide-skiff", 1, True)),
            faction="astral",
        ),
        [],
    ),
    (
        "homebrew-not-allowed",
        army(formation("hb-2", ("hb-1", 1))),
        ["homebrew-not-allowed", "homebrew-not-allowed"],
    ),
    ("homebrew allowed", army(formation("hb-2", ("hb-1", 1)), allow_homebrew=True), []),
    (
        "homebrew weapon on a mount",
        army({**TITAN, "mounts": {"left-weapon": "hb-1"}}),
        ["bad-weapon"],
    ),
    ("empty-army", army(), ["empty-army"]),
]


@pytest.mark.parametrize(("body", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_body_gets_exactly_its_problem_codes(body, expected):
    assert codes(body) == expected


def test_every_documented_code_is_exercised():
    documented = {
        "over-budget",
        "invalid-budget",
        "unknown-faction",
        "wrong-faction",
        "draft-faction",
        "unknown-plan",
        "unknown-unit",
        "malformed",
        "bad-count",
        "unit-not-in-plan",
        "below-min",
        "above-max",
        "obligatory-missing",
        "too-few-units",
        "too-many-units",
        "dependency",
        "no-chief",
        "several-chiefs",
        "chief-not-allowed",
        "titan-not-alone",
        "unknown-mount",
        "bad-weapon",
        "hypha-in-formation",
        "not-hypha",
        "empty-formation",
        "star-budget",
        "training-flyers",
        "training-rare",
        "invader-no-way-in",
        "homebrew-not-allowed",
        "empty-army",
    }
    assert {code for _, _, expected in CASES for code in expected} == documented


def test_problems_name_their_paths():
    body = army(
        {**company(ghost=1), "units": [*company(ghost=1)["units"], {"unit": "x", "count": -1}]},
        {**TITAN, "mounts": {"left-arm": "foundry-rail-cannon", "right-weapon": "laser"}},
        faction="fungus-pandemia",
        hypha=[{"unit": "spore-walkers", "count": 1}],
    ) | {"faction": TERRAN}
    paths = {(p.code, p.path) for p in build_rules.validate(body, CAT).problems}
    assert ("unknown-unit", "formations.0.units.4") in paths
    assert ("bad-count", "formations.0.units.5") in paths
    assert ("unknown-mount", "formations.1.mounts.left-arm") in paths
    assert ("bad-weapon", "formations.1.mounts.right-weapon") in paths
    assert ("wrong-faction", "hypha.0") in paths


def test_messages_name_the_unit_and_the_numbers():
    report = build_rules.validate(army(company(**{"maker-rifles": 9}), budget=100), CAT)
    messages = {p.code: p.message for p in report.problems}
    assert "Maker Rifles" in messages["above-max"] and "8" in messages["above-max"]
    assert "9" in messages["above-max"]
    assert "100" in messages["over-budget"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (army(SPEARHEAD, TITAN), "star-budget"),
        (army(TITAN, budget=500), "training-rare"),
        (
            army(
                formation("test-patrol", ("maker-rifles", 1, True), ("hawk-gunship", 1)), budget=500
            ),
            "training-flyers",
        ),
    ],
)
def test_setup_guidelines_are_errors_unless_ignored(body, code):
    strict = build_rules.validate(body, CAT)
    assert [(p.code, p.severity) for p in strict.problems] == [(code, "error")]
    assert not strict.legal
    body["options"]["ignore_setup_guidelines"] = True
    relaxed = build_rules.validate(body, CAT)
    assert [(p.code, p.severity) for p in relaxed.problems] == [(code, "warning")]
    assert relaxed.legal


def test_warnings_leave_an_army_legal():
    report = build_rules.validate(army(formation("test-invaders", ("maker-rifles", 5, True))), CAT)
    assert [p.severity for p in report.problems] == ["warning"] and report.legal
    assert build_rules.validate(army(), CAT).legal


def test_homebrew_is_opt_in():
    body = army(formation("hb-4", ("hb-3", 1)))
    assert codes(body) == ["homebrew-not-allowed", "homebrew-not-allowed"]
    body["options"]["allow_homebrew"] = True
    assert build_rules.validate(body, CAT).legal


def test_unknown_units_count_zero_points():
    report = build_rules.validate(army(company(ghost=3)), CAT)
    assert report.figures["total"] == build_rules.validate(army(company()), CAT).figures["total"]


# The example and the figures -------------------------------------------------------------


def test_example_is_a_legal_1000_point_terran_army_with_a_titan():
    report = build_rules.validate(build_rules.EXAMPLE, CAT)
    assert report.problems == [] and report.legal
    assert build_rules.EXAMPLE["faction"] == TERRAN and build_rules.EXAMPLE["budget"] == 1000
    assert len(build_rules.EXAMPLE["formations"]) >= 3
    assert any(f["plan"] == "foundry-titan" for f in build_rules.EXAMPLE["formations"])
    assert GAME.example_list() == build_rules.EXAMPLE


def expected_total(body: dict[str, Any], faction: str = TERRAN) -> int:
    """The sum of catalogue prices of the lines, a Titan being chassis plus weapons."""
    units = {e.slug: e for e in GAME.entries() if e.kind == "unit" and e.faction == faction}
    total = 0
    for f in body["formations"]:
        for line in f["units"]:
            unit = units[line["unit"]]
            each = unit.points
            for mount in unit.data.get("mounts", []):
                weapon = f.get("mounts", {}).get(mount["mount"], mount["weapon"])
                each += units[weapon].points
            total += line.get("count", 1) * each
    for line in body.get("hypha", []):
        total += line["count"] * units[line["unit"]].points
    return total


def test_example_total_is_the_sum_of_catalogue_prices():
    figures = build_rules.validate(build_rules.EXAMPLE, CAT).figures
    assert figures["total"] == expected_total(build_rules.EXAMPLE)
    assert figures["remaining"] == 1000 - figures["total"]
    assert sum(f["points"] for f in figures["formations"]) == figures["total"]
    assert figures["unit_count"] == sum(f["units"] for f in figures["formations"])


def test_titan_mount_override_is_priced_with_the_chosen_weapon():
    chassis, cannon, flak = (
        price(s) for s in ("foundry-titan", "foundry-rail-cannon", "foundry-flak-battery")
    )
    plain = build_rules.validate(army(TITAN), CAT).figures
    assert plain["total"] == chassis + cannon + flak
    two_cannons = army({**TITAN, "mounts": {"right-weapon": "foundry-rail-cannon"}})
    figures = build_rules.validate(two_cannons, CAT).figures
    assert figures["total"] == chassis + 2 * cannon
    assert figures["by_type"]["titan"] == chassis + 2 * cannon
    assert figures["by_role"]["anti-tank"] == 2 * cannon
    assert figures["formations"][0]["units"] == 1


def test_a_weapon_is_priced_at_the_speed_of_the_titan_carrying_it():
    figures = build_rules.validate(
        army(formation("hb-4", ("hb-3", 1)), allow_homebrew=True), CAT
    ).figures
    hb3 = CAT.get("unit", "hb-3", TERRAN)
    at_speed = {
        slug: GAME.price("unit", {**CAT.get("unit", slug, TERRAN).data, "speed": 20})
        for slug in ("foundry-rail-cannon", "foundry-flak-battery")
    }
    assert at_speed["foundry-rail-cannon"] != price("foundry-rail-cannon")
    assert figures["total"] == hb3.points + sum(at_speed.values())


def test_supply_cost_and_first_deployment_round_half_up():
    body = army(
        company(),
        company(**{"maker-rifles": 2, "mule-carrier": 0, "maker-heavy-weapons": 1}),
        TITAN,
        budget=1100,
    )
    figures = build_rules.validate(body, CAT).figures
    for f in figures["formations"]:
        assert f["supply_cost"] == round_half_up(f["points"] / 100)
    assert [f["supply_cost"] for f in figures["formations"]] == [2, 1, 1]
    assert figures["first_deployment_budget"] == round_half_up(1100 / 200) == 6
    assert build_rules.validate(army(budget=1000), CAT).figures["first_deployment_budget"] == 5


def test_formation_speed_is_its_slowest_unit_flyer_or_immobile():
    body = army(
        company(),
        SPEARHEAD,
        formation("hawk-wing", ("hawk-gunship", 2, True)),
        budget=5000,
    )
    speeds = [f["speed"] for f in build_rules.validate(body, CAT).figures["formations"]]
    assert speeds == [10, 10, "flyer"]
    drones = army(
        formation(
            "drone-host", ("conduit-adept", 1, True), ("drone-cloud", 3), ("generator-pylon", 1)
        ),
        faction="transcendent",
    )
    assert build_rules.validate(drones, CAT).figures["formations"][0]["speed"] == 0


@pytest.mark.parametrize(
    ("budget", "tier", "stars"),
    [
        (500, "training-500", 0),
        (1, "up-to-1000", 1),
        (1000, "up-to-1000", 1),
        (1001, "up-to-2000", 2),
        (4000, "up-to-4000", 3),
        (9999, "up-to-9999", 5),
        (10000, "10000-or-more", 8),
        (250000, "10000-or-more", 8),
    ],
)
def test_the_setup_tier_follows_the_budget(budget, tier, stars):
    figures = build_rules.validate(army(budget=budget), CAT).figures
    assert figures["setup"]["slug"] == tier
    assert figures["star_budget"] == figures["setup"]["stars"] == stars
    assert figures["setup"]["training"] is (budget == 500)
    assert {
        "name",
        "table_cm",
        "terrain_pieces",
        "points_of_interest",
        "supply_cards_per_round",
    } <= set(figures["setup"])


def test_stars_used_are_the_plans_stars():
    figures = build_rules.validate(army(SPEARHEAD, TITAN, budget=2000), CAT).figures
    assert figures["stars"] == 2 and figures["star_budget"] == 2
    assert [f["stars"] for f in figures["formations"]] == [1, 1]


def test_points_by_type_and_by_role_add_up_to_the_total():
    body = army(
        company(**{"field-printer-crew": 1}),
        SPEARHEAD,
        TITAN,
        formation("hawk-wing", ("hawk-gunship", 2, True)),
        budget=5000,
    )
    figures = build_rules.validate(body, CAT).figures
    assert sum(figures["by_type"].values()) == figures["total"]
    assert sum(figures["by_role"].values()) == figures["total"]
    assert figures["by_type"]["flyer"] == 2 * price("hawk-gunship")
    assert figures["by_type"]["titan"] == sum(
        price(s) for s in ("foundry-titan", "foundry-rail-cannon", "foundry-flak-battery")
    )
    by_role = figures["by_role"]
    assert by_role["command"] == price("squad-leader") + price("colonel")
    assert by_role["artillery"] == price("howitzer")
    assert by_role["anti-tank"] == 4 * price("bulwark-tank") + price("foundry-rail-cannon")
    assert by_role["anti-air"] == 2 * price("hawk-gunship") + price("foundry-flak-battery")
    assert by_role["transport"] == 2 * price("mule-carrier")
    assert by_role["support"] == price("field-printer-crew")


def test_hypha_are_priced_as_units_outside_formations():
    body = army(
        SWARM,
        faction="fungus-pandemia",
        hypha=[{"unit": "hypha-tendril", "count": 3}, {"unit": "hypha-bloom", "count": 1}],
    )
    figures = build_rules.validate(body, CAT).figures
    hypha = 3 * price("hypha-tendril", "fungus-pandemia") + price("hypha-bloom", "fungus-pandemia")
    assert figures["hypha"] == {"points": hypha, "units": 4}
    assert figures["total"] == figures["formations"][0]["points"] + hypha
    assert figures["unit_count"] == 7 + 4


def test_report_is_json_ready():
    report = build_rules.validate(build_rules.EXAMPLE, CAT)
    assert json.loads(json.dumps(report.as_dict()))["legal"] is True


def test_model_counts_count_the_titan_not_its_weapons():
    body = army(
        company(), {**TITAN, "mounts": {"right-weapon": "foundry-rail-cannon"}}, company(ghost=2)
    )
    assert build_rules.model_counts(body, CAT) == {
        "squad-leader": 2,
        "maker-rifles": 12,
        "maker-heavy-weapons": 4,
        "mule-carrier": 4,
        "foundry-titan": 1,
    }
    assert build_rules.model_counts(None, CAT) == {}  # type: ignore[arg-type]
    hypha = army(SWARM, faction="fungus-pandemia", hypha=[{"unit": "hypha-tendril", "count": 2}])
    assert build_rules.model_counts(hypha, CAT)["hypha-tendril"] == 2


def test_summary_reads_as_a_forum_post():
    report = build_rules.validate(build_rules.EXAMPLE, CAT)
    text = build_rules.summary(build_rules.EXAMPLE, CAT, report)
    lines = text.splitlines()
    assert (
        lines[0] == f"Terran Makers - {report.figures['total']} / 1000 points "
        f"({report.figures['remaining']} left)"
    )
    assert "1. First company - Maker Rifle Company: 236 pts, supply 2, speed 10 cm" in lines
    assert "   1x Squad Leader (chief)" in lines and "   7x Maker Rifles" in lines
    assert any("Foundry Titan" in line and "Foundry Rail Cannon" in line for line in lines)
    assert lines[-1] == "Legal"


def test_summary_lists_the_problems_and_hypha():
    body = army(
        SWARM, faction="fungus-pandemia", budget=50, hypha=[{"unit": "hypha-tendril", "count": 2}]
    )
    report = build_rules.validate(body, CAT)
    text = build_rules.summary(body, CAT, report)
    assert "Hypha: 6 pts" in text and "   2x Hypha Tendril" in text
    assert "Not legal:" in text and "over its budget of 50" in text
    assert "Legal" not in text.splitlines()[-1]


def test_a_big_army_is_checked_whole():
    """100 companies of 10 units: 1,000 models, every figure still adds up."""
    body = army(
        *(company(**{"maker-rifles": 7, "mule-carrier": 0}) for _ in range(100)),
        budget=11000,
    )
    report = build_rules.validate(body, CAT)
    assert report.figures["unit_count"] == 1000
    assert report.figures["total"] == 100 * (
        price("squad-leader") + 7 * price("maker-rifles") + 2 * price("maker-heavy-weapons")
    )
    assert report.legal and report.figures["setup"]["slug"] == "10000-or-more"


def test_validator_uses_no_django():
    import companion.games.maker_war.army_figures as figures_module
    import companion.games.maker_war.army_reading as reading_module

    for module in (build_rules, figures_module, reading_module):
        assert "django" not in Path(module.__file__).read_text(encoding="utf-8").lower()


def test_an_internal_error_becomes_a_problem_not_an_exception():
    class Broken(Catalogue):
        def get(self, kind: str, slug: str, faction: str = "") -> CatalogueItem | None:
            raise RuntimeError("database went away")

    report = build_rules.validate(army(company()), Broken([]))
    assert isinstance(report, BuildReport) and not report.legal
    assert [p.code for p in report.problems][-1] == "internal-error"
