"""Portraits between Qt images and a sheet's ``data:`` URI.

Decoding goes through ``read_portrait`` (which checks the text and measures the image from
its header) before Qt sees any bytes, so showing a portrait cannot raise inside a show
event. Encoding makes what ``read_portrait`` accepts: a picture chosen by a person is
scaled down and, when a PNG would be too large, stored as a JPEG or smaller still.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage, QPixmap

from sheetapp.systems.portraits import MAX_BYTES, Portrait, portrait_uri

STORED_SIDE = 512  # pixels a side of a chosen picture as the sheet stores it
SMALLEST_SIDE = 32
JPEG_QUALITY = 85


def portrait_pixmap(portrait: Portrait, side: int) -> QPixmap:
    """The portrait fitted in a ``side`` square; a null pixmap when Qt cannot decode it."""
    image = QImage()
    if not image.loadFromData(portrait.data):
        return QPixmap()
    return QPixmap.fromImage(image).scaled(
        side,
        side,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )


def encoded_portrait(image: QImage) -> str | None:
    """A URI ``read_portrait`` accepts for ``image``; None when Qt cannot encode it."""
    side = STORED_SIDE
    while side >= SMALLEST_SIDE and not image.isNull():
        scaled = image
        if max(image.width(), image.height()) > side:
            scaled = image.scaled(
                side,
                side,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        for kind, quality in (("png", -1), ("jpeg", JPEG_QUALITY)):
            data = _encode(scaled, kind, quality)
            if data and len(data) <= MAX_BYTES:
                return portrait_uri(kind, data)
        side //= 2
    return None


def _encode(image: QImage, kind: str, quality: int) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, kind.upper(), quality)
    buffer.close()
    return bytes(data.data())
