"""Targets (issue 17): what a tablet lives through, measured on table PAGE clients: each
connects as a table page does (no ``format=json``) and gets what a tablet gets, the seat's
JSON view, which the page draws on the device (the server renders no HTML per device).

- 50 tables of 4 page clients, each acting every 2 s for 60 s, on the embedded default
  (daphne, in-memory channel layer, SQLite): p99 from an action to every device's update at
  most 100 ms and at most 10x the bare-Channels floor measured in the same run; none lost,
  none doubled, every device's last view the server's for its seat.
- The floor: a bare Channels app (``bench/floor_app.py``: group_send of a ~2 KB message to
  the table's 4 sockets) under the same load, in the same run, so the result is a ratio.
- Saturation: the offered load stepped up (fresh tables each step) until p99 passes
  250 ms; the applied actions a second of the last step within it, at least 120.
- A connection storm: 200 page devices connecting within one second; p99 from opening the
  socket to its first view under 500 ms.

"Doubled" counts both ways a move can reach a table twice: rows of the server's log per
client id, and a seq pushed twice to one device (``doubled``; tests/bench feeds it doubles).

The site runs as it does in production, under daphne in its own process, on the
benchmark's scratch database; the clients are asyncio ``websockets`` in this process.
Each client plays Missiles & Microchips: it sends one of the legal actions it is offered.
A load's clock starts once every device is connected and shows its first view: it measures
play, not 200 devices opening their sockets in the same second (the storm measures that).
While the clients time, this process's objects are out of its collector's sight
(``_clients_frozen``): its full collections walked 137,000 objects, paused every client
for up to 130 ms and were counted as the server's latency, for the site and the floor.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TABLES = int(os.environ.get("MUSTER_BENCH_TABLES", 50))
CLIENTS = 4
INTERVAL_S = 2.0
DURATION_S = float(os.environ.get("MUSTER_BENCH_SECONDS", 60))
TARGET_P99_MS = 100.0
TARGET_FLOOR_RATIO = 10.0
FLOOR_BYTES = 2048  # the floor's message, about a JSON view's size
SATURATION_P99_MS = 250.0
TARGET_SATURATION = 120.0  # applied actions a second
SATURATION_STEP_S = float(os.environ.get("MUSTER_BENCH_STEP_SECONDS", 15))
# The clients' pace, in actions a second if every device always had a move to make: a
# device sends only when its view offers one, so what is offered is about 2/3 of this.
SATURATION_PACES = (50, 100, 150, 200, 240, 280, 320, 360, 400, 450)
STORM_DEVICES = TABLES * CLIENTS
STORM_SPREAD_S = 1.0
TARGET_STORM_P99_MS = 500.0
ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _digest(view: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True, default=str).encode()).hexdigest()


def _setup(tables: int = TABLES) -> list[tuple[str, list[str]]]:
    """Open and start the tables: a host and three guests each."""
    from django.contrib.auth import get_user_model

    from catalog.models import Game
    from companion.table import services

    game = Game.objects.get(slug="missiles-and-microchips")
    host, _ = get_user_model().objects.get_or_create(username="bench-host")
    made = []
    for _ in range(tables):
        table = services.table_create(host=host, game=game, name="Host")
        tokens = [table.seats.get(number=0).token]
        for name in ("Bea", "Cy", "Dee"):
            tokens.append(services.seat_join(table=table, name=name).token)
        services.table_start(table=table, by=host)
        made.append((table.code, tokens))
    return made


@dataclass(frozen=True)
class Load:
    """How hard the clients play: each acts every ``interval_s`` for ``duration_s``."""

    interval_s: float = INTERVAL_S
    duration_s: float = DURATION_S


class Device:
    """One tablet: the newest view, when each seq reached it, every seq pushed to it while
    it played (a seq twice is a double), what its server applied, and the pushes that do
    not carry the view of their own seq (``malformed``)."""

    def __init__(self, code: str, token: str, *, page: bool = True):
        self.code, self.token, self.page = code, token, page
        self.view: dict[str, Any] = {}
        self.seq = -1
        self.arrived: dict[int, float] = {}
        self.pushed: list[int] = []
        self.applied: dict[str, int] = {}  # client id -> seq, from the server's answers
        self.malformed = 0  # a push without its view, or with the view of another seq
        self.first_view_at: float | None = None
        self.playing = False  # views while playing are pushes; before and after, answers

    def path(self) -> str:
        kind = "" if self.page else "&format=json"
        return f"/ws/tables/{self.code}/?seat={self.token}{kind}"

    def take(self, raw: str | bytes) -> None:
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "applied" and "client_id" in message:
            self.applied[message["client_id"]] = message["seq"]
        if kind != "view":
            return
        now = time.perf_counter()
        if self.first_view_at is None:
            self.first_view_at = now
        seq = message["seq"]
        if self.playing:
            self.pushed.append(seq)
        data = message.get("data")
        if not isinstance(data, dict) or data.get("seq") != seq:
            self.malformed += 1
        if seq >= self.seq:
            self.seq, self.view = seq, data if isinstance(data, dict) else {}
            self.arrived.setdefault(seq, now)

    async def listen(self, ws: Any) -> None:
        async for raw in ws:
            self.take(raw)


async def _client(
    port: int,
    device: Device,
    sent: list[tuple[Any, ...]],
    ready: asyncio.Barrier,
    rng: random.Random,
    load: Load,
) -> None:
    import websockets

    origin = f"http://127.0.0.1:{port}"  # as the table's page in a browser sends it
    url = f"ws://127.0.0.1:{port}{device.path()}"
    async with websockets.connect(url, origin=origin, max_size=None) as ws:
        listener = asyncio.create_task(device.listen(ws))
        while device.seq < 0:
            await asyncio.sleep(0.05)
        await ready.wait()
        device.playing = True
        stop = time.perf_counter() + load.duration_s
        await asyncio.sleep(rng.random() * load.interval_s)  # spread the clients
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
            await asyncio.sleep(load.interval_s)
        await asyncio.sleep(1.0)  # let the last pushes arrive
        device.playing = False
        await ws.send(json.dumps({"type": "sync"}))
        await asyncio.sleep(0.5)
        listener.cancel()


@contextlib.contextmanager
def _clients_frozen() -> Iterator[None]:
    """The clients' objects frozen (``gc.freeze``) while they time; what they drop is
    freed by reference counting as usual."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


