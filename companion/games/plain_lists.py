"""Reading a pasted plain-text list or decklist: one mechanism for every game.

A player pastes what a forum post, another builder or Muster's own "Plain text" export
wrote ("3 Town-guard", "2x Maker Rifles", "Maker Rifles x2"). This module splits the text
into lines with their quantity and name and matches names to a catalogue ignoring case,
spaces and punctuation; each game's ``list_edits.read_plain`` says what its lines mean
(headers, sections) and builds the body with its own builder actions, so a pasted line
adds exactly what the same tap on the page would. Every line that matches nothing is
named as a problem at ``lines.<n>`` (``n`` counts from 1, as an editor shows lines).

Pure: no Django.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.games.base import RuleError
from companion.games.building import Catalogue
from companion.games.problems import Problem

# A pasted list longer than this is not a list: refused before any line is read.
MAX_LINES = 500
MAX_CHARS = 50_000
# A quantity longer than this is no quantity of models or cards (and one of 4,300 digits
# or more is a number Python refuses to read): the line is named as a problem.
MAX_QUANTITY_DIGITS = 6

_COMMENT = ("#", "//", ";", "--")
_BULLET = re.compile(r"^(?:[-*•·]\s+|\d+[.)]\s+)")
_PREFIX = re.compile(r"^(?P<n>\d+)\s*[x×*]?\s+(?P<name>\S.*)$", re.I)
_SUFFIX = re.compile(r"^(?P<name>\S.*?)\s+[x×*]\s*(?P<n>\d+)$", re.I)


def key(text: str) -> str:
    """What two names have in common when they name the same thing: letters and digits,
    lower case, accents dropped ("Maker-Rifles" and "maker rifles" are one key)."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain.lower() if c.isalnum())


@dataclass(frozen=True)
class PlainLine:
    """One meaningful line: its number (from 1), the text without its bullet, and the
    quantity and name read from it (``quantity`` is None when the line gives none)."""

    number: int
    raw: str
    text: str
    quantity: int | None
    name: str
    oversized: bool = False  # it gives a quantity of more than MAX_QUANTITY_DIGITS digits

    @property
    def count(self) -> int:
        return 1 if self.quantity is None else self.quantity


def _quantity(text: str) -> re.Match[str] | None:
    return _PREFIX.match(text) or _SUFFIX.match(text)


def split_quantity(text: str) -> tuple[int | None, str]:
    """("3 Town-guard") -> (3, "Town-guard"); also "2x Name", "2 x Name", "Name x2". A
    quantity of more than ``MAX_QUANTITY_DIGITS`` digits is none: the text as it is."""
    text = text.strip()
    match = _quantity(text)
    if match is None or len(match.group("n")) > MAX_QUANTITY_DIGITS:
        return None, text
    return int(match.group("n")), match.group("name").strip()


def lines_of(text: str) -> list[PlainLine]:
    """The lines that say something: blank lines and comments (``#``, ``//``) are skipped."""
    if len(text) > MAX_CHARS:
        raise RuleError({"text": f"Paste at most {MAX_CHARS:,} characters."})
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_LINES:
        raise RuleError({"text": f"Paste at most {MAX_LINES} lines."})
    out = []
    for number, raw in enumerate(raw_lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(_COMMENT):
            continue
        body = _BULLET.sub("", stripped, count=1).strip()
        quantity, name = split_quantity(body)
        oversized = quantity is None and _quantity(body) is not None
        out.append(PlainLine(number, raw, body, quantity, name, oversized))
    return out


class Names:
    """Catalogue names by their key; a slug or a name finds the same entry."""

    def __init__(self, pairs: Iterable[tuple[str, str]]):
        self._by_key: dict[str, str] = {}
        for slug, name in pairs:
            self._by_key.setdefault(key(name), slug)
            self._by_key.setdefault(key(slug), slug)

    def find(self, name: str) -> str | None:
        return self._by_key.get(key(name)) if key(name) else None


def unmatched(line: PlainLine, what: str) -> Problem:
    """The problem naming a line that matched nothing."""
    shown = line.raw.strip()
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    return Problem(
        "unmatched-line",
        "error",
        f"Line {line.number} “{shown}”: {what}",
        f"lines.{line.number}",
    )


@dataclass
class PlainReading:
    """What a pasted text became: the list body, the lines it could not use, and the
    name its first line gave (Muster's export starts with "<name> (<game>)")."""

    body: dict[str, Any]
    problems: list[Problem] = field(default_factory=list)
    name: str = ""
    added: int = 0


Edit = Callable[[dict[str, Any], Mapping[str, str], Catalogue], dict[str, Any]]


class PlainReader(Protocol):
    """What a game's ``list_edits`` module offers to read plain text."""

    ACTIONS: Mapping[str, Edit]

    def read_plain(self, lines: list[PlainLine], catalogue: Catalogue) -> PlainReading: ...


def apply(
    reading: PlainReading,
    actions: Mapping[str, Edit],
    catalogue: Catalogue,
    line: PlainLine,
    op: str,
    **args: Any,
) -> bool:
    """Apply one builder action for ``line``, the very edit the page's tap makes; a
    refused action names the line instead. True when it applied."""
    try:
        reading.body = actions[op](reading.body, {k: str(v) for k, v in args.items()}, catalogue)
    except RuleError as exc:
        reading.problems.append(unmatched(line, " ".join(exc.errors.values())))
        return False
    reading.added += 1
    return True


def read(edits: Any, text: str, catalogue: Catalogue, game_name: str = "") -> PlainReading:
    """Read ``text`` with a game's ``list_edits`` module (which must offer ``read_plain``).

    Raises ``RuleError`` when the game reads no plain text or the text is too long; any
    line it cannot use is a problem of the reading, never an exception.
    """
    if edits is None or not hasattr(edits, "read_plain"):
        raise RuleError({"text": "This game's lists cannot be read from plain text."})
    if not isinstance(text, str):
        raise RuleError({"text": "Expected text."})
    lines = lines_of(text)
    name = ""
    suffix = f"({game_name})"
    if lines and game_name and lines[0].text.endswith(suffix):
        name = lines[0].text[: -len(suffix)].strip()
        lines = lines[1:]
    oversized = [
        unmatched(line, f"a quantity has at most {MAX_QUANTITY_DIGITS} digits.")
        for line in lines
        if line.oversized
    ]
    reading: PlainReading = edits.read_plain([ln for ln in lines if not ln.oversized], catalogue)
    reading.problems[:0] = oversized
    reading.name = reading.name or name
    if not reading.added and not reading.problems:
        reading.problems.append(
            Problem("empty-text", "error", "Nothing in the text names anything to add.", "text")
        )
    return reading


VERDICTS = ("legal", "legal.", "not legal:", "legal, with warnings:")


def is_verdict(line: PlainLine) -> bool:
    """The export's last part ("Legal", "Not legal:" and its problems) is not the list."""
    return line.text.lower() in VERDICTS
