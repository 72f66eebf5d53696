"""The one problem format of the pure kernel: what a check found, how bad it is, and where.

A list's build rules, the printability checks of a mesh and a refused input (``RuleError``)
all report ``Problem``s; each page or answer shows them from the same four fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Literal

# "error" refuses (a list not legal, a mesh not printable, an input rejected); "warning" is
# advice that refuses nothing; "ok" is a check that passed, said so (a report that lists
# every check made shows those too).
Severity = Literal["error", "warning", "ok"]


@dataclass(frozen=True)
class Problem:
    """One finding: a stable ``code``, how bad it is, what to say, and where (a dotted
    path into the input, "" for the whole of it)."""

    code: str
    severity: Severity
    message: str
    path: str = ""

    @property
    def ok(self) -> bool:
        return self.severity == "ok"

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def structural(self) -> bool:
        """The list cannot be read as the game's list at all (bad shape, unknown names),
        as opposed to a rule it breaks. Build rules follow the naming convention:
        ``malformed``, ``unknown-*`` and ``bad-*`` codes are structural."""
        return self.is_error and (
            self.code == "malformed" or self.code.startswith(("unknown-", "bad-"))
        )

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


def errors_by_path(problems: Iterable[Problem]) -> dict[str, str]:
    """The errors as ``{path: message}``: the shape forms and the API have always shown.
    A later error at the same path wins, as a dict literal's later key does."""
    return {p.path: p.message for p in problems if p.is_error}
