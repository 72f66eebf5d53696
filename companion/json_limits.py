"""What a value from outside may hold: one gate for every body, field, message and upload.

A value that passes is safe for every layer behind it: the rules code (no recursion
deeper than ``MAX_DEPTH``), the database (no NUL character, which PostgreSQL refuses in
text; no integer beyond a 4-byte ``integer`` column; no NaN or infinity, which JSON
columns refuse), every encoder after it (no lone surrogate, which orjson, UTF-8 and
PostgreSQL's ``jsonb`` refuse while Python's ``json`` reads and writes it; no integer
beyond 64 bits, which orjson refuses) and the printed card (a size limit per use). A
failure is a ``RuleError`` naming the path of the bad value, so the API answers it as a
400 with that path, a page shows it beside the field and a socket sends it back, like
any other rule.

The API's parser (``companion.parsers``), the pages, the socket
(``companion.table.socket_messages``) and the table's one service for a move
(``companion.table.services.act``, ``check_action``) all call it; the middleware
(``companion.middleware``) applies ``text_problem`` to every form field and query value.
"""

from __future__ import annotations

import json
import math
from typing import Any

from companion.body_limits import ACTION_BYTES
from companion.games.base import RuleError

# Deeper than any list, action or homebrew field the games define (a list body nests 5).
MAX_DEPTH = 32
# A database ``integer`` column: every IntegerField Muster stores is one.
MAX_INT = 2**31 - 1
MIN_INT = -(2**31)
NUL_MESSAGE = "Null characters are not allowed."
SURROGATE_MESSAGE = "Not valid text: a lone surrogate (\\ud800-\\udfff) is not allowed."
# A table action nests two or three levels; the socket's message wraps it in one more.
ACTION_DEPTH = 16
# More digits than any integer within the bounds above has: kept as text while parsing
# (Python refuses to read an integer of more than 4,300 digits), refused by ``check``
# with the value's path like any other integer out of range.
MAX_INT_DIGITS = 20


class JSONLimitError(RuleError):
    """A JSON value breaks a limit; ``errors`` maps the value's path to the reason."""


class TooDeep(JSONLimitError):
    """A value nested deeper than its limit (the socket words this one its own way)."""


class _LongInteger(str):
    """An integer literal of more than ``MAX_INT_DIGITS`` digits, as read: out of range."""


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored and sent back as it is (a NUL, a lone surrogate),
    or None. Cheap for the usual ASCII text."""
    if "\x00" in text:
        return NUL_MESSAGE
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # only a surrogate code point fails
            return SURROGATE_MESSAGE
    return None


def shown(text: str) -> str:
    """``text`` safe to send back in a message or a path: NUL and lone surrogates
    escaped (``\\u0000``, ``\\ud800``), never sent raw."""
    if text_problem(text) is None:
        return text
    return text.replace("\x00", "\\u0000").encode("utf-8", "backslashreplace").decode("utf-8")


def join(path: str, key: object) -> str:
    """The dotted path of ``key`` under ``path`` (NUL and lone surrogates shown escaped,
    never sent raw: the error naming them must itself be sendable)."""
    part = shown(str(key))
    return f"{path}.{part}" if path else part


def _where(path: str) -> str:
    return path or "non_field_errors"


def _out_of_range(where: str, negative: bool) -> JSONLimitError:
    if negative:
        return JSONLimitError(
            {_where(where): f"Ensure this value is greater than or equal to {MIN_INT}."}
        )
    return JSONLimitError({_where(where): f"Ensure this value is less than or equal to {MAX_INT}."})


def check(value: Any, *, path: str = "", max_depth: int = MAX_DEPTH) -> None:
    """Refuse NUL characters, lone surrogates, non-finite numbers, integers outside a
    database column and nesting deeper than ``max_depth``, naming the first bad value's
    path."""
    stack: list[tuple[Any, str, int]] = [(value, path, 1)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, _LongInteger):
            raise _out_of_range(where, item.startswith("-"))
        if isinstance(item, str):
            problem = text_problem(item)
            if problem is not None:
                raise JSONLimitError({_where(where): problem})
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if not MIN_INT <= item <= MAX_INT:
                raise _out_of_range(where, item < 0)
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise JSONLimitError({_where(where): "Expected a finite number."})
        elif isinstance(item, dict | list):
            if depth > max_depth:
                raise TooDeep({_where(where): f"Nested too deeply: at most {max_depth} levels."})
            if isinstance(item, dict):
                for key, child in item.items():
                    problem = text_problem(key) if isinstance(key, str) else None
                    if problem is not None:
                        raise JSONLimitError({_where(join(where, key)): problem})
                    stack.append((child, join(where, key), depth + 1))
            else:
                stack.extend((child, join(where, i), depth + 1) for i, child in enumerate(item))


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows.")


def _parse_int(digits: str) -> int | _LongInteger:
    return _LongInteger(digits) if len(digits) > MAX_INT_DIGITS else int(digits)


def loads(text: str | bytes, *, path: str = "", max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON from outside and ``check`` it; a parse failure names ``path`` too, and
    a value out of bounds (a 5,000-digit integer included) names its own path."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_int=_parse_int)
    except RecursionError:
        raise TooDeep({_where(path): f"Nested too deeply: at most {max_depth} levels."}) from None
    except json.JSONDecodeError as exc:
        raise JSONLimitError(
            {_where(path): f"Not valid JSON: {exc.msg} (line {exc.lineno})."}
        ) from None
    except (ValueError, UnicodeDecodeError) as exc:  # NaN, bad UTF-8
        raise JSONLimitError({_where(path): f"Not valid JSON: {shown(str(exc))}"}) from None
    check(value, path=path, max_depth=max_depth)
    return value


def size_of(value: Any) -> int:
    """Bytes of ``value`` as compact JSON: what storing it costs."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def check_size(value: Any, *, path: str, max_bytes: int) -> None:
    """Refuse a (checked) value larger than ``max_bytes`` as compact JSON."""
    if size_of(value) > max_bytes:
        raise JSONLimitError({_where(path): f"Too large: at most {max_bytes // 1024} KB of JSON."})


