from django.apps import AppConfig


class TableConfig(AppConfig):
    """The live table: seats, the action log, per-seat views and live sync."""

    name = "companion.table"
    label = "table"

    def ready(self) -> None:
        # A sign-out closes that session's table sockets (its ``user_logged_out`` receiver).
        from companion.table import device_sessions  # noqa: F401
