"""Names in any script print as letters: what Noto Sans lacks (Chinese, Japanese, Korean)
prints in the bundled fallback font, in paragraphs and on the canvas alike, and text in
any script never makes an export fail."""

from __future__ import annotations

import io
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.pdf.fonts import BOLD, FALLBACK, REGULAR, fallback_font, font_runs
from sheetapp.pdf.kit.boxes import spaced_caps
from sheetapp.pdf.kit.document import page_layout
from sheetapp.pdf.kit.lines import ELLIPSIS, clip_to, width
from sheetapp.pdf.kit.stat_blocks import NAME_SIZE, PAD, name_line
from sheetapp.pdf.kit.text import esc, fit_line
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

NAMES = ["李小龍", "山田 太郎", "김민준"]
MIXED = "李小龍 <b>& Bruce Ωμέγα مريم"
CJK = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL")


def is_cjk(char: str) -> bool:
    return unicodedata.name(char, "").startswith(CJK)


def a_sheet(system_id: str, seed: int = 5) -> BaseModel:
    return get_system(system_id).new(NewOptions(random=True, seed=seed))


def people(sheet: BaseModel) -> list[Any]:
    """The objects a name belongs to: the sheet, or an Amazing Engine sheet's characters."""
    return list(getattr(sheet, "characters", None) or [sheet])


def named(system_id: str, names: list[str]) -> list[BaseModel]:
    sheets = []
    for seed, name in enumerate(names, start=5):
        sheet = a_sheet(system_id, seed)
        for who in people(sheet):
            who.name = name
            who.player = name
            who.notes = f"{name}: 日本語のメモ, 한국어 메모 & <i>中文</i>"
        sheets.append(sheet)
    return sheets


