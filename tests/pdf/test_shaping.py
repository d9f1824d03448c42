"""Names in every script a name is written in: shaped with HarfBuzz, in display order,
extractable in reading order; a character no bundled font has prints as U+FFFD and the
CLI names the field."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.ttfonts import ShapedStr
from reportlab.pdfgen.canvas import Canvas

from sheetapp.cli.main import main
from sheetapp.pdf.export import export_pdf_bytes, unprintable
from sheetapp.pdf.fonts import BOLD, REGULAR, REPLACEMENT, font_runs, missing, register_fonts
from sheetapp.pdf.kit.lines import draw_string, text_out
from sheetapp.pdf.kit.scripted import ScriptedParagraph
from sheetapp.pdf.kit.text import esc, long_text, para, plain, rich
from sheetapp.pdf.shaping import Run, display_runs, shape, text_width
from sheetapp.storage.document import save
from sheetapp.systems.registry import system_ids

from .test_scripts import named, people

NAMES = {
    "arabic": "محمد بن سلمان",
    "hebrew": "דוד בן־גוריון",
    "devanagari": "क्षत्रिय सिंह प्रिया",
    "thai": "สมชาย ใจดี น้ำ",
    "cjk": "李小龍",
    "latin": "Zoë Åsa Ñúñez-Ørsted",
    "latin, accents typed as combining marks": "Nguye\u0302\u0303n Thi\u0323 Zoe\u0308",
}
needs_pdftotext = pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler")


def pdftotext(data: bytes, tmp_path: Path) -> tuple[str, str]:
    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(data)
    done = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True)
    # poppler brackets the right-to-left stretches it reorders with embedding marks
    return re.sub("[\u202a-\u202e]", "", done.stdout.decode()), done.stderr.decode()


@needs_pdftotext
@pytest.mark.parametrize("system_id", system_ids())
@pytest.mark.parametrize("blocks", [False, True], ids=["sheets", "stat-blocks"])
def test_every_script_reads_back_in_reading_order(system_id, blocks, tmp_path) -> None:
    """pdftotext (which orders right-to-left glyphs itself and honours /ActualText) gives
    each name back exactly as typed, Arabic as its letters, accents as combining marks."""
    data = export_pdf_bytes(named(system_id, list(NAMES.values())), stat_blocks=blocks)
    text, _ = pdftotext(data, tmp_path)
    for script, name in NAMES.items():  # d6 stat blocks print names in capitals
        assert name.casefold() in text.casefold(), script


def test_scripts_embed_their_noto_face_only_when_used() -> None:
    plain = export_pdf_bytes(named("forgotten-futures", ["Ann"]))
    assert b"NotoSansArabic" not in plain and b"NotoSansThai" not in plain
    arabic = export_pdf_bytes(named("forgotten-futures", [NAMES["arabic"]]))
    assert b"NotoSansArabic" in arabic and b"NotoSansThai" not in arabic


def test_right_to_left_runs_stand_in_display_order() -> None:
    runs = display_runs("Ali محمد بن", REGULAR)
    assert [r.text for r in runs] == ["Ali ", "بن", " ", "محمد"]  # read right to left
    assert [r.rtl for r in runs] == [False, True, True, True]
    assert runs[1].font == "NotoSansArabic" and runs[1].shaped
    assert esc("Ali محمد بن").endswith('<font name="NotoSansArabic">بن</font>')  # as typed
    # brackets inside right-to-left text are right-to-left: HarfBuzz mirrors them
    runs = display_runs("(محمد)", REGULAR)
    assert [r.text for r in runs] == [")", "محمد", "("] and all(r.rtl for r in runs)
    assert shape(runs[0]) == "("


def test_shaping_joins_arabic_and_builds_devanagari_conjuncts() -> None:
    arabic = shape(Run("محمد", "NotoSansArabic", rtl=True, shaped=True))
    assert isinstance(arabic, ShapedStr)
    assert not set(arabic) & set("محمد")  # every letter takes a joined form
    conjunct = shape(Run("क्ष", "NotoSansDevanagari", shaped=True))
    assert len(conjunct) == 1  # three characters, one glyph
    assert text_width("क्ष", REGULAR, 10) < 2 * text_width("क", REGULAR, 10)


def test_discretionary_ligatures_stay_off_in_paragraphs_and_on_the_canvas() -> None:
    """Noto Sans Arabic's discretionary ligature would print "محمد" with its vowels: a
    letter the name does not have. Paragraphs draw through the canvas's path (``shape``)."""
    canvas = shape(Run("محمد", "NotoSansArabic", rtl=True, shaped=True))
    assert len(canvas) == 4  # one glyph per letter, no vowel marks added
    p = para("محمد", ParagraphStyle("t", fontName=REGULAR, fontSize=10))
    assert isinstance(p, ScriptedParagraph)


def test_bold_text_uses_the_scripts_bold_face() -> None:
    assert font_runs("Ann ไทย", BOLD) == (("Ann ", BOLD), ("ไทย", "NotoSansThai-Bold"))


