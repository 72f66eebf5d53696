"""The state keeps no copy of the log any more (the events live with their actions), and
the start entry keeps the events of dealing. Tables started before are folded again from
their log with today's engines, which drop ``log``/``history`` and may keep other facts
instead (Missiles & Microchips' energy per round), and their start entry gets its events.
"""

import logging

from django.db import migrations

TABLE_ACTIONS = ("undo", "dice", "start")
logger = logging.getLogger(__name__)


def refold_states(apps, schema_editor):
    from companion.games.registry import all_games
    from companion.games.table import Seat, action_rng

    Table = apps.get_model("table", "Table")
    Action = apps.get_model("table", "Action")
    games = all_games()
    for table in Table.objects.exclude(status="open").select_related("game").iterator():
        system = games.get(table.game.slug)
        start = Action.objects.filter(table=table, seq=0, payload__type="start").first()
        if system is None or not system.declares("engine") or start is None:
            continue
        engine = system.table_engine()
        seats = [Seat(s["number"], s["name"], s["list_body"]) for s in start.payload["seats"]]
        log = (
            Action.objects.filter(table=table, undone=False)
            .exclude(payload__type__in=TABLE_ACTIONS)
            .order_by("seq")
        )
        try:
            dealt = engine.start(seats, start.payload["options"], action_rng(table.seed, 0))
            state = dealt.state
            for action in log:
                rng = action_rng(table.seed, action.seq)
                state = engine.apply(state, action.seat, action.payload, rng).state
        except Exception as exc:  # a log today's engine cannot fold: keep the state, minus the copy
            logger.warning("table %s: state not refolded (%s)", table.code, type(exc).__name__)
            state = {k: v for k, v in (table.state or {}).items() if k not in ("log", "history")}
        else:
            start.events = [{"type": "start", "text": "The game started."}, *dealt.events]
            start.save(update_fields=["events"])
        table.state = state
        table.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0004_start_entry"),
    ]

    operations = [
        migrations.RunPython(refold_states, migrations.RunPython.noop),
    ]
