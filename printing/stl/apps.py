from django.apps import AppConfig


class StlConfig(AppConfig):
    """3D printing: parametric models of every game, army bundles and uploaded designs."""

    name = "printing.stl"
    label = "stl"
    verbose_name = "3D printing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from printing.stl import print_producers  # noqa: F401  (registers the STL producers)
