"""The typefaces of the printed sheets: one family for everything, and fallbacks for what
the family cannot show.

Noto Sans ships in ``resources/fonts/`` (SIL Open Font License) and covers Latin, Greek and
Cyrillic, so names like ``Жуков`` or ``Ωμέγα`` print as letters. Registering the family lets
``<b>`` and ``<i>`` in a paragraph switch faces instead of faking them.

ReportLab has no font fallback: a character the font lacks prints as a blank. So user text
is cut into runs, each in the first font that has its glyphs (``font_runs``): Noto Sans;
else the Noto face of the character's script (Arabic, Hebrew, Devanagari, Thai; regular
and bold); else Droid Sans Fallback (Apache 2.0; Chinese, Japanese and Korean). Each
fallback is loaded the first time a sheet needs it, and a PDF embeds only the faces it
shows. A character no bundled font has (an emoji) prints as ``REPLACEMENT`` rather than as
nothing, and ``missing`` names those characters so an export can warn about them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
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
_BOLD_FACES = frozenset({BOLD, BOLD_ITALIC})

# What prints for a character no bundled font has: the Unicode replacement character, in
# Noto Sans. It is the sign readers know for "a character was here that could not be
# shown", and it reads back as itself from the PDF, where a boxed "?" would read as "?".
REPLACEMENT = "\ufffd"

Run = tuple[str, str]  # (text, font)


@dataclass(frozen=True)
class ScriptFace:
    """A Noto face for one script: its family (named as its regular face), its bold face,
    and the blocks whose characters it is asked for (so other faces are never loaded)."""

    family: str
    blocks: tuple[tuple[int, int], ...]

    @property
    def bold(self) -> str:
        return f"{self.family}-Bold"

    def serves(self, code: int) -> bool:
        return any(lo <= code <= hi for lo, hi in self.blocks)


SCRIPT_FACES = (
    ScriptFace("NotoSansArabic", ((0x0600, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))),
    ScriptFace("NotoSansHebrew", ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))),
    ScriptFace("NotoSansDevanagari", ((0x0900, 0x097F), (0x1CD0, 0x1CFF), (0xA8E0, 0xA8FF))),
    ScriptFace("NotoSansThai", ((0x0E00, 0x0E7F),)),
)
SCRIPT_FAMILIES = frozenset(f.family for f in SCRIPT_FACES) | frozenset(
    f.bold for f in SCRIPT_FACES
)
BOLD_FACES = {f.family: f.bold for f in SCRIPT_FACES}  # a script's regular face -> its bold


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
def script_font(face: ScriptFace) -> str:
    """Register a script's regular and bold faces (once per process, when first needed) as
    a family, so ``<font name=...>`` inside ``<b>`` switches to its bold; italic has none."""
    _register(face.family, f"{face.family}-Regular.ttf")
    _register(face.bold, f"{face.bold}.ttf")
    pdfmetrics.registerFontFamily(
        face.family, normal=face.family, bold=face.bold, italic=face.family, boldItalic=face.bold
    )
    return face.family


@cache
def _glyphs(font: str) -> Mapping[int, int] | None:
    """The code points ``font`` has glyphs for (None for a font that is not TrueType)."""
    register_fonts()
    return getattr(getattr(pdfmetrics.getFont(font), "face", None), "charToGlyph", None)


def _ignorable(char: str) -> bool:
    """Invisible by design (format controls, variation selectors): dropped, not replaced,
    when no font has them."""
    return unicodedata.category(char) == "Cf" or 0xFE00 <= ord(char) <= 0xFE0F


def _sticks(char: str) -> bool:
    """Marks and joiners belong to the letter before them: they stay in its font."""
    return unicodedata.category(char) in ("Mn", "Mc", "Me") or char in "\u200c\u200d\u034f"


def _face_for(code: int, bold: bool) -> str | None:
    """The fallback face that shows ``code`` (bold when the text is), or None."""
    for face in SCRIPT_FACES:
        if face.serves(code):
            family = script_font(face)
            if code in (_glyphs(family) or {}):
                return face.bold if bold else family
    if code in (_glyphs(fallback_font()) or {}):
        return FALLBACK
    return None


def font_runs(text: str, font: str) -> tuple[Run, ...]:
    """``text`` as runs in ``font``, with the characters it lacks in the first fallback
    that has them, and those no font has as ``REPLACEMENT``; one run when ``font`` has
    every glyph."""
    if text.isascii():  # every printable ASCII character is in Noto Sans
        return ((text, font),)
    return _runs(text, font)


@lru_cache(maxsize=16384)
def _runs(text: str, font: str) -> tuple[Run, ...]:
    own = _glyphs(font)
    if own is None or all(ord(c) in own for c in text):
        return ((text, font),)
    bold = font in _BOLD_FACES
    runs: list[list[str]] = []
    for char in text:
        code = ord(char)
        if runs and _sticks(char) and code in (_glyphs(runs[-1][1]) or {}):
            runs[-1][0] += char
            continue
        face = font if code in own else _face_for(code, bold)
        if face is None:
            if _ignorable(char):
                continue
            char, face = (" " if char.isspace() else REPLACEMENT), font
        if runs and runs[-1][1] == face:
            runs[-1][0] += char
        else:
            runs.append([char, face])
    return tuple((t, f) for t, f in runs)


def missing(text: str) -> str:
    """The characters of ``text`` that no bundled font shows (each once, in order): they
    print as ``REPLACEMENT``."""
    if text.isascii():
        return ""
    own = _glyphs(REGULAR) or {}
    found = dict.fromkeys(
        c
        for c in text
        if ord(c) not in own
        and not c.isspace()
        and not _ignorable(c)
        and _face_for(ord(c), bold=False) is None
    )
    return "".join(found)
