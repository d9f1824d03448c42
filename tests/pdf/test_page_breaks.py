"""Where tables break across pages: a heading never ends a page, a list's spare rows never
start one alone, a blank form's table is never cut, and a row too tall for the foot of a
page moves rather than leave a sliver under a repeated header."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from sheetapp.pdf.export import export_blank_bytes
from sheetapp.pdf.kit.boxes import heading
from sheetapp.pdf.kit.document import DocInfo, Layout, Section, build_pdf
from sheetapp.pdf.kit.tables import Column, data_table
from sheetapp.systems.registry import system_ids

ROW = 6.6 * mm  # an empty row (tables.EMPTY_ROW); a one-line written row is a little less


def pages_with(story, paper: str = "a4") -> list[str]:
    section = Section(title="Test", kind="", system="", story=lambda layout: story(layout))
    data = build_pdf([section], paper=paper, info=DocInfo("t", "", ""), duplex=False)
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]


def _room_leaving(layout: Layout, left: float) -> Spacer:
    """A spacer that leaves ``left`` points at the foot of the first page."""
    return Spacer(0, layout.frame_height - left)


def _table(layout: Layout, written: int, spare: int = 0, blank: int = 0):
    columns = [Column("Weapon", layout.grid.width * 0.5), Column("Notes", layout.grid.width * 0.5)]
    rows = [[f"Row{n}", "x"] for n in range(1, written + 1)]
    return data_table(columns, rows, min_rows=blank, spare=spare)


@pytest.mark.parametrize("left", [8 * mm, 14 * mm, 20 * mm, 26 * mm])
def test_a_heading_never_ends_a_page(left: float) -> None:
    def story(layout: Layout):
        return [
            _room_leaving(layout, left),
            heading("Weapons", layout.grid.width),
            _table(layout, 6),
        ]

    pages = pages_with(story)
    band = next(i for i, text in enumerate(pages) if "WEAPONS" in text)
    assert "Row1" in pages[band]  # the band is followed by a row on its own page


def test_spare_rows_never_start_a_page_alone() -> None:
    def story(layout: Layout):
        # room for the band, the header and all three written rows, not the two spare ones
        return [
            _room_leaving(layout, 40 * mm),
            heading("Gear", layout.grid.width),
            _table(layout, 3, spare=2),
        ]

    pages = pages_with(story)
    assert len(pages) == 2
    assert "Row3" in pages[1]  # the last written row went over with the spare rows


def test_a_blank_forms_table_moves_whole() -> None:
    def story(layout: Layout):
        return [
            _room_leaving(layout, 30 * mm),
            heading("Weapons", layout.grid.width),
            _table(layout, 0, blank=5),
        ]

    pages = pages_with(story)
    assert "WEAPONS" not in pages[0] and "WEAPON" not in pages[0]
    assert "WEAPONS" in pages[1]


def test_a_tall_row_moves_instead_of_leaving_a_sliver() -> None:
    def story(layout: Layout):
        columns = [Column("Weapon", 40 * mm), Column("Notes", layout.grid.width - 40 * mm)]
        note = " ".join(["Long note"] * 60)
        table = data_table(columns, [["Row1", "x"], ["Row2", note]])
        return [_room_leaving(layout, 24 * mm), table]

    pages = pages_with(story)
    assert "Row2" not in pages[0] and "Row2" in pages[1]
    assert pages[0].count("WEAPON") == 1 and pages[1].count("WEAPON") == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("system_id", system_ids())
def test_every_blank_is_both_sides_of_sheets_with_no_table_cut(system_id: str, paper: str) -> None:
    data = export_blank_bytes(system_id, paper=paper, duplex=False)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]
    sheets = 3 if system_id == "amazing-engine" else 2  # a Player Core, then the character
    assert len(pages) == sheets
    heads = (
        "WEAPON DAMAGE",
        "WEAPON SKILL",
        "WEAPON POWER",
        "WEAPON TYPE",
        "WEAPON MULT",
        "RATING POOL",
    )
    for head in heads:
        assert sum(head in page for page in pages) == (head in " ".join(pages)), head


def test_every_blank_has_notes_and_money() -> None:
    for system_id in system_ids():
        text = " ".join(
            p.extract_text() for p in PdfReader(io.BytesIO(export_blank_bytes(system_id))).pages
        )
        assert "NOTES" in text and "MONEY" in text, system_id


def test_a_two_column_list_past_a_page_reads_left_then_right_page_by_page() -> None:
    """A referee's record of 150 skills: each page holds the next run of the list, its left
    column first, never the whole list's left half before its right."""
    import re

    from sheetapp.pdf.export import export_pdf_bytes
    from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill

    sheet = ForgottenFuturesSheet(
        name="Archivist",
        skills=[Skill(name=f"Skill{n:03d}", base="B", points=1) for n in range(150)],
    )
    data = export_pdf_bytes([sheet], invariant=True)
    runs = [
        sorted(int(n) for n in re.findall(r"Skill(\d{3})", page.extract_text()))
        for page in PdfReader(io.BytesIO(data)).pages
    ]
    runs = [run for run in runs if run]
    assert len(runs) >= 2
    assert [n for run in runs for n in run] == list(range(150))  # page after page, in order


