from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "Muster"

    def ready(self) -> None:
        from companion import connection_lifetime

        connection_lifetime.connect()
