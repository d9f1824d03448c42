"""What every benchmark script reports, and how: one row per figure with its same-run
baseline and the goal an issue set for it.

A script prints its rows as a table, or as JSON with ``--json`` (how ``bench/report.py``
collects them, each script in its own process so one cannot skew another's memory or
warm caches).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str  # "ms", "s", "MB"...
    baseline: str = ""  # what the ratio compares with, measured in the same run
    ratio: float | None = None
    goal: str = ""  # as the issue states it, e.g. "<= 1.25x" or "<= 30 ms"
    met: bool | None = None  # None when there is no goal


def emit(figures: Sequence[Figure]) -> None:
    if "--json" in sys.argv[1:]:
        print(json.dumps([asdict(f) for f in figures]))
        return
    print(table(figures))


def table(figures: Sequence[Figure]) -> str:
    rows = [("figure", "value", "x baseline", "baseline", "goal")]
    for f in figures:
        value = f"{f.value:.3g} {f.unit}" if f.value < 10 else f"{f.value:,.0f} {f.unit}"
        ratio = "" if f.ratio is None else f"{f.ratio:.2f}"
        verdict = "" if f.met is None else (" met" if f.met else " NOT MET")
        rows.append((f.name, value, ratio, f.baseline, f"{f.goal}{verdict}" if f.goal else ""))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = []
    for n, row in enumerate(rows):
        cells = [
            row[0].ljust(widths[0]),
            row[1].rjust(widths[1]),
            row[2].rjust(widths[2]),
            row[3].ljust(widths[3]),
            row[4],
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown(figures: Sequence[Figure]) -> str:
    """The same table for docs/performance.md."""
    lines = [
        "| figure | value | × baseline | baseline | goal |",
        "| --- | ---: | ---: | --- | --- |",
    ]
    for f in figures:
        value = f"{f.value:.3g} {f.unit}" if f.value < 10 else f"{f.value:,.0f} {f.unit}"
        ratio = "" if f.ratio is None else f"{f.ratio:.2f}"
        goal = f.goal + ("" if f.met is None else (": met" if f.met else ": **not met**"))
        lines.append(f"| {f.name} | {value} | {ratio} | {f.baseline} | {goal} |")
    return "\n".join(lines)
