"""Portraits: every format measured from its header as Pillow writes it, every kind of
damaged or oversized picture refused with a reason, and nothing else ever raised."""

from __future__ import annotations

import base64
import io
import json
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from sheetapp.storage.document import dumps, loads
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.rules import check
from sheetapp.systems.image_headers import ImageHeaderError, image_size
from sheetapp.systems.portraits import (
    MAX_BYTES,
    MAX_SIDE,
    PortraitError,
    portrait_uri,
    read_portrait,
)

WIDTH, HEIGHT = 37, 23


def picture(kind: str, size: tuple[int, int] = (WIDTH, HEIGHT), **options) -> bytes:
    mode = "RGBA" if options.pop("alpha", False) else "RGB"
    buffer = io.BytesIO()
    Image.new(mode, size, (90, 120, 160, 128)[: len(mode)]).save(buffer, format=kind, **options)
    return buffer.getvalue()


FORMATS = {
    "png": picture("PNG"),
    "jpeg": picture("JPEG"),
    "jpeg-progressive": picture("JPEG", progressive=True),
    "gif": picture("GIF"),
    "webp-lossy": picture("WEBP", quality=80),
    "webp-lossless": picture("WEBP", lossless=True),
    "webp-extended": picture("WEBP", alpha=True, quality=80),
    "bmp": picture("BMP"),
}


@pytest.mark.parametrize("name", FORMATS)
def test_every_format_is_measured_from_its_header(name: str) -> None:
    kind = name.partition("-")[0]
    portrait = read_portrait(portrait_uri(kind, FORMATS[name]))
    assert portrait is not None
    assert (portrait.kind, portrait.width, portrait.height) == (kind, WIDTH, HEIGHT)
    assert portrait.data == FORMATS[name]


def test_the_three_webp_kinds_are_all_covered() -> None:
    chunks = {FORMATS[n][12:16] for n in FORMATS if n.startswith("webp")}
    assert chunks == {b"VP8 ", b"VP8L", b"VP8X"}


def test_a_top_down_bmp_and_an_os2_bmp_are_measured() -> None:
    top_down = bytearray(FORMATS["bmp"])
    struct.pack_into("<i", top_down, 22, -HEIGHT)
    assert image_size(bytes(top_down)) == ("bmp", WIDTH, HEIGHT)
    os2 = b"BM" + bytes(12) + struct.pack("<IHHHH", 12, WIDTH, HEIGHT, 1, 24)
    assert image_size(os2) == ("bmp", WIDTH, HEIGHT)


def test_jpeg_markers_before_the_frame_are_skipped() -> None:
    jpeg = FORMATS["jpeg"]
    # A comment, a Huffman table (its marker sits among the frame markers), a fill byte.
    padded = jpeg[:2] + b"\xff\xfe\x00\x05abc" + b"\xff\xc4\x00\x04\x00\x00" + b"\xff" + jpeg[2:]
    assert image_size(padded) == ("jpeg", WIDTH, HEIGHT)


def _png_header(width: int, height: int) -> bytes:
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I4sII", 13, b"IHDR", width, height) + bytes(9)


REFUSED = [
    ("data:image/png;base64,abc", "damaged"),  # the reported defect: not valid base64
    ("data:image/png;base64,é", "ASCII"),  # ... and not ASCII
    ("data:image/png;base64,iVBO Rw0K", "damaged"),  # spaces are not strict base64
    ("data:image/png;base64", "not a data:image"),
    ("http://example.com/face.png", "not a data:image"),
    ("data:image/svg+xml;base64,PHN2Zz4=", "not a data:image"),
    ("data:image/tiff;base64,SUkqAA==", "not PNG, JPEG"),
    ("data:image/png;base64," + base64.b64encode(b"hello").decode(), "not a PNG, JPEG"),
    ("data:image/png;base64," + base64.b64encode(FORMATS["png"][:20]).decode(), "cut short"),
    ("data:image/jpeg;base64," + base64.b64encode(FORMATS["png"]).decode(), "holds a PNG"),
    ("data:image/png;base64," + base64.b64encode(_png_header(100_000, 9)).decode(), "pixels"),
    ("data:image/png;base64," + base64.b64encode(_png_header(0, 9)).decode(), "pixels"),
    ("data:image/png;base64," + "A" * (4 * MAX_BYTES // 3 + 8), "larger than"),
]


@pytest.mark.parametrize(("uri", "reason"), REFUSED)
def test_a_broken_portrait_is_refused_with_its_reason(uri: str, reason: str) -> None:
    with pytest.raises(PortraitError, match=reason) as refused:
        read_portrait(uri)
    assert "\n" not in str(refused.value)


def test_the_largest_portrait_allowed_fits_a_sheet_s_text_field() -> None:
    side = _png_header(MAX_SIDE, MAX_SIDE) + bytes(MAX_BYTES - 33)
    uri = portrait_uri("png", side)
    assert read_portrait(uri) is not None
    Character(portrait=uri)  # within the model's 1,000,000 characters


@given(st.text(max_size=60) | st.from_regex(r"data:image/(png|jpeg|gif|webp|bmp);base64,.*"))
def test_any_text_is_a_portrait_none_or_a_portrait_error(text: str) -> None:
    try:
        read_portrait(text)
    except PortraitError:
        pass


@given(
    name=st.sampled_from(sorted(FORMATS)),
    cut=st.integers(0, 400),
    flips=st.lists(st.tuples(st.integers(0, 60), st.integers(0, 255)), max_size=4),
)
def test_a_damaged_header_is_measured_or_refused(name: str, cut: int, flips: list) -> None:
    data = bytearray(FORMATS[name][:cut])
    for at, byte in flips:
        if at < len(data):
            data[at] = byte
    try:
        image_size(bytes(data))
    except ImageHeaderError:
        pass


def test_a_sheet_with_a_broken_portrait_loads_reports_it_and_keeps_it() -> None:
    """Refusing the file would lock away the rest of the character; the finding says what
    to do, and saving writes the text back as it was."""
    sheet = AmazingEngineSheet(characters=[Character(name="Ana")])
    document = json.loads(dumps(sheet))
    document["characters"][0]["portrait"] = "data:image/png;base64,abc"
    loaded = loads(json.dumps(document), "ana.json")
    found = [f for f in check(loaded) if f.code == "ae.portrait.unreadable"]
    assert [(f.severity.value, f.path) for f in found] == [("error", "characters[0].portrait")]
    assert "base64" in found[0].message and "clear it" in found[0].message
    assert json.loads(dumps(loaded))["characters"][0]["portrait"] == "data:image/png;base64,abc"


def test_a_readable_portrait_has_no_finding() -> None:
    sheet = AmazingEngineSheet(
        characters=[Character(portrait=portrait_uri("png", FORMATS["png"])), Character()]
    )
    assert not [f for f in check(sheet) if f.code.startswith("ae.portrait")]
