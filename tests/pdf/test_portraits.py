"""Portraits are embedded at print resolution: a camera-sized picture is scaled down to what
its box can show, once, and a portrait on several sheets is embedded once."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.pdf.kit.images import PRINT_DPI

from .factory import equipped_sheet, png_data_uri, read

BOX_INCHES = 2.5  # wider and taller than the portrait box ever is


def data_uri(image: Image.Image, kind: str) -> str:
    buffer = io.BytesIO()
    image.save(buffer, format=kind)
    return f"data:image/{kind.lower()};base64," + base64.b64encode(buffer.getvalue()).decode()


def embedded_sizes(data: bytes) -> list[tuple[int, int]]:
    """Width and height of every image XObject in the PDF (each counted once)."""
    sizes = {}
    for page in read(data).pages:
        objects = page["/Resources"].get("/XObject", {})
        for name in objects:
            xobject = objects[name].get_object()
            if xobject["/Subtype"] == "/Image":
                size = (int(xobject["/Width"]), int(xobject["/Height"]))
                sizes[objects.raw_get(name).idnum] = size
    return list(sizes.values())


@pytest.mark.parametrize(
    "portrait",
    [
        data_uri(Image.new("RGB", (4000, 3000), (200, 120, 40)), "JPEG"),
        data_uri(Image.new("RGBA", (3000, 4000), (40, 120, 200, 128)), "PNG"),
        data_uri(Image.new("P", (3500, 3500), 3), "GIF"),
    ],
    ids=["jpeg", "png-with-alpha", "gif"],
)
def test_a_large_portrait_is_embedded_at_print_resolution_and_once(portrait: str) -> None:
    sheet = equipped_sheet()
    for character in sheet.characters:  # the same picture on two sheets
        character.portrait = portrait
    sizes = embedded_sizes(export_pdf_bytes([sheet], invariant=True))
    assert len(sizes) == 1
    assert max(sizes[0]) <= BOX_INCHES * PRINT_DPI


def test_a_small_portrait_goes_in_as_it_is() -> None:
    sheet = equipped_sheet()
    sheet.characters[0].portrait = png_data_uri(40, 60)
    assert embedded_sizes(export_pdf_bytes([sheet], invariant=True)) == [(40, 60)]
