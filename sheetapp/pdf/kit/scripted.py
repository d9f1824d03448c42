"""Paragraphs holding text in a script that needs bidi or shaping, laid out by our text path.

ReportLab's Paragraph breaks lines after any reordering it is given, so a right-to-left
name that wraps would come out with its lines in the wrong order, and it draws shaped
words with no way to say which letters they show. ``ScriptedParagraph`` takes the same
markup (ReportLab's parser gives its pieces: font, size, colour), breaks it into lines in
reading order, and draws each line in display order with ``Pen`` (``shaping.line_runs``,
UAX #9 L1-L2 per line, each shaped word marked with its letters): the path table cells,
notes and stat blocks share. Latin text never comes here (``text.paragraph``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, NamedTuple

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable
from reportlab.platypus.paraparser import ParaParser

from sheetapp.i18n import _
from sheetapp.pdf.kit.lines import Pen, width
from sheetapp.pdf.shaping import base_is_rtl, line_runs

_SPACE = re.compile(r"(\s+)")


class Piece(NamedTuple):
    """Text in one style: a word, part of one, or the space between two."""

    text: str
    font: str
    size: float
    colour: Color

    @property
    def width(self) -> float:
        return width(self.text, self.font, self.size)


Word = list[Piece]
Line = list[Piece]
BREAK: Word = []  # a line break the markup asks for (``<br/>``)


class ScriptedParagraph(Flowable):
    """A paragraph of ``markup`` in ``style``, wrapped in reading order and drawn line by
    line in display order. ``lines`` gives it lines already broken (a piece of a split)."""

    def __init__(
        self, markup: str, style: ParagraphStyle, *, lines: list[Line] | None = None
    ) -> None:
        super().__init__()
        self.style = style
        self.frags: list[Any] = [] if lines is not None else _parse(markup, style)
        self.words = _words(self.frags)
        self.lines: list[Line] = lines or []
        # the paragraph's direction (UAX #9 P2-P3), which every line of it is ordered in
        self.rtl = base_is_rtl("".join(p.text for w in self.words or self.lines for p in w))
        self.fixed = lines is not None
        self.broken_for = -1.0

    def _room(self, available_width: float) -> float:
        return available_width - self.style.leftIndent - self.style.rightIndent

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if not self.fixed and available_width != self.broken_for:
            self.broken_for = available_width
            self.lines = _break(self.words, self._room(available_width))
        self.width = available_width
        self.height = self.style.leading * len(self.lines)
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        self.wrap(available_width, available_height)
        fits = int((available_height + 1e-6) // self.style.leading)
        if fits >= len(self.lines):
            return [self]
        if fits <= 0:
            return []
        head = ScriptedParagraph("", self.style, lines=self.lines[:fits])
        rest = ScriptedParagraph("", self.style, lines=self.lines[fits:])
        head.rtl = rest.rtl = self.rtl  # the paragraph's, not each piece's own
        head.spaceAfter, rest.spaceBefore = 0, 0
        return [head, rest]

    def draw(self) -> None:
        st = self.style
        room = self._room(self.width)
        # a left-aligned style aligns a paragraph to where its lines start: a right-to-left
        # one to the right
        shift = {TA_CENTER: 0.5, TA_RIGHT: 1.0}.get(st.alignment, 1.0 if self.rtl else 0.0)
        pen = Pen(self.canv.beginText())
        y = self.height - st.fontSize
        for line in self.lines:
            used = sum(p.width for p in line)
            pen.at(st.leftIndent + shift * max(room - used, 0.0), y)
            for k, run in line_runs([(p.text, p.font) for p in line], self.rtl):
                pen.fill(line[k].colour)
                pen.put(run, line[k].size)
            y -= st.leading
        self.canv.drawText(pen.text)


def _parse(markup: str, style: ParagraphStyle) -> list[Any]:
    parsed = ParaParser().parse(markup, style)
    if parsed is None:  # not markup after all: show it as it stands
        raise ValueError(
            _("paragraph markup does not parse: {markup!r}").format(markup=markup[:80])
        )
    return parsed[1]


def _words(frags: list[Any]) -> list[Word]:
    """The markup's words in reading order, each a list of pieces (a word may change
    style inside it: ``<b>name</b>:``), with ``BREAK`` where a line must end."""
    words: list[Word] = []
    word: Word = []
    for frag in frags:
        if getattr(frag, "lineBreak", False):
            if word:
                words.append(word)
            words.append(BREAK)
            word = []
            continue
        for token in _SPACE.split(frag.text):
            if not token:
                continue
            if token.isspace():
                if word:
                    words.append(word)
                word = []
            else:
                word.append(Piece(token, frag.fontName, frag.fontSize, frag.textColor))
    if word:
        words.append(word)
    return words


def _break(words: list[Word], room: float) -> list[Line]:
    """Words in lines of at most ``room`` points, a space in the style of the word after
    it between two words; a word wider than a line is broken between letters."""
    lines: list[Line] = []
    line: Line = []
    used = 0.0
    for word in words:
        if word is BREAK:
            lines.append(line)
            line, used = [], 0.0
            continue
        wide = sum(p.width for p in word)
        space = word[0]._replace(text=" ")
        if line and used + space.width + wide > room:
            lines.append(line)
            line, used = [], 0.0
        if line:
            line.append(space)
            used += space.width
        while wide > room and not line:
            head, word = _cut(word, room)
            lines.append(head)
            wide = sum(p.width for p in word)
        line += word
        used += wide
    if line or not lines:
        lines.append(line)
    return lines


def _cut(word: Word, room: float) -> tuple[Line, Word]:
    """The longest start of ``word`` within ``room`` and the rest: cut between letters,
    never before a mark (it stays with the letter it sits on), at least one letter."""
    head: Line = []
    used = 0.0
    for n, piece in enumerate(word):
        if used + piece.width <= room:
            head.append(piece)
            used += piece.width
            continue
        text = piece.text
        ends = [e for e in range(1, len(text)) if not _clings(text[e])]
        fit = [e for e in ends if used + width(text[:e], piece.font, piece.size) <= room]
        end = fit[-1] if fit else 0 if head else ends[0] if ends else len(text)
        if end:
            head.append(piece._replace(text=text[:end]))
        rest = [piece._replace(text=text[end:])] if end < len(text) else []
        return head, rest + word[n + 1 :]
    return head, []


def _clings(char: str) -> bool:
    """Marks, viramas' partners and joiners belong to the letter before them."""
    return unicodedata.category(char) in ("Mn", "Mc", "Me") or char in "\u200c\u200d"
