"""Our own short words in tight places, table heads and box labels, in any language.

A head or label is a word or three set at 7 pt, the smallest type a sheet uses, in a
column or box sized for the English. A longer language ("PUNTUACIÓN", "MUNITIONS",
"Atordoamento") must never be broken inside a word, nor run over the edge. So, in order:

1. the words wrap between words, never inside one;
2. a word still wider than the room is set condensed (horizontal scale), down to
   ``CONDENSED``: the type stays 7 pt high, so it reads at arm's length;
3. a table then widens a column whose head still does not fit by taking room from
   neighbours that have room to spare (``fitted_columns``);
4. only where nothing is left to take is a word condensed further, to fit exactly.

Everything here measures and draws our strings through the same fallback and shaping path
as the rest of the kit (``lines.Pen``), so a Greek or Arabic head fits the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from sheetapp.pdf.fonts import font_runs
from sheetapp.pdf.kit.lines import Pen, clip_to, one_line
from sheetapp.pdf.kit.plain_text import plain
from sheetapp.pdf.kit.style import styles
from sheetapp.pdf.kit.text import para
from sheetapp.pdf.shaping import display_runs, text_width

CONDENSED = 0.8  # the narrowest a head or label is set before it takes room elsewhere
SMALLEST = 7.0  # points: no type on a sheet is smaller (tests/pdf/test_type_sizes.py)
FIT_TOLERANCE = 0.001  # points: far below anything visible, far above rounding error
STEP = 0.5  # points a word in a cell shrinks by at a time, down to ``SMALLEST``


@dataclass(frozen=True)
class Fitted:
    """A caption as it is set in a given room: its lines, its letter spacing and the
    horizontal scale (1.0: as designed) that makes the widest line fit."""

    lines: tuple[str, ...]
    spacing: float
    scale: float
    size: float = 0.0  # the type size it is set at (0: the size asked for)


def set_width(text: str, font: str, size: float, spacing: float = 0.0) -> float:
    """``text``'s width in points at ``size`` with ``spacing`` after each letter that takes
    it: a shaped run (an Arabic word) is never letter-spaced (``lines``), so a label
    aligned to its box's right edge by this width ends there."""
    if not spacing or text.isascii():
        return text_width(text, font, size) + spacing * len(text)
    joined = sum(len(run.text) for run in display_runs(text, font) if run.shaped)
    return text_width(text, font, size) + spacing * (len(text) - joined)


# A number and the unit after it ("50/150/300 m", "12 kg") count as one word: a unit
# wrapped alone onto a line of its own in a narrow cell reads as a stray letter.
_UNIT_AFTER_NUMBER = re.compile(r"(?<=\d) (?=(?:m|km|kg|g|ft|lb|min|h|s|m/turn|m/min)\b)")
_SPACES = re.compile(r"[ \t\n]+")  # not the no-break space, which joins a word


def keep_units(text: str) -> str:
    """``text`` with a no-break space between each number and the unit after it.

    >>> keep_units("50/150/300 m, 12 kg, 3 men") == "50/150/300\u00a0m, 12\u00a0kg, 3 men"
    True
    """
    return _UNIT_AFTER_NUMBER.sub("\u00a0", text)


def widest_word(text: str, font: str, size: float, spacing: float = 0.0) -> float:
    """The width of ``text``'s widest word (a number with its unit is one word): what a
    caption needs, at the least, across."""
    words = _SPACES.split(keep_units(text).strip())
    return max((set_width(w, font, size, spacing) for w in words if w), default=0.0)


def least_width(text: str, font: str, size: float) -> float:
    """The narrowest room ``text`` fits without being condensed past ``CONDENSED``."""
    return widest_word(text, font, size) * CONDENSED


def fit_caption(text: str, font: str, size: float, room: float, spacing: float = 0.0) -> Fitted:
    """``text`` in lines of whole words within ``room`` points; a word wider than the room
    drops the letter spacing, then shrinks (not below ``SMALLEST``), then is condensed just
    enough to fit (never broken). A number keeps its unit on its line."""
    words = [w.replace("\u00a0", " ") for w in _SPACES.split(keep_units(text).strip()) if w]
    if not words:
        return Fitted(("",), spacing, 1.0, size)
    if widest_word(text, font, size, spacing) > room:
        spacing = 0.0  # letter spacing is the first thing a tight label gives up
    while size - STEP >= SMALLEST and widest_word(text, font, size) > room:
        size -= STEP
    lines: list[str] = []
    for word in words:
        if lines and set_width(f"{lines[-1]} {word}", font, size, spacing) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    widest = max(set_width(line, font, size, spacing) for line in lines)
    scale = min(1.0, room / widest) if widest > 0 and room > 0 else 1.0
    return Fitted(tuple(lines), spacing, scale, size)


SQUEEZED = 0.7  # the narrowest a one-line label is ever set; past it, it ends in "…"


