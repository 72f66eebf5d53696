"""Run every benchmark on a scratch database and write BENCHMARKS.md."""

from __future__ import annotations

import os
import secrets
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _django() -> None:
    scratch = Path(tempfile.mkdtemp(prefix="muster-bench-")) / "bench.sqlite3"
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    os.environ["DEBUG"] = "false"
    # DEBUG off needs a key of its own; no TLS proxy in front (loopback); the in-process
    # benchmarks measure the code, not the throttles (the production one turns them on).
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.setdefault("HTTPS", "0")
    os.environ.setdefault("THROTTLE", "0")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from bench import (
        bench_army_validate,
        bench_catalogue_api,
        bench_deck_validate,
        bench_live_table,
        bench_maker_war_salvo,
        bench_printing,
        bench_production_table,
        bench_stl,
        bench_unit_cost,
        machine,
    )

    _django()
    results = [
        bench_unit_cost.run(),
        bench_catalogue_api.run(),
        bench_army_validate.run(),
        bench_deck_validate.run(),
        bench_live_table.run(),
        *bench_production_table.run(),
        bench_maker_war_salvo.run(),
        bench_printing.run(),
        bench_stl.run(),
    ]
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`python -m bench`); each target comes from an issue.",
        "",
        f"Machine: {machine.describe()}",
        f"Database: {'PostgreSQL' if 'postgres' in os.environ['DATABASE_URL'] else 'SQLite'}",
        "",
        "| benchmark | target | result | met |",
        "|---|---|---|---|",
    ]
    for r in results:
        lines.append(
            f"| {r['name']} | {r['target']} | {r['result']} | {'yes' if r['ok'] else 'NO'} |"
        )
    (ROOT / "BENCHMARKS.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