def test_a_long_value_in_a_narrow_box_moves_under_its_row_not_down_the_page() -> None:
    """A 300-letter age once wrapped a word a line down the record's narrow Age box, pushing
    everything after it a page on: the box now holds three lines and the whole value
    prints under its row."""
    from sheetapp.pdf.export import export_pdf_bytes
    from sheetapp.systems.plugin import NewOptions
    from sheetapp.systems.registry import get_system

    sheet = get_system("forgotten-futures").new(NewOptions(random=True, seed=4))
    plain_pages = len(PdfReader(io.BytesIO(export_pdf_bytes([sheet]))).pages)
    sheet.age = " ".join(f"Ageless{n:02d}" for n in range(30))
    sheet.player = " ".join(f"Wolfgang{n:02d}" for n in range(30))
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(export_pdf_bytes([sheet]))).pages]
    assert len(pages) == plain_pages
    text = "".join(pages)
    assert all(f"Ageless{n:02d}" in text and f"Wolfgang{n:02d}" in text for n in range(30))


@pytest.mark.parametrize("written", [1, 3])
def test_more_spare_rows_than_a_page_holds_still_lay_out(written: int) -> None:
    """Keeping the last written row with the spare rows must not move a table forever when
    they are taller than a page together."""

    def story(layout: Layout):
        return [_room_leaving(layout, 60 * mm), _table(layout, written, spare=45)]

    pages = pages_with(story)
    assert len(pages) >= 2 and f"Row{written}" in " ".join(pages)


def test_two_column_spare_rows_never_start_a_page_alone() -> None:
    from sheetapp.pdf.kit.columns import two_column_table

    for left in range(100, 150, 3):  # wherever the page's foot falls in the list's end

        def story(layout: Layout, left: float = left * mm):
            half = (layout.grid.width - 4 * mm) / 2
            columns = [Column("Skill", half * 0.7), Column("Attribute", half * 0.3)]
            rows = [[f"Row{n}", "Wit"] for n in range(1, 41)]
            table = two_column_table(columns, rows, width=layout.grid.width, spare=6)
            return [_room_leaving(layout, left), table]

        pages = pages_with(story)
        assert all("Row" in page for page in pages[1:]), left  # no page of spare rows alone


def _words(count: int) -> str:
    return " ".join(f"w{n:05d}" for n in range(count))


def _read_words(pages: list[str]) -> list[int]:
    import re

    return [int(n) for page in pages for n in re.findall(r"w(\d{5})", page)]


@pytest.mark.parametrize("others", [2, 150], ids=["short-table", "long-table"])
def test_a_row_taller_than_pages_fills_each_page_under_one_header(others: int) -> None:
    """A 20,000-character note in a table: its row runs over the pages it needs, each page
    filled with its text under the header once (no stacked headers, no slivers), and the
    note reads back whole and in order. A list of more rows than one batch (laid out a page
    at a time) breaks it the same way."""
    from math import ceil

    from sheetapp.pdf.kit.tables import CELL_X
    from sheetapp.pdf.kit.text import para

    note = _words(2860)  # 20,019 characters

    def story(layout: Layout):
        columns = [Column("Weapon", 40 * mm), Column("Notes", layout.grid.width - 40 * mm)]
        rows = [[f"Row{n}", "x"] for n in range(others)]
        rows.insert(1, ["Big", note])
        return [heading("Arsenal", layout.grid.width), data_table(columns, rows, spare=2)]

    pages = pages_with(story)
    assert _read_words(pages) == list(range(2860))
    assert all(page.count("WEAPON NOTES") == 1 for page in pages)
    from sheetapp.pdf.kit.document import page_layout

    layout = page_layout("a4")
    text_height = para(note, "cell").wrap(layout.grid.width - 40 * mm - 2 * CELL_X, 1e7)[1]
    other_rows = (others + 2) * ROW
    least = ceil((text_height + other_rows) / layout.frame_height)
    assert len(pages) <= least + 1, (len(pages), least)
    # every page the note runs over is full of it: no near-empty page in between
    holding = [len(_read_words([page])) for page in pages]
    middle = [n for n in holding if n][1:-1]
    assert middle and min(middle) >= 0.9 * max(middle), holding


