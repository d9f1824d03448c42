"""Render the application icon's PNG sizes, ICO and ICNS from ``icons/sheetapp.svg``.

The rendered files are committed, so a build needs neither this script nor an SVG
renderer; run it again after editing the SVG:
``QT_QPA_PLATFORM=offscreen python packaging/make_icons.py``.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

HERE = Path(__file__).resolve().parent / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# The window icon at run time comes from the installed package, not from packaging/.
RUNTIME_ICON = HERE.parent.parent / "resources" / "icons" / "sheetapp.png"


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> None:
    _app = QGuiApplication([])
    renderer = QSvgRenderer(str(HERE / "sheetapp.svg"))
    for size in SIZES:
        render(renderer, size).save(str(HERE / f"sheetapp-{size}.png"))
    render(renderer, 256).save(str(RUNTIME_ICON))
    largest = Image.open(HERE / "sheetapp-512.png")
    largest.save(HERE / "sheetapp.ico", sizes=[(s, s) for s in SIZES if s <= 256])
    largest.save(HERE / "sheetapp.icns")
    print(f"wrote {len(SIZES)} PNGs, sheetapp.ico, sheetapp.icns and {RUNTIME_ICON.name}")


if __name__ == "__main__":
    main()