def chunks(data: bytes) -> list[tuple[str, str]]:
    """Every piece of text the PDF shows, with the name of the font it is shown in."""
    found: list[tuple[str, str]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip() and font is not None:
            found.append((text, str(font.get("/BaseFont", ""))))

    for page in PdfReader(io.BytesIO(data)).pages:
        page.extract_text(visitor_text=visit)
    return found


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def assert_cjk_shown_in_the_fallback(data: bytes) -> None:
    """Each CJK letter is shown in the fallback font, which has a glyph for it (so it
    prints as a letter, not as the blank Noto Sans would leave)."""
    glyphs = getFont(fallback_font()).face.charToGlyph
    shown = 0
    for text, font in chunks(data):
        for char in filter(is_cjk, text):
            assert font.endswith(FALLBACK), (text, font)
            assert glyphs.get(ord(char)), char
            shown += 1
    assert shown


@pytest.mark.parametrize("system_id", system_ids())
@pytest.mark.parametrize("blocks", [False, True], ids=["sheets", "stat-blocks"])
def test_cjk_names_come_back_from_every_system(system_id: str, blocks: bool) -> None:
    data = export_pdf_bytes(named(system_id, NAMES), stat_blocks=blocks)
    text = text_of(data)
    assert "\x00" not in text  # a letter shown in a font without it reads back as NUL
    for name in NAMES:
        assert name in text
    if not blocks:
        assert "日本語のメモ, 한국어 메모 & <i>中文</i>" in text
    assert_cjk_shown_in_the_fallback(data)


@pytest.mark.parametrize("system_id", system_ids())
def test_a_name_mixing_scripts_and_markup_prints_literally(system_id: str) -> None:
    """Arabic prints in its own face, shaped (tests/pdf/test_shaping.py), and the rest of
    the name is untouched."""
    for blocks in (False, True):
        data = export_pdf_bytes(named(system_id, [MIXED]), stat_blocks=blocks)
        text = text_of(data)
        assert "李小龍" in text
        assert "<b>& Bruce Ωμέγα" in text or "<B>& BRUCE ΩΜΈΓΑ" in text  # d6 blocks: caps
        assert_cjk_shown_in_the_fallback(data)


def test_cjk_inside_our_bold_markup() -> None:
    """Skill names sit in ``<b>`` spans of our templates; the fallback is its own family
    in every style, so the span inside them still prints."""
    record, hero = a_sheet("forgotten-futures"), a_sheet("alternity")
    record.skills[0].name = "李小龍拳"
    hero.broad_skills[0].name = "태권도"
    data = export_pdf_bytes([record, hero])
    text = text_of(data)
    assert "李小龍拳" in text and "태권도" in text
    assert_cjk_shown_in_the_fallback(data)


def test_a_latin_sheet_does_not_embed_the_fallback() -> None:
    data = export_pdf_bytes([a_sheet("forgotten-futures")])
    assert {font for _, font in chunks(data)}
    assert not any(font.endswith(FALLBACK) for _, font in chunks(data))


def test_escaping_keeps_markup_literal_and_marks_the_fallback_runs() -> None:
    assert esc("<b>&</b>") == "&lt;b&gt;&amp;&lt;/b&gt;"
    assert esc("Zoë Жуков") == "Zoë Жуков"  # Noto Sans has these
    assert esc("李 <i>&") == f'<font name="{FALLBACK}">李</font> &lt;i&gt;&amp;'
    assert font_runs("Bruce 李小龍!", BOLD) == (("Bruce ", BOLD), ("李小龍", FALLBACK), ("!", BOLD))


def test_cjk_is_measured_in_the_font_it_prints_in() -> None:
    assert width("山田 太郎", REGULAR, 10) == pytest.approx(
        stringWidth("山田", FALLBACK, 10) * 2 + stringWidth(" ", REGULAR, 10)
    )
    long_name = "李小龍" * 100
    room = page_layout("a4").column_width - 2 * PAD
    shown = name_line(long_name, room)
    assert shown.endswith(ELLIPSIS) and len(shown) > 10
    assert width(shown, BOLD, NAME_SIZE) <= room
    assert width(clip_to("김민준" * 50, REGULAR, 8, 100), REGULAR, 8) <= 100
    header = fit_line(long_name, BOLD, 9.5, 200)
    assert header.endswith(ELLIPSIS) and width(header, BOLD, 9.5) <= 200


def test_a_long_cjk_name_is_cut_in_the_header_and_the_block() -> None:
    sheets = named("amazing-engine", ["李小龍" * 80])
    for who in people(sheets[0]):
        who.notes = ""
    header = f"{ELLIPSIS}  ·  Character"
    pages = text_of(export_pdf_bytes(sheets)).split("Page ")[:-1]
    character_pages = [p for p in pages if "Player Core\nGenerated" not in p]
    assert character_pages and all(header in p for p in character_pages)
    text = text_of(export_pdf_bytes(sheets, stat_blocks=True))
    assert "李小龍李小龍" in text and ELLIPSIS in text
    assert "李小龍" * 80 not in text.replace("\n", "")


def test_a_long_name_on_a_band_is_cut_to_the_band() -> None:
    """d6 blocks carry the name on their band, in letter-spaced capitals."""
    room = page_layout("a4").column_width - 2 * PAD
    for name in ("김민준" * 30, "Wolfgang Amadeus " * 4):
        caps = spaced_caps(name, BOLD, 7.5, 0.6, room)
        assert caps.endswith(ELLIPSIS)
        assert width(caps, BOLD, 7.5) + 0.6 * len(caps) <= room
    sheets = named("d6-pool", ["김민준" * 30])
    text = text_of(export_pdf_bytes(sheets, stat_blocks=True))
    assert "김민준김민준" in text and "김민준" * 30 not in text


SCRIPTS = [
    (0x0020, 0x024F),  # Latin
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x04FF),  # Cyrillic
    (0x0590, 0x06FF),  # Hebrew, Arabic
    (0x0900, 0x097F),  # Devanagari
    (0x0E00, 0x0E7F),  # Thai
    (0x0300, 0x036F),  # combining marks
    (0x3000, 0x30FF),  # CJK punctuation, kana
    (0x4E00, 0x9FFF),  # CJK ideographs
    (0xAC00, 0xD7A3),  # Hangul
    (0xFF00, 0xFFEF),  # full width forms
    (0x1F300, 0x1F64F),  # emoji
]
ANY_SCRIPT = st.text(
    st.one_of([st.characters(min_codepoint=lo, max_codepoint=hi) for lo, hi in SCRIPTS])
    | st.sampled_from("<>&;\"'\t\n\x07\u200b\u202e\ufeff"),
    max_size=80,
)


@pytest.mark.parametrize("system_id", system_ids())
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=ANY_SCRIPT, note=ANY_SCRIPT, blocks=st.booleans())
def test_text_in_any_script_never_breaks_an_export(
    system_id: str, name: str, note: str, blocks: bool
) -> None:
    sheet = a_sheet(system_id)
    try:
        for who in people(sheet):
            who.name, who.player, who.notes = name, note, note * 3
    except ValidationError:  # the model refuses it: nothing to print
        return
    assert export_pdf_bytes([sheet], stat_blocks=blocks).startswith(b"%PDF")
