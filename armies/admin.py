from django.contrib import admin

from armies.models import CollectionItem, ListVersion, SavedList


class ListVersionInline(admin.TabularInline):
    model = ListVersion
    extra = 0
    fields = ["number", "name", "legal", "total", "note", "created"]
    readonly_fields = fields
    can_delete = False


@admin.register(SavedList)
class SavedListAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "owner", "visibility", "legal", "total", "version", "updated"]
    list_filter = ["game", "visibility", "legal"]
    search_fields = ["name", "notes", "owner__username"]
    inlines = [ListVersionInline]


@admin.register(CollectionItem)
class CollectionItemAdmin(admin.ModelAdmin):
    list_display = ["owner", "game", "unit", "printed", "bought", "painted"]
    list_filter = ["game"]
