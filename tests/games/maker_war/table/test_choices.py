"""The players' choices beside an attack at the Maker-War table, each worked by hand from
the rule book with typed dice: real or Muster dice with big dice, advantage sources,
Sniper picks, Sacrifice, the Bombard template, Berserk rage, typed critical-hit dice on a
Titan, the close-combat hit order and moral checks, and what a Titan's death throes do
to morale (Losing Hope, Cheers)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.maker_war.engine import ENGINE
from companion.games.maker_war.table.choices import face
from tests.games.maker_war.table_fixtures import act, army, fid, get, start, to_battle

TERRAN = army("maker-rifle-company", "maker-rifle-company", "foundry-titan")
RIFLES = "Maker Rifle Company"
MISS = 2  # a face that never hits, nor counts for Terror, Dicey or Anti-Tank


def terran_battle() -> dict:
    return to_battle(
        start(TERRAN, TERRAN),
        [
            (0, RIFLES, {"maker_weapon": "anti-tank"}),
            (1, RIFLES, {"maker_weapon": "anti-tank"}),
            (0, "Foundry Titan", {}),
            (1, "Foundry Titan", {}),
        ],
    )


def rifles_fire(state: dict) -> tuple[dict, str, str]:
    """Seat 0's rifle company (13 dice, 4 of them Anti-Tank) activated to Advance."""
    mine, theirs = fid(state, 0, RIFLES), fid(state, 1, RIFLES)
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    return state, mine, theirs


def dead(state: dict, formation_id: str) -> list[str]:
    return [u["id"] for u in get(state, formation_id)["units"] if not u["alive"]]


def shoot(state: dict, target: str, rolls: list[int], **extra) -> tuple[dict, list[dict]]:
    return act(
        state, 0, {"type": "shoot", "target": target, "distance": 30, "rolls": rolls, **extra}
    )


# --- the dice: real (typed, with big dice) or Muster's -------------------------------------


def test_one_big_die_counts_five_hits_and_its_face_is_typed_apart():
    state, _, theirs = rifles_fire(terran_battle())
    # 13 dice: 8 normal (all miss) + 1 big die showing 5 = 5 hits; the chief is skipped,
    # riflemen u1-u5 die, one impact token each.
    state, events = shoot(state, theirs, [MISS] * 8, big_dice=1, big_rolls=[5])
    assert dead(state, theirs) == [f"{theirs}u{i}" for i in range(1, 6)]
    assert get(state, theirs)["impact_tokens"] == 5 and events[0]["hits"] == 5


def test_muster_rolls_big_dice_too():
    state, _, theirs = rifles_fire(terran_battle())
    state, events = act(
        state, 0, {"type": "shoot", "target": theirs, "dice": "muster", "big_dice": 1}
    )
    working = " ".join(events[0]["details"])
    assert "1 big dice (x5)" in working and "8 normal dice" in working


@pytest.mark.parametrize(
    ("extra", "path"),
    [
        ({"dice": "muster", "rolls": [5] * 13}, "rolls"),
        ({"dice": "physical"}, "rolls"),
        ({"dice": "loaded"}, "dice"),
        ({"big_dice": 2, "rolls": [5] * 3, "big_rolls": [5, 5]}, "big_dice"),  # 3 normal < 5
        ({"big_dice": 1, "rolls": [5] * 8}, "big_rolls"),
        ({"big_dice": "many"}, "big_dice"),
        ({"big_rolls": [5]}, "big_dice"),
    ],
)
def test_dice_that_do_not_fit_the_choice_are_refused(extra: dict, path: str):
    state, _, theirs = rifles_fire(terran_battle())
    with pytest.raises(RuleError) as refused:
        act(state, 0, {"type": "shoot", "target": theirs, **extra})
    assert path in refused.value.errors


def test_cover_gives_disadvantage_and_a_marching_target_cannot_use_it():
    state, _, theirs = rifles_fire(terran_battle())
    # In cover, only the 6 hits (an Anti-Tank crit): one rifleman dies.
    covered, events = shoot(state, theirs, [5, 5, 6] + [MISS] * 10, cover=True)
    assert events[0]["hits"] == 1 and len(dead(covered, theirs)) == 1
    # Marching: advantage, cover ignored, a 4 hits.
    get(state, theirs)["stance"] = "march"
    marching, events = shoot(state, theirs, [4] + [MISS] * 12, cover=True)
    assert events[0]["hits"] == 1 and "march stance" in " ".join(events[0]["details"])


