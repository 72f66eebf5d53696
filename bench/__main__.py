"""Run every benchmark on a scratch database and write BENCHMARKS.md.

``python -m bench NAME...`` runs only the named ones (``live_table`` for
``bench_live_table``) and prints their rows without writing BENCHMARKS.md."""

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
        bench_maker_war_table,
        bench_printing,
        bench_production_table,
        bench_stl,
        bench_unit_cost,
        machine,
    )

    benches = {
        "unit_cost": bench_unit_cost.run,
        "catalogue_api": bench_catalogue_api.run,
        "army_validate": bench_army_validate.run,
        "deck_validate": bench_deck_validate.run,
        "live_table": bench_live_table.run,
        "production_table": bench_production_table.run,
        "maker_war_salvo": bench_maker_war_salvo.run,
        "maker_war_table": bench_maker_war_table.run,
        "printing": bench_printing.run,
        "stl": bench_stl.run,
    }
    chosen = [name.removeprefix("bench_") for name in sys.argv[1:]]
    unknown = sorted(set(chosen) - set(benches))
    if unknown:
        print(f"unknown benchmarks: {', '.join(unknown)}; known: {', '.join(benches)}")
        return 2
    _django()
    results = []
    for name, bench in benches.items():
        if not chosen or name in chosen:
            rows = bench()
            results.extend(rows if isinstance(rows, list) else [rows])
    if chosen:  # a partial run: shown, never written over the whole record
        for r in results:
            verdict = "ok" if r["ok"] else "NO"
            print(f"{verdict} {r['name']}\n   {r['target']}\n   {r['result']}")
        return 0 if all(r["ok"] for r in results) else 1
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
