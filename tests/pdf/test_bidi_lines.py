"""What a person typed comes back out of the PDF exactly, in every script, wherever it
prints (table cells, notes, stat blocks), and right-to-left text that wraps reads line
after line: wrapped in reading order, then each line put in display order (UAX #9 L1-L2).

Read back with poppler's pdftotext, as a person's viewer copies and searches: no
normalising (Arabic's presentation forms must not stand in for its letters). Poppler
brackets the right-to-left stretches it reorders with embedding marks, which are dropped,
and it takes the space after such a stretch into it ("محمد and" reads "محمدand"), which
the checks allow for."""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest
from reportlab.platypus import SimpleDocTemplate

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.pdf.fonts import register_fonts
from sheetapp.pdf.kit.tables import Column, data_table
from sheetapp.pdf.kit.text import long_text, para, rich
from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils")

NAMES = {
    "arabic": "عبد الرحمن الهاشمي",
    "arabic with vowel marks": "مُحَمَّد",
    "hebrew": "דוד בן גוריון",
    "devanagari": "श्रीनिवास रामानुजन",
    "thai": "สมชาย ใจดี",
    "chinese": "李小龍",
}
# Longer than a narrow cell or a stat block's line: it wraps.
HEBREW_WORDS = "אחד שניים שלושה ארבעה חמישה ששה שבעה שמונה תשעה עשרה".split()
ARABIC_WORDS = "واحد اثنان ثلاثة أربعة خمسة ستة سبعة ثمانية تسعة عشرة".split()
_POPPLER_MARKS = re.compile("[\u202a-\u202e]")
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" [^>]*>(.*?)</word>')


class Word(NamedTuple):
    x: float
    y: float  # from the top of the page
    text: str


def pdftotext(data: bytes, tmp_path: Path, *options: str) -> str:
    pdf = tmp_path / "read.pdf"
    pdf.write_bytes(data)
    done = subprocess.run(["pdftotext", *options, str(pdf), "-"], capture_output=True, check=True)
    return _POPPLER_MARKS.sub("", done.stdout.decode())


def words(data: bytes, tmp_path: Path) -> list[Word]:
    """Each word poppler finds on the first page, where it stands. Poppler gives a
    right-to-left word's letters in the order they stand on the page."""
    found = _WORD.findall(pdftotext(data, tmp_path, "-bbox", "-f", "1", "-l", "1"))
    return [Word(float(x), float(y), html.unescape(t)) for x, y, t in found]


def lines_of(found: list[Word], wanted: set[str]) -> list[list[Word]]:
    """The words of ``wanted`` (as typed) grouped in lines, top to bottom."""
    mine = [w for w in found if w.text[::-1] in wanted]
    rows: dict[float, list[Word]] = {}
    for w in mine:
        rows.setdefault(round(w.y), []).append(w)
    return [rows[y] for y in sorted(rows)]


def assert_right_to_left_lines(found: list[Word], typed: list[str]) -> None:
    """The words come back line after line in the order typed: the first line on top,
    each line read from its right end to its left."""
    lines = lines_of(found, set(typed))
    assert len(lines) >= 2, lines  # it did wrap
    read = [w.text[::-1] for line in lines for w in sorted(line, key=lambda w: -w.x)]
    assert read == typed


def d6_sheet(**values: object) -> D6PoolSheet:
    sheet = get_system("d6-pool").new(NewOptions(random=True, seed=3))
    assert isinstance(sheet, D6PoolSheet)
    for key, value in values.items():
        setattr(sheet, key, value)
    return sheet


def skills(names: list[str]) -> list[Skill]:
    return [Skill(name=n, rating=2, attribute="dexterity") for n in names]


def test_names_in_table_cells_read_back_as_typed(tmp_path: Path) -> None:
    sheet = d6_sheet(skills=skills(list(NAMES.values())))
    text = pdftotext(export_pdf_bytes([sheet]), tmp_path)
    for script, name in NAMES.items():
        assert name in text, script


def test_notes_in_every_script_read_back_as_typed(tmp_path: Path) -> None:
    sheet = d6_sheet(notes="\n\n".join(NAMES.values()))
    text = pdftotext(export_pdf_bytes([sheet]), tmp_path)
    for script, name in NAMES.items():
        assert name in text, script


