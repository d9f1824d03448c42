"""Fillable blanks of every system: every field has a tooltip, text fields size what is
typed to the box, and the tick boxes' font is in the form's resources."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from sheetapp.pdf.export import export_blank_bytes
from sheetapp.pdf.kit.forms import FIELD_NAME, describe, field_name
from sheetapp.systems.registry import system_ids


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
    texts = [f for f in fields(blank) if f.get("/FT") == "/Tx"]
    assert texts and all(" 0 Tf" in str(f["/DA"]) for f in texts)


def test_the_tick_font_is_in_the_forms_resources(blank) -> None:
    form = PdfReader(io.BytesIO(blank)).trailer["/Root"]["/AcroForm"]
    ticks = [f for f in fields(blank) if f.get("/FT") == "/Btn"]
    if ticks:
        assert "/ZaDb" in form["/DR"]["/Font"]


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler")
def test_poppler_reads_the_form_without_a_warning(blank, tmp_path) -> None:
    pdf = tmp_path / "blank.pdf"
    pdf.write_bytes(blank)
    for tool in (
        ["pdftotext", str(pdf), "-"],
        ["pdftoppm", "-r", "20", str(pdf), str(tmp_path / "p")],
    ):
        assert subprocess.run(tool, capture_output=True, check=True).stderr == b""


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("system_id", system_ids())
def test_every_field_name_follows_the_one_scheme_and_is_unique(system_id, paper) -> None:
    data = export_blank_bytes(system_id, fillable=True, paper=paper)
    names = [str(f["/T"]) for f in fields(data)]
    assert names
    assert [n for n in names if not FIELD_NAME.fullmatch(n)] == []
    assert len(names) == len(set(names))


def test_field_names_are_made_in_the_scheme() -> None:
    assert field_name("character", "skill", 3, "chance") == "character_skill_3_chance"
    assert field_name("character_skill", "Morse Code", "points") == (
        "character_skill_morse-code_points"
    )
    assert describe("character_stamina_3") == "Character stamina, box 3"
