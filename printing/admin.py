from django.contrib import admin

from printing.models import PrintJob


@admin.register(PrintJob)
class PrintJobAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "status", "progress", "owner", "is_private", "created")
    list_filter = ("kind", "status", "is_private")
    search_fields = ("input_hash", "filename", "owner__username")
    readonly_fields = ("input_hash", "created", "finished")
