"""Plain text straight onto a canvas: measured, wrapped and clipped, never parsed as markup.

Canvas text is drawn as given, so a name like ``<b>&`` or ``</para>`` prints literally and
nothing needs escaping. A line is a list of runs, ``(text, font)``, that a ``Pen`` writes one
after another: the PDF advances by each glyph's width, which is exactly what ``width``
measured, so runs need no positions of their own. Lines are wrapped in reading order;
``Pen.line`` then puts each line in display order through the path a paragraph's lines
take (``shaping.line_runs``): what a font has no glyph for is written in a fallback font,
right-to-left text in display order, and complex scripts shaped and marked with their
letters, each measured as drawn, so lines cut to fit still fit. ``draw_string`` and
``text_out`` do the same for one string.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache, partial
from typing import Literal
from weakref import WeakKeyDictionary

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from sheetapp.pdf.kit.plain_text import plain
from sheetapp.pdf.shaping import Run as Piece
from sheetapp.pdf.shaping import actual_text, display_runs, isolate, line_runs, shape, text_width

Run = tuple[str, str]  # (text, font)
Line = list[Run]

ELLIPSIS = "…"
_CACHE_LIMIT = 100_000
_widths: dict[tuple[str, str], float] = {}  # (text, font) -> width at 1 pt


def width(text: str, font: str, size: float) -> float:
    """``text``'s width in points; words repeat across blocks, so each is measured once."""
    key = (text, font)
    found = _widths.get(key)
    if found is None:
        if len(_widths) > _CACHE_LIMIT:
            _widths.clear()
        found = _widths[key] = text_width(text, font, 1)
    return found * size


def one_line(value: object) -> str:
    """A user value as one printable line: controls dropped, any whitespace a single space,
    and a right-to-left value isolated (``shaping.isolate``), so that in our lines ("Skills:
    name 2 (4d 80%)") the figures after it keep their places."""
    return isolate(" ".join(plain(value).split()))


def clip_to(text: str, font: str, size: float, room: float) -> str:
    """``text`` cut to ``room`` points, ending in an ellipsis when cut."""
    if width(text, font, size) <= room:
        return text
    room -= width(ELLIPSIS, font, size)
    used = 0.0
    for end, char in enumerate(text):
        used += width(char, font, size)
        if used > room:
            return text[:end].rstrip() + ELLIPSIS if end else ""
    return text


GLUE = "\xa0"  # a run starting with it stays on the line of the run before it


def _units(words: Iterable[Run]) -> list[list[Run]]:
    """Words grouped so that a run starting with ``GLUE`` (a value after its bold label)
    is never the first of a line without the one before it."""
    units: list[list[Run]] = []
    for run in words:
        if run[0].startswith(GLUE) and units:
            units[-1].append(run)
        else:
            units.append([run])
    return units


def wrap(words: Iterable[Run], size: float, room: float, max_lines: int) -> list[Line]:
    """Words (each with its font) in lines of at most ``room`` points, a space between words
    in the font of the word after it; a word wider than a line is broken between letters.
    Runs glued with ``GLUE`` move to the next line together. Past ``max_lines`` the last
    line ends in an ellipsis."""
    lines: list[Line] = []
    line: Line = []
    used = 0.0
    for unit in _units(words):
        wide = sum(width(text, font, size) for text, font in unit) if len(unit) > 1 else 0.0
        if len(unit) > 1 and wide <= room:  # glued: the whole unit fits a line
            space = width(" ", unit[0][1], size) if line else 0.0
            if line and used + space + wide > room:
                lines.append(line)
                line, used, space = [], 0.0, 0.0
            for i, (text, font) in enumerate(unit):
                joined = f" {text}" if line and not i else text
                if line and line[-1][1] == font:
                    line[-1] = (line[-1][0] + joined, font)
                else:
                    line.append((joined, font))
            used += space + wide
            continue
        for text, font in unit:  # one word, or a glued unit wider than a line
            text = text.lstrip(GLUE) if not line else text
            wide = width(text, font, size)
            space = width(" ", font, size) if line and not text.startswith(GLUE) else 0.0
            if line and used + space + wide > room:
                lines.append(line)
                line, used, space = [], 0.0, 0.0
                text = text.lstrip(GLUE)
                wide = width(text, font, size)
            while wide > room and not line:  # alone and still too wide: break it
                head = _prefix(text, font, size, room)
                lines.append([(head, font)])
                text = text[len(head) :]
                wide = width(text, font, size)
            if not text:
                continue
            joined = f" {text}" if line and space else text
            if line and line[-1][1] == font:
                line[-1] = (line[-1][0] + joined, font)
            else:
                line.append((joined, font))
            used += space + wide
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = _ellipsized(lines[-1], size, room)
    return lines


