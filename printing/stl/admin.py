from django.contrib import admin

from printing.stl.models import Design


@admin.register(Design)
class DesignAdmin(admin.ModelAdmin):
    list_display = ("title", "entry", "author", "licence", "triangles", "download_count", "created")
    list_filter = ("licence", "entry__game")
    search_fields = ("title", "entry__name", "author__username")
    readonly_fields = ("sha256", "triangles", "size_x", "size_y", "size_z", "volume", "report")
