"""An image's format and pixel size read from its first bytes, in plain Python.

A portrait must be measured before anything decodes it: a few hundred kilobytes of PNG can
describe a picture of billions of pixels, and an image library asked to decode that runs
out of memory (or, inside a Qt event handler, takes the window down). Only the header is
read here, so measuring costs nothing whatever the file claims. Anything that is not a
well-formed header of a known format raises ``ImageHeaderError``, never another exception.

>>> image_size(b"GIF89a" + bytes([3, 0, 2, 0]) + bytes(20))
('gif', 3, 2)
"""

from __future__ import annotations

import struct
from collections.abc import Callable

from sheetapp.i18n import _

Size = tuple[int, int]


class ImageHeaderError(ValueError):
    """The bytes are not a readable header of a PNG, JPEG, GIF, WebP or BMP image."""


def _png(data: bytes) -> Size:
    # The 8-byte signature, then the IHDR chunk: length, b"IHDR", width, height.
    if data[12:16] != b"IHDR":
        raise ImageHeaderError(_("PNG without its IHDR header"))
    return _unpack(">II", data, 16)


def _gif(data: bytes) -> Size:
    return _unpack("<HH", data, 6)  # the logical screen's width and height


def _bmp(data: bytes) -> Size:
    (header,) = _unpack("<I", data, 14)
    if header == 12:  # the old OS/2 BITMAPCOREHEADER: 16-bit sizes
        return _unpack("<HH", data, 18)
    width, height = _unpack("<ii", data, 18)
    return width, abs(height)  # a negative height means rows stored top-down


def _webp(data: bytes) -> Size:
    chunk = data[12:16]
    if chunk == b"VP8X":  # extended: 24-bit canvas size minus one
        raw = data[24:30]
        if len(raw) < 6:
            raise ImageHeaderError(_("WebP header cut short"))
        return int.from_bytes(raw[:3], "little") + 1, int.from_bytes(raw[3:], "little") + 1
    if chunk == b"VP8L":  # lossless: signature 0x2f, then 14-bit sizes minus one
        if data[20:21] != b"\x2f":
            raise ImageHeaderError(_("WebP lossless header without its signature"))
        (bits,) = _unpack("<I", data, 21)
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 ":  # lossy: a key frame's start code, then 14-bit sizes
        if data[23:26] != b"\x9d\x01\x2a":
            raise ImageHeaderError(_("WebP lossy header without its start code"))
        width, height = _unpack("<HH", data, 26)
        return width & 0x3FFF, height & 0x3FFF
    raise ImageHeaderError(_("WebP without an image chunk"))


# Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC (arithmetic
# coding tables) share the range but are not frames.
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})  # markers without a length


def _jpeg(data: bytes) -> Size:
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            raise ImageHeaderError(_("JPEG segment without its marker"))
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte before a marker
            at += 1
            continue
        if marker in _STANDALONE:
            at += 2
            continue
        if marker in _SOF:
            height, width = _unpack(">HH", data, at + 5)  # after length and precision
            return width, height
        if marker in (0xD9, 0xDA):  # end of image or start of scan before any frame
            break
        (length,) = _unpack(">H", data, at + 2)
        at += 2 + length
    raise ImageHeaderError(_("JPEG without a frame header"))


_FORMATS: tuple[tuple[bytes, str, Callable[[bytes], Size]], ...] = (
    (b"\x89PNG\r\n\x1a\n", "png", _png),
    (b"\xff\xd8", "jpeg", _jpeg),
    (b"GIF87a", "gif", _gif),
    (b"GIF89a", "gif", _gif),
    (b"BM", "bmp", _bmp),
)


def image_size(data: bytes) -> tuple[str, int, int]:
    """The format (png, jpeg, gif, webp, bmp) and the width and height in pixels."""
    for signature, kind, measure in _FORMATS:
        if data.startswith(signature):
            return (kind, *measure(data))
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ("webp", *_webp(data))
    raise ImageHeaderError(_("not a PNG, JPEG, GIF, WebP or BMP image"))


def _unpack(layout: str, data: bytes, at: int) -> tuple[int, ...]:
    try:
        return struct.unpack_from(layout, data, at)
    except struct.error:
        raise ImageHeaderError(_("image header cut short")) from None
