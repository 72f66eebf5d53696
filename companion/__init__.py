"""Muster's project package: settings, URLs, ASGI/WSGI, Celery and the game packages."""

from companion.celery import app as celery_app

__all__ = ["celery_app"]