# --- allocation choices ------------------------------------------------------------------


def test_a_sniper_picks_the_chief_which_ordinary_hits_skip():
    state = to_battle(
        start(army("phase-squadron"), army("maker-rifle-company")),
        [(0, "Phase Squadron", {}), (1, RIFLES, {"maker_weapon": "anti-tank"})],
    )
    mine, theirs = fid(state, 0, "Phase Squadron"), fid(state, 1, RIFLES)
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    chief = f"{theirs}u0"
    with pytest.raises(RuleError) as refused:  # one Lance Walker: one free pick
        shoot(state, theirs, [5] + [MISS] * 7, picks=[chief, f"{theirs}u5"])
    assert "picks" in refused.value.errors
    # 8 dice (four tanks of 2): one hit, on the picked Squad Leader.
    state, _ = shoot(state, theirs, [5] + [MISS] * 7, picks=[chief])
    assert dead(state, theirs) == [chief]


def test_a_sacrifice_unit_dies_in_place_of_the_first_casualty():
    state, _, theirs = rifles_fire(terran_battle())
    giver = f"{theirs}u6"
    get(state, theirs)["units"][6]["traits"]["sacrifice"] = 1
    # Two hits kill riflemen u1 and u2; u6 is sacrificed to save u1.
    after, events = shoot(state, theirs, [5, 5] + [MISS] * 11, sacrifices={giver: "any"})
    assert sorted(dead(after, theirs)) == sorted([f"{theirs}u2", giver])
    assert get(after, theirs)["impact_tokens"] == 2 and "sacrificed" in " ".join(
        events[0]["details"]
    )
    # A wish for a unit that did not die changes nothing.
    after, _ = shoot(state, theirs, [5, 5] + [MISS] * 11, sacrifices=[[giver, f"{theirs}u5"]])
    assert dead(after, theirs) == [f"{theirs}u1", f"{theirs}u2"]


def test_only_a_sacrifice_unit_may_be_sacrificed():
    state, _, theirs = rifles_fire(terran_battle())
    with pytest.raises(RuleError) as refused:
        shoot(state, theirs, [5] + [MISS] * 12, sacrifices={f"{theirs}u3": "any"})
    assert "sacrifices.0.0" in refused.value.errors


def test_the_bombard_template_hits_every_unit_under_it_with_the_whole_result():
    state = to_battle(
        start(army("celestial-titan"), army("maker-rifle-company")),
        [(0, "Celestial Titan", {}), (1, RIFLES, {"maker_weapon": "anti-tank"})],
    )
    titan, theirs = fid(state, 0, "Celestial Titan"), fid(state, 1, RIFLES)
    state, _ = act(state, 0, {"type": "activate", "formation": titan, "order": "advance"})
    lens, spire = f"{titan}u0:right-weapon", f"{titan}u0:left-weapon"
    under = [f"{theirs}u1", f"{theirs}u2", f"{theirs}u3"]
    with pytest.raises(RuleError) as refused:  # the Lightning Spire has no Bombard
        shoot(state, theirs, [5] * 5, units=[spire], bombard_units=under)
    assert "bombard_units" in refused.value.errors
    # Starfall Lens, 2 dice: one hit, and each of the three units under the template takes it.
    state, _ = shoot(state, theirs, [5, MISS], units=[lens], bombard_units=under)
    assert dead(state, theirs) == under and get(state, theirs)["impact_tokens"] == 3
    lens_mount = get(state, titan)["units"][0]["weapons"][1]
    assert lens_mount["spent"] is True  # Single Shot


def test_berserk_units_rage_on_instead_of_dying_when_the_owner_says_so():
    state = to_battle(
        start(army("maker-rifle-company"), army("thrall-brood")),
        [(0, RIFLES, {"maker_weapon": "anti-tank"}), (1, "Thrall Brood", {})],
    )
    mine, theirs = fid(state, 0, RIFLES), fid(state, 1, "Thrall Brood")
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "advance"})
    rolls = [5, 5] + [MISS] * 11
    # Without rage two Expendable thralls die and give no token.
    plain, _ = shoot(state, theirs, rolls)
    assert len(dead(plain, theirs)) == 2 and get(plain, theirs)["impact_tokens"] == 0
    # With rage both rage on: nobody dies, one token per killing hit, the rage stance.
    raged, _ = shoot(state, theirs, rolls, rage=True)
    f = get(raged, theirs)
    assert dead(raged, theirs) == [] and f["impact_tokens"] == 2 and f["stance"] == "rage"


