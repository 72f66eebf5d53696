"""Numbers and ids typed into forms and query strings, read once with their bounds.

Pages read a few values straight from ``request.POST``/``request.GET``; ``int()`` on them
is a 500 for ``abc`` and a database overflow for ``10**20``. These helpers turn a bad
value into a ``RuleError`` naming the field (which every page already shows as a form
message), or, for an optional id, into "no such thing".
"""

from __future__ import annotations

from companion.games.base import RuleError

# Primary keys are 8-byte integers (BigAutoField); no id is larger.
MAX_ID = 2**63 - 1


def whole_number(
    raw: str | None, *, path: str, low: int, high: int, default: int | None = None
) -> int:
    """``raw`` as a whole number within ``low..high``, or a ``RuleError`` on ``path``."""
    text = (raw or "").strip()
    if not text and default is not None:
        return default
    if not text.lstrip("-").isdigit() or len(text) > 20:
        raise RuleError({path: "Enter a whole number."})
    value = int(text)
    if value > high:
        raise RuleError({path: f"Ensure this value is less than or equal to {high}."})
    if value < low:
        raise RuleError({path: f"Ensure this value is greater than or equal to {low}."})
    return value


def object_id(raw: str | None) -> int | None:
    """``raw`` as a primary key, or None when it cannot be one (so: nothing found)."""
    text = (raw or "").strip()
    if not text.isdigit() or len(text) > 19:
        return None
    value = int(text)
    return value if 0 < value <= MAX_ID else None


# django-axes records each failed login's username in a 255-character column; Django's
# login form does not check the username's length before trying it.
LOGIN_USERNAME_CHARS = 150  # User.username's own max_length


def login_username(request, credentials: dict | None = None) -> str | None:
    """The username django-axes counts a login attempt against, cut to what a username can
    be (``AXES_USERNAME_CALLABLE``): a 5,000-character guess is the same wrong guess."""
    source = credentials if credentials else getattr(request, "data", request.POST)
    username = source.get("username")
    return username[:LOGIN_USERNAME_CHARS] if isinstance(username, str) else username
