"""Printed sheets in a longer language: no word of a head or label split across lines, no
text off the page, nothing over its box's edge.

Translators of French, Spanish and Portuguese found fixed-width heads printed as
"PUNTUACI/ÓN", "RANG/O", "BLES|SÉ" and "ASOMBROSO" over the edge of its box. Every
system's filled sheet, blank and stat blocks are printed in Spanish and in the pseudo-locale
(every string 40% longer) and read back with ``pdftotext -bbox``: a word whose letters
stand on two lines (the end of one line and the start of the next, one under the other,
joining into a word of the catalog) fails, and so does a word standing across the side
of a box (a rectangle the page draws), or any text off the page.
"""

from __future__ import annotations

import io
import re
import subprocess
from collections.abc import Iterator
from html import unescape
from itertools import pairwise
from pathlib import Path

import pypdf
import pytest
from babel.messages.pofile import read_po
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import SimpleDocTemplate

from sheetapp import i18n
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.pdf.fonts import BOLD, register_fonts
from sheetapp.pdf.kit.boxes import PAD, FieldBox
from sheetapp.pdf.kit.captions import SMALLEST, fit_caption, fit_one_line, fitted_widths
from sheetapp.pdf.kit.tables import Column, data_table
from sheetapp.pdf.shaping import text_width
from sheetapp.systems import registry
from sheetapp.systems.plugin import NewOptions

LANGUAGES = ("es", "qps-ploc")
SYSTEMS = registry.system_ids()
_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)
_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')
_LETTERS = re.compile(r"\w+")

Word = tuple[float, float, float, float, str]


@pytest.fixture
def speaking() -> Iterator[object]:
    """Call with a language's code; English again after the test."""
    yield i18n.use_language
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def pages(data: bytes, tmp_path: Path) -> list[tuple[float, float, list[Word]]]:
    """Each page's size and its words with their boxes, as pdftotext reads them."""
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(data)
    out = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    found = []
    for chunk in out.split("<page ")[1:]:
        size = _PAGE.match("<page " + chunk)
        assert size is not None
        words = [
            (float(a), float(b), float(c), float(d), unescape(t))
            for a, b, c, d, t in _WORD.findall(chunk)
        ]
        found.append((float(size[1]), float(size[2]), words))
    return found


def vocabulary(code: str) -> set[str]:
    """Every word of the language's catalog, in capitals (heads print in capitals)."""
    path = i18n.LOCALE_DIR / code / "LC_MESSAGES" / "sheetapp.po"
    with path.open("rb") as stream:
        catalog = read_po(stream)
    words: set[str] = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            words |= {w.upper() for w in _LETTERS.findall(text or "")}
    return words


def split_words(
    found: list[tuple[float, float, list[Word]]], words: set[str]
) -> list[tuple[int, str]]:
    """Pieces of a catalog word on two lines: the last word of a line and the word under
    it join into a catalog word that one of them alone is not."""
    bad = []
    for number, (_w, _h, on_page) in enumerate(found, 1):
        for x0, _y0, x1, y1, above in on_page:
            height = y1 - _y0
            tail = _LETTERS.findall(above)
            if not tail:
                continue
            for bx0, by0, bx1, _by1, below in on_page:
                if not (y1 - 0.3 * height <= by0 <= y1 + 0.8 * height):
                    continue
                if bx0 > x1 or bx1 < x0:  # not under it
                    continue
                head = _LETTERS.findall(below)
                if not head:
                    continue
                first, second = tail[-1].upper(), head[0].upper()
                if first + second in words and (first not in words or second not in words):
                    bad.append((number, f"{above}|{below}"))
    return bad


def off_page(found: list[tuple[float, float, list[Word]]]) -> list[tuple[int, str]]:
    return [
        (number, text)
        for number, (width, height, on_page) in enumerate(found, 1)
        for x0, y0, x1, y1, text in on_page
        if x0 < -0.5 or y0 < -0.5 or x1 > width + 0.5 or y1 > height + 0.5
    ]


Box = tuple[float, float, float, float]  # left, bottom, right, top


def rectangles(data: bytes) -> list[list[Box]]:
    """Each page's drawn rectangles (boxes, cells), in page coordinates (y up): read from
    the content stream, placed by the transformation in force where each is drawn."""
    found: list[list[Box]] = []
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        drawn: list[Box] = []

        def visit(operator: bytes, args: list, cm: list, _tm: list, drawn=drawn) -> None:
            if operator != b"re" or len(args) != 4:
                return
            x, y, w, h = (float(v) for v in args)
            a, b, c, d, e, f = cm
            corners = ((x, y), (x + w, y + h))
            xs = [a * px + c * py + e for px, py in corners]
            ys = [b * px + d * py + f for px, py in corners]
            drawn.append((min(xs), min(ys), max(xs), max(ys)))

        page.extract_text(visitor_operand_before=visit)
        found.append(drawn)
    return found