def test_what_no_font_has_prints_as_the_replacement_character(tmp_path) -> None:
    assert font_runs("Ali 😀", REGULAR) == ((f"Ali {REPLACEMENT}", REGULAR),)
    assert missing("Ali 😀 Bo\u200d") == "😀"  # a joiner is invisible by design
    sheet = named("forgotten-futures", ["Ali 😀 Smith"])[0]
    assert ("name", "😀") in unprintable(sheet)
    text = "".join(page for page in [export_pdf_bytes([sheet]).decode("latin-1")])
    assert text  # built without error; the replacement is checked as text below


@needs_pdftotext
def test_an_emoji_name_prints_a_replacement_and_export_pdf_warns(tmp_path, capsys) -> None:
    sheets = named("amazing-engine", ["Ali 😀 Smith"])
    path = tmp_path / "emoji.json"
    save(path, sheets[0])
    out = tmp_path / "emoji.pdf"
    assert main(["export-pdf", str(path), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    who = len(people(sheets[0]))
    assert err.count("warning") >= who and "characters.0.name" in err and "😀" in err
    assert str(path) in err
    text, _ = pdftotext(out.read_bytes(), tmp_path)
    assert f"Ali {REPLACEMENT} Smith" in text


def _visible(text: str) -> bool:
    return any(
        not c.isspace() and unicodedata.category(c) not in ("Cf", "Cc", "Mn", "Me") for c in text
    )


@settings(max_examples=300, deadline=None)
@given(name=st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30))
def test_any_name_prints_something_and_never_crashes(name: str) -> None:
    """Every visible character of any string prints as a glyph or as the replacement, in
    paragraphs and on the canvas: nothing is dropped silently."""
    register_fonts()
    for font in (REGULAR, BOLD):
        runs = display_runs(plain(name), font)
        if _visible(plain(name)):
            assert text_width(plain(name), font, 10) > 0
            assert any(r.text.strip() for r in runs)
        for run in runs:
            shape(run)
    c = Canvas(io.BytesIO())
    draw_string(c, 10, 10, name, BOLD, 9)
    p = para(name, ParagraphStyle("t", fontName=REGULAR, fontSize=10))
    p.wrap(100, 1000)
    p.drawOn(c, 0, 0)
    c.save()


def test_a_word_of_two_fonts_keeps_the_space_after_it() -> None:
    """A paragraph's word "(محمد)" is shaped font by font; the space after it stays, so
    the line is as wide as canvas text measures it."""
    register_fonts()
    style = ParagraphStyle("t", fontName=REGULAR, fontSize=20)
    p = para("Ann (محمد) x", style)
    p.wrap(400, 100)
    assert sum(piece.width for piece in p.lines[0]) == pytest.approx(
        text_width("Ann (محمد) x", REGULAR, 20), abs=0.5
    )


def test_script_runs_in_bold_text_use_the_bold_face() -> None:
    """``<font name=...>`` takes its boldness from the face it names: inside a bold style
    or ``<b>``, a script run must name the bold face."""
    register_fonts()
    for p in (para("Ann ไทย", "name"), rich("<b>{}</b> {}", "محمد", "ไทย", style="body")):
        p.wrap(400, 100)
    assert {f.fontName for f in para("Ann ไทย", "name").frags} == {BOLD, "NotoSansThai-Bold"}
    frags = rich("<b>{}</b> {}", "محمد", "ไทย", style="body").frags
    fonts = [f.fontName for f in frags if f.text.strip(" \u2068\u2069")]  # not the isolates
    assert fonts[0] == "NotoSansArabic-Bold"
    assert "NotoSansThai" in fonts and "NotoSansThai-Bold" not in fonts


def test_shaped_runs_are_never_letter_spaced() -> None:
    """Bands space our capitals apart; joined Arabic letters must stay joined."""
    register_fonts()
    text = Canvas(io.BytesIO()).beginText(0, 0)
    text.setFont(BOLD, 7.5)
    text.setCharSpace(0.6)
    text_out(text, "ALI محمد", BOLD, 7.5)
    spacing = [op for op in text._code if op.endswith(" Tc")]
    assert spacing == [".6 Tc", "0 Tc", ".6 Tc"]  # off around the Arabic run, then back
    arabic = text._code.index("0 Tc") + 2  # after the span that gives its letters
    assert text._code[arabic].endswith("TJ") or text._code[arabic].endswith("Tj")


def test_a_right_to_left_paragraph_reads_line_after_line() -> None:
    """Words are shared out to lines in reading order, then each line is put in display
    order: the first line holds the first words, not the last ones."""
    register_fonts()
    words = "واحد اثنان ثلاثة أربعة خمسة ستة سبعة ثمانية تسعة عشرة".split()
    for make in (para, lambda v, st: long_text(v, st)[0]):
        p = make(" ".join(words), ParagraphStyle("t", fontName=REGULAR, fontSize=10))
        p.wrap(80, 1000)
        lines = ["".join(piece.text for piece in line) for line in p.lines]
        assert len(lines) > 2 and lines[0].startswith(words[0]) and words[-1] in lines[-1]