def check_action(payload: Any, *, path: str = "action") -> None:
    """The gate of a table action, whichever way it came (API, page, socket): every value
    checked, at most ``ACTION_DEPTH`` levels and ``ACTION_BYTES`` as JSON."""
    check(payload, path=path, max_depth=ACTION_DEPTH)
    check_size(payload, path=path, max_bytes=ACTION_BYTES)


def check_text(text: Any, *, path: str) -> None:
    """Refuse text from outside (a form field, a pasted list) that holds a NUL or a lone
    surrogate, naming ``path``."""
    if isinstance(text, str):
        problem = text_problem(text)
        if problem is not None:
            raise JSONLimitError({path: problem})


# What orjson (every view, push and poll) encodes: 64-bit integers, no lone surrogate, and
# nesting within its own limit.
ENCODABLE_INTS = (-(2**63), 2**64 - 1)
ENCODABLE_DEPTH = 200
REPLACEMENT = "\ufffd"


def repaired(value: Any, *, _depth: int = 0) -> Any:
    """A copy of ``value`` that every encoder can write: each lone surrogate replaced by
    U+FFFD, each integer beyond 64 bits and anything nested past ``ENCODABLE_DEPTH`` by
    None. For values stored before the gate existed (or written around it): what was
    checked at the door never needs it."""
    if isinstance(value, str):
        return value if text_problem(value) in (None, NUL_MESSAGE) else _repaired_text(value)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        low, high = ENCODABLE_INTS
        return value if low <= value <= high else None
    if _depth >= ENCODABLE_DEPTH:
        return None
    if isinstance(value, dict):
        return {
            (_repaired_text(key) if isinstance(key, str) else key): repaired(
                child, _depth=_depth + 1
            )
            for key, child in value.items()
        }
    if isinstance(value, list | tuple):
        return [repaired(child, _depth=_depth + 1) for child in value]
    return None


def _repaired_text(text: str) -> str:
    return "".join(REPLACEMENT if "\ud800" <= c <= "\udfff" else c for c in text)


def expect_object(value: Any, *, path: str = "") -> dict[str, Any]:
    """``value`` if it is a JSON object, else a 400 naming ``path``."""
    if not isinstance(value, dict):
        raise JSONLimitError({_where(path): "Expected a JSON object."})
    return value
