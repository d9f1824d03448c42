"""In a right-to-left language the page reads from the right: a table's first column,
a box's label, a band's title, the sheet's name stand on the right, while the words in
them (Latin names, numbers, Arabic labels) read back exactly as they are. Positions are
read with poppler's ``pdftotext -bbox``, as on the printed page."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from reportlab.lib.pagesizes import A4
from reportlab.platypus import SimpleDocTemplate

from sheetapp import i18n
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.pdf.fonts import register_fonts
from sheetapp.pdf.kit.boxes import FieldBox, heading
from sheetapp.pdf.kit.tables import Column, data_table
from sheetapp.pdf.kit.text import para
from sheetapp.systems import registry
from sheetapp.systems.plugin import NewOptions
from tests.pdf.test_bidi_lines import Word, pdftotext, words

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils")

PAGE_WIDTH = A4[0]


@pytest.fixture
def arabic(tmp_path: Path, monkeypatch) -> Iterator[None]:
    """The shipped Arabic catalog, compiled as it stands, in use; English after."""
    shipped = i18n.LOCALE_DIR / "ar" / "LC_MESSAGES" / "sheetapp.po"
    with shipped.open("rb") as stream:
        catalog = read_po(stream, locale="ar")
    folder = tmp_path / "locale" / "ar" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / "sheetapp.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    i18n.use_language("ar")
    assert i18n.is_right_to_left()
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def story_pdf(story: list) -> bytes:
    register_fonts()
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, invariant=True).build(story)
    return out.getvalue()


def find(found: list[Word], typed: str) -> Word:
    """The word as typed (poppler gives an Arabic word's letters in page order)."""
    matches = [w for w in found if typed in (w.text, w.text[::-1])]
    assert matches, (typed, [w.text for w in found])
    return matches[0]


def table_pdf() -> bytes:
    columns = [Column("Weapon", 60), Column("Damage", 40), Column("Range", 40, align="right")]
    rows = [["Crossbow", "d4w", "20/40/80"], ["قوس", "d6", "10"]]
    return story_pdf([data_table(columns, rows)])


def test_a_tables_first_column_stands_right_of_its_second(arabic, tmp_path: Path) -> None:
    found = words(table_pdf(), tmp_path)
    weapon, damage, range_ = find(found, "WEAPON"), find(found, "DAMAGE"), find(found, "RANGE")
    assert weapon.x > damage.x > range_.x
    assert find(found, "Crossbow").x > find(found, "d4w").x > find(found, "20/40/80").x
    text = pdftotext(table_pdf(), tmp_path)
    for typed in ("Crossbow", "d4w", "20/40/80", "قوس"):
        assert typed in text  # read back unchanged inside their cells


def test_an_english_table_keeps_its_first_column_on_the_left(tmp_path: Path) -> None:
    found = words(table_pdf(), tmp_path)
    assert find(found, "WEAPON").x < find(found, "DAMAGE").x < find(found, "RANGE").x


def test_a_box_label_and_a_band_title_start_on_the_right(arabic, tmp_path: Path) -> None:
    box = FieldBox("Player", "Ada", width=300, height=40)
    found = words(story_pdf([heading("Skills", 400, right="note"), box]), tmp_path)
    # the frame starts 1 inch in; the box is 300 points wide, the band 400
    left = 72
    assert find(found, "PLAYER").x > left + 250
    assert find(found, "Ada").x > left + 250  # the value starts on the right too
    assert find(found, "SKILLS").x > left + 330
    assert find(found, "note").x < left + 30


SYSTEMS = registry.system_ids()


def _sheets(system: str) -> list:
    return [registry.get_system(system).new(NewOptions(random=True, seed=s)) for s in (1, 2)]


def _name(sheet: object) -> str:
    """The first character's name: a sheet's own, or a Player Core's first character's
    (listed in the table of the core's first page)."""
    name = getattr(sheet, "name", None)
    return name if name is not None else sheet.characters[0].name  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", ["sheet", "stat blocks"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_systems_sheet_and_stat_blocks_read_from_the_right(
    system: str, kind: str, arabic, tmp_path: Path
) -> None:
    sheets = _sheets(system)
    name = _name(sheets[0])
    data = export_pdf_bytes(sheets, stat_blocks=kind == "stat blocks", invariant=True)
    found = words(data, tmp_path)
    # the name in the page's header, in its box, block or a table's first column: right
    named = [w for w in found if w.text == name.split()[0]]
    assert named, (system, kind)
    assert all(w.x > PAGE_WIDTH / 2 for w in named), (system, kind, named)
    assert name in pdftotext(data, tmp_path), (system, kind)


def _player_label(data: bytes, tmp_path: Path) -> Word:
    """The Player box's label, the topmost (every system's blank has one in its head)."""
    label = i18n._("Player").upper()
    found = [w for w in words(data, tmp_path) if label in (w.text, w.text[::-1])]
    assert found, label
    return min(found, key=lambda w: w.y)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_systems_blank_swaps_its_boxes_sides(system: str, arabic, tmp_path: Path) -> None:
    """The Player box stands on the other half of the page than in English: the row of
    boxes runs from the right."""
    arabic_x = _player_label(export_blank_bytes(system, invariant=True), tmp_path).x
    i18n.use_language(i18n.SOURCE_LANGUAGE)
    english_x = _player_label(export_blank_bytes(system, invariant=True), tmp_path).x
    assert (english_x > PAGE_WIDTH / 2) != (arabic_x > PAGE_WIDTH / 2), (english_x, arabic_x)


def test_an_arabic_word_whose_first_glyph_sits_off_the_baseline_prints(tmp_path: Path) -> None:
    """A shaped run whose first drawn glyph sits off the baseline (a mark: "تلقَّ" on the
    Arabic Amplitude sheet) once failed inside ReportLab's text object; it prints and
    reads back."""
    line = "اخسر نقطة زخم أو تلقَّ نكسة صغيرة"
    data = story_pdf([para(line, "muted")])
    assert line in pdftotext(data, tmp_path)
