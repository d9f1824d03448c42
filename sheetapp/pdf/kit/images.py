"""Portraits: a ``data:`` URI from the sheet, drawn to fit its box or not at all.

``read_portrait`` checks the text and measures the image before anything decodes it; a
portrait it refuses (reported as a finding) is left out, and so is one whose body Pillow
cannot read.

A photo straight from a camera holds far more pixels than a box a few centimetres wide can
print: embedded as it was, one cost about a second and 440 MB per page. It is decoded once
and scaled down to ``PRINT_DPI`` for the size it is drawn at (a JPEG decoded at a reduced
scale to start with), and the scaled copy is kept for the next page or sheet showing the
same portrait; the PDF embeds an image it has seen once. A portrait already small enough
goes in as it is.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

from PIL import Image
from reportlab.lib.units import inch, mm
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable

from sheetapp.i18n import _
from sheetapp.pdf.kit.boxes import PAD, draw_label
from sheetapp.pdf.kit.style import LINE, STROKE
from sheetapp.systems.portraits import read_portrait

PRINT_DPI = 300  # what a printer shows; more pixels only make the PDF bigger


def image_from_data_uri(uri: str) -> ImageReader | None:
    """The image a ``data:image/...;base64,`` URI holds, or None if it holds none."""
    try:
        portrait = read_portrait(uri)
        if portrait is None:
            return None
        reader = _Portrait(portrait.data)
        reader.getSize()
    except Exception:  # PortraitError, or any of the kinds Pillow and ReportLab raise
        return None
    return reader


class _Portrait(ImageReader):
    """An image reader that keeps the encoded bytes, to decode a scaled copy from."""

    def __init__(self, raw: bytes) -> None:
        super().__init__(io.BytesIO(raw))
        self.raw = raw


def printable(image: ImageReader, width: float, height: float) -> ImageReader:
    """``image`` with no more pixels than ``PRINT_DPI`` needs for ``width`` x ``height``
    points: itself when it has no more, else a scaled copy (the same one for the same
    image and size)."""
    w, h = image.getSize()
    wanted = (math.ceil(width / inch * PRINT_DPI), math.ceil(height / inch * PRINT_DPI))
    if (w <= wanted[0] and h <= wanted[1]) or not isinstance(image, _Portrait):
        return image
    return _scaled(image.raw, wanted)


@lru_cache(maxsize=4)  # the few portraits of the document in hand, scaled: small
def _scaled(raw: bytes, size: tuple[int, int]) -> ImageReader:
    """A copy of the encoded image ``raw`` fitting ``size`` pixels, decoded afresh (and
    scaled in place) so the full-size pixels are freed as soon as it is made."""
    image = Image.open(io.BytesIO(raw))
    image.draft("RGB", size)  # a JPEG decodes at 1/2, 1/4 or 1/8 scale: less memory
    if image.mode not in ("RGB", "RGBA"):  # palettes and greys scale badly; CMYK prints off
        image = image.convert("RGBA" if _has_alpha(image) else "RGB")
    image.thumbnail(size, Image.Resampling.LANCZOS)
    return ImageReader(image)


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info


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
            draw_label(c, _("Portrait"), PAD, self.height - 2.6 * mm, room=self.width - 2 * PAD)
        else:
            inset = 1.2 * mm
            w, h = fit(self.image, self.width - 2 * inset, self.height - 2 * inset)
            image = printable(self.image, w, h)
            c.drawImage(image, (self.width - w) / 2, (self.height - h) / 2, w, h, mask="auto")
        c.restoreState()
