"""Portraits: a ``data:`` URI from the sheet, drawn to fit its box or not at all.

``read_portrait`` checks the text and measures the image before anything decodes it; a
portrait it refuses (reported as a finding) is left out, and so is one whose body Pillow
cannot read.
"""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable

from sheetapp.pdf.kit.boxes import PAD, draw_label
from sheetapp.pdf.kit.style import LINE, STROKE
from sheetapp.systems.portraits import read_portrait


def image_from_data_uri(uri: str) -> ImageReader | None:
    """The image a ``data:image/...;base64,`` URI holds, or None if it holds none."""
    try:
        portrait = read_portrait(uri)
        if portrait is None:
            return None
        reader = ImageReader(io.BytesIO(portrait.data))
        reader.getSize()
    except Exception:  # PortraitError, or any of the kinds Pillow and ReportLab raise
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