class Pen:
    """Writes runs into a text object, switching font only when it changes.

    Writes what ``_textOut`` (the cheap ``textOut`` platypus's paragraphs use, which skips
    measuring each run again to track a cursor nothing here reads) would, the same bytes,
    but names the font's subset from a remembered ``Tf`` operand: ReportLab formats the
    size and leading again for every run after a font change, and runs alternate between
    bold labels and regular values, so in a thousand stat blocks that formatting was a
    tenth of the time.
    """

    def __init__(self, text: PDFTextObject) -> None:
        self.text = text
        self.font: tuple[str, float] | None = None
        self.origin: tuple[float, float] | None = None
        self.colour: Color | None = None

    def fill(self, colour: Color) -> None:
        """Write in ``colour`` from here on; setting the colour already in use writes
        nothing (each colour costs an operator and its formatting)."""
        if colour != self.colour:
            self.text.setFillColor(colour)
            self.colour = colour

    def write(self, run: str, font: str, size: float) -> None:
        """``run`` as a line of its own (put in display order by itself)."""
        for piece in display_runs(run, font):
            self.put(piece, size)

    def put(self, piece: Piece, size: float) -> None:
        """One run of ``shaping.line_runs`` at the cursor."""
        if self.font != (piece.font, size):
            self.text.setFont(piece.font, size, 0)  # no leading: lines are placed with ``at``
            self.font = (piece.font, size)
        if piece.shaped:
            _draw(self.text, piece, self.text._textOut)
        else:
            _text_out(self.text, piece.text)

    def at(self, x: float, y: float) -> None:
        """Start a line at (``x``, ``y``): a move from the last line's start, often just
        down, which is shorter to write than a new origin."""
        if self.origin is None:
            self.text.setTextOrigin(x, y)
        else:
            self.text.moveCursor(x - self.origin[0], self.origin[1] - y)  # its dy points down
        self.origin = (x, y)

    def line(self, x: float, y: float, line: Line, size: float, rtl: bool | None = None) -> None:
        """The runs of ``line`` (in reading order) from (``x``, ``y``), in the text
        object's current colour, put in display order as one line of a paragraph whose
        direction is ``rtl`` (None: the line's own)."""
        self.at(x, y)
        if all(text.isascii() for text, _unused in line):
            for run, font in line:
                self.write(run, font, size)
            return
        for _unused, piece in line_runs(line, rtl):
            self.put(piece, size)


# What a run wrote, per document: ``(font, size, leading, subset in use, text)`` to the
# operators and the subset in use after them. Kept per document as ReportLab keeps each
# font's subsets (``TTFont.state``), which fix a letter's code for the document's life.
_RunKey = tuple[str, float, float, int, str]
_written: WeakKeyDictionary[object, dict[_RunKey, tuple[str, int]]] = WeakKeyDictionary()


def _text_out(text: PDFTextObject, value: str) -> None:
    """``text._textOut(value)`` for unshaped text, in a TrueType font the same bytes
    remembered per document: labels, dots and common values repeat in every block (four
    runs in five in a thousand stat blocks), and each costs a pass over its letters to
    find their subset codes and another to escape them. Other fonts go through
    ``_textOut``."""
    font = getFont(text._fontname)
    if not font._dynamicFont:
        text._textOut(value)
        return
    doc = text._canvas._doc
    memo = _written.get(doc)
    if memo is None:
        memo = _written[doc] = {}
    key = (text._fontname, text._fontsize, text._leading, text._curSubset, value)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _formatted(font, doc, text._curSubset, value, text)
    code, text._curSubset = found
    text._code.append(code)


