"""The deck builder's taps: each action is a pure edit that keeps the body well-formed and
refuses only what cannot apply (never a move that merely breaks a deck rule)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.micro_and_macro import GAME, build_rules, list_edits
from tests.games.micro_and_macro.test_build_rules import CAT


def edit(body: Any, op: str, **args: str) -> dict[str, Any]:
    return GAME.edit_list(body, op, args, CAT)


def refused(body: Any, op: str, **args: str) -> dict[str, str]:
    with pytest.raises(RuleError) as err:
        edit(body, op, **args)
    return err.value.errors


def lines(body: dict[str, Any], pile: str) -> list[tuple[str, int]]:
    return [(line["card"], line["count"]) for line in body[pile]]


EMPTY = {
    "faction": "bloodmages",
    "main": [],
    "buildings": [],
    "options": {"allow_drafts": False, "allow_homebrew": False},
}


def test_every_action_is_registered():
    assert set(list_edits.ACTIONS) == {
        "start",
        "add-card",
        "remove-card",
        "set-count",
        "set-option",
    }
    assert "op" in refused(EMPTY, "shuffle")


def test_start_makes_an_empty_deck_of_a_faction_or_neutral():
    assert edit(build_rules.EXAMPLE, "start", faction="bloodmages") == EMPTY
    assert edit({}, "start", faction="neutral")["faction"] == "neutral"
    # A draft faction can be started: the validator says it is a draft.
    assert edit({}, "start", faction="dwarfs")["faction"] == "dwarfs"
    assert "faction" in refused({}, "start", faction="orcs")
    assert "faction" in refused({}, "start")


def test_add_card_puts_buildings_in_the_pile_and_the_rest_in_the_main_deck():
    body = EMPTY
    for slug in ("blood-spire", "graveyard", "graveyard", "blood-tithe", "unholy-relic"):
        body = edit(body, "add-card", card=slug)
    assert lines(body, "buildings") == [("blood-spire", 1), ("graveyard", 2)]
    assert lines(body, "main") == [("blood-tithe", 1), ("unholy-relic", 1)]
    assert EMPTY["main"] == []  # the edit worked on a copy


def test_add_card_does_not_enforce_deck_rules():
    body = edit(EMPTY, "add-card", card="royal-keep")
    body = edit(body, "add-card", card="blood-spire")
    assert lines(body, "buildings") == [("royal-keep", 1), ("blood-spire", 1)]
    codes = {p.code for p in build_rules.validate(body, CAT).problems}
    assert {"wrong-faction", "several-main-buildings"} <= codes


def test_add_card_refuses_unknown_cards_and_a_hundredth_copy():
    assert "card" in refused(EMPTY, "add-card", card="ghost")
    assert "card" in refused(EMPTY, "add-card", card="skeleton")
    full = edit(EMPTY, "set-count", card="blood-tithe", pile="main", count="99")
    assert "card" in refused(full, "add-card", card="blood-tithe")


def test_add_card_mends_an_unreadable_count():
    body = {**EMPTY, "main": [{"card": "fel-ward", "count": "x"}]}
    assert lines(edit(body, "add-card", card="fel-ward"), "main") == [("fel-ward", 1)]


def test_remove_card_takes_one_copy_and_drops_the_line_at_zero():
    body = edit(build_rules.EXAMPLE, "remove-card", card="graveyard", pile="buildings")
    assert ("graveyard", 1) in lines(body, "buildings")
    body = edit(body, "remove-card", card="graveyard", pile="buildings")
    assert "graveyard" not in [c for c, _ in lines(body, "buildings")]
    assert "card" in refused(body, "remove-card", card="graveyard", pile="buildings")


def test_remove_card_finds_the_pile_when_it_is_not_given():
    body = edit(build_rules.EXAMPLE, "remove-card", card="dark-pact")
    assert ("dark-pact", 2) in lines(body, "main")
    # A card the catalogue no longer has can still be removed from where it is.
    gone = {**EMPTY, "buildings": [{"card": "old-tower", "count": 1}]}
    assert edit(gone, "remove-card", card="old-tower")["buildings"] == []
    assert "pile" in refused(EMPTY, "remove-card", card="old-tower")


def test_set_count_sets_removes_and_merges_repeated_lines():
    body = {**EMPTY, "main": [{"card": "fel-ward", "count": 2}, {"card": "fel-ward", "count": 1}]}
    assert lines(edit(body, "set-count", card="fel-ward", pile="main", count="5"), "main") == [
        ("fel-ward", 5)
    ]
    assert edit(body, "set-count", card="fel-ward", pile="main", count="0")["main"] == []
    added = edit(EMPTY, "set-count", card="graveyard", pile="buildings", count="3")
    assert lines(added, "buildings") == [("graveyard", 3)]
    # The pile is the player's call: a building in the main deck is the validator's matter.
    wrong = edit(EMPTY, "set-count", card="graveyard", pile="main", count="1")
    assert lines(wrong, "main") == [("graveyard", 1)]


def test_set_count_clears_unknown_cards_but_adds_only_known_ones():
    gone = {**EMPTY, "main": [{"card": "old-spell", "count": 4}]}
    assert edit(gone, "set-count", card="old-spell", pile="main", count="0")["main"] == []
    assert "card" in refused(EMPTY, "set-count", card="ghost", pile="main", count="2")


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ({"card": "fel-ward", "pile": "hand", "count": "1"}, "pile"),
        ({"card": "fel-ward", "pile": "main", "count": "100"}, "count"),
        ({"card": "fel-ward", "pile": "main", "count": "-1"}, "count"),
        ({"card": "fel-ward", "pile": "main", "count": "two"}, "count"),
        ({"pile": "main", "count": "1"}, "card"),
    ],
)
def test_set_count_names_the_argument_it_cannot_use(args, named):
    assert named in refused(EMPTY, "set-count", **args)


def test_set_option_turns_drafts_and_homebrew_on_and_off():
    body = edit(EMPTY, "set-option", option="allow_drafts", value="true")
    assert body["options"] == {"allow_drafts": True, "allow_homebrew": False}
    body = edit(body, "set-option", option="allow_homebrew", value="on")
    body = edit(body, "set-option", option="allow_drafts", value="false")
    assert body["options"] == {"allow_drafts": False, "allow_homebrew": True}
    assert edit({"options": "x"}, "set-option", option="allow_drafts", value="1")["options"] == {
        "allow_drafts": True
    }
    assert "option" in refused(EMPTY, "set-option", option="ignore_rules", value="1")


def test_edits_mend_a_malformed_body():
    body = edit({"faction": "bloodmages", "main": "junk"}, "add-card", card="fel-ward")
    assert lines(body, "main") == [("fel-ward", 1)]


def test_taps_build_the_example_deck():
    body = edit({}, "start", faction="bloodmages")
    for line in (*build_rules.EXAMPLE["main"], *build_rules.EXAMPLE["buildings"]):
        for _ in range(line["count"]):
            body = edit(body, "add-card", card=line["card"])
    assert body == build_rules.EXAMPLE


# The card pool -------------------------------------------------------------------------


def test_choices_offer_the_factions_cards_and_the_neutral_ones_sorted():
    cards = GAME.builder_choices(build_rules.EXAMPLE, CAT)["cards"]
    slugs = [c["slug"] for c in cards]
    assert "blood-spire" in slugs and "watchtower" in slugs and "supply-cache" in slugs
    assert "royal-keep" not in slugs and "call-to-arms" not in slugs
    assert "kings-levy" not in slugs  # its printed symbol is Kingdoms of Men
    rank = {"building": 0, "upgrade": 1, "instant": 2}
    keys = [(rank[c["category"]], c["cost"], c["name"].lower()) for c in cards]
    assert keys == sorted(keys)
    assert [c["category"] for c in cards[:2]] == ["building", "building"]


def test_choices_carry_facts_flags_and_copies():
    choices = GAME.builder_choices(build_rules.EXAMPLE, CAT)
    assert choices["faction"] == "bloodmages"
    assert choices["options"] == {"allow_drafts": False, "allow_homebrew": False}
    cards = {c["slug"]: c for c in choices["cards"]}
    spire = cards["blood-spire"]
    assert spire["copies"] == 1 and spire["is_main"] and spire["pile"] == "buildings"
    assert spire["facts"] == [
        "main building",
        "LP 20",
        "Defense D8",
        "3 upgrade slots",
        "makes Bloodmage (6)",
    ]
    assert cards["graveyard"]["copies"] == 2
    relic = cards["unholy-relic"]
    assert relic["copies"] == 3 and relic["pile"] == "main" and relic["cost"] == 2
    assert relic["facts"] == [
        "fits Blood Spire, Fel Forge",
        "teaches Unholy Presence to Bloodmage, Blood Knight",
    ]
    assert cards["bone-bows"]["facts"] == ["fits Graveyard", "gives Skeleton the Bow"]
    assert cards["neutral-charm"]["facts"][0] == "fits any building"
    assert cards["blood-tithe"]["facts"] == [] and cards["blood-tithe"]["symbol"] == "bloodmages"
    assert cards["watchtower"]["symbol"] == "neutral"
    assert cards["hb-1"]["is_homebrew"] and not cards["hb-1"]["allowed"]
    assert cards["draft-rune"]["is_draft"] and not cards["draft-rune"]["allowed"]
    assert cards["bog-hut"]["is_draft"]  # it makes Trolls, a draft unit
    assert cards["fel-ward"]["allowed"] and not cards["fel-ward"]["is_draft"]


def test_choices_follow_the_options():
    body = {**build_rules.EXAMPLE, "options": {"allow_drafts": True, "allow_homebrew": True}}
    cards = {c["slug"]: c for c in GAME.builder_choices(body, CAT)["cards"]}
    assert cards["hb-1"]["allowed"] and cards["draft-rune"]["allowed"]


@pytest.mark.parametrize("faction", ["neutral", "", None])
def test_a_neutral_deck_is_offered_neutral_cards_only(faction):
    choices = GAME.builder_choices({"faction": faction}, CAT)
    assert choices["faction"] == "neutral"
    assert {c["symbol"] for c in choices["cards"]} == {"neutral"}
    assert "wanderers-camp" in {c["slug"] for c in choices["cards"]}


def test_choices_answer_any_body():
    for body in (None, [], {"main": 3, "options": [1]}, {"faction": 5, "buildings": ["x"]}):
        assert isinstance(list_edits.choices(body, CAT)["cards"], list)  # type: ignore[arg-type]
