from django.contrib import admin

from catalog.models import Entry, Faction, Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "min_players", "max_players"]


@admin.register(Faction)
class FactionAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "is_draft"]
    list_filter = ["game", "is_draft"]
    search_fields = ["name", "description"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "kind", "faction", "category", "points", "owner", "visibility"]
    list_filter = ["game", "kind", "visibility", "is_draft", "is_starter"]
    search_fields = ["name", "slug", "text"]
    raw_id_fields = ["references", "owner"]
    list_select_related = ["game", "faction", "owner"]
    readonly_fields = ["key", "share_token", "created", "updated"]