def _formatted(
    font: TTFont, doc: object, subset_in_use: int, value: str, text: PDFTextObject
) -> tuple[str, int]:
    """``value``'s operators as ``PDFTextObject._formatText`` writes them, each switch of
    subset with a ``Tf`` whose operands are formatted once (``_tf_operands``), and the
    subset in use after them."""
    code = []
    for subset, chunk in font.splitString(value, doc):
        if subset != subset_in_use:
            name = font.getSubsetInternalName(subset, doc)
            code.append(f"{name} {_tf_operands(text._fontsize, text._leading)}")
            subset_in_use = subset
        code.append(f"({escapePDF(chunk)}) Tj")
    return " ".join(code), subset_in_use


@lru_cache(maxsize=64)
def _tf_operands(size: float, leading: float) -> str:
    """What follows a font's name in ``Tf``: a handful of sizes, formatted once."""
    return f"{fp_str(size)} Tf {fp_str(leading)} TL"


def _prefix(text: str, font: str, size: float, room: float) -> str:
    """The longest start of ``text`` within ``room`` (at least one letter, so wrapping ends)."""
    used = 0.0
    for end, char in enumerate(text):
        used += width(char, font, size)
        if used > room:
            return text[: max(end, 1)]
    return text


def _ellipsized(line: Line, size: float, room: float) -> Line:
    runs = list(line)
    text, font = runs.pop()
    before = sum(width(t, f, size) for t, f in runs)
    return [*runs, (clip_to(text + ELLIPSIS, font, size, room - before), font)]


def _set_rise(text: PDFTextObject, rise: float) -> None:
    """``PDFTextObject.setRise`` that may be the first operator of a run."""
    if text._code:
        PDFTextObject.setRise(text, rise)
        return
    text._rise = rise
    text._y -= rise
    text._code.append(f"{fp_str(rise)} Ts")


def _draw(text: PDFTextObject, piece: Piece, out: Callable[[str], None]) -> None:
    """One shaped word of ``line_runs`` through ``out``, inside a span that gives its
    letters, and never letter-spaced (spacing would pull joined Arabic letters and a
    Devanagari word's headline apart; it is for our Latin capitals)."""
    spacing = getattr(text, "_charSpace", 0)  # set only once setCharSpace was called
    if spacing:
        text.setCharSpace(0)
    begin, end = actual_text(piece)
    text._code.append(begin)
    # ReportLab 5.1 sets a shaped run's rise on the run's own operators, which are still
    # none when its first glyph sits off the baseline (an Arabic mark): its ``setRise``
    # then fails on the empty list. This text object's own ``setRise`` starts them instead.
    text.setRise = partial(_set_rise, text)  # type: ignore[method-assign]
    try:
        out(shape(piece))
    finally:
        del text.setRise
    text._code.append(end)
    if spacing:
        text.setCharSpace(spacing)


def text_out(
    text: PDFTextObject, value: str, font: str, size: float, rtl: bool | None = None
) -> None:
    """``value`` at the text object's cursor, its font (``font``) already set; runs the
    font cannot show switch to a fallback and back. ``rtl`` is the line's direction
    (None: its own)."""
    runs = display_runs(value, font, rtl)
    if runs == (Piece(value, font),):
        text.textOut(value)
        return
    for piece in runs:
        text.setFont(piece.font, size)
        if piece.shaped:
            _draw(text, piece, text.textOut)
        else:
            text.textOut(piece.text)
    text.setFont(font, size)


def draw_string(
    c: Canvas,
    x: float,
    y: float,
    value: str,
    font: str,
    size: float,
    *,
    align: Literal["left", "centre", "right"] = "left",
    rtl: bool | None = None,
) -> None:
    """``value`` on one line from, around or up to ``x``: ``drawString`` with fallback runs
    (shaped where a script needs it), ordered as a line whose direction is ``rtl`` (None:
    its own). Sets the canvas's font; the fill colour is the canvas's."""
    c.setFont(font, size)
    if display_runs(value, font, rtl) == (Piece(value, font),):
        draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}
        draw[align](x, y, value)
        return
    shift = {"left": 0.0, "centre": 0.5, "right": 1.0}[align]
    text = c.beginText(x - shift * width(value, font, size), y)
    text_out(text, value, font, size, rtl)
    c.drawText(text)
