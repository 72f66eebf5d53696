"""Host rights may pass to a guest seat (``Table.host_seat``) when the host deletes their
account with only guests left, instead of the inactive "deleted player" account: tables
that account hosts pass to their first guest seat still at the table."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

DELETED_PLAYER = "deleted player"  # companion.accounts.DELETED_PLAYER, as it was


def guests_host(apps, schema_editor):
    Table = apps.get_model("table", "Table")
    for table in Table.objects.filter(host__username=DELETED_PLAYER, host__is_active=False):
        guests = table.seats.filter(removed=False, user__isnull=True).exclude(name=DELETED_PLAYER)
        heir = guests.order_by("number").first()
        table.host = None
        table.host_seat = heir
        table.save(update_fields=["host", "host_seat"])


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0005_state_without_log"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="host_seat",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="table.seat",
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="host",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="hosted_tables",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(guests_host, migrations.RunPython.noop),
    ]
