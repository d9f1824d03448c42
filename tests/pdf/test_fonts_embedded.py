"""Every font a PDF uses is embedded: print shops' preflight refuses a file that names a font
it does not carry (ReportLab slips in Helvetica for table cells, the canvas and form fields
unless told otherwise), and a viewer would draw those letters in a font of its own choosing.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems import registry
from sheetapp.systems.plugin import NewOptions

SYSTEMS = registry.system_ids()
# Tick boxes draw their cross with ZapfDingbats, which every PDF reader must carry
# (PDF 32000-1, 9.6.2.2) and which is never typeset from a person's text.
READER_FONTS = {"/ZapfDingbats"}


def _resolve(obj):
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


def _fonts_in(resources, seen: set[int]):
    resources = _resolve(resources)
    if not isinstance(resources, DictionaryObject) or id(resources) in seen:
        return
    seen.add(id(resources))
    for font in _resolve(resources.get("/Font", DictionaryObject())).values():
        yield _resolve(font)
    for xobject in _resolve(resources.get("/XObject", DictionaryObject())).values():
        xobject = _resolve(xobject)
        if "/Resources" in xobject:
            yield from _fonts_in(xobject["/Resources"], seen)


def every_font(data: bytes):
    """Each font dictionary the pages, their forms, the annotations' looks and the
    AcroForm's resources name."""
    reader = PdfReader(io.BytesIO(data))
    seen: set[int] = set()
    for page in reader.pages:
        yield from _fonts_in(page.get("/Resources"), seen)
        for annotation in _resolve(page.get("/Annots", [])) or []:
            looks = _resolve(_resolve(annotation).get("/AP", DictionaryObject()))
            for look in looks.values():
                look = _resolve(look)
                states = [look] if "/Resources" in look else list(look.values())
                for state in states:
                    yield from _fonts_in(_resolve(state).get("/Resources"), seen)
    form = _resolve(reader.trailer["/Root"].get("/AcroForm", DictionaryObject()))
    yield from _fonts_in(form.get("/DR"), seen)


def unembedded(data: bytes) -> set[str]:
    missing = set()
    for font in every_font(data):
        described = font
        if font.get("/Subtype") == "/Type0":
            described = _resolve(font["/DescendantFonts"][0])
        descriptor = _resolve(described.get("/FontDescriptor", DictionaryObject()))
        if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
            if font.get("/BaseFont") not in READER_FONTS:
                missing.add(str(font.get("/BaseFont")))
    return missing


def _sheet(system: str):
    return registry.get_system(system).new(NewOptions(random=True, seed=3))


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_sheet_and_its_stat_blocks_embed_every_font(system: str) -> None:
    sheet = _sheet(system)
    assert unembedded(export_pdf_bytes([sheet], invariant=True)) == set()
    assert unembedded(export_pdf_bytes([sheet], stat_blocks=True, invariant=True)) == set()


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("fillable", [False, True])
def test_blanks_embed_every_font(system: str, fillable: bool) -> None:
    assert unembedded(export_blank_bytes(system, fillable=fillable)) == set()