def test_rage_needs_a_berserk_unit_in_the_target():
    state, _, theirs = rifles_fire(terran_battle())
    with pytest.raises(RuleError) as refused:
        shoot(state, theirs, [5] * 13, rage=True)
    assert "rage" in refused.value.errors


def test_typed_dice_pick_the_systems_of_a_titans_critical_hits():
    state, _, _ = rifles_fire(terran_battle())
    titan_f = fid(state, 1, "Foundry Titan")
    # 4 hits, two 6s (Anti-Tank 4): 2 plain hits on the 2 shields, 2 crits on structure
    # (14 -> 12, one token each); the moderate table's d6: 1 Legs, 2 Accumulator.
    rolls = [5, 5, 6, 6] + [MISS] * 9
    after, _ = shoot(state, titan_f, rolls, crit_rolls="1 2")
    titan = get(after, titan_f)["units"][0]
    assert titan["structure"] == 12 and titan["shields"] == 0
    assert titan["broken"] == ["legs", "accumulator"]
    assert get(after, titan_f)["impact_tokens"] == 2
    with pytest.raises(RuleError) as refused:
        shoot(state, titan_f, rolls, crit_rolls="1 2 3")
    assert "crit_rolls" in refused.value.errors
    with pytest.raises(RuleError) as refused:
        shoot(state, fid(state, 1, RIFLES), rolls, crit_rolls="1")
    assert "crit_rolls" in refused.value.errors


# --- close combat ------------------------------------------------------------------------


def assault() -> tuple[dict, str, str]:
    """Seat 1's rifle company assaults seat 0's (8 melee dice and one hero each side)."""
    state = terran_battle()
    titan_f = fid(state, 0, "Foundry Titan")
    state, _ = act(state, 0, {"type": "activate", "formation": titan_f, "order": "patrol"})
    state, _ = act(state, 0, {"type": "end-turn"})
    attacker, defender = fid(state, 1, RIFLES), fid(state, 0, RIFLES)
    state, _ = act(state, 1, {"type": "activate", "formation": attacker, "order": "assault"})
    return state, attacker, defender


def melee(state: dict, defender: str, **extra) -> tuple[dict, list[dict]]:
    rolls = {"attackers": [5, 6] + [1] * 6, "defenders": [5] + [MISS] * 7}
    return act(state, 1, {"type": "close-combat", "defenders": [defender], "rolls": rolls, **extra})


def test_units_in_base_contact_are_hit_first_and_moral_checks_are_typed():
    state, attacker, defender = assault()
    contact = [f"{defender}u5", f"{defender}u6", f"{attacker}u3"]
    moral = {attacker: "6 6", defender: "1 1"}
    state, events = melee(state, defender, contact=contact, moral_rolls=moral)
    # Two hits on the defenders' units in contact, one on the attackers'.
    assert dead(state, defender) == [f"{defender}u5", f"{defender}u6"]
    assert dead(state, attacker) == [f"{attacker}u3"]
    # Defender: 1+1 = 2 against 2 tokens fails (scatter); attacker: 12 against 1 passes.
    assert get(state, defender)["stance"] == "scatter"
    assert get(state, attacker)["stance"] is None
    assert "1+1 = 2 against 2 impact token(s): failed" in " ".join(events[0]["details"])


def test_a_hit_order_per_side_names_the_enemy_units():
    state, attacker, defender = assault()
    order = {"attackers": [f"{defender}u9", [defender, f"{defender}u2"]]}
    state, _ = melee(state, defender, hit_order=order)
    assert dead(state, defender) == [f"{defender}u2", f"{defender}u9"]
    with pytest.raises(RuleError) as refused:
        melee(state, defender, hit_order={"attackers": [f"{attacker}u1"]})
    assert "hit_order.attackers.0" in refused.value.errors


