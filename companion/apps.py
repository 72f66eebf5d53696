from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "Muster"
