"""What a JSON value from outside may hold: one check for every body, field and upload.

A value that passes is safe for every layer behind it: the rules code (no recursion
deeper than ``MAX_DEPTH``), the database (no NUL character, which PostgreSQL refuses in
text; no integer beyond a 4-byte ``integer`` column; no NaN or infinity, which JSON
columns refuse) and the printed card (a size limit per use). A failure is a ``RuleError``
naming the path of the bad value, so the API answers it as a 400 with that path and a
page shows it beside the field, like any other rule.
"""

from __future__ import annotations

import json
import math
from typing import Any

from companion.games.base import RuleError

# Deeper than any list, action or homebrew field the games define (a list body nests 5).
MAX_DEPTH = 32
# A database ``integer`` column: every IntegerField Muster stores is one.
MAX_INT = 2**31 - 1
MIN_INT = -(2**31)
NUL_MESSAGE = "Null characters are not allowed."


class JSONLimitError(RuleError):
    """A JSON value breaks a limit; ``errors`` maps the value's path to the reason."""


def join(path: str, key: object) -> str:
    """The dotted path of ``key`` under ``path`` (NUL shown escaped, never sent raw)."""
    part = str(key).replace("\x00", "\\u0000")
    return f"{path}.{part}" if path else part


def _where(path: str) -> str:
    return path or "non_field_errors"


def check(value: Any, *, path: str = "", max_depth: int = MAX_DEPTH) -> None:
    """Refuse NUL characters, non-finite numbers, integers outside a database column and
    nesting deeper than ``max_depth``, naming the first bad value's path."""
    stack: list[tuple[Any, str, int]] = [(value, path, 1)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise JSONLimitError({_where(where): NUL_MESSAGE})
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if item > MAX_INT:
                raise JSONLimitError(
                    {_where(where): f"Ensure this value is less than or equal to {MAX_INT}."}
                )
            if item < MIN_INT:
                raise JSONLimitError(
                    {_where(where): f"Ensure this value is greater than or equal to {MIN_INT}."}
                )
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise JSONLimitError({_where(where): "Expected a finite number."})
        elif isinstance(item, dict | list):
            if depth > max_depth:
                raise JSONLimitError(
                    {_where(where): f"Nested too deeply: at most {max_depth} levels."}
                )
            if isinstance(item, dict):
                for key, child in item.items():
                    if isinstance(key, str) and "\x00" in key:
                        raise JSONLimitError({_where(join(where, key)): NUL_MESSAGE})
                    stack.append((child, join(where, key), depth + 1))
            else:
                stack.extend((child, join(where, i), depth + 1) for i, child in enumerate(item))


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows.")


def loads(text: str | bytes, *, path: str = "", max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON from outside and ``check`` it; a parse failure names ``path`` too."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise JSONLimitError(
            {_where(path): f"Nested too deeply: at most {max_depth} levels."}
        ) from None
    except json.JSONDecodeError as exc:
        raise JSONLimitError(
            {_where(path): f"Not valid JSON: {exc.msg} (line {exc.lineno})."}
        ) from None
    except (ValueError, UnicodeDecodeError) as exc:  # NaN, a 5,000-digit number, bad UTF-8
        raise JSONLimitError({_where(path): f"Not valid JSON: {exc}"}) from None
    check(value, path=path, max_depth=max_depth)
    return value


def size_of(value: Any) -> int:
    """Bytes of ``value`` as compact JSON: what storing it costs."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def check_size(value: Any, *, path: str, max_bytes: int) -> None:
    """Refuse a (checked) value larger than ``max_bytes`` as compact JSON."""
    if size_of(value) > max_bytes:
        raise JSONLimitError({_where(path): f"Too large: at most {max_bytes // 1024} KB of JSON."})


def expect_object(value: Any, *, path: str = "") -> dict[str, Any]:
    """``value`` if it is a JSON object, else a 400 naming ``path``."""
    if not isinstance(value, dict):
        raise JSONLimitError({_where(path): "Expected a JSON object."})
    return value
