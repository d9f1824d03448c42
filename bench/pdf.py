"""PDF export timings, each against a baseline in the same run.

- One character sheet (core page plus character) exported to bytes, against a bare
  ReportLab canvas writing the same sheet's text lines.
- 1,000 NPC stat blocks in one PDF, against a bare ReportLab canvas writing the same text
  (every line of every block) in two columns with no layout.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

from figures import Figure, emit
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from sheetapp.dice import Roller
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.pdf.fonts import register_fonts
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_npc_sheet, random_prime_sheet
from sheetapp.systems.amazing_engine.summary import describe


def median_ms(func: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bare_canvas(lines: list[str]) -> bytes:
    """The same text with no layout at all: a line at a time, two columns, new pages."""
    family = register_fonts()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4, invariant=1)
    width, height = A4
    x, y, column = 40.0, height - 40, 0
    canvas.setFont(family, 7)
    for line in lines:
        canvas.drawString(x, y, line[:90])
        y -= 9
        if y < 40:
            column += 1
            if column == 2:
                canvas.showPage()
                canvas.setFont(family, 7)
                column = 0
            x, y = 40.0 + column * (width / 2 - 20), height - 40
    canvas.save()
    return out.getvalue()


def figures() -> list[Figure]:
    universe = builtin_universes()["generic"]
    hero = random_prime_sheet(Roller(1), universe)
    npcs = [random_npc_sheet(Roller(i), universe) for i in range(1000)]
    hero_lines = describe(hero).splitlines()
    npc_lines = [line for npc in npcs for line in describe(npc).splitlines()]
    export_pdf_bytes([hero], paper="a4", stat_blocks=False, invariant=True)  # warm fonts
    one = median_ms(lambda: export_pdf_bytes([hero], paper="a4", stat_blocks=False, invariant=True))
    one_bare = median_ms(lambda: bare_canvas(hero_lines))
    many = median_ms(
        lambda: export_pdf_bytes(npcs, paper="a4", stat_blocks=True, invariant=True), repeat=3
    )
    many_bare = median_ms(lambda: bare_canvas(npc_lines), repeat=3)
    base = "bare canvas, same text"
    return [
        Figure(
            "export one character sheet", one, "ms", base, one / one_bare, "<= 100 ms", one <= 100
        ),
        Figure(
            "1,000 stat blocks in one PDF",
            many,
            "ms",
            base,
            many / many_bare,
            "<= 2x baseline",
            many / many_bare <= 2,
        ),
    ]


if __name__ == "__main__":
    emit(figures())
