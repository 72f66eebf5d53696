"""Tables keep their last dice beside the state, copied from the log of existing tables."""

from django.db import migrations, models


def copy_rolls_from_logs(apps, schema_editor):
    Table = apps.get_model("table", "Table")
    Action = apps.get_model("table", "Action")
    for table in Table.objects.filter(actions__payload__type="dice").distinct():
        dice = Action.objects.filter(table=table, payload__type="dice").order_by("-seq")[:5]
        table.rolls = [event for action in dice for event in action.events]
        table.save(update_fields=["rolls"])


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0002_undo_votes"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="rolls",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(copy_rolls_from_logs, migrations.RunPython.noop),
    ]
