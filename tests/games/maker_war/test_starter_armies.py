"""Muster's starter armies: every playable faction gets a full, priced, consistent army."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.maker_war import GAME
from companion.games.maker_war.book import critical_hits
from companion.games.maker_war.units import BIG_TITAN_STRUCTURE

PLAYABLE = ["terran-makers", "transcendent", "cyber-demons", "astral", "fungus-pandemia"]
ENTRIES = GAME.entries()


def units(faction: str) -> list:
    return [e for e in ENTRIES if e.kind == "unit" and e.faction == faction]


def plans(faction: str) -> list:
    return [e for e in ENTRIES if e.kind == "formation-plan" and e.faction == faction]


@pytest.mark.parametrize("faction", PLAYABLE)
def test_each_faction_has_infantry_tanks_a_titan_and_six_units(faction):
    mine = units(faction)
    types = Counter(u.category for u in mine)
    assert sum(n for t, n in types.items() if t != "weapon") >= 6
    assert types["infantry"] and types["tank"] and types["titan"]


def test_there_is_a_flyer_across_the_set():
    assert any(u.category == "flyer" for f in PLAYABLE for u in units(f))


@pytest.mark.parametrize("faction", PLAYABLE)
def test_names_are_unique_within_a_faction(faction):
    names = Counter(u.name for u in units(faction))
    assert [n for n, c in names.items() if c > 1] == []


@pytest.mark.parametrize("faction", PLAYABLE)
def test_every_price_is_the_formulas(faction):
    for unit in units(faction):
        assert unit.points == GAME.price("unit", unit.data) and unit.points > 0


@pytest.mark.parametrize("faction", PLAYABLE)
def test_titan_weapons_sit_on_the_mounts_of_its_critical_hit_table(faction):
    table_mounts = {
        table: {
            e.data["mount"] for e in critical_hits() if e.category == table and "mount" in e.data
        }
        for table in ("moderate", "big")
    }
    by_slug = {u.slug: u for u in units(faction)}
    for titan in (u for u in units(faction) if u.category == "titan"):
        table = "big" if titan.data["structure"] >= BIG_TITAN_STRUCTURE else "moderate"
        mounts = {m["mount"]: m["weapon"] for m in titan.data["mounts"]}
        assert set(mounts) == table_mounts[table], titan.name
        for mount, weapon_slug in mounts.items():
            weapon = by_slug[weapon_slug]
            assert weapon.category == "weapon"
            assert weapon.data["mount"] == mount and weapon.data["titan"] == titan.slug
            assert weapon.data["speed"] == titan.data["speed"]


@pytest.mark.parametrize("faction", PLAYABLE)
def test_three_formation_plans_whose_units_exist(faction):
    mine = plans(faction)
    assert len(mine) >= 3
    slugs = {u.slug for u in units(faction)}
    for plan in mine:
        data = plan.data
        assert {c["unit"] for c in data["choices"]} <= slugs
        assert set(data["chiefs"]) <= {c["unit"] for c in data["choices"]}
        assert all(c["obligatory"] == (c["min"] > 0) for c in data["choices"])
        assert all(d["unit"] in slugs and d["per_unit"] in slugs for d in data["dependencies"])


@pytest.mark.parametrize("faction", PLAYABLE)
def test_classic_formations_keep_their_plans_limits(faction):
    for plan in plans(faction):
        data = plan.data
        limits = {c["unit"]: (c["min"], c["max"]) for c in data["choices"]}
        classic = data["classic"]
        assert set(classic) <= set(limits)
        for unit, (low, high) in limits.items():
            assert low <= classic.get(unit, 0) <= high, (plan.name, unit)
        assert data["min_units"] <= sum(classic.values()) <= data["max_units"]
        for dep in data["dependencies"]:
            assert classic.get(dep["unit"], 0) <= classic.get(dep["per_unit"], 0) // dep["per"]


def test_a_titan_is_a_formation_by_itself_and_rare():
    titans = {u.slug for f in PLAYABLE for u in units(f) if u.category == "titan"}
    titan_plans = [
        p for f in PLAYABLE for p in plans(f) if {c["unit"] for c in p.data["choices"]} & titans
    ]
    assert len(titan_plans) == len(PLAYABLE)
    for plan in titan_plans:
        assert plan.data["max_units"] == 1 and plan.data["stars"] >= 1


def test_faction_special_rules_appear_in_its_starter_units():
    for faction in GAME.factions():
        if faction.slug not in PLAYABLE:
            continue
        used = {t for u in units(faction.slug) for t in u.data["traits"]}
        assert used & set(faction.special_rules), faction.slug


def test_hypha_are_in_no_formation_plan():
    hypha = {u.slug for u in units("fungus-pandemia") if "hypha" in u.data["traits"]}
    assert hypha
    for plan in plans("fungus-pandemia"):
        assert not hypha & {c["unit"] for c in plan.data["choices"]}


def test_starter_content_is_labelled_as_such():
    assert all(e.is_starter for e in ENTRIES if e.kind in ("unit", "formation-plan"))


def test_every_starter_plan_passes_the_homebrew_plan_check():
    from companion.games.maker_war.formations import check_plan_data

    for plan in (e for e in ENTRIES if e.kind == "formation-plan"):
        check_plan_data(dict(plan.data))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"choices": []}, "data.choices"),
        ({"choices": [{"unit": "a", "min": 3, "max": 1}]}, "data.choices.0.max"),
        ({"choices": [{"unit": "a"}, {"unit": "a"}]}, "data.choices.1.unit"),
        ({"choices": [{"unit": "a"}], "chiefs": ["b"]}, "data.chiefs.0"),
        (
            {
                "choices": [{"unit": "a"}],
                "dependencies": [{"unit": "a", "per": 0, "per_unit": "a"}],
            },
            "data.dependencies.0.per",
        ),
        ({"choices": [{"unit": "a", "min": 5, "max": 5}], "max_units": 3}, "data.max_units"),
        ({"choices": [{"unit": "a"}], "classic": {"z": 1}}, "data.classic.z"),
    ],
)
def test_a_broken_homebrew_plan_is_refused_naming_the_path(change, path):
    from companion.games.base import RuleError

    with pytest.raises(RuleError) as caught:
        GAME.clean_homebrew("formation-plan", {"choices": [{"unit": "a"}], **change})
    assert path in caught.value.errors


def test_a_bad_homebrew_unit_names_the_data_path():
    from companion.games.base import RuleError

    with pytest.raises(RuleError) as caught:
        GAME.clean_homebrew("unit", {"type": "tank", "armor": 2, "traits": {"laser": 1}})
    assert "data.traits.laser" in caught.value.errors