def fit_one_line(text: str, font: str, size: float, room: float) -> tuple[str, float, float]:
    """``text`` on one line in ``room``: as it is, else shrunk (not below ``SMALLEST``),
    else condensed down to ``SQUEEZED``, and only past that cut with an ellipsis. Gives
    the text, its size and its horizontal scale."""
    wide = text_width(text, font, size)
    if wide <= room or wide <= 0:
        return text, size, 1.0
    size = max(SMALLEST, size * room / wide)
    scale = max(SQUEEZED, min(1.0, room / text_width(text, font, size)))
    # a text condensed to fit exactly is not cut for the last digit of a rounding
    # ("Körperpunkte" on a German stat block read "Körperpunk…")
    return clip_to(text, font, size, room / scale + FIT_TOLERANCE), size, scale


def draw_fitted(
    canvas: Canvas,
    fitted: Fitted,
    x: float,
    y: float,
    *,
    font: str,
    size: float,
    leading: float,
    room: float,
    color: object,
    align: int = 0,
) -> None:
    """The lines of ``fitted``, the first with its baseline at ``y``, each aligned in
    ``room`` from ``x`` (``align``: ReportLab's TA_LEFT, TA_CENTER or TA_RIGHT)."""
    size = fitted.size or size
    text = canvas.beginText(x, y)
    text.setFillColor(color)
    text.setFont(font, size)
    if fitted.spacing:
        text.setCharSpace(fitted.spacing)
    if fitted.scale < 1.0:
        text.setHorizScale(fitted.scale * 100)
    pen = Pen(text)
    pen.font = (font, size)
    for number, line in enumerate(fitted.lines):
        wide = set_width(line, font, size, fitted.spacing) * fitted.scale
        shift = {TA_CENTER: (room - wide) / 2, TA_RIGHT: room - wide}.get(align, 0.0)
        pen.line(x + max(shift, 0.0), y - number * leading, list(font_runs(line, font)), size)
    # text state outlives the text object: later text must not inherit the squeeze
    if fitted.spacing:
        text.setCharSpace(0)
    if fitted.scale < 1.0:
        text.setHorizScale(100)
    canvas.drawText(text)


class Caption(Flowable):
    """A table head, or our own word in a cell: ``text`` in ``style``'s font, size,
    leading, colour and alignment, set by ``fit_caption`` in whatever width the cell
    gives it."""

    def __init__(self, text: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.text, self.style = text, style
        self.fitted = Fitted(("",), 0.0, 1.0)

    def least_width(self) -> float:
        return least_width(self.text, self.style.fontName, self.style.fontSize)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        st = self.style
        self.fitted = fit_caption(self.text, st.fontName, st.fontSize, available_width)
        self.width = available_width
        self.height = self._leading() * len(self.fitted.lines)
        return self.width, self.height

    def _leading(self) -> float:
        """The style's leading, shrunk with the type."""
        return self.style.leading * (self.fitted.size or self.style.fontSize) / self.style.fontSize

    def draw(self) -> None:
        st = self.style
        size = self.fitted.size or st.fontSize
        draw_fitted(
            self.canv,
            self.fitted,
            0.0,
            self.height - size,
            font=st.fontName,
            size=size,
            leading=self._leading(),
            room=self.width,
            color=st.textColor,
            align=st.alignment,
        )


SHORT = 4  # words: a cell of at most this many is a name or a label, set as a caption
LONGEST_WORD = 24  # letters: longer than a label's word in any language we print


def fits_whole(text: str, style: ParagraphStyle, room: float) -> bool:
    """Whether every word of ``text`` fits ``room`` at ``style``'s size."""
    return widest_word(text, style.fontName, style.fontSize) <= room


def short_words(text: str) -> bool:
    """Whether ``text`` is a name or a label (a few words), not a sentence or a note."""
    return 0 < len(text.split()) <= SHORT and "\n" not in text


def cell_text(value: object, style: str, room: float) -> Flowable:
    """A table cell's text: a name or label ("Esprintar", "Bonificación") whose longest
    word is wider than ``room`` is a ``Caption`` (it shrinks, then condenses, never
    splits); anything else an ordinary paragraph, which wraps a long note as it always
    has."""
    text = plain(value)
    st = styles()[style]
    measured = keep_units(text) if _UNIT_AFTER_NUMBER.search(text) else text
    if short_words(text) and not fits_whole(measured.replace("\u00a0", "_"), st, room):
        # a word, not a run of letters longer than any word (a name in a script written
        # without spaces), which breaks between letters as it always has
        if max(len(word) for word in text.split()) <= LONGEST_WORD:
            return Caption(one_line(text), st)
    return para(value, style)


def fitted_widths(widths: Sequence[float], least: Sequence[float]) -> list[float]:
    """``widths`` with each column narrower than its ``least`` widened by taking room
    from the columns with the most to spare beyond their own least; the total stays the
    same. A column no neighbour can feed keeps what it can get (its head condenses more).

    >>> fitted_widths([10.0, 50.0, 40.0], [20.0, 10.0, 10.0])
    [20.0, 45.0, 35.0]
    """
    out = list(widths)
    for index, need in enumerate(least):
        short = need - out[index]
        while short > 0.01:
            spare = [(out[i] - least[i], i) for i in range(len(out)) if i != index]
            spare = [(room, i) for room, i in spare if room > 0.01]
            if not spare:
                break
            # share what is short among every column with room, each up to its spare
            share = short / len(spare)
            for room, i in spare:
                taken = min(room, share)
                out[i] -= taken
                out[index] += taken
                short -= taken
    return out
