"""Fillable blanks of every system: every field has a tooltip, text fields size what is
typed to the box, and the tick boxes' font is in the form's resources."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject

from sheetapp.pdf.export import export_blank_bytes
from sheetapp.pdf.fonts import register_fonts
from sheetapp.pdf.kit.boxes import LinedBox
from sheetapp.pdf.kit.forms import FIELD_NAME, describe, field_name
from sheetapp.systems.registry import system_ids
from tests.pdf.test_page_layout import BLANKS


def fields(data: bytes) -> list[dict]:
    reader = PdfReader(io.BytesIO(data))
    found = []
    for page in reader.pages:
        for annot in page.get("/Annots") or []:
            obj = annot.get_object()
            if obj.get("/Subtype") == "/Widget":
                found.append(obj)
    return found


@pytest.fixture(scope="module", params=system_ids())
def blank(request) -> bytes:
    return export_blank_bytes(request.param, fillable=True)


def test_every_field_has_a_tooltip(blank) -> None:
    found = fields(blank)
    assert found
    assert all(str(f.get("/TU", "")).strip() for f in found), [
        f["/T"] for f in found if not str(f.get("/TU", "")).strip()
    ]


def test_text_fields_size_their_text_to_the_box(blank) -> None:
    """Size 0 in the appearance a field has, its own or the form's it inherits."""
    form = PdfReader(io.BytesIO(blank)).trailer["/Root"]["/AcroForm"]
    texts = [f for f in fields(blank) if f.get("/FT") == "/Tx"]
    assert texts and all(" 0 Tf" in str(f.get("/DA", form["/DA"])) for f in texts)


def test_the_tick_font_is_in_the_forms_resources(blank) -> None:
    form = PdfReader(io.BytesIO(blank)).trailer["/Root"]["/AcroForm"]
    ticks = [f for f in fields(blank) if f.get("/FT") == "/Btn"]
    if ticks:
        assert "/ZaDb" in form["/DR"]["/Font"]


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler")
def test_poppler_reads_a_ticked_form_without_a_warning(blank, tmp_path) -> None:
    """Once a viewer has edited the form (NeedAppearances), poppler rebuilds each ticked
    box's look from the form's resources: the tick font must be there."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(blank)))
    for page in writer.pages:
        for annot in page.get("/Annots") or []:
            field = annot.get_object()
            if field.get("/FT") == "/Btn":
                field[NameObject("/V")] = field[NameObject("/AS")] = NameObject("/Yes")
    writer.set_need_appearances_writer(True)
    pdf = tmp_path / "ticked.pdf"
    with pdf.open("wb") as out:
        writer.write(out)
    for tool in (
        ["pdftotext", str(pdf), "-"],
        ["pdftoppm", "-r", "20", str(pdf), str(tmp_path / "p")],
    ):
        assert subprocess.run(tool, capture_output=True, check=True).stderr == b""


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("system_id", "universe"), BLANKS)
def test_every_field_name_follows_the_one_scheme_and_is_unique(system_id, universe, paper) -> None:
    """Also a universe's skill list, whose pages end in rows to write in on either paper."""
    data = export_blank_bytes(system_id, fillable=True, paper=paper, universe=universe)
    names = [str(f["/T"]) for f in fields(data)]
    assert names
    assert [n for n in names if not FIELD_NAME.fullmatch(n)] == []
    assert len(names) == len(set(names))


# The short words a field name may hold: what the sheet itself prints, and plain words.
SHORT_WORDS = {
    *("a", "b", "c"),  # Forgotten Futures' damage columns
    *("xp", "kg", "qty", "ob", "db", "amp", "gm"),  # as the sheets print them
    *("die", "max", "now", "age", "sex", "run", "aid", "use", "non", "low"),  # plain words
}


@pytest.mark.parametrize("system_id", system_ids())
def test_every_field_name_is_made_of_words_a_script_writer_can_read(system_id) -> None:
    """No abbreviations of our own (``li``, ``gm``, ``heal_l``) and each multi-word part
    joined by hyphens (``non-vital``, never ``nonvital`` beside ``non_vital``)."""
    names = [str(f["/T"]) for f in fields(export_blank_bytes(system_id, fillable=True))]
    words = {w for n in names for part in n.split("_") for w in part.split("-")}
    assert {w for w in words if len(w) <= 3 and not w.isdigit()} <= SHORT_WORDS
    assert not [n for n in names if "nonvital" in n or "_non_" in n]


def test_field_names_are_made_in_the_scheme() -> None:
    assert field_name("character", "skill", 3, "chance") == "character_skill_3_chance"
    assert field_name("character_skill", "Morse Code", "points") == (
        "character_skill_morse-code_points"
    )
    assert describe("character_stamina_3") == "Character stamina, box 3"


def test_the_fields_type_in_an_embedded_font_with_greek_and_cyrillic(blank) -> None:
    form = PdfReader(io.BytesIO(blank)).trailer["/Root"]["/AcroForm"]
    name = str(form["/DA"]).split()[0]
    font = form["/DR"]["/Font"][name].get_object()
    assert font["/Subtype"] == "/Type0" and str(form["/DA"]).endswith("0 Tf 0 g")
    descendant = font["/DescendantFonts"][0].get_object()
    assert descendant["/FontDescriptor"]["/FontFile2"].get_object().get_data()[:4] == (
        b"\x00\x01\x00\x00"
    )
    to_unicode = font["/ToUnicode"].get_object().get_data()
    for letter in "ΩЖëé":
        assert f"<{ord(letter):04X}>".encode() in to_unicode


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler")
def test_greek_and_cyrillic_typed_into_a_field_show(tmp_path) -> None:
    """A viewer draws what is typed in the form's /DA font; poppler does it here for a
    field filled by pypdf with NeedAppearances set (as a viewer's typing leaves it)."""
    writer = PdfWriter(
        clone_from=PdfReader(io.BytesIO(export_blank_bytes("alternity", fillable=True)))
    )
    writer.update_page_form_field_values(
        writer.pages[0], {"character_name": "Ωμέγα Жуков"}, auto_regenerate=False
    )
    writer.set_need_appearances_writer(True)
    pdf = tmp_path / "filled.pdf"
    with pdf.open("wb") as out:
        writer.write(out)
    done = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True)
    assert "Ωμέγα Жуков" in done.stdout.decode()


def _line_count(box: LinedBox) -> int:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO())
    box.canv = canvas
    box.draw()
    return sum(op.endswith(" l S") or op.endswith(" l") for op in canvas._code)


def test_a_multi_line_field_sits_on_a_clean_box_not_on_rules() -> None:
    """Typed lines never fall on printed rules, so a named (fillable) box has none."""
    register_fonts()
    ruled = LinedBox("Notes", width=200, height=120)
    fillable = LinedBox("Notes", width=200, height=120, field="character_notes")
    assert _line_count(ruled) >= 4
    assert _line_count(fillable) == 0


@pytest.mark.parametrize("system_id", system_ids())
def test_a_fillable_form_does_not_call_itself_blank(system_id) -> None:
    """Once a player has typed into it, a header saying "blank" is wrong; the plain blank
    for pencils keeps the word."""
    first = PdfReader(io.BytesIO(export_blank_bytes(system_id, fillable=True))).pages[0]
    assert "blank" not in first.extract_text().splitlines()[0].lower()
    plain = PdfReader(io.BytesIO(export_blank_bytes(system_id))).pages[0]
    assert "blank" in plain.extract_text().lower()
