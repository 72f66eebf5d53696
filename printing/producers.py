"""The registry of everything Muster can render into a file, one producer per ``kind``.

A producer is a plain function ``make(params, progress) -> Product``: it reads only its
parameters (already resolved to plain data by the caller), reports progress as
``progress(percent, message)`` and returns the file's bytes. Bump ``version`` whenever its
output changes, so cached files made by the old code are not served again.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.module_loading import autodiscover_modules

Progress = Callable[[int, str], None]


@dataclass(frozen=True)
class Product:
    filename: str
    content_type: str
    data: bytes


Make = Callable[[dict[str, Any], Progress], Product]


@dataclass(frozen=True)
class Producer:
    kind: str
    make: Make
    version: str
    title: str


class UnknownProducer(KeyError):
    """No producer is registered under this kind."""


_REGISTRY: dict[str, Producer] = {}

# Modules whose import registers producers. Besides these, every installed app's
# ``print_producers`` module is imported (how another app adds its own kinds).
PRODUCER_MODULES: list[str] = ["printing.kinds"]


def producer(kind: str, *, version: str = "1", title: str = "") -> Callable[[Make], Make]:
    """Register ``make`` as the producer of ``kind``; the same kind twice is an error."""

    def register(make: Make) -> Make:
        existing = _REGISTRY.get(kind)
        # the same function imported again (a reload) may register twice; another may not
        if existing is not None and existing.make.__qualname__ != make.__qualname__:
            raise ValueError(f"Two producers for {kind!r}.")
        _REGISTRY[kind] = Producer(kind, make, str(version), title or kind)
        return make

    return register


def load_producers() -> None:
    """Import every producer module once (idempotent)."""
    for name in PRODUCER_MODULES:
        importlib.import_module(name)
    autodiscover_modules("print_producers")


def get_producer(kind: str) -> Producer:
    """The producer of ``kind``; ``UnknownProducer`` when there is none."""
    if kind not in _REGISTRY:
        load_producers()
    try:
        return _REGISTRY[kind]
    except KeyError:
        raise UnknownProducer(kind) from None
