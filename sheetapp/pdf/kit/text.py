"""Text into paragraphs, safely: every user string is escaped where it enters markup.

ReportLab parses a Paragraph's text as markup, so a name like ``</para>`` or ``<b>&`` would
break the build or change the type. ``para`` escapes the whole string; ``rich`` escapes
the values it fills into a template whose markup comes only from our code. Escaping also
puts what our font cannot show (a Chinese or Arabic name) in a ``<font>`` span of a
fallback font; the text stays in reading order. ``paragraph`` makes every paragraph: one
holding text that needs bidi or shaping is a ``ScriptedParagraph``, wrapped in reading
order and drawn line by line through the text path canvas text takes (``shaping``).
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.lib.fonts import ps2tt
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

from sheetapp.pdf.fonts import BOLD_FACES, REGULAR, font_runs
from sheetapp.pdf.kit.plain_text import plain
from sheetapp.pdf.kit.style import styles
from sheetapp.pdf.shaping import NEEDS_SHAPING, isolate, text_width

# A paragraph is re-wrapped on every page it continues to, so an enormous one costs time
# quadratic in its length; past this size it is cut at a sentence or word boundary.
_CHUNK = 4000
_BOLD_OR_FONT = re.compile(r'<(/?)b>|<font name="([^"]+)">')


def esc(value: object) -> str:
    """A user value as paragraph markup that prints it literally, in our fonts."""
    return "\n".join(  # line breaks stay (no font has a glyph for them); every face
        "".join(  # has the same glyphs
            escape(text) if font == REGULAR else f'<font name="{font}">{escape(text)}</font>'
            for text, font in font_runs(line, REGULAR)
        )
        for line in plain(value).split("\n")
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


def _is_bold(style: ParagraphStyle) -> bool:
    return bool(ps2tt(style.fontName)[1])


def paragraph(markup: str, style: str | ParagraphStyle = "body") -> Flowable:
    """Every paragraph of a sheet: ``markup`` from ``esc``/``rich``; one holding text that
    needs bidi or shaping is laid out by our text path (``ScriptedParagraph``)."""
    st = _style(style)
    if not NEEDS_SHAPING.search(markup):
        return Paragraph(markup, st)
    from sheetapp.pdf.kit.scripted import ScriptedParagraph  # only for complex scripts

    return ScriptedParagraph(_bold_faces(markup, bold=_is_bold(st)), st)


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


def para(value: object, style: str | ParagraphStyle = "body") -> Flowable:
    """A paragraph showing ``value`` literally."""
    return paragraph(esc(value), style)


def para_line(value: object, width: float, style: str | ParagraphStyle = "cell") -> Flowable:
    """A one-line paragraph of ``value``, cut with an ellipsis to fit ``width``."""
    st = _style(style)
    line = fit_line(value, st.fontName, st.fontSize, width)
    return paragraph(esc(line), st)


def rich(template: str, *values: object, style: str | ParagraphStyle = "body") -> Flowable:
    """``template`` is our markup with ``{}`` slots; the values are escaped into them, each
    right-to-left one isolated so that our text around it keeps its order."""
    return paragraph(template.format(*(esc(isolate(plain(v))) for v in values)), style)


def long_text(value: str, style: str | ParagraphStyle = "note") -> list[Flowable]:
    """Text a player wrote, as paragraphs that flow onto as many pages as they need.

    Blank lines separate paragraphs; single newlines are kept as line breaks.
    """
    out: list[Flowable] = []
    for block in re.split(r"\n\s*\n", plain(value).replace("\r\n", "\n").replace("\r", "\n")):
        if not block.strip():
            continue
        for piece in _pieces(block.strip("\n")):
            markup = esc(piece).replace("\n", "<br/>")
            out.append(paragraph(markup, style))
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
