"""Every system's filled random sheet leaves room to play, read back from the PDF: a ruled
Notes area with Money, spare rows under the lists, an ammunition column on the weapons,
and a tick box for every point of each resource that changes in play."""

from __future__ import annotations

import re
from typing import Any

import pytest
from reportlab.lib.units import mm

from sheetapp.pdf.export import export_pdf_bytes, pdf_module
from sheetapp.pdf.kit.document import page_layout
from sheetapp.pdf.kit.tables import SPARE_ROWS, Blank
from sheetapp.pdf.kit.ticks import BOX, SCALES
from sheetapp.systems.alternity.figures import sheet_figures as alternity_figures
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.d6_pool.figures import sheet_figures as d6_figures
from sheetapp.systems.forgotten_futures.figures import sheet_figures as ff_figures
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

from .factory import read, text_of

SYSTEMS = ["amazing-engine", "forgotten-futures", "d6-pool", "alternity", "amplitude"]
SEEDS = [3, 8]
TICK_SIZES = {round(BOX * s, 2) for s in SCALES}
_RECT = re.compile(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re")


def random_sheet(system: str, seed: int) -> Any:
    return get_system(system).new(NewOptions(random=True, seed=seed))


def tick_boxes(data: bytes) -> int:
    """How many tick boxes the PDF draws: square outlines of a tick box's sizes."""
    total = 0
    for page in read(data).pages:
        content = page.get_contents().get_data().decode("latin-1")
        total += sum(
            1
            for _, _, w, h in _RECT.findall(content)
            if abs(float(w) - float(h)) < 0.01 and round(abs(float(w)), 2) in TICK_SIZES
        )
    return total


def expected_boxes(system: str, sheet: Any) -> int:
    """A box for every point of each resource the sheet tracks in play."""
    if system == "amazing-engine":
        f = character_figures(sheet.characters[0])
        return f.stamina + f.body
    if system == "forgotten-futures":
        return max(10, ff_figures(sheet).bonus.balance)
    if system == "d6-pool":
        f = d6_figures(sheet)
        return f.health + f.attributes["stamina"]
    if system == "alternity":
        f = alternity_figures(sheet)
        tracks = sum(v or 0 for v in f.durability.values())
        return tracks + (f.last_resorts.maximum or max(f.last_resorts.current, 10))
    return sum(max(10, n) for n in (sheet.momentum, sheet.misfortune, sheet.misfortune_owed))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_filled_sheet_has_room_to_play(system: str, seed: int) -> None:
    sheet = random_sheet(system, seed)
    data = export_pdf_bytes([sheet], invariant=True)
    text = text_of(data)
    assert "NOTES" in text and "MONEY" in text  # the Notes area, with no notes in the file
    assert "AMMO" in text  # the weapons' ammunition column
    assert " left" in text or " held" in text  # current of maximum, or points held
    assert tick_boxes(data) == expected_boxes(system, sheet)


LISTS = {"WEAPON", "ITEM", "SKILL", "TRAIT", "ARMOUR", "TOOL", "DATE", "ADVENTURE"}


def _lists(flowable: object) -> list[list[object]]:
    """The rows of every list in a story (a table headed by one of ``LISTS``), found by
    walking panels, stacks, grid rows and two-column tables."""
    found: list[list[object]] = []
    flowable = getattr(flowable, "table", flowable)  # a table that breaks by the kit's rule
    rows = getattr(getattr(flowable, "rows", None), "rows", None)  # a two-column table
    cells = getattr(flowable, "_cellvalues", None)
    if rows is not None:
        found.append(list(rows))
    elif cells is not None:
        head = cells[0][0]
        head = head[0] if isinstance(head, (list, tuple)) and head else head
        title = getattr(head, "text", head)
        if isinstance(title, str) and title in LISTS:
            found.append([r for r in cells[getattr(flowable, "repeatRows", 1) :]])
        for row in cells:
            for cell in row:
                for part in cell if isinstance(cell, (list, tuple)) else [cell]:
                    found += _lists(part)
    for inner in ("content", "items"):
        for part in getattr(flowable, inner, None) or []:
            found += _lists(part)
    return found


def _empty(row: object) -> bool:
    if isinstance(row, Blank):
        return True
    return isinstance(row, list) and all(cell == "" for cell in row)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_list_ends_in_spare_rows(system: str) -> None:
    sheet = random_sheet(system, 3)
    # the last section: an Amazing Engine file prints its Player Core before the character
    section = pdf_module(system).sections([sheet], stat_blocks=False)[-1]
    story = section.story(page_layout("a4"))
    lists = [rows for f in story for rows in _lists(f)]
    assert len(lists) >= 3
    for rows in lists:
        assert all(_empty(r) for r in rows[-SPARE_ROWS:]), rows[-SPARE_ROWS:]


def test_the_notes_area_fills_the_room_left_on_the_page() -> None:
    from sheetapp.pdf.kit.document import page_layout
    from sheetapp.pdf.kit.notes import LEAST, MOST, ruled_room

    room = ruled_room(page_layout("a4"))
    assert room.wrap(100, 80 * mm)[1] == pytest.approx(80 * mm - 1)
    assert room.wrap(100, 400 * mm)[1] == MOST
    assert room.split(100, LEAST / 2) == []
    blank = ruled_room(page_layout("a4"), blank=True)
    assert blank.wrap(100, 200 * mm)[1] == pytest.approx(200 * mm - 1)  # a blank's: all