async def _drive(
    ports: int | Sequence[int],
    tables: list[tuple[str, list[str]]],
    load: Load = Load(),
    device: Callable[[str, str], Device] = Device,
) -> tuple[list, dict]:
    """Play every table. With several ports (one server process each) each table's devices
    are split across them in order: with two, seats 0-1 on the first, 2-3 on the second."""
    ports = [ports] if isinstance(ports, int) else list(ports)
    rng = random.Random(20261123)
    devices = {code: [device(code, token) for token in tokens] for code, tokens in tables}
    sent: list[tuple[Any, ...]] = []
    ready = asyncio.Barrier(sum(len(table) for table in devices.values()))
    with _clients_frozen():
        await asyncio.gather(
            *(
                _client(
                    ports[i * len(ports) // len(table)],
                    one,
                    sent,
                    ready,
                    random.Random(rng.random()),
                    load,
                )
                for table in devices.values()
                for i, one in enumerate(table)
            )
        )
    return sent, devices


def doubled(log_client_ids: Iterable[str], pushed: Iterable[Sequence[int]]) -> int:
    """Every way one move reached a table twice: a client id in more than one row of the
    server's log (rows counted per client id, whichever table), and a seq pushed twice to
    the same device while it played."""
    rows = Counter(log_client_ids)
    twice_logged = sum(n - 1 for n in rows.values() if n > 1)
    twice_pushed = sum(n - 1 for seqs in pushed for n in Counter(seqs).values() if n > 1)
    return twice_logged + twice_pushed


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


def _deliveries(
    sent: list[tuple[Any, ...]], devices: dict[str, list[Device]], seq_of: dict[tuple, int]
) -> tuple[list[float], int]:
    """Latency (ms) from each applied action to every device of its table; how many of
    those deliveries never arrived."""
    latencies, lost = [], 0
    for code, client_id, started in sent:
        seq = seq_of.get((code, client_id))
        if seq is None:
            continue  # refused (stale or illegal): not applied, so nothing to deliver
        for one in devices[code]:
            arrived = min((t for s, t in one.arrived.items() if s >= seq), default=None)
            if arrived is None:
                lost += 1
            else:
                latencies.append((arrived - started) * 1000)
    return latencies, lost


def _measure(sent: list[tuple[Any, ...]], devices: dict[str, list[Device]]) -> dict[str, Any]:
    """Latency from each applied action to every device of its table, what never arrived,
    the doubles (rows per client id in the server's log; seqs pushed twice to a device),
    and every device's last view against the server's for its seat."""
    from companion.table import selectors
    from companion.table.models import Action, Table

    log = list(
        Action.objects.filter(table__code__in=devices).values_list(
            "table__code", "client_id", "seq"
        )
    )
    seq_of = {(code, client_id): seq for code, client_id, seq in log}
    sent_ids = {(code, client_id) for code, client_id, _ in sent}
    sent_cids = {client_id for _, client_id, _ in sent}
    latencies, lost = _deliveries(sent, devices, seq_of)
    mismatched = 0
    for code, table_devices in devices.items():
        table = Table.objects.get(code=code)
        for one in table_devices:
            view = selectors.view_for(table, selectors.seat_of(table, token=one.token))
            mismatched += _digest(view) != _digest(one.view)
    every = [one for table in devices.values() for one in table]
    duration = max((t for _, _, t in sent), default=0) - min((t for _, _, t in sent), default=0)
    applied = sum(1 for key in seq_of if key in sent_ids)
    return {
        "sent": len(sent),
        "applied": applied,
        "rate": applied / duration if duration else 0.0,
        "offered": len(sent) / duration if duration else 0.0,
        "doubled": doubled(
            (cid for _, cid, _ in log if cid in sent_cids),  # the devices' moves, not starts
            (one.pushed for one in every),
        ),
        "lost": lost,
        "mismatched": mismatched,
        "malformed": sum(one.malformed for one in every),
        "deliveries": len(latencies),
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p99": _percentile(latencies, 0.99),
    }


def _measure_floor(sent: list[tuple[Any, ...]], devices: dict[str, list[Device]]) -> dict:
    """The floor's figures: what it applied is what it answered to each sender."""
    seq_of = {
        (one.code, client_id): seq
        for table in devices.values()
        for one in table
        for client_id, seq in one.applied.items()
    }
    latencies, lost = _deliveries(sent, devices, seq_of)
    pushed = [one.pushed for table in devices.values() for one in table]
    return {
        "sent": len(sent),
        "applied": len(seq_of),
        "doubled": doubled((), pushed),
        "lost": lost,
        "deliveries": len(latencies),
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p99": _percentile(latencies, 0.99),
    }


def healthy(result: dict[str, Any], floor: dict[str, Any]) -> bool:
    """The main load's verdict: the p99 targets, and nothing lost, doubled or wrong."""
    return (
        result["deliveries"] > 0
        and floor["deliveries"] > 0
        and result["p99"] <= TARGET_P99_MS
        and result["p99"] <= TARGET_FLOOR_RATIO * floor["p99"]
        and result["lost"] == result["doubled"] == result["mismatched"] == 0
        and result["malformed"] == 0
        and floor["lost"] == floor["doubled"] == 0
    )


# --- the servers ----------------------------------------------------------------------------


def _serve(app: str, env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "daphne"), "-b", "127.0.0.1", "-p", str(port), app],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    return server, port


