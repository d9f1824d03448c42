"""The one typeface of the printed sheets, registered once as a four-face family.

Noto Sans ships in ``resources/fonts/`` (SIL Open Font License) and covers Latin, Greek and
Cyrillic, so names like ``Жуков`` or ``Ωμέγα`` print as letters. Registering the family lets
``<b>`` and ``<i>`` in a paragraph switch faces instead of faking them.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import as_file, files

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FAMILY = "NotoSans"
REGULAR = "NotoSans"
BOLD = "NotoSans-Bold"
ITALIC = "NotoSans-Italic"
BOLD_ITALIC = "NotoSans-BoldItalic"

_FILES = {
    REGULAR: "NotoSans-Regular.ttf",
    BOLD: "NotoSans-Bold.ttf",
    ITALIC: "NotoSans-Italic.ttf",
    BOLD_ITALIC: "NotoSans-BoldItalic.ttf",
}

# AcroForm fields can only name the standard 14 fonts (ReportLab's acroform refuses others),
# so a fillable field shows what a viewer types in Helvetica: Latin text only.
FORM_FONT = "Helvetica"


@cache
def register_fonts() -> str:
    """Register the family (once per process) and return its name."""
    folder = files("sheetapp.resources") / "fonts"
    for face, filename in _FILES.items():
        with as_file(folder / filename) as path:
            pdfmetrics.registerFont(TTFont(face, str(path)))
    pdfmetrics.registerFontFamily(
        FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )
    return FAMILY