def test_stat_block_skill_lines_read_back_as_typed(tmp_path: Path) -> None:
    """Each name keeps its figures after it: "Skills דוד בן גוריון 2 (5d 87%)", not the
    figures pulled into the right-to-left name's run."""
    sheet = d6_sheet(skills=skills(list(NAMES.values())))
    text = " ".join(pdftotext(export_pdf_bytes([sheet], stat_blocks=True), tmp_path).split())
    assert re.search("Skills " + NAMES["arabic"] + r" ?2 \(\d+d \d+%\); ", text)
    for script, name in NAMES.items():
        assert re.search(re.escape(name) + r" ?2 \(\d+d \d+%\)", text), script


def test_a_paragraph_mixing_devanagari_thai_and_right_to_left_reads_back(
    tmp_path: Path,
) -> None:
    """Devanagari and Thai beside Arabic or Hebrew keep every letter (their conjuncts and
    marks) and their place, line by line."""
    lines = ["श्रीनिवास مع محمد", "สมชาย ใจดี עם דוד", "李小龍 שלום"]
    data = export_pdf_bytes([d6_sheet(notes="\n".join(lines))])
    text = pdftotext(data, tmp_path)
    for line in lines:
        assert line in text.splitlines()
    # each word's letters stand where its glyphs are: on its line, in its place
    found = _WORD.findall(pdftotext(data, tmp_path, "-bbox"))  # these words are only in the notes
    at = {html.unescape(t): (float(x), float(y)) for x, y, t in found}
    devanagari, arabic, thai = at["श्रीनिवास"], at["محمد"[::-1]], at["สมชาย"]
    assert devanagari[0] > 30 and abs(devanagari[1] - arabic[1]) < 5  # not at the corner
    assert devanagari[0] < arabic[0] and thai[1] > devanagari[1] + 5


def test_copying_arabic_gives_its_letters_not_presentation_forms(tmp_path: Path) -> None:
    data = export_pdf_bytes([d6_sheet(name=NAMES["arabic"], notes=NAMES["arabic"])])
    text = pdftotext(data, tmp_path)
    assert not re.search("[\ufb50-\ufdff\ufe70-\ufeff]", text)
    assert text.count(NAMES["arabic"]) >= 2


def test_a_wrapped_right_to_left_cell_reads_line_after_line(tmp_path: Path) -> None:
    """A plain cell and a cell of our markup around the value, in a narrow column."""
    register_fonts()
    out = io.BytesIO()
    table = data_table(
        [Column("Name", 90), Column("Note", 90)],
        [[" ".join(HEBREW_WORDS), rich("<b>{}</b>", " ".join(ARABIC_WORDS), style="cell")]],
    )
    SimpleDocTemplate(out).build([table])
    found = words(out.getvalue(), tmp_path)
    assert_right_to_left_lines(found, HEBREW_WORDS)
    assert_right_to_left_lines(found, ARABIC_WORDS)


def test_a_wrapped_right_to_left_note_reads_line_after_line(tmp_path: Path) -> None:
    register_fonts()
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=(200, 400), leftMargin=20, rightMargin=20)
    doc.build([*long_text(" ".join(ARABIC_WORDS)), para(" ".join(HEBREW_WORDS))])
    found = words(out.getvalue(), tmp_path)
    assert_right_to_left_lines(found, ARABIC_WORDS)
    assert_right_to_left_lines(found, HEBREW_WORDS)


def test_right_to_left_names_in_a_wrapped_stat_block_line_keep_their_order(
    tmp_path: Path,
) -> None:
    """A skills line of Hebrew names wraps over lines of the block: read top to bottom,
    each name an island in our left-to-right line, its words right to left, and its
    figures right after it (to its right), never pulled in front of it."""
    names = [" ".join(HEBREW_WORDS[i : i + 2]) for i in range(0, len(HEBREW_WORDS), 2)]
    sheet = d6_sheet(skills=skills(names))
    found = words(export_pdf_bytes([sheet], stat_blocks=True), tmp_path)
    typed = set(HEBREW_WORDS)
    read: list[str] = []
    followed_by: list[str] = []
    rows: dict[int, list[Word]] = {}
    for w in found:
        rows.setdefault(round(w.y), []).append(w)
    lines = [sorted(rows[y], key=lambda w: w.x) for y in sorted(rows)]
    lines = [line for line in lines if any(w.text[::-1] in typed for w in line)]
    assert len(lines) >= 2  # it did wrap
    for line in lines:
        island: list[str] = []
        for w in [*line, Word(0, 0, "")]:
            if w.text[::-1] in typed:
                island.append(w.text[::-1])
                continue
            if island:
                read += reversed(island)
                followed_by.append(w.text)
            island = []
    assert read == HEBREW_WORDS
    assert set(followed_by) <= {"2", ""}  # figures after a name, or the line's end