def _stop(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait(timeout=10)


def _site_env() -> dict[str, str]:
    env = {**os.environ, "DEBUG": "false", "LOG_LEVEL": "ERROR"}
    env.pop("REDIS_URL", None)  # one process: the in-memory layer, as `make run` serves
    return env


# --- the storm and the saturation ----------------------------------------------------------


async def _storm(port: int, tables: list[tuple[str, list[str]]]) -> list[float]:
    """Every device opens its socket at its own moment within ``STORM_SPREAD_S``; the time
    (ms) from opening to its first view, for each."""
    import websockets

    devices = [Device(code, token) for code, tokens in tables for token in tokens]
    waits: list[float] = []

    async def one(index: int, device: Device) -> None:
        await asyncio.sleep(index * STORM_SPREAD_S / len(devices))
        began = time.perf_counter()
        url = f"ws://127.0.0.1:{port}{device.path()}"
        try:
            async with websockets.connect(url, origin=f"http://127.0.0.1:{port}") as ws:
                while device.first_view_at is None:
                    device.take(await asyncio.wait_for(ws.recv(), 10))
                waits.append((device.first_view_at - began) * 1000)
                await asyncio.sleep(STORM_SPREAD_S * 2)  # all stay through the storm
        except (OSError, TimeoutError, websockets.WebSocketException):
            return  # no first view: missing from the count, which then fails the target

    with _clients_frozen():
        await asyncio.gather(*(one(i, d) for i, d in enumerate(devices)))
    return waits


def _saturation(port: int) -> list[dict[str, Any]]:
    """Offered load stepped up on fresh tables until p99 passes ``SATURATION_P99_MS``."""
    steps = []
    devices = TABLES * CLIENTS
    for pace in SATURATION_PACES:
        tables = _setup()
        load = Load(interval_s=devices / pace, duration_s=SATURATION_STEP_S)
        sent, played = asyncio.run(_drive(port, tables, load))
        steps.append(_measure(sent, played))
        if not steps[-1]["p99"] <= SATURATION_P99_MS:
            break
    return steps


def saturation_rate(steps: list[dict[str, Any]]) -> float:
    """The applied actions a second of the busiest step whose p99 stayed within bound."""
    return max((s["rate"] for s in steps if s["p99"] <= SATURATION_P99_MS), default=0.0)


# --- the floor ------------------------------------------------------------------------------


class FloorDevice(Device):
    """A device of the floor's tables: the same client, another address."""

    def path(self) -> str:
        return f"/floor/{self.code}/"


def _floor() -> dict[str, Any]:
    """The bare-Channels floor under the main load, in its own daphne."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["MUSTER_FLOOR_BYTES"] = str(FLOOR_BYTES)
    server, port = _serve("bench.floor_app:application", env)
    try:
        tables = [(f"F{n:04d}", ["-"] * CLIENTS) for n in range(TABLES)]
        sent, devices = asyncio.run(_drive(port, tables, device=FloorDevice))
    finally:
        _stop(server)
    return _measure_floor(sent, devices)


# --- the report -----------------------------------------------------------------------------


def run() -> list[dict[str, Any]]:
    """Four rows for BENCHMARKS.md: the page load against its floor, the saturation, the
    storm, and the floor itself."""
    server, port = _serve("companion.asgi:application", _site_env())
    try:
        asyncio.run(_storm(port, _setup(2)))  # warm: imports, templates, connections
        storm = asyncio.run(_storm(port, _setup()))
        sent, devices = asyncio.run(_drive(port, _setup()))
        main = _measure(sent, devices)
        steps = _saturation(port)
    finally:
        _stop(server)
    floor = _floor()
    return report(main, floor, steps, storm)


def report(
    main: dict[str, Any],
    floor: dict[str, Any],
    steps: list[dict[str, Any]],
    storm: list[float],
) -> list[dict[str, Any]]:
    ratio = main["p99"] / floor["p99"] if floor["p99"] else float("inf")
    saturated = saturation_rate(steps)
    storm_p99 = _percentile(storm, 0.99)
    shown_steps = "; ".join(
        f"{s['offered']:.0f}/s offered: {s['rate']:.0f}/s applied, p99 {s['p99']:.0f} ms"
        for s in steps
    )
    load = (
        f"{TABLES} tables x {CLIENTS} page clients, one action each every "
        f"{INTERVAL_S:.0f} s for {DURATION_S:.0f} s"
    )
    return [
        {
            "name": f"Live table: {load}, timed from when all are connected (daphne, "
            "in-memory layer, loopback)",
            "target": f"p99 action-to-every-device <= {TARGET_P99_MS:.0f} ms and <= "
            f"{TARGET_FLOOR_RATIO:.0f}x the bare-Channels floor of the same run; none lost "
            "or doubled",
            "result": f"{main['sent']} sent, {main['applied']} applied; p50 "
            f"{main['p50']:.0f} ms, p99 {main['p99']:.0f} ms over {main['deliveries']} "
            f"deliveries = {ratio:.1f}x the floor's {floor['p99']:.1f} ms; "
            f"{main['lost']} undelivered, {main['doubled']} doubled (log rows per client id "
            f"+ seqs pushed twice), {main['mismatched']} devices whose final view "
            f"differs from the server's, {main['malformed']} pushes without their view",
            "ok": healthy(main, floor),
        },
        {
            "name": "Live table, bare-Channels floor: the same load on a Channels app that "
            f"only group_sends a {FLOOR_BYTES // 1024} KB message to the table's "
            f"{CLIENTS} sockets (bench/floor_app.py, same layer)",
            "target": "none lost or doubled (the ratio's reference)",
            "result": f"{floor['sent']} sent, {floor['applied']} applied; p50 "
            f"{floor['p50']:.1f} ms, p99 {floor['p99']:.1f} ms over {floor['deliveries']} "
            f"deliveries; {floor['lost']} undelivered, {floor['doubled']} doubled",
            "ok": floor["deliveries"] > 0 and floor["lost"] == floor["doubled"] == 0,
        },
        {
            "name": f"Live table saturation: {TABLES} x {CLIENTS} page clients on one process, "
            f"offered load stepped up ({SATURATION_STEP_S:.0f} s a step, fresh tables) until "
            f"p99 passes {SATURATION_P99_MS:.0f} ms",
            "target": f">= {TARGET_SATURATION:.0f} applied actions/s within p99 "
            f"{SATURATION_P99_MS:.0f} ms; none lost or doubled",
            "result": f"{saturated:.0f} actions/s ({shown_steps})",
            "ok": saturated >= TARGET_SATURATION
            and all(s["lost"] == s["doubled"] == 0 for s in steps),
        },
        {
            "name": f"Live table connection storm: {len(storm)} page devices opening their "
            f"sockets within {STORM_SPREAD_S:.0f} s",
            "target": f"p99 from opening to the first view < {TARGET_STORM_P99_MS:.0f} ms",
            "result": f"p50 {statistics.median(storm) if storm else float('nan'):.0f} ms, "
            f"p99 {storm_p99:.0f} ms, slowest {max(storm, default=float('nan')):.0f} ms",
            "ok": len(storm) == STORM_DEVICES and storm_p99 < TARGET_STORM_P99_MS,
        },
    ]
