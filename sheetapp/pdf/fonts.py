"""The typefaces of the printed sheets: one family for everything, one fallback for what
the family cannot show.

Noto Sans ships in ``resources/fonts/`` (SIL Open Font License) and covers Latin, Greek and
Cyrillic, so names like ``Жуков`` or ``Ωμέγα`` print as letters. Registering the family lets
``<b>`` and ``<i>`` in a paragraph switch faces instead of faking them.

ReportLab has no font fallback: a character the font lacks prints as a blank. So user text
is cut into runs, each in the first font that has its glyphs (``font_runs``): Noto Sans,
else Droid Sans Fallback (Apache 2.0; Chinese, Japanese and Korean), which is loaded only
the first time a sheet needs it. A character neither font has stays in the main font.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from importlib.resources import as_file, files

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FAMILY = "NotoSans"
REGULAR = "NotoSans"
BOLD = "NotoSans-Bold"
ITALIC = "NotoSans-Italic"
BOLD_ITALIC = "NotoSans-BoldItalic"
FALLBACK = "DroidSansFallback"  # one face: CJK has no bold or italic here

_FILES = {
    REGULAR: "NotoSans-Regular.ttf",
    BOLD: "NotoSans-Bold.ttf",
    ITALIC: "NotoSans-Italic.ttf",
    BOLD_ITALIC: "NotoSans-BoldItalic.ttf",
}
_FALLBACK_FILE = "DroidSansFallback.ttf"

# AcroForm fields can only name the standard 14 fonts (ReportLab's acroform refuses others),
# so a fillable field shows what a viewer types in Helvetica: Latin text only.
FORM_FONT = "Helvetica"

Run = tuple[str, str]  # (text, font)


def _register(face: str, filename: str) -> None:
    with as_file(files("sheetapp.resources") / "fonts" / filename) as path:
        pdfmetrics.registerFont(TTFont(face, str(path)))


@cache
def register_fonts() -> str:
    """Register the family (once per process) and return its name."""
    for face, filename in _FILES.items():
        _register(face, filename)
    pdfmetrics.registerFontFamily(
        FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )
    return FAMILY


@cache
def fallback_font() -> str:
    """Register the fallback (once per process, when first needed) and return its name.

    It is its own family in every style, so a paragraph can name it inside ``<b>``."""
    _register(FALLBACK, _FALLBACK_FILE)
    pdfmetrics.registerFontFamily(
        FALLBACK, normal=FALLBACK, bold=FALLBACK, italic=FALLBACK, boldItalic=FALLBACK
    )
    return FALLBACK


@cache
def _glyphs(font: str) -> Mapping[int, int] | None:
    """The code points ``font`` has glyphs for (None for a font that is not TrueType)."""
    register_fonts()
    return getattr(getattr(pdfmetrics.getFont(font), "face", None), "charToGlyph", None)


def font_runs(text: str, font: str) -> tuple[Run, ...]:
    """``text`` as runs in ``font``, with the characters it lacks in the fallback when the
    fallback has them; one run when ``font`` has every glyph."""
    if text.isascii():  # every printable ASCII character is in Noto Sans
        return ((text, font),)
    return _runs(text, font)


@lru_cache(maxsize=16384)
def _runs(text: str, font: str) -> tuple[Run, ...]:
    own = _glyphs(font)
    if own is None or all(ord(c) in own for c in text):
        return ((text, font),)
    other = _glyphs(fallback_font()) or {}
    runs: list[list[str]] = []
    for char in text:
        code = ord(char)
        face = FALLBACK if code not in own and code in other else font
        if runs and runs[-1][1] == face:
            runs[-1][0] += char
        else:
            runs.append([char, face])
    return tuple((t, f) for t, f in runs)


def text_width(text: str, font: str, size: float) -> float:
    """``text``'s width in points as it prints: each run measured in its own font."""
    return sum(pdfmetrics.stringWidth(t, f, size) for t, f in font_runs(text, font))
