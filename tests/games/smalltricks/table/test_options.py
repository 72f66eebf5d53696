"""The options a Smalltricks table opens with (``table/options.py``): one field each, and
bad values refused by name before the table starts."""

from __future__ import annotations

import random

import pytest

from companion.games.base import RuleError
from companion.games.smalltricks.engine import ENGINE
from companion.games.smalltricks.table.options import OPTION_FIELDS, OPTIONS
from tests.games.smalltricks.table_fixtures import seats


def test_every_option_has_one_field_with_its_default_allowed():
    assert ENGINE.OPTIONS is OPTIONS and ENGINE.OPTION_FIELDS is OPTION_FIELDS
    assert [f.name for f in OPTION_FIELDS] == list(OPTIONS)
    for field in OPTION_FIELDS:
        default = OPTIONS[field.name]
        assert field.label and field.help and field.type in ("bool", "int", "choice")
        if field.type == "choice":
            assert default in field.choices
        if field.type == "int":
            assert field.min_value <= default <= field.max_value
        if field.type == "bool":
            assert isinstance(default, bool)


@pytest.mark.parametrize(("options", "path"), [
    ({"round_limit": 0}, "options.round_limit"),
    ({"end_of_game": "sudden-death"}, "options.end_of_game"),
    ({"trample_damage": "maybe"}, "options.trample_damage"),
    ({"match": "best-of-4"}, "options.match"),
    ({"colour": "red"}, "options.colour"),
])  # fmt: skip
def test_bad_options_are_refused_by_name(options, path):
    with pytest.raises(RuleError) as error:
        ENGINE.initial_state(seats(), options, random.Random(1))
    assert path in error.value.errors


def test_form_text_is_read_as_numbers_and_switches():
    state = ENGINE.initial_state(
        seats(), {"round_limit": "5", "trample_damage": "on"}, random.Random(1)
    )
    assert state["options"]["round_limit"] == 5 and state["options"]["trample_damage"] is True
