"""Every started table's log begins with its start entry (seq 0): the seats and options
the game was dealt from, so an undo rebuilds the same game whoever has left since.

Tables started before kept no such record; the best there is: the seats, as they were
passed to the engine, are either the seats not removed (nobody left during the game) or
all of them (someone left during it). The one whose fold of the log gives the state the
table holds now is written; when neither does, the seats not removed (what every rebuild
used until now).
"""

import json

from django.db import migrations

START_CLIENT_ID = "table:start"
TABLE_ACTIONS = ("undo", "dice", "start")


def _entry(seats, options, fallback):
    return {
        "type": "start",
        "seats": [
            {"number": s.number, "name": s.name, "list_body": dict(s.list_body or fallback)}
            for s in seats
        ],
        "options": dict(options),
    }


def _folds_to_state(engine, table, entry, log):
    """Whether folding ``log`` from ``entry`` gives the table's stored state."""
    from companion.games.table import Seat, action_rng

    seats = [Seat(s["number"], s["name"], s["list_body"]) for s in entry["seats"]]
    try:
        state = engine.initial_state(seats, entry["options"], action_rng(table.seed, 0))
        for seq, seat, payload in log:
            state = engine.apply(state, seat, payload, action_rng(table.seed, seq)).state
        return json.loads(json.dumps(state)) == table.state
    except Exception:  # a seat set the log does not fit: not this one
        return False


def write_start_entries(apps, schema_editor):
    from companion.games.registry import get_game

    Table = apps.get_model("table", "Table")
    Action = apps.get_model("table", "Action")
    started = Table.objects.exclude(status="open").exclude(actions__seq=0)
    for table in started.select_related("game").iterator():
        system = get_game(table.game.slug)
        engine = system.table_engine()
        if engine is None:
            continue
        fallback = system.example_list() if system.list_noun else {}
        seats = list(table.seats.order_by("number"))
        log = [
            (a.seq, a.seat, a.payload)
            for a in Action.objects.filter(table=table, undone=False)
            .exclude(payload__type__in=TABLE_ACTIONS)
            .order_by("seq")
        ]
        kept = _entry([s for s in seats if not s.removed], table.options, fallback)
        every = _entry(seats, table.options, fallback)
        chosen = next((e for e in (kept, every) if _folds_to_state(engine, table, e, log)), kept)
        Action.objects.create(
            table=table,
            seq=0,
            seat=None,
            client_id=START_CLIENT_ID,
            payload=chosen,
            events=[{"type": "start", "text": "The game started."}],
        )


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0003_dice_shown"),
    ]

    operations = [
        migrations.RunPython(write_start_entries, migrations.RunPython.noop),
    ]
