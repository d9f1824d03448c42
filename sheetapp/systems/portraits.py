"""Portraits: a picture stored in a sheet as a ``data:image/...;base64,`` URI.

``read_portrait`` is the one place a portrait is decoded; the form and the PDF draw only
what it returns, so neither decodes text from a file itself. A broken portrait is not a
broken sheet: the file still loads (refusing it would lock away everything else in it),
the rules report the portrait as a finding, and the app and the PDF leave it out while
keeping the text as it is, so saving loses nothing.

A readable portrait is a PNG, JPEG, GIF, WebP or BMP of at most ``MAX_BYTES`` bytes and
``MAX_SIDE`` pixels a side, in strict base64 (ASCII, no spaces), whose declared type is
the one its bytes hold. The pixel size comes from the image's header
(``image_headers``), before any image library sees the bytes.

>>> read_portrait("") is None
True
>>> read_portrait("data:image/png;base64,abc")
Traceback (most recent call last):
...
sheetapp.systems.portraits.PortraitError: its base64 text is damaged
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field
from functools import lru_cache

from sheetapp.i18n import _
from sheetapp.systems.image_headers import ImageHeaderError, image_size

MAX_BYTES = 700_000  # fits the sheet's 1,000,000-character text limit once in base64
MAX_SIDE = 4096  # pixels a side: a face needs far fewer; a bomb needs far more
KINDS = {"png": "png", "jpeg": "jpeg", "jpg": "jpeg", "gif": "gif", "webp": "webp", "bmp": "bmp"}
_HEAD = re.compile(r"data:image/([a-z]+);base64", re.IGNORECASE)
_MAX_BASE64 = 4 * -(-MAX_BYTES // 3)


class PortraitError(ValueError):
    """Why a portrait cannot be shown, in one line a person can act on."""


@dataclass(frozen=True)
class Portrait:
    """A portrait that passed every check: its format, size and the image's bytes."""

    kind: str
    width: int
    height: int
    data: bytes = field(repr=False)


def read_portrait(uri: str) -> Portrait | None:
    """The portrait a sheet's ``portrait`` text holds; None when it is empty.

    Raises ``PortraitError`` (and nothing else) for any text that is not a readable image.
    """
    if not uri:
        return None
    head, comma, body = uri.partition(",")
    match = _HEAD.fullmatch(head)
    if not comma or not match:
        raise PortraitError(_("it is not a data:image/...;base64, URI"))
    declared = KINDS.get(match.group(1).lower())
    if declared is None:
        raise PortraitError(
            _("image/{group} is not PNG, JPEG, GIF, WebP or BMP").format(group=match.group(1))
        )
    if len(body) > _MAX_BASE64:
        raise PortraitError(_("it is larger than {value} kB").format(value=MAX_BYTES // 1000))
    if not body.isascii():
        raise PortraitError(_("its base64 text holds characters other than ASCII"))
    try:
        data = base64.b64decode(body, validate=True)
    except binascii.Error:
        raise PortraitError(_("its base64 text is damaged")) from None
    try:
        kind, width, height = image_size(data)
    except ImageHeaderError as exc:
        raise PortraitError(_("its bytes are {exc}").format(exc=exc)) from None
    if kind != declared:
        raise PortraitError(
            _("it says image/{group} but holds a {upper} image").format(
                group=match.group(1), upper=kind.upper()
            )
        )
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PortraitError(
            _(
                "it is {width} × {height} pixels; a portrait is 1 to {MAX_SIDE} pixels a side"
            ).format(width=width, height=height, MAX_SIDE=MAX_SIDE)
        )
    return Portrait(kind, width, height, data)


def portrait_uri(kind: str, data: bytes) -> str:
    """The text a sheet stores for an image's bytes of format ``kind`` (png, jpeg, ...)."""
    return f"data:image/{kind};base64," + base64.b64encode(data).decode("ascii")


@lru_cache(maxsize=32)
def portrait_problem(uri: str) -> str | None:
    """Why ``uri`` cannot be shown, or None. The rules ask on every edit and decoding a large
    portrait takes milliseconds, so the answer is remembered for the last few texts (which
    live in the sheet and its undo history anyway)."""
    try:
        read_portrait(uri)
    except PortraitError as exc:
        return str(exc)
    return None
