"""Reading a game's ``rules.md``: its sections, their stable ids, and search.

A section is a Markdown heading ending in ``{#id}``; its body runs to the next heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    level: int
    body: str  # Markdown up to the next heading


def sections(markdown_text: str) -> list[Section]:
    """Every anchored section, in order; headings without ``{#id}`` stay in the body."""
    found: list[Section] = []
    current: tuple[str, str, int] | None = None
    body: list[str] = []
    for line in markdown_text.splitlines():
        match = _HEADING.match(line)
        if match:
            if current:
                found.append(Section(current[0], current[1], current[2], "\n".join(body).strip()))
            current = (match.group(3), match.group(2), len(match.group(1)))
            body = []
        else:
            body.append(line)
    if current:
        found.append(Section(current[0], current[1], current[2], "\n".join(body).strip()))
    return found


def section_ids(markdown_text: str) -> list[str]:
    return [s.id for s in sections(markdown_text)]


def search(markdown_text: str, query: str) -> list[Section]:
    """Sections whose title or body holds every word of ``query`` (case-insensitive)."""
    words = [w for w in query.lower().split() if w]
    if not words:
        return []
    return [
        s
        for s in sections(markdown_text)
        if all(w in f"{s.title}\n{s.body}".lower() for w in words)
    ]
