"""PDF export of every system, each against a bare canvas in the same run.

- One filled, randomly made sheet exported to bytes, against a bare ReportLab canvas
  writing the same text (the lines read back from that PDF) with no layout.
- 1,000 NPC stat blocks in one PDF, against a bare canvas writing the same text, and the
  same with every NPC named in Greek and Cyrillic (letters the kit's font runs must find).

Times are the process's CPU time (the work is single-threaded), each the least of a few
runs with ours and the baseline taking turns: on a machine shared with other jobs, wall
time measures the neighbours as much as the code.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable

from figures import Figure, emit
from pdf import bare_canvas
from pypdf import PdfReader

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.play.batch import generate_npcs, people
from sheetapp.play.support import NpcRequest
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

BLOCKS = 1000
NON_LATIN = ("Αλέξανδρος Παπαδόπουλος", "Анастасия Волкова")


def cpu_ms(func: Callable[[], object]) -> float:
    start = time.process_time()
    func()
    return (time.process_time() - start) * 1000


def lines_of(data: bytes) -> list[str]:
    pages = PdfReader(io.BytesIO(data)).pages
    return [line for page in pages for line in page.extract_text().splitlines()]


def against_bare(make: Callable[[], bytes], repeat: int) -> tuple[float, float]:
    """CPU milliseconds to make the PDF, and the ratio to a bare canvas of its text."""
    lines = lines_of(make())  # also warms fonts and caches
    ours, bare = [], []
    for _ in range(repeat):
        ours.append(cpu_ms(make))
        bare.append(cpu_ms(lambda: bare_canvas(lines)))
    return min(ours), min(ours) / min(bare)


def figures() -> list[Figure]:
    found = []
    base = "bare canvas, same text"
    for system_id in system_ids():
        system = get_system(system_id)
        sheet = system.new(NewOptions(random=True, seed=3))
        ms, ratio = against_bare(
            lambda sheet=sheet: export_pdf_bytes([sheet], paper="a4", invariant=True), repeat=5
        )
        found.append(
            Figure(f"{system.name}: one sheet", ms, "ms", base, ratio, "<= 100 ms", ms <= 100)
        )
        npcs = list(generate_npcs(NpcRequest(system=system_id), BLOCKS, seed=1))
        named = [n.model_copy(deep=True) for n in npcs]
        for index, npc in enumerate(named):
            for who in people(npc):
                who.name = f"{NON_LATIN[index % 2]} {index}"
        for label, group in (("", npcs), (", Greek/Cyrillic names", named)):
            ms, ratio = against_bare(
                lambda group=group: export_pdf_bytes(
                    group, paper="a4", stat_blocks=True, invariant=True
                ),
                repeat=3,
            )
            found.append(
                Figure(
                    f"{system.name}: {BLOCKS:,} stat blocks{label}",
                    ms,
                    "ms",
                    base,
                    ratio,
                    "<= 2x baseline",
                    ratio <= 2,
                )
            )
    return found


if __name__ == "__main__":
    emit(figures())
