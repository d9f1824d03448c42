"""Large print: the same sheet laid out again in larger type (``LARGE_PRINT_SCALE``), on
more pages of the same paper turned sideways. pdftotext reads back the same words as the
normal sheet's, none cut in two, none off the page or over a box's side, and no text is
set under 12 pt (body text near 15 pt)."""

from __future__ import annotations

import io
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp.i18n import _
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.pdf.kit.document import BACK_PAGE_NOTE
from sheetapp.pdf.kit.paper import FOOTER_BAND, HEADER_BAND, LARGE_PRINT_SCALE, SAFE_MARGIN
from sheetapp.storage.document import save
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids
from tests.pdf.test_every_language_fits import (
    across_a_box,
    off_page,
    pages,
    rectangles,
    split_words,
)

LABELS, BODY = 12.0, 14.0  # the least sizes, in points, of any text and of body text


def words(pdf: bytes) -> list[str]:
    done = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode().split()


def content(pdf: bytes, tmp_path: Path) -> set[str]:
    """Every word printed in the pages' bodies, less the page chrome that more pages
    repeat (header, "Page 3 of 7", the note on a back page left empty) and the marks of
    a table or panel continued ("(cont.)", "›")."""
    scale = LARGE_PRINT_SCALE if len(pages(pdf, tmp_path)) and _landscape(pdf) else 1.0
    top, foot = SAFE_MARGIN + HEADER_BAND * scale, SAFE_MARGIN + FOOTER_BAND * scale
    return {
        text
        for _width, height, on_page in pages(pdf, tmp_path)
        for _x0, y0, _x1, y1, text in on_page
        if y0 > top - 1 and y1 < height - foot + 1 and text not in ("(cont.)", "›")
    } - set(_(BACK_PAGE_NOTE).split())


def _landscape(pdf: bytes) -> bool:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return float(box.width) > float(box.height)


def sizes(pdf: bytes, enlarged: float = 1.0) -> Counter[float]:
    """How many characters of text are printed at each size (points, as on paper).
    pypdf reads a form (drawn once, placed by the page: the page number, a stat block's
    score strip) without the page's own transformation, which in large print is the
    enlargement ``enlarged``: text read in an unscaled space is in a form."""
    found: Counter[float] = Counter()
    for page in PdfReader(io.BytesIO(pdf)).pages:

        def visit(text, cm, tm, _font, size) -> None:
            scale = (abs(tm[3]) or abs(tm[0])) * (abs(cm[3]) or abs(cm[0]))
            if abs(cm[0]) == 1 and abs(cm[3]) == 1:
                scale *= enlarged
            if text.strip():
                found[round(size * scale, 1)] += len(text.strip())

        page.extract_text(visitor_text=visit)
    return found


def sheets_of(system_id: str) -> list:
    return [get_system(system_id).new(NewOptions(random=True, seed=s)) for s in (1, 4)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("system_id", system_ids())
def test_large_print_is_the_same_sheet_in_type_at_least_12_pt(
    system_id: str, paper: str, tmp_path: Path
) -> None:
    for stat_blocks in (False, True):
        normal = export_pdf_bytes(sheets_of(system_id), paper=paper, stat_blocks=stat_blocks)
        large = export_pdf_bytes(
            sheets_of(system_id), paper=paper, stat_blocks=stat_blocks, large=True
        )
        kind = f"{system_id} on {paper}{' stat blocks' if stat_blocks else ''}"
        if not stat_blocks:  # a stat block's longest rows end in "…" past its budget
            assert content(large, tmp_path) == content(normal, tmp_path), kind
        printed = sizes(large, LARGE_PRINT_SCALE)
        assert min(printed) >= LABELS - 0.05, kind
        body = sum(n for size, n in printed.items() if size >= BODY - 0.05)
        # what the normal sheet sets as body text (8.5 pt and up) prints at 14 pt and up
        normal_body = sum(n for size, n in sizes(normal).items() if size >= 8.5 - 0.05)
        assert body >= normal_body, kind
        found = pages(large, tmp_path)
        vocabulary = {w.upper() for w in content(normal, tmp_path)}
        assert split_words(found, vocabulary) == [], kind
        assert off_page(found) == [], kind
        assert across_a_box(found, rectangles(large)) == [], kind
        if not stat_blocks:
            assert len(found) > len(PdfReader(io.BytesIO(normal)).pages), kind


def test_the_cli_exports_in_large_print(tmp_path: Path) -> None:
    sheet = get_system("d6-pool").new(NewOptions(random=True, seed=2))
    source, out = tmp_path / "d6.json", tmp_path / "d6.pdf"
    save(source, sheet)
    command = [sys.executable, "-m", "sheetapp", "export-pdf", str(source), "-o", str(out)]
    subprocess.run([*command, "--paper", "a4", "--large-print"], check=True, capture_output=True)
    large = out.read_bytes()
    assert content(large, tmp_path) == content(export_pdf_bytes([sheet], paper="a4"), tmp_path)
    assert min(sizes(large, LARGE_PRINT_SCALE)) >= LABELS - 0.05


def test_large_print_keeps_each_sheets_bookmark_and_the_title_shown() -> None:
    """A reader finds a sheet by its bookmark: each leads to the sheet's first page, and
    the viewer still shows the document's title."""
    sheets = [get_system(s).new(NewOptions(random=True, seed=4)) for s in ("d6-pool", "amplitude")]
    large = PdfReader(io.BytesIO(export_pdf_bytes(sheets, paper="a4", large=True)))
    marks = [(m.title, large.get_destination_page_number(m)) for m in large.outline]
    assert [title for title, _page in marks] == [s.name for s in sheets]
    assert marks[0][1] == 0 and marks[1][1] % 2 == 0  # two-sided: the second on a front
    assert large.root_object["/ViewerPreferences"]["/DisplayDocTitle"]


@pytest.mark.parametrize("system_id", system_ids())
def test_large_print_in_a_longer_language_cuts_no_word(system_id: str, tmp_path: Path) -> None:
    """The pseudo-locale (every string 40% longer) on the narrower large-print page: no
    word of ours on two lines, nothing off the page or over a box's side."""
    from sheetapp import i18n
    from tests.pdf.test_every_language_fits import vocabulary

    i18n.use_language("qps-ploc")
    try:
        large = export_pdf_bytes(sheets_of(system_id), paper="letter", large=True)
        found = pages(large, tmp_path)
        assert split_words(found, vocabulary("qps-ploc")) == []
        assert off_page(found) == []
        assert across_a_box(found, rectangles(large)) == []
    finally:
        i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_a_track_narrower_than_a_group_of_five_keeps_its_boxes_inside() -> None:
    """A misfortune track in a box a quarter of a large-print page wide: its boxes wrap
    inside the box instead of running over its side in a group of five."""
    from reportlab.lib.units import mm

    from sheetapp.pdf.kit.ticks import TickTrack

    track = TickTrack(10, width=18 * mm)
    track.wrap(18 * mm, 1000)
    assert max(x for x, _y in track.positions()) + track.box <= 18 * mm