def test_a_sacrifice_saves_a_close_combat_casualty():
    state, attacker, defender = assault()
    giver = f"{defender}u6"
    get(state, defender)["units"][6]["traits"]["sacrifice"] = 1
    state, _ = melee(state, defender, contact=[f"{defender}u5"], sacrifices={giver: "any"})
    # Casualties u5 (contact) and u1 (next); u6 dies to save u5.
    assert sorted(dead(state, defender)) == sorted([f"{defender}u1", giver])
    assert get(state, defender)["impact_tokens"] == 2


def test_berserk_defenders_rage_in_close_combat_until_a_failed_check_ends_it():
    state = to_battle(
        start(army("maker-rifle-company"), army("thrall-brood")),
        [(0, RIFLES, {"maker_weapon": "anti-tank"}), (1, "Thrall Brood", {})],
    )
    mine, theirs = fid(state, 0, RIFLES), fid(state, 1, "Thrall Brood")
    state, _ = act(state, 0, {"type": "activate", "formation": mine, "order": "assault"})
    # Rifles: 8 melee dice, two hit; thralls: 21 dice, all miss. One hero a side, no edge.
    rolls = {"attackers": [5, 5] + [MISS] * 6, "defenders": [MISS] * 21}
    fight = {"type": "close-combat", "defenders": [theirs], "rolls": rolls, "rage": [theirs]}
    # Both killing hits leave raging thralls and a token each; 6+6 passes against 2.
    kept, _ = act(state, 0, {**fight, "moral_rolls": {theirs: "6 6", mine: "6 6"}})
    assert dead(kept, theirs) == [] and get(kept, theirs)["impact_tokens"] == 2
    assert get(kept, theirs)["stance"] == "rage"
    # 1+1 fails against 2: the rage ends, two berserk units and two tokens go, it scatters.
    broken, _ = act(state, 0, {**fight, "moral_rolls": {theirs: "1 1", mine: "6 6"}})
    f = get(broken, theirs)
    assert len(dead(broken, theirs)) == 2 and f["impact_tokens"] == 0
    assert f["stance"] == "scatter"


@pytest.mark.parametrize(
    ("extra", "path"),
    [
        (lambda d: {"rage": [d]}, "rage.0"),  # no Berserk unit
        (lambda d: {"crit_rolls": {d: "3"}}, "crit_rolls.{d}"),  # no Titan
        (lambda d: {"moral_rolls": {"nowhere": "3 3"}}, "moral_rolls.nowhere"),
        (lambda d: {"contact": ["nobody"]}, "contact.0"),
        (lambda d: {"big_dice": {"attackers": 1}}, "big_rolls.attackers"),
        (
            lambda d: {"big_dice": {"attackers": 1}, "big_rolls": {"attackers": [5]}},
            "big_dice",
        ),  # 8 dice leave 3 normal
    ],
)
def test_close_combat_choices_that_do_not_fit_are_refused(extra, path: str):
    state, _, defender = assault()
    with pytest.raises(RuleError) as refused:
        melee(state, defender, **extra(defender))
    assert path.format(d=defender) in refused.value.errors


# --- moral checks ------------------------------------------------------------------------


def test_a_moral_check_with_typed_dice_passes_only_above_the_tokens():
    state = terran_battle()
    mine = fid(state, 0, RIFLES)
    get(state, mine)["impact_tokens"] = 3
    failed, _ = act(state, 1, {"type": "moral-check", "formation": mine, "roll": "2 1"})
    assert get(failed, mine)["stance"] == "scatter"
    passed, _ = act(state, 1, {"type": "moral-check", "formation": mine, "roll": [3, 1]})
    assert get(passed, mine)["stance"] is None
    with pytest.raises(RuleError) as refused:
        act(state, 1, {"type": "moral-check", "formation": mine, "roll": "7 1"})
    assert "roll.0" in refused.value.errors


# --- a Titan's death throes --------------------------------------------------------------


def titan_falls(throes_roll: int) -> tuple[dict, list[dict]]:
    """Seat 1's Foundry Titan (14 structure at first) down to its last point, killed by
    one hit; its death throes roll is typed."""
    state, _, _ = rifles_fire(terran_battle())
    titan_f = fid(state, 1, "Foundry Titan")
    titan = get(state, titan_f)["units"][0]
    titan["structure"], titan["shields"] = 1, 0
    return shoot(state, titan_f, [5] + [MISS] * 12, throes_roll=throes_roll)


