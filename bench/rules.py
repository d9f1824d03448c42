"""Rules backend timings: validation per sheet and odds per check.

Each figure is printed in milliseconds and as a ratio to a baseline measured in the same run
(parsing the same sheet's JSON with the standard library), because these machines are noisy.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

from figures import Figure, emit

from sheetapp.dice import Roller
from sheetapp.storage.document import dumps, loads
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.chances import check_odds
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.generation import random_from_core, random_prime_sheet
from sheetapp.systems.amazing_engine.rules import check


def best_ms(func: Callable[[], object], repeat: int = 7, number: int = 50) -> float:
    """The median over ``repeat`` rounds of the mean time of ``number`` calls, in ms."""
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            func()
        rounds.append((time.perf_counter() - start) / number * 1000)
    return statistics.median(rounds)


def figures() -> list[Figure]:
    universe = builtin_universes()["generic"]
    roller = Roller(1)
    sheet = random_prime_sheet(roller, universe)
    for _ in range(3):
        sheet.characters[-1].status = "retired"
        sheet.characters.append(random_from_core(roller, sheet, universe))
    text = dumps(sheet)
    baseline = best_ms(lambda: json.loads(text))
    rows = [
        ("validate a 4-character sheet (check)", best_ms(lambda: check(sheet)), 5.0),
        ("load + validate from JSON", best_ms(lambda: check(loads(text))), None),
        ("derived figures (show)", best_ms(lambda: sheet_figures(sheet)), None),
        (
            "odds of a check, S3/F7 margins",
            best_ms(lambda: check_odds(57, success_margin=3, failure_margin=7), number=500),
            5.0,
        ),
    ]
    return [
        Figure(
            name,
            ms,
            "ms",
            "json.loads of the sheet",
            ms / baseline,
            goal=f"<= {goal:g} ms" if goal else "",
            met=None if goal is None else ms <= goal,
        )
        for name, ms, goal in rows
    ]


if __name__ == "__main__":
    emit(figures())
