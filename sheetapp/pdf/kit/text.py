"""Text into paragraphs, safely: every user string is escaped where it enters markup.

ReportLab parses a Paragraph's text as markup, so a name like ``</para>`` or ``<b>&`` would
break the build or change the type. ``para`` escapes the whole string; ``rich`` escapes
the values it fills into a template whose markup comes only from our code. Escaping also
takes the string through the one text path canvas text takes (``shaping.display_runs``):
what our font cannot show (a Chinese or Arabic name) goes in a ``<font>`` span of a
fallback font, and right-to-left words stand in display order. ``paragraph`` makes every
paragraph: one holding such text is shaped by ReportLab (the same HarfBuzz, word by word)
and marked with its letters in reading order (``/ActualText``) for copying and search.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any
from xml.sax.saxutils import escape, unescape

from reportlab.lib.fonts import ps2tt
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText

from sheetapp.pdf.fonts import BOLD_FACES, REGULAR
from sheetapp.pdf.kit.style import styles
from sheetapp.pdf.shaping import (
    NEEDS_SHAPING,
    actual_text,
    display_runs,
    paragraphs_use_our_features,
    right_to_left,
    text_width,
)

# C0 controls other than tab and newline have no glyph and no meaning on paper.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
# A paragraph is re-wrapped on every page it continues to, so an enormous one costs time
# quadratic in its length; past this size it is cut at a sentence or word boundary.
_CHUNK = 4000
_TAG = re.compile(r"<[^>]*>")
_BOLD_OR_FONT = re.compile(r'<(/?)b>|<font name="([^"]+)">')


def plain(value: object) -> str:
    """The printable form of a user value (controls dropped, tabs as spaces)."""
    return _CONTROL.sub("", str(value).replace("\t", " "))


def esc(value: object) -> str:
    """A user value as paragraph markup that prints it literally, in our fonts."""
    out = []
    for run in display_runs(plain(value), REGULAR):  # every face has the same glyphs
        # a paragraph lays words out left to right and HarfBuzz orders each word's letters,
        # so right-to-left words go in display order, their letters in reading order
        text = " ".join(reversed(run.text.split(" "))) if run.rtl else run.text
        out.append(
            escape(text)
            if run.font == REGULAR
            else f'<font name="{run.font}">{escape(text)}</font>'
        )
    return "".join(out)


def clip(value: object, limit: int) -> str:
    """``value`` shortened to ``limit`` characters with an ellipsis, for tight places."""
    text = plain(value)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def fit_line(value: object, font: str, size: float, width: float) -> str:
    """``value`` on one line within ``width`` points, ending in an ellipsis when cut."""
    text = " ".join(plain(value).split())
    if text_width(text, font, size) <= width:
        return text
    if len(text) > 400:  # no line holds this much; skip measuring every prefix
        text = text[:400]
    while text and text_width(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def _style(style: str | ParagraphStyle) -> ParagraphStyle:
    return styles()[style] if isinstance(style, str) else style


class ShapedParagraph(Paragraph):
    """A paragraph ReportLab shapes with HarfBuzz, marked with the text it shows in
    reading order (its words may stand in display order, its glyphs are not letters).

    Right-to-left words stand in display order line by line, and which words share a line
    depends on the width: so a paragraph of a plain value (``value``) with right-to-left
    text is broken into lines here, each measured as it prints and put in display order.

    The pieces a page break cuts it into cannot tell their letters apart, so they carry
    no mark and read back as their glyphs; ``long_text`` keeps paragraphs short."""

    def __init__(
        self, text: Any, style: Any, *args: Any, letters: str = "", value: str = "", **kw: Any
    ) -> None:
        self.letters, self.value, self.ordered_for = letters, value, -1.0
        super().__init__(text, style, *args, **kw)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if self.value and available_width != self.ordered_for:
            self.ordered_for = available_width
            st = self.style
            room = available_width - st.leftIndent - st.rightIndent
            lines = _lines(self.value, st.fontName, st.fontSize, room)
            markup = _bold_faces("<br/>".join(map(esc, lines)), bold=_is_bold(st))
            self._setup(markup, st, self.bulletText, None, cleanBlockQuotedText)
        return super().wrap(available_width, available_height)

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        marks = actual_text(self.letters) if self.letters else None
        if marks is None:
            super().drawOn(canvas, x, y, _sW)
            return
        canvas._code.append(marks[0])
        super().drawOn(canvas, x, y, _sW)
        canvas._code.append(marks[1])


def _lines(value: str, font: str, size: float, room: float) -> list[str]:
    """``value``'s lines in reading order: its own line breaks, then as many words as fit
    ``room`` (a word wider than the room stands alone, and the paragraph cuts it)."""
    space = text_width(" ", font, size)
    out: list[str] = []
    for hard in value.split("\n"):
        line: list[str] = []
        used = 0.0
        for word in hard.split():
            wide = text_width(word, font, size)
            if line and used + space + wide > room:
                out.append(" ".join(line))
                line, used = [], 0.0
            used += (space if line else 0.0) + wide
            line.append(word)
        out.append(" ".join(line))
    return out


def _is_bold(style: ParagraphStyle) -> bool:
    return bool(ps2tt(style.fontName)[1])


@cache
def _shaping(style: ParagraphStyle) -> ParagraphStyle:
    return ParagraphStyle(f"{style.name}-shaped", parent=style, shaping=1)


def paragraph(
    markup: str,
    style: str | ParagraphStyle = "body",
    *,
    letters: str | None = None,
    value: str = "",
) -> Paragraph:
    """Every paragraph of a sheet: ``markup`` from ``esc``/``rich``, shaped when it holds
    text that needs it. ``letters`` is what it says in reading order (default: its text);
    ``value`` the plain text it shows, when it is just that (``ShapedParagraph``)."""
    st = _style(style)
    if not NEEDS_SHAPING.search(markup):
        return Paragraph(markup, st)
    if letters is None:
        letters = unescape(_TAG.sub("", markup))
    paragraphs_use_our_features()
    markup = _bold_faces(markup, bold=_is_bold(st))
    ordered = value if right_to_left(value) else ""
    return ShapedParagraph(markup, _shaping(st), letters=letters, value=ordered)


def _bold_faces(markup: str, *, bold: bool) -> str:
    """``markup`` with each script face that stands in bold text (a bold style, ``<b>``)
    named by its bold face: ``<font name=...>`` sets bold from the face it names, so the
    regular face ``esc`` names would print regular inside bold."""
    if "<font" not in markup:
        return markup
    depth = [bold]

    def swap(match: re.Match[str]) -> str:
        closing, face = match.group(1), match.group(2)
        if face is None:
            if closing:
                if len(depth) > 1:
                    depth.pop()
            else:
                depth.append(True)
            return match.group(0)
        return (
            f'<font name="{BOLD_FACES[face]}">'
            if depth[-1] and face in BOLD_FACES
            else (match.group(0))
        )

    return _BOLD_OR_FONT.sub(swap, markup)


def para(value: object, style: str | ParagraphStyle = "body") -> Paragraph:
    """A paragraph showing ``value`` literally."""
    return paragraph(esc(value), style, letters=plain(value), value=plain(value))


def para_line(value: object, width: float, style: str | ParagraphStyle = "cell") -> Paragraph:
    """A one-line paragraph of ``value``, cut with an ellipsis to fit ``width``."""
    st = _style(style)
    line = fit_line(value, st.fontName, st.fontSize, width)
    return paragraph(esc(line), st, letters=line)


def rich(template: str, *values: object, style: str | ParagraphStyle = "body") -> Paragraph:
    """``template`` is our markup with ``{}`` slots; the values are escaped into them."""
    letters = unescape(_TAG.sub("", template)).format(*(plain(v) for v in values))
    return paragraph(template.format(*(esc(v) for v in values)), style, letters=letters)


def long_text(value: str, style: str | ParagraphStyle = "note") -> list[Paragraph]:
    """Text a player wrote, as paragraphs that flow onto as many pages as they need.

    Blank lines separate paragraphs; single newlines are kept as line breaks.
    """
    out: list[Paragraph] = []
    for block in re.split(r"\n\s*\n", plain(value).replace("\r\n", "\n").replace("\r", "\n")):
        if not block.strip():
            continue
        for piece in _pieces(block.strip("\n")):
            markup = esc(piece).replace("\n", "<br/>")
            out.append(paragraph(markup, style, letters=piece, value=piece))
    return out


def _pieces(block: str) -> list[str]:
    pieces: list[str] = []
    while len(block) > _CHUNK:
        cut = max(block.rfind(". ", 0, _CHUNK), block.rfind("\n", 0, _CHUNK))
        if cut < _CHUNK // 2:
            cut = block.rfind(" ", 0, _CHUNK)
        if cut < _CHUNK // 2:
            cut = _CHUNK - 1
        pieces.append(block[: cut + 1])
        block = block[cut + 1 :].lstrip(" ")
    pieces.append(block)
    return pieces
