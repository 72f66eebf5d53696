"""Target: 50 tables of 4 WebSocket clients, each acting every 2 s for 60 s, on loopback;
p99 from an action to every device's update under 250 ms; no action lost or doubled
(every device's last view equals the server's view of its seat).

The site runs as it does in production, under daphne in its own process, on the
benchmark's scratch database; the clients are asyncio ``websockets`` in this process.
Each client plays Missiles & Microchips: it sends one of the legal actions it is offered.
The 60 s start once every device is connected and shows its first view: the clock measures
play, not 200 devices opening their sockets in the same second.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

TABLES = int(os.environ.get("MUSTER_BENCH_TABLES", 50))
CLIENTS = 4
INTERVAL_S = 2.0
DURATION_S = float(os.environ.get("MUSTER_BENCH_SECONDS", 60))
TARGET_P99_MS = 250.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _digest(view: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True, default=str).encode()).hexdigest()


def _setup() -> list[tuple[str, list[str]]]:
    """Open and start the tables: a host and three guests each."""
    from django.contrib.auth import get_user_model

    from catalog.models import Game
    from companion.table import services

    game = Game.objects.get(slug="missiles-and-microchips")
    host, _ = get_user_model().objects.get_or_create(username="bench-host")
    tables = []
    for _ in range(TABLES):
        table = services.table_create(host=host, game=game, name="Host")
        tokens = [table.seats.get(number=0).token]
        for name in ("Bea", "Cy", "Dee"):
            tokens.append(services.seat_join(table=table, name=name).token)
        services.table_start(table=table, by=host)
        tables.append((table.code, tokens))
    return tables


class Device:
    """One tablet: it remembers the newest view and when each seq reached it."""

    def __init__(self, code: str, token: str):
        self.code, self.token = code, token
        self.view: dict[str, Any] = {}
        self.seq = -1
        self.arrived: dict[int, float] = {}

    async def listen(self, ws: Any) -> None:
        async for raw in ws:
            message = json.loads(raw)
            if message.get("type") == "view" and message["seq"] >= self.seq:
                self.seq, self.view = message["seq"], message["data"]
                self.arrived.setdefault(message["seq"], time.perf_counter())


async def _client(
    port: int,
    device: Device,
    table: list[Device],
    sent: list[tuple[Any, ...]],
    ready: asyncio.Barrier,
    rng: random.Random,
) -> None:
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/tables/{device.code}/?seat={device.token}&format=json"
    origin = f"http://127.0.0.1:{port}"  # as the table's page in a browser sends it
    async with websockets.connect(url, origin=origin, max_size=None) as ws:
        listener = asyncio.create_task(device.listen(ws))
        while device.seq < 0:
            await asyncio.sleep(0.05)
        await ready.wait()
        stop = time.perf_counter() + DURATION_S
        await asyncio.sleep(rng.random() * INTERVAL_S)  # spread the clients over the period
        while time.perf_counter() < stop:
            actions = device.view.get("legal_actions") or []
            if actions:
                client_id = uuid.uuid4().hex
                started = time.perf_counter()
                await ws.send(
                    json.dumps(
                        {
                            "type": "act",
                            "action": rng.choice(actions),
                            "seq": device.seq,
                            "client_id": client_id,
                        }
                    )
                )
                sent.append((device.code, client_id, started))
            await asyncio.sleep(INTERVAL_S)
        await asyncio.sleep(1.0)  # let the last pushes arrive
        await ws.send(json.dumps({"type": "sync"}))
        await asyncio.sleep(0.5)
        listener.cancel()


async def _drive(
    ports: int | Sequence[int], tables: list[tuple[str, list[str]]]
) -> tuple[list, dict]:
    """Play every table. With several ports (one server process each) each table's devices
    are split across them in order: with two, seats 0-1 on the first, 2-3 on the second."""
    ports = [ports] if isinstance(ports, int) else list(ports)
    rng = random.Random(20261123)
    devices = {code: [Device(code, token) for token in tokens] for code, tokens in tables}
    sent: list[tuple[Any, ...]] = []
    ready = asyncio.Barrier(sum(len(table) for table in devices.values()))
    await asyncio.gather(
        *(
            _client(
                ports[i * len(ports) // len(table)],
                device,
                table,
                sent,
                ready,
                random.Random(rng.random()),
            )
            for table in devices.values()
            for i, device in enumerate(table)
        )
    )
    return sent, devices


def _measure(sent: list[tuple[Any, ...]], devices: dict[str, list[Device]]) -> dict[str, Any]:
    """Latency from each applied action to every device of its table, what never arrived,
    how often each client id is in the server's log, and every device's last view
    against the server's view of its seat."""
    from companion.table import selectors
    from companion.table.models import Action, Table

    log = list(
        Action.objects.filter(table__code__in=devices).values_list(
            "table__code", "client_id", "seq"
        )
    )
    times_applied = Counter((code, client_id) for code, client_id, _ in log)
    seq_of = {(code, client_id): seq for code, client_id, seq in log}
    latencies, lost = [], 0
    for code, client_id, started in sent:
        seq = seq_of.get((code, client_id))
        if seq is None:
            continue  # refused (stale or illegal): not applied, so nothing to deliver
        for device in devices[code]:
            arrived = next((t for s, t in sorted(device.arrived.items()) if s >= seq), None)
            if arrived is None:
                lost += 1
            else:
                latencies.append((arrived - started) * 1000)
    mismatched = 0
    for code, table_devices in devices.items():
        table = Table.objects.get(code=code)
        for device in table_devices:
            seat = selectors.seat_of(table, token=device.token)
            if _digest(selectors.view_for(table, seat)) != _digest(device.view):
                mismatched += 1
    sent_ids = {(code, client_id) for code, client_id, _ in sent}
    latencies.sort()
    return {
        "sent": len(sent),
        "applied": sum(1 for key in times_applied if key in sent_ids),
        "doubled": sum(n - 1 for n in times_applied.values() if n > 1),
        "lost": lost,
        "mismatched": mismatched,
        "deliveries": len(latencies),
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p99": latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
    }


def run() -> dict:
    tables = _setup()
    port = _free_port()
    env = {**os.environ, "DEBUG": "false", "LOG_LEVEL": "ERROR"}
    env.pop("REDIS_URL", None)  # one process: the in-memory layer, as `make run` serves
    root = Path(__file__).resolve().parent.parent
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "daphne"),
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "companion.asgi:application",
        ],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        sent, devices = asyncio.run(_drive(port, tables))
    finally:
        server.terminate()
        server.wait(timeout=10)

    m = _measure(sent, devices)
    p50, p99, lost, doubled, mismatched = (
        m[k] for k in ("p50", "p99", "lost", "doubled", "mismatched")
    )
    return {
        "name": f"Live table: {TABLES} tables x {CLIENTS} WebSocket clients, one action each "
        f"every {INTERVAL_S:.0f} s for {DURATION_S:.0f} s, timed from when all are connected "
        "(daphne, loopback)",
        "target": f"p99 action-to-every-device < {TARGET_P99_MS:.0f} ms; none lost or doubled",
        "result": f"{m['sent']} sent, {m['applied']} applied; p50 {p50:.0f} ms, p99 {p99:.0f} ms "
        f"over {m['deliveries']} deliveries; {lost} undelivered, {doubled} doubled, "
        f"{mismatched} devices whose final view differs from the server's",
        "ok": bool(m["deliveries"]) and p99 < TARGET_P99_MS and lost == doubled == mismatched == 0,
    }
