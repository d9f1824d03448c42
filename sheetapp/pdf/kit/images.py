"""Portraits: a ``data:`` URI from the sheet, drawn to fit its box or not at all.

A sheet's portrait is whatever the file holds, so decoding is defensive: anything that is
not a readable PNG, JPEG or GIF of a sane size is treated as no portrait.
"""

from __future__ import annotations

import base64
import io
import re

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable

from sheetapp.pdf.kit.boxes import PAD, draw_label
from sheetapp.pdf.kit.style import LINE, STROKE

_DATA_URI = re.compile(r"data:image/(png|jpeg|jpg|gif|webp);base64,(.*)", re.S | re.I)
MAX_PIXELS = 40_000_000  # past this a "portrait" is a decompression bomb, not a face


def image_from_data_uri(uri: str) -> ImageReader | None:
    """The image a ``data:image/...;base64,`` URI holds, or None if it holds none."""
    match = _DATA_URI.fullmatch(uri.strip())
    if not match:
        return None
    try:
        raw = base64.b64decode(re.sub(r"\s+", "", match.group(2)), validate=True)
        reader = ImageReader(io.BytesIO(raw))
        width, height = reader.getSize()
    except Exception:  # binascii, Pillow and ReportLab each raise their own kinds
        return None
    if width <= 0 or height <= 0 or width * height > MAX_PIXELS:
        return None
    return reader


def fit(image: ImageReader, width: float, height: float) -> tuple[float, float]:
    """The largest size with the image's proportions inside width x height."""
    w, h = image.getSize()
    scale = min(width / w, height / h)
    return w * scale, h * scale


class PortraitBox(Flowable):
    """A labelled frame with the portrait fitted and centred, or left empty to draw in."""

    def __init__(self, image: ImageReader | None, *, width: float, height: float) -> None:
        super().__init__()
        self.image, self.width, self.height = image, width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def stretch_to(self, height: float) -> None:
        self.height = max(self.height, height)

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(LINE)
        c.setLineWidth(STROKE)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        if self.image is None:
            draw_label(c, "Portrait", PAD, self.height - 2.6 * mm)
        else:
            inset = 1.2 * mm
            w, h = fit(self.image, self.width - 2 * inset, self.height - 2 * inset)
            c.drawImage(self.image, (self.width - w) / 2, (self.height - h) / 2, w, h, mask="auto")
        c.restoreState()
