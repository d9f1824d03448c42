"""Large print: the same sheet in larger type. Each page comes out as two landscape pages,
its halves enlarged; every word of the normal PDF is there, larger (pdftotext reads both)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.pdf.large_print import enlargement, large_print
from sheetapp.storage.document import save
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids


def words(pdf: bytes) -> list[str]:
    done = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode().split()


@pytest.mark.parametrize("system_id", system_ids())
def test_large_print_keeps_every_word_larger_on_twice_the_pages(system_id: str) -> None:
    sheet = get_system(system_id).new(NewOptions(random=True, seed=4))
    normal = export_pdf_bytes([sheet], paper="a4")
    large = large_print(normal)
    assert not set(words(normal)) - set(words(large))
    pages = PdfReader(io.BytesIO(normal)).pages
    large_pages = PdfReader(io.BytesIO(large)).pages
    assert len(large_pages) == 2 * len(pages)
    first = large_pages[0]
    assert float(first.mediabox.width) > float(first.mediabox.height)  # landscape A4
    assert round(float(first.mediabox.width)) == round(float(pages[0].mediabox.height))
    assert enlargement(595.27, 841.89) > 1.25


def test_the_cli_exports_in_large_print(tmp_path: Path) -> None:
    sheet = get_system("d6-pool").new(NewOptions(random=True, seed=2))
    source, out = tmp_path / "d6.json", tmp_path / "d6.pdf"
    save(source, sheet)
    command = [sys.executable, "-m", "sheetapp", "export-pdf", str(source), "-o", str(out)]
    subprocess.run([*command, "--large-print"], check=True, capture_output=True)
    large = out.read_bytes()
    assert set(sheet.name.split()) <= set(words(large))
    page = PdfReader(io.BytesIO(large)).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)


def test_large_print_leaves_out_the_empty_back_pages(tmp_path: Path) -> None:
    """Each page becomes a front and a back of its own, so every sheet already starts on a
    front: a page left empty for two-sided printing came out as two empty landscape pages."""
    sheet = get_system("amazing-engine").new(NewOptions(random=True, seed=4))
    normal = export_pdf_bytes([sheet], paper="a4")
    assert "left empty" in " ".join(words(normal))  # a core's page has an empty back
    source, out = tmp_path / "core.json", tmp_path / "core.pdf"
    save(source, sheet)
    command = [sys.executable, "-m", "sheetapp", "export-pdf", str(source), "-o", str(out)]
    subprocess.run([*command, "--paper", "a4", "--large-print"], check=True, capture_output=True)
    large = out.read_bytes()
    assert "left empty" not in " ".join(words(large))
    one_sided = export_pdf_bytes([sheet], paper="a4", duplex=False)
    assert len(PdfReader(io.BytesIO(large)).pages) == 2 * len(
        PdfReader(io.BytesIO(one_sided)).pages
    )
def test_large_print_keeps_each_sheets_bookmark_and_the_title_shown() -> None:
    """A reader zoomed far in finds a sheet by its bookmark: each leads to the first half
    of the sheet's first page, and the viewer still shows the document's title."""
    sheets = [get_system(s).new(NewOptions(random=True, seed=4)) for s in ("d6-pool", "amplitude")]
    normal = PdfReader(io.BytesIO(export_pdf_bytes(sheets, paper="a4")))
    large = PdfReader(io.BytesIO(large_print(export_pdf_bytes(sheets, paper="a4"))))

    def marks(reader: PdfReader) -> list[tuple[str, int | None]]:
        return [(m.title, reader.get_destination_page_number(m)) for m in reader.outline]

    before = marks(normal)
    assert [title for title, _ in before] == [s.name for s in sheets]
    assert marks(large) == [(title, 2 * page) for title, page in before]
    assert large.root_object["/ViewerPreferences"]["/DisplayDocTitle"]


def word_boxes(pdf: bytes, page: int) -> list[tuple[str, float, float]]:
    """Each word pdftotext finds on ``page`` (1-based): its text and its box's top and
    bottom, measured down from the top of the page."""
    import re

    done = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    )
    found = re.findall(
        r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<', done.stdout.decode()
    )
    return [(text, float(top), float(bottom)) for top, bottom, text in found]


@pytest.mark.parametrize("system_id", system_ids())
def test_no_half_ends_on_a_line_of_text_cut_through(system_id: str) -> None:
    """A reader with poor sight cannot make out letters sliced in half at a page's edge:
    each half's cut edge falls between lines of text (their letters, not the line gaps a
    font's box includes), here on every page of a sheet."""
    from sheetapp.pdf.large_print import halves, text_lines

    sheet = get_system(system_id).new(NewOptions(random=True, seed=4))
    normal = export_pdf_bytes([sheet], paper="a4")
    for number, page in enumerate(PdfReader(io.BytesIO(normal)).pages, start=1):
        height = float(page.mediabox.height)
        (top_cut, _), (_, bottom_cut) = halves(float(page.mediabox.width), height, text_lines(page))
        for text, top, bottom in word_boxes(normal, number):
            size = bottom - top
            # the letters: from a quarter of the box below its top to its bottom
            letters_top, letters_bottom = height - top - 0.26 * size, height - bottom + 0.05 * size
            for cut in (top_cut, bottom_cut):
                assert not letters_bottom < cut < letters_top, (text, number, cut)
