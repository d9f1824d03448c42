"""The GM's library at 10,000 sheets, each figure against a baseline in the same run.

- Generate 10,000 NPCs into a new library, against making the same 10,000 sheets in memory
  only (the procedure alone: what the library adds is storing, indexing and committing).
- Open the library and list the whole roster (a fresh ``Library`` each time: the check at
  open included), against a bare ``sqlite3`` connection fetching id, name and system.
- One roster filter (a text fragment plus a system), against a bare ``LIKE`` query on names.
- Full-text search, against the same bare query; the full check (every document parsed),
  against SQLite's own integrity check.
- Peak memory: Python's allocations (tracemalloc) while opening and listing, and the whole
  process's peak resident size after the library work (generation included).
"""

from __future__ import annotations

import resource
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from figures import Figure, emit

from sheetapp.dice import Roller
from sheetapp.play.batch import generate_into
from sheetapp.play.support import NpcRequest
from sheetapp.storage.library import RosterQuery, open_library
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_npc_sheet

SHEETS = 10_000
FILTER = RosterQuery(text="an", system="amazing-engine")


def median_s(func: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def open_and_list(path: Path) -> int:
    with open_library(path) as lib:
        return len(lib.roster())


def bare_list(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return len(db.execute("SELECT id, name, system FROM sheets").fetchall())
    finally:
        db.close()


def figures(folder: Path) -> list[Figure]:
    path = folder / "library.sqlite3"
    universe = builtin_universes()["generic"]
    start = time.perf_counter()
    with open_library(path) as lib:
        generate_into(lib, NpcRequest("amazing-engine"), SHEETS, seed=1, tags=["bench"])
    generate = time.perf_counter() - start

    open_and_list(path)  # warm the file cache, as a second start of the app would
    listing = median_s(lambda: open_and_list(path))
    listing_bare = median_s(lambda: bare_list(path))

    tracemalloc.start()
    open_and_list(path)
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    bare_db = sqlite3.connect(path)
    bare_query = median_s(
        lambda: bare_db.execute(
            "SELECT id, name, system FROM sheets WHERE name LIKE '%an%' AND system = ?",
            ("amazing-engine",),
        ).fetchall(),
        repeat=21,
    )
    with open_library(path) as lib:
        matches = len(lib.roster(FILTER))
        filtering = median_s(lambda: lib.roster(FILTER), repeat=21)
        ids_only = median_s(lambda: lib.roster_ids(FILTER), repeat=21)
        character_keys = median_s(lambda: lib.character_keys(FILTER), repeat=21)
        searching = median_s(lambda: lib.search("an"), repeat=21)
        checking = median_s(lambda: lib.check(), repeat=1)
    bare_check = median_s(lambda: bare_db.execute("PRAGMA integrity_check").fetchall(), repeat=1)
    bare_db.close()
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak_rss_mb = peak_rss / (1024 * 1024 if sys.platform == "darwin" else 1024)

    def make_only() -> None:  # one sheet at a time, as generating into the library does
        roller = Roller(1)
        for _ in range(SHEETS):
            random_npc_sheet(roller, universe)

    bare_generate = median_s(make_only, repeat=1)

    ms = 1000
    return [
        Figure(
            f"generate {SHEETS:,} NPCs into the library",
            generate,
            "s",
            "making the same sheets in memory only",
            generate / bare_generate,
        ),
        Figure(
            f"open + list the roster, {SHEETS:,} sheets",
            listing * ms,
            "ms",
            "bare sqlite3: connect, fetch id/name/system",
            listing / listing_bare,
            "<= 500 ms",
            listing <= 0.5,
        ),
        Figure(
            f"one roster filter ({matches:,} rows)",
            filtering * ms,
            "ms",
            "bare sqlite3 LIKE on names",
            filtering / bare_query,
            "<= 30 ms",
            filtering <= 0.03,
        ),
        Figure(
            "the same filter, ids only (lazy view)",
            ids_only * ms,
            "ms",
            "bare sqlite3 LIKE on names",
            ids_only / bare_query,
        ),
        Figure(
            "the same filter, a row per character (the app's roster)",
            character_keys * ms,
            "ms",
            "bare sqlite3 LIKE on names",
            character_keys / bare_query,
            "<= 30 ms",
            character_keys <= 0.03,
        ),
        Figure(
            "full-text search, ranked",
            searching * ms,
            "ms",
            "bare sqlite3 LIKE on names",
            searching / bare_query,
        ),
        Figure(
            "full check (sheetapp library check)",
            checking,
            "s",
            "bare PRAGMA integrity_check",
            checking / bare_check,
        ),
        Figure(
            "peak Python memory, open + list",
            traced_peak / 1024 / 1024,
            "MB",
            goal="<= 250 MB",
            met=traced_peak / 1024 / 1024 <= 250,
        ),
        Figure(
            "peak process memory, whole run",
            peak_rss_mb,
            "MB",
            goal="<= 250 MB",
            met=peak_rss_mb <= 250,
        ),
        Figure("library file size", path.stat().st_size / 1024 / 1024, "MB"),
    ]


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="sheetapp-bench-") as scratch:
        emit(figures(Path(scratch)))