def test_a_skill_name_longer_than_a_column_continues_in_the_next() -> None:
    """A Forgotten Futures skill named with a thousand characters (the longest a name may
    be) ran past its two-column table's page and stopped the export; it now continues down
    the next column and reads back whole."""
    from sheetapp.pdf.export import export_pdf_bytes
    from sheetapp.systems.plugin import NewOptions
    from sheetapp.systems.registry import get_system

    sheet = get_system("forgotten-futures").new(NewOptions(random=True, seed=3))
    sheet.skills[0].name = _words(142)  # 993 characters
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(export_pdf_bytes([sheet]))).pages]
    assert _read_words(pages) == list(range(142))


def _rules_drawn_across(part, width: float) -> list[float]:
    """The heights of the horizontal rules ``part`` draws the whole ``width`` across."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO())
    drawn: list[tuple[float, float, float, float]] = []
    line, lines = canvas.line, canvas.lines
    canvas.line = lambda *xy: (drawn.append(xy), line(*xy))  # type: ignore[method-assign]
    canvas.lines = lambda many: (drawn.extend(many), lines(many))  # type: ignore[method-assign]
    part.wrapOn(canvas, width, 200 * mm)
    part.drawOn(canvas, 0, 0)
    return [y1 for x1, y1, x2, y2 in drawn if y1 == y2 and x2 - x1 >= width - 1]


def test_a_page_that_ends_inside_a_tall_row_closes_its_table_with_a_rule() -> None:
    """The pieces of a cut tall row have no rule between them; where a page break falls
    between two, each page's part of the table still ends on its box's bottom rule rather
    than running open into the page foot (the first page and every one after)."""
    columns = [Column("Weapon", 40 * mm), Column("Notes", 120 * mm)]
    rest = data_table(columns, [["Fist", _words(3000)], ["Knife", "short"]])
    for _page in range(3):
        rest.wrap(160 * mm, 200 * mm)
        part, rest = rest.split(160 * mm, 200 * mm)
        across = _rules_drawn_across(part, 160 * mm)
        assert across and min(across) == pytest.approx(0, abs=0.5)  # the part's own bottom


@pytest.mark.parametrize("system_id", ["forgotten-futures", "amazing-engine"])
def test_a_long_weapon_note_goes_under_the_table_not_down_a_narrow_column(system_id: str) -> None:
    """A weapon's note of hundreds of characters in the narrow Notes column read as a strip
    of a few words a line running down the page and over the next; it is printed in full
    under the table, by the weapon's name, and the cell says where."""
    from sheetapp.pdf.export import export_pdf_bytes
    from sheetapp.systems.amazing_engine.model import Weapon as AEWeapon
    from sheetapp.systems.plugin import NewOptions
    from sheetapp.systems.registry import get_system

    from .factory import squashed, text_of

    def armed(note: str):
        sheet = get_system(system_id).new(NewOptions(random=True, seed=3))
        hero = sheet.characters[0] if system_id == "amazing-engine" else sheet
        if not hero.weapons:  # an Amazing Engine explorer carries none
            hero.weapons = [AEWeapon(name="Cutlass", damage="d6", skill="Melee")]
        hero.weapons[0].notes = note
        return sheet, hero.weapons[0].name

    note = "Oiled each evening and wrapped in sailcloth against the spray, " * 12
    sheet, name = armed(note)
    short = export_pdf_bytes([armed("")[0]])
    data = export_pdf_bytes([sheet])
    text = squashed(text_of(data))
    assert squashed(f"{name}: {note}") in text
    assert "seebelow" in text
    assert len(PdfReader(io.BytesIO(data)).pages) == len(PdfReader(io.BytesIO(short)).pages)
