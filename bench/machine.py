"""What machine a benchmark ran on, for the record in BENCHMARKS.md."""

from __future__ import annotations

import os
import platform
from datetime import UTC, datetime


def describe() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as info:
            kib = int(info.readline().split()[1])
            memory = f", {kib / 1024 / 1024:.0f} GiB memory"
    except (OSError, ValueError, IndexError):
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores{memory}; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}; "
        f"{datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}"
    )
