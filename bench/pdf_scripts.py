"""The cost of complex scripts in PDFs: the same sheets with names in Arabic, Hebrew,
Devanagari and Thai (fallback faces, bidi, HarfBuzz shaping) against the same sheets with
Latin names, measured in the same run.

- One character sheet (Player Core plus character) named in Arabic, against the Latin one.
- 1,000 NPC stat blocks named in turn in four scripts, against the same with Latin names.
"""

from __future__ import annotations

from figures import Figure, emit
from pdf import median_ms

from sheetapp.dice import Roller
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_npc_sheet, random_prime_sheet

NAMES = ("محمد بن سلمان", "דוד בן־גוריון", "क्षत्रिय सिंह", "สมชาย ใจดี")


def renamed(sheet, index: int):
    copy = sheet.model_copy(deep=True)
    for who in copy.characters:
        who.name = f"{NAMES[index % len(NAMES)]} {index}"
    return copy


def figures() -> list[Figure]:
    universe = builtin_universes()["generic"]
    hero = random_prime_sheet(Roller(1), universe)
    npcs = [random_npc_sheet(Roller(i), universe) for i in range(1000)]
    scripted_hero = renamed(hero, 0)
    scripted_npcs = [renamed(npc, i) for i, npc in enumerate(npcs)]
    for sheets in ([hero], [scripted_hero]):  # warm fonts and caches
        export_pdf_bytes(sheets, invariant=True)

    def one(sheets: list) -> float:
        return median_ms(lambda: export_pdf_bytes(sheets, invariant=True))

    def blocks(sheets: list) -> float:
        return median_ms(lambda: export_pdf_bytes(sheets, stat_blocks=True, invariant=True), 3)

    latin, scripted = one([hero]), one([scripted_hero])
    latin_blocks, scripted_blocks = blocks(npcs), blocks(scripted_npcs)
    base = "same sheets, Latin names"
    return [
        Figure(
            "one sheet, Arabic name",
            scripted,
            "ms",
            base,
            scripted / latin,
            "<= 100 ms",
            scripted <= 100,
        ),
        Figure(
            "1,000 stat blocks, names in 4 scripts",
            scripted_blocks,
            "ms",
            base,
            scripted_blocks / latin_blocks,
        ),
    ]


if __name__ == "__main__":
    emit(figures())
