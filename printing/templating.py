"""Django's template language without Django's settings: autoescaping for every print.

Producers run in Celery workers and in plain scripts (the benchmark); a standalone engine
over ``templates/printing`` renders there too, and escapes all user text.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from django.template import Context, Engine

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@cache
def engine() -> Engine:
    return Engine(dirs=[str(TEMPLATES)], autoescape=True, libraries={})


def render(name: str, context: dict[str, Any]) -> str:
    return engine().get_template(name).render(Context(context, autoescape=True))


def mm(value: float) -> str:
    """A length for CSS, exact to a thousandth of a millimetre."""
    return f"{value:.3f}mm"