def test_losing_hope_makes_the_allies_the_players_name_check_their_morale():
    state, events = titan_falls(4)
    assert any("Losing Hope" in e["text"] for e in events)
    view = ENGINE.player_view(state, 0)
    [waiting] = view["throes"]
    assert waiting["slug"] == "losing-hope" and waiting["radius_cm"] == 14
    on_table = {f["id"] for f in state["formations"] if f["seat"] == 1 and f["where"] == "table"}
    assert set(waiting["candidates"]) == on_table and fid(state, 1, "Foundry Titan") not in on_table
    assert {"type": "death-throes", "formations": []} in ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError) as refused:  # an enemy of the Titan never loses hope
        act(state, 0, {"type": "death-throes", "formations": [fid(state, 0, RIFLES)]})
    assert "formations.0" in refused.value.errors
    near = fid(state, 1, RIFLES)
    get(state, near)["impact_tokens"] = 3
    state, events = act(
        state, 0, {"type": "death-throes", "formations": [near], "rolls": {near: "1 1"}}
    )
    assert get(state, near)["stance"] == "scatter"  # 2 against 3 tokens
    assert state["throes"] == [] and ENGINE.player_view(state, 0)["throes"] == []
    with pytest.raises(RuleError):
        act(state, 0, {"type": "death-throes", "formations": []})


def test_cheers_take_1d6_tokens_and_the_scatter_stance_from_the_named_enemies():
    state, events = titan_falls(5)
    cheering = fid(state, 0, "Foundry Titan")
    far = fid(state, 0, RIFLES)
    get(state, cheering).update(impact_tokens=4, stance="scatter")
    get(state, far)["impact_tokens"] = 2
    state, events = act(
        state, 1, {"type": "death-throes", "formations": [cheering], "rolls": {cheering: 3}}
    )
    assert get(state, cheering)["impact_tokens"] == 1 and get(state, cheering)["stance"] is None
    assert get(state, far)["impact_tokens"] == 2  # not named: out of range
    assert "rolled 3, 3 impact token(s) removed, the scatter stance ends" in events[1]["text"]


def test_a_typed_death_throes_roll_must_be_one_face():
    state, _, _ = rifles_fire(terran_battle())
    with pytest.raises(RuleError) as refused:
        shoot(state, fid(state, 1, RIFLES), [MISS] * 13, throes_roll="7")
    assert "throes_roll" in refused.value.errors


SHOT = rifles_fire(terran_battle())[0]
TARGET_UNITS = [u["id"] for u in get(SHOT, fid(SHOT, 1, RIFLES))["units"]] + ["nobody"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    picks=st.lists(st.sampled_from(TARGET_UNITS), max_size=2),
    sacrifices=st.dictionaries(
        st.sampled_from(TARGET_UNITS), st.sampled_from([*TARGET_UNITS, "any"]), max_size=2
    ),
    rolls=st.one_of(st.none(), st.lists(st.integers(0, 7), min_size=0, max_size=14)),
    big_dice=st.integers(0, 2),
    rage=st.booleans(),
    bombard=st.lists(st.sampled_from(TARGET_UNITS), max_size=2),
)
def test_any_choices_are_refused_cleanly_or_leave_a_sound_table(
    picks, sacrifices, rolls, big_dice, rage, bombard
):
    before = json.dumps(SHOT, sort_keys=True)
    action = {
        "type": "shoot",
        "target": fid(SHOT, 1, RIFLES),
        "distance": 30,
        "picks": picks,
        "sacrifices": sacrifices,
        "rolls": rolls,
        "big_dice": big_dice,
        "rage": rage,
        "bombard_units": bombard,
    }
    try:
        out = ENGINE.apply(SHOT, 0, action, random.Random(3))
    except RuleError as refused:
        assert refused.errors
    else:
        after = json.loads(json.dumps(out.state))
        target = get(after, action["target"])
        assert len(target["units"]) == 11 and target["impact_tokens"] >= 0
        assert target["impact_tokens"] == sum(not u["alive"] for u in target["units"])
    assert json.dumps(SHOT, sort_keys=True) == before  # the input never changes


# --- one typed face (a dying Titan's throes) ------------------------------------------


def test_one_typed_face_or_none():
    assert face("", "throes_roll") is None
    assert face("4", "throes_roll") == 4
    with pytest.raises(RuleError) as bad:
        face("7", "throes_roll")
    assert bad.value.errors == {"throes_roll": "A d6 shows 1 to 6."}