def across_a_box(
    found: list[tuple[float, float, list[Word]]], boxes: list[list[Box]]
) -> list[tuple[int, str]]:
    """Words standing across the left or right side of a box they are level with: a label
    wider than its box ("ASOMBROSO" over the edge of the action check's)."""
    bad = []
    for number, ((_w, height, on_page), drawn) in enumerate(zip(found, boxes, strict=True), 1):
        for x0, y0, x1, y1, text in on_page:
            middle = height - (y0 + y1) / 2
            for left, bottom, right, top in drawn:
                if right - left < 3 or top - bottom < 3 or not bottom < middle < top:
                    continue  # a tick box or a rule, or not level with the word
                if any(x0 < side - 0.8 and x1 > side + 0.8 for side in (left, right)):
                    bad.append((number, text))
    return bad


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("system", SYSTEMS)
def test_no_word_is_split_and_nothing_leaves_the_page(
    system: str, code: str, speaking, tmp_path: Path
) -> None:
    speaking(code)
    words = vocabulary(code)
    sheets = [registry.get_system(system).new(NewOptions(random=True, seed=s)) for s in (1, 2)]
    prints = {
        "sheet": export_pdf_bytes(sheets, invariant=True),
        "stat blocks": export_pdf_bytes(sheets, stat_blocks=True, invariant=True),
        "blank": export_blank_bytes(system, invariant=True),
    }
    for kind, data in prints.items():
        found = pages(data, tmp_path)
        assert split_words(found, words) == [], f"{system} {kind} in {code}"
        assert off_page(found) == [], f"{system} {kind} in {code}"
        assert across_a_box(found, rectangles(data)) == [], f"{system} {kind} in {code}"


def test_a_caption_wraps_between_words_then_shrinks_never_breaking_a_word() -> None:
    register_fonts()
    fitted = fit_caption("PUNTOS DE ACCIÓN", BOLD, 8.5, 40)
    assert " ".join(fitted.lines) == "PUNTOS DE ACCIÓN"  # every word whole, in order
    long = fit_caption("ATORDOAMENTO", BOLD, 8.5, 30)
    assert long.lines == ("ATORDOAMENTO",)
    assert long.size == SMALLEST  # shrunk as far as type goes on a sheet...
    width = text_width("ATORDOAMENTO", BOLD, long.size) * long.scale
    assert width <= 30 + 0.01  # ...then condensed to fit, not broken or over the edge


def test_a_track_name_condensed_to_fit_its_room_exactly_is_not_cut() -> None:
    """German's "Körperpunkte" on an Amazing Engine stat block shrank, condensed to fit its
    room to the last rounding digit, and was then cut to "Körperpunk…" all the same."""
    register_fonts()
    room = 17 * mm - 1  # a stat block's track name
    text, size, scale = fit_one_line("Körperpunkte", BOLD, 7.8, room)
    assert text == "Körperpunkte"
    assert text_width(text, BOLD, size) * scale <= room + 0.01


def test_a_column_too_narrow_for_its_head_takes_room_from_its_neighbours() -> None:
    widths = fitted_widths([20.0, 80.0, 30.0], [35.0, 20.0, 25.0])
    assert widths[0] >= 35.0 - 0.01
    assert sum(widths) == pytest.approx(130.0)
    assert widths[2] >= 25.0 - 0.01  # a neighbour keeps what its own head needs


def test_a_long_label_and_a_long_head_stay_inside_their_box(tmp_path: Path) -> None:
    box = FieldBox("Asombrosamente", "2", width=16 * mm, height=12 * mm, big=True)
    table = data_table(
        [
            Column("Puntuación", 11 * mm, "center"),
            Column("Rango", 7 * mm, "center"),
            Column("Notas", 60 * mm),
        ],
        [["11/5/2", "3", "a note"]],
    )
    pdf = tmp_path / "out.pdf"
    doc = SimpleDocTemplate(str(pdf), pagesize=A4, leftMargin=20 * mm, topMargin=20 * mm)
    doc.build([box, table])
    (_w, _h, words), *_ = pages(pdf.read_bytes(), tmp_path)
    left = 20 * mm
    label = [w for w in words if w[4] == "ASOMBROSAMENTE"]
    assert label, words  # whole, on one line
    x0, _y0, x1, _y1, _text = label[0]
    assert x1 - x0 <= 16 * mm - 2 * PAD + 0.5  # and inside the box's padding
    heads = {w[4]: w for w in words if w[4] in {"PUNTUACIÓN", "RANGO", "NOTAS"}}
    assert set(heads) == {"PUNTUACIÓN", "RANGO", "NOTAS"}  # each head a whole word
    ordered = [heads["PUNTUACIÓN"], heads["RANGO"], heads["NOTAS"]]
    for before, after in pairwise(ordered):
        assert before[2] <= after[0]  # side by side, none over the next
    assert ordered[-1][2] <= left + 78 * mm
