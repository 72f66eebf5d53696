"""Hypothesis strategies shared by the games' property tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st


def json_like(words: Sequence[str], keys: Sequence[str]) -> st.SearchStrategy[Any]:
    """Any JSON-ish value, with the game's own slugs and keys mixed in, so a validator
    meets both junk and nearly right lists."""
    scalars = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.text(max_size=12)
        | st.sampled_from(list(words))
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(list(keys)) | st.text(max_size=6), inner, max_size=5)
        ),
        max_leaves=30,
    )
