from django.apps import AppConfig


class TableConfig(AppConfig):
    """The live table: seats, the action log, per-seat views and live sync."""

    name = "companion.table"
    label = "table"
