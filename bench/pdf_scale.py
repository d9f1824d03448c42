"""PDF export time per skill as a sheet grows: 100, 1,000 and 10,000 skills.

A game master's pack with that many skills is written to a temporary data folder, and one
character knowing every skill is exported. A pack holds at most 3,000 skills
(``pack_checks.MAX_SKILLS``), so past that the character's other skills are off the trees,
as a sheet may hold (grouped by fifty, like the pack's). Each size is reported as
milliseconds per skill and as a ratio to the 100-skill run's time per skill in the same run:
a layout linear in the rows keeps the ratio near 1, a quadratic one multiplies it by the
size (the fixed cost of a sheet weighs most at 100, so the ratio may dip below 1). The
blank form of the largest pack (every skill listed with a box to tick) is reported the
same way against the 100-skill pack's.

``python bench/pdf_scale.py [--json] [--sizes 100,1000]`` (other sizes are for profiling).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from figures import Figure, emit

from sheetapp.dice import Roller
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems.amazing_engine.catalog import reload_catalogue, universe_or_generic
from sheetapp.systems.amazing_engine.generation import random_npc_sheet
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Skill
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.pack_checks import MAX_SKILLS

SIZES = (100, 1_000, 10_000)
ATTRIBUTES = ("fitness", "reflexes", "learning", "intuition", "psyche", "willpower")
PER_GROUP = 50  # basic skills and specialties in one skill group


def pack_text(universe_id: str, skills: int) -> str:
    """A pack whose groups hold ``skills`` skills in all; every third basic skill has a
    specialty, so the table shows indented rows as real trees do."""
    groups, made = [], 0
    while made < skills:
        entries, in_group = [], 0
        while in_group < PER_GROUP and made < skills:
            attribute = ATTRIBUTES[made % len(ATTRIBUTES)]
            name = f"Skill {made + 1:05d} of the long list"
            made, in_group = made + 1, in_group + 1
            child = ""
            if made % 3 == 0 and made < skills and in_group < PER_GROUP:
                special = f'{{ name = "Specialty {made + 1:05d}", attribute = "{attribute}" }}'
                child = f", children = [{special}]"
                made, in_group = made + 1, in_group + 1
            entries.append(f'  {{ name = "{name}", attribute = "{attribute}"{child} }},')
        groups.append(
            f'[[skill_groups]]\nname = "Group {len(groups) + 1:04d}"\nskills = [\n'
            + "\n".join(entries)
            + "\n]\n"
        )
    return (
        f'id = "{universe_id}"\nname = "Bench {skills}"\n\n'
        f'[[professions]]\nid = "all"\nname = "All"\ngroups = ["Group 0001"]\n\n'
        + "\n".join(groups)
    )


def write_packs(folder: Path, sizes: tuple[int, ...]) -> None:
    """One pack per size in ``folder/universes``, and the catalogue pointed at ``folder``."""
    (folder / "universes").mkdir(parents=True, exist_ok=True)
    for size in sizes:
        text = pack_text(f"bench-{size}", min(size, MAX_SKILLS))
        (folder / "universes" / f"bench-{size}.toml").write_text(text, encoding="utf-8")
    os.environ["SHEETAPP_DATA_DIR"] = str(folder)
    reload_catalogue()


def sheet_with_skills(size: int) -> AmazingEngineSheet:
    """An NPC of the ``bench-{size}`` universe who knows every one of its skills, and more
    off its trees up to ``size``."""
    universe, found = universe_or_generic(f"bench-{size}")
    if not found:
        raise SystemExit(f"the bench-{size} pack did not load")
    sheet = random_npc_sheet(Roller(size), universe)
    sheet.characters[0].skills = [
        Skill.from_tree(group, path, node, "profession")
        for group, path, node in universe.walk_skills()
    ]
    for extra in range(size - len(sheet.characters[0].skills)):
        sheet.characters[0].skills.append(
            Skill(
                group=f"House group {extra // PER_GROUP + 1:04d}",
                path=[f"House skill {extra + 1:05d} of the long list"],
                attribute=Attribute(ATTRIBUTES[extra % len(ATTRIBUTES)]),
                source="free",
            )
        )
    return sheet


def seconds(func: Callable[[], object]) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def best_of(func: Callable[[], object], repeat: int) -> float:
    return min(seconds(func) for _ in range(repeat))


def sizes_asked() -> tuple[int, ...]:
    if "--sizes" in sys.argv:
        return tuple(int(s) for s in sys.argv[sys.argv.index("--sizes") + 1].split(","))
    return SIZES


def figures() -> list[Figure]:
    sizes = sizes_asked()
    with tempfile.TemporaryDirectory() as folder:
        write_packs(Path(folder), sizes)
        sheets = {size: sheet_with_skills(size) for size in sizes}
        export_pdf_bytes([sheets[sizes[0]]], invariant=True)  # warm fonts and imports
        per_skill = {}
        for size in sizes:
            repeat = 3 if size <= 1_000 else 1
            sheet = sheets[size]
            per_skill[size] = best_of(lambda s=sheet: export_pdf_bytes([s]), repeat) / size
        largest = sizes[-1]
        blank = best_of(
            lambda: export_blank_bytes("amazing-engine", universe=f"bench-{largest}"), 1
        )
        listed = min(largest, MAX_SKILLS)
        smallest = sizes[0]
        blank_small = best_of(
            lambda: export_blank_bytes("amazing-engine", universe=f"bench-{smallest}"), 3
        )
    base = f"the same per skill at {sizes[0]:,} skills"
    rows = []
    for size in sizes:
        ratio = per_skill[size] / per_skill[sizes[0]]
        rows.append(
            Figure(
                f"export a sheet of {size:,} skills, per skill",
                per_skill[size] * 1000,
                "ms",
                base,
                ratio,
                "<= 2x" if size != sizes[0] else "",
                ratio <= 2 if size != sizes[0] else None,
            )
        )
    ratio = (blank / listed) / (blank_small / smallest)
    rows.append(
        Figure(
            f"blank form of a {listed:,}-skill pack, per skill",
            blank / listed * 1000,
            "ms",
            f"the same per skill at {smallest:,} skills",
            ratio,
            "<= 2x",
            ratio <= 2,
        )
    )
    return rows


if __name__ == "__main__":
    emit(figures())
