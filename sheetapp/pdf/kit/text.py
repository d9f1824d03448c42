"""Text into paragraphs, safely: every user string is escaped where it enters markup.

ReportLab parses a Paragraph's text as markup, so a name like ``</para>`` or ``<b>&`` would
break the build or change the type. ``para`` escapes the whole string; ``rich`` escapes
the values it fills into a template whose markup comes only from our code. Escaping also
puts what our font cannot show (a Chinese name) in a ``<font>`` span of the fallback font.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from sheetapp.pdf.fonts import REGULAR, font_runs, text_width
from sheetapp.pdf.kit.style import styles

# C0 controls other than tab and newline have no glyph and no meaning on paper.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
# A paragraph is re-wrapped on every page it continues to, so an enormous one costs time
# quadratic in its length; past this size it is cut at a sentence or word boundary.
_CHUNK = 4000


def plain(value: object) -> str:
    """The printable form of a user value (controls dropped, tabs as spaces)."""
    return _CONTROL.sub("", str(value).replace("\t", " "))


def esc(value: object) -> str:
    """A user value as paragraph markup that prints it literally, in our fonts."""
    runs = font_runs(plain(value), REGULAR)  # every face of the family has the same glyphs
    return "".join(
        escape(text) if font == REGULAR else f'<font name="{font}">{escape(text)}</font>'
        for text, font in runs
    )


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


def para(value: object, style: str | ParagraphStyle = "body") -> Paragraph:
    """A paragraph showing ``value`` literally."""
    return Paragraph(esc(value), _style(style))


def para_line(value: object, width: float, style: str | ParagraphStyle = "cell") -> Paragraph:
    """A one-line paragraph of ``value``, cut with an ellipsis to fit ``width``."""
    st = _style(style)
    return Paragraph(esc(fit_line(value, st.fontName, st.fontSize, width)), st)


def rich(template: str, *values: object, style: str | ParagraphStyle = "body") -> Paragraph:
    """``template`` is our markup with ``{}`` slots; the values are escaped into them."""
    return Paragraph(template.format(*(esc(v) for v in values)), _style(style))


def long_text(value: str, style: str | ParagraphStyle = "note") -> list[Paragraph]:
    """Text a player wrote, as paragraphs that flow onto as many pages as they need.

    Blank lines separate paragraphs; single newlines are kept as line breaks.
    """
    out: list[Paragraph] = []
    for block in re.split(r"\n\s*\n", plain(value).replace("\r\n", "\n").replace("\r", "\n")):
        if not block.strip():
            continue
        for piece in _pieces(block.strip("\n")):
            out.append(Paragraph(esc(piece).replace("\n", "<br/>"), _style(style)))
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
