"""The one path from a user string to what is drawn: font runs, right-to-left order and
shaping, for paragraphs, table cells, stat blocks and canvas text alike.

Lines are broken in reading order first; only then is each line put in display order
(Unicode bidirectional algorithm, UAX #9: levels resolved for the line with its
paragraph's direction, then rules L1 and L2). ``line_runs`` does that for a line of
pieces (each in its own font) and gives runs in the order they stand on the line, left to
right: each run one font (``fonts.font_runs``: the fallbacks, and ``REPLACEMENT`` for what
no font has), one direction, and at most one word, its letters in reading order, because
HarfBuzz shapes text in reading order and itself lays a right-to-left run out from the
right (mirroring brackets as it goes). A run in a script font (Arabic joining, Devanagari
conjuncts and matras, Thai marks), a right-to-left run, or one with combining marks is
``shaped``: ``shape`` gives ReportLab's ``ShapedStr`` (glyphs and their positions), which
a ReportLab text object draws as HarfBuzz placed them. Discretionary ligatures stay off,
so a name's letters are never swapped for a decorative form.

A shaped run's glyphs are not its letters (a conjunct is one glyph for three, Arabic's
joined forms are presentation forms), so each shaped word is drawn inside its own
``/ActualText`` span (``actual_text``), placed with the glyphs: copying or searching the
PDF gives the letters typed, where the word stands.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import uharfbuzz
from bidi import get_base_level, get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

from sheetapp.pdf.fonts import SCRIPT_FAMILIES, font_runs

# What HarfBuzz may do: kerning and the ligatures a script needs, never discretionary ones.
FEATURES = {"kern": True, "liga": True, "clig": True, "dlig": False}
_STRONG_RTL = ("R", "AL")
# Classes that can put a line out of reading order (a right-to-left letter or number, or
# an explicit right-to-left embedding or isolate).
_REORDERS = frozenset({"R", "AL", "AN", "RLE", "RLO"})
# Reset to the paragraph's level at the end of a line (rule L1).
_TRAILING = frozenset({"WS", "FSI", "LRI", "RLI", "PDI", "BN", "LRE", "RLE", "LRO", "RLO", "PDF"})
# Text that may need bidi or shaping: right-to-left and script blocks, combining marks.
NEEDS_SHAPING = re.compile(
    "[\u0300-\u036f\u0483-\u0489\u0590-\u08ff\u0900-\u097f\u0e00-\u0e7f\u1ab0-\u1aff"
    "\u1cd0-\u1cff\u1dc0-\u1dff\u200c-\u200f\u202a-\u202e\u2066-\u2069\u20d0-\u20ff"
    "\ua8e0-\ua8ff\ufb1d-\ufdff\ufe20-\ufe2f\ufe70-\ufeff]"
)
_SPACES = re.compile(r"( +)")


class Run(NamedTuple):
    """Text in one font and one direction, its letters in reading order."""

    text: str
    font: str
    rtl: bool = False
    shaped: bool = False


class Segment(NamedTuple):
    """Letters ``start:end`` of piece ``piece`` of a line, all at one bidi level."""

    piece: int
    start: int
    end: int
    rtl: bool


def right_to_left(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter (Hebrew, Arabic...)."""
    return not text.isascii() and any(unicodedata.bidirectional(c) in _STRONG_RTL for c in text)


def base_is_rtl(text: str) -> bool:
    """A paragraph's direction (UAX #9 P2-P3): that of its first strong letter."""
    return not text.isascii() and get_base_level(text) == 1


def _reorders(text: str) -> bool:
    return not text.isascii() and any(unicodedata.bidirectional(c) in _REORDERS for c in text)


def isolate(value: str) -> str:
    """A value put into text of ours (a name in a list of skills) as an island: with
    right-to-left letters it is wrapped in FSI ... PDI (UAX #9 isolates), so the numbers
    and brackets after it stay in our line's order instead of joining its right-to-left
    run. The marks are invisible and never drawn."""
    return f"{_FSI}{value}{_PDI}" if right_to_left(value) else value


_FSI, _PDI = "\u2068", "\u2069"
# Directional formatting characters: they steer the order and are never drawn.
BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@lru_cache(maxsize=4096)
def _levels(text: str, rtl: bool) -> tuple[int, ...]:
    """Each letter's embedding level in a line of a paragraph of direction ``rtl``, with
    rule L1: separators and the spaces and marks ending the line at the paragraph's."""
    resolved = list(_resolved(text, rtl))
    trailing = True
    for i in range(len(text) - 1, -1, -1):
        kind = unicodedata.bidirectional(text[i])
        if kind in ("S", "B"):
            resolved[i], trailing = int(rtl), True
        elif trailing and kind in _TRAILING:
            resolved[i] = int(rtl)
        else:
            trailing = False
    return tuple(resolved)


def _resolved(text: str, rtl: bool) -> list[int]:
    """Each letter's level by rules P3-I2 (isolates and bracket pairs included), from
    python-bidi's Rust implementation: ``get_display(..., debug=True)`` returns what it
    resolved, one level per byte of the text in UTF-8."""
    info = get_display(text, base_dir="LR"[rtl], debug=True)
    start = info.index(_LEVELS_START)
    per_byte = [int(n) for n in _LEVEL.findall(info, start, info.index("\n    ],", start))]
    levels: list[int] = []
    offset = 0
    for char in text:
        levels.append(per_byte[offset])
        offset += len(char.encode())
    return levels


_LEVELS_START = "\n    levels: ["  # the text before it is escaped: it holds no line break
_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")


def _display_order(levels: Sequence[int]) -> list[int]:
    """The letters' indices in the order they stand (rule L2: from the highest level down
    to the lowest odd one, reverse every stretch at that level or above)."""
    order = list(range(len(levels)))
    odd = [level for level in levels if level % 2]
    if not odd:
        return order
    for level in range(max(levels), min(odd) - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and levels[order[j]] >= level:
                j += 1
            order[i:j] = order[i:j][::-1]
            i = j
    return order


def line_segments(pieces: Sequence[str], rtl: bool | None = None) -> list[Segment]:
    """One line's pieces (in reading order) cut where the bidi level changes, in the order
    they stand from left to right; ``rtl`` is the direction of the paragraph the line
    belongs to (None: this line's own, from its first strong letter)."""
    text = "".join(pieces)
    if rtl is None:
        rtl = base_is_rtl(text)
    if not rtl and not _reorders(text):
        return [Segment(k, 0, len(p), False) for k, p in enumerate(pieces) if p]
    return list(_segments(tuple(pieces), rtl))


@lru_cache(maxsize=4096)
def _segments(pieces: tuple[str, ...], rtl: bool) -> tuple[Segment, ...]:
    text = "".join(pieces)
    # a line that goes on with an isolate begun on the line before starts inside it
    carried = _unopened(text)
    levels = _levels(_FSI * carried + text, rtl)[carried:]
    owner = [k for k, p in enumerate(pieces) for _ in p]
    starts = [sum(len(p) for p in pieces[:k]) for k in range(len(pieces))]
    out: list[Segment] = []
    group: list[int] = []
    for index in _display_order(levels):
        if group:
            last = group[-1]
            step = -1 if levels[last] % 2 else 1
            same = owner[index] == owner[last] and levels[index] == levels[last]
            if same and index == last + step:
                group.append(index)
                continue
            out.append(_segment(group, owner, starts, levels))
        group = [index]
    if group:
        out.append(_segment(group, owner, starts, levels))
    return tuple(out)


def _unopened(text: str) -> int:
    """How many PDIs of ``text`` close an isolate opened before it."""
    depth = unopened = 0
    for char in text:
        if char in "\u2066\u2067\u2068":
            depth += 1
        elif char == _PDI:
            depth, unopened = (depth - 1, unopened) if depth else (0, unopened + 1)
    return unopened


def _segment(
    group: list[int], owner: list[int], starts: list[int], levels: Sequence[int]
) -> Segment:
    piece = owner[group[0]]
    low, high = min(group), max(group)
    return Segment(piece, low - starts[piece], high + 1 - starts[piece], bool(levels[low] % 2))


def line_runs(line: Sequence[tuple[str, str]], rtl: bool | None = None) -> list[tuple[int, Run]]:
    """One line of ``(text, font)`` pieces in reading order as the runs that draw it, left
    to right, each with the index of the piece it comes from; a shaped run is one word."""
    out: list[tuple[int, Run]] = []
    for seg in line_segments([text for text, _ in line], rtl):
        text, font = line[seg.piece]
        for run in _runs(text[seg.start : seg.end], font, seg.rtl):
            out.append((seg.piece, run))
    return out


@lru_cache(maxsize=16384)
def _runs(text: str, font: str, rtl: bool) -> tuple[Run, ...]:
    """Letters of one bidi level as runs left to right: one per font, shaped ones cut into
    words and spaces (right-to-left ones in display order, each word in reading order)."""
    if text.isascii() and not rtl:
        return (Run(text, font),)
    text = BIDI_CONTROLS.sub("", text)
    in_fonts = [
        Run(t, f, rtl, _needs_shaping(t, f, rtl)) for t, f in font_runs(text, font) if t
    ]
    out: list[Run] = []
    for run in reversed(in_fonts) if rtl else in_fonts:
        if run.text.isspace() or not run.shaped or " " not in run.text:
            out.append(run._replace(shaped=run.shaped and not run.text.isspace()))
            continue
        parts = [p for p in _SPACES.split(run.text) if p]
        words = [
            Run(p, run.font, rtl, False) if p.isspace() else run._replace(text=p) for p in parts
        ]
        out += reversed(words) if rtl else words
    return tuple(out)


def display_runs(text: str, font: str, rtl: bool | None = None) -> tuple[Run, ...]:
    """One line of ``text`` as runs in the order they stand on the line, left to right."""
    if text.isascii():
        return (Run(text, font),)
    return tuple(run for _, run in line_runs(((text, font),), rtl))


def _needs_shaping(text: str, font: str, rtl: bool) -> bool:
    return rtl or font in SCRIPT_FAMILIES or any(unicodedata.combining(c) for c in text)


@lru_cache(maxsize=16384)
def shape(run: Run) -> str:
    """A shaped run's glyphs and positions as ReportLab draws them (a ``ShapedStr``), or the
    run's text when it needs no shaping."""
    if not run.shaped:
        return run.text
    font = pdfmetrics.getFont(run.font)
    hb_font = font.hbFont(10)  # the size only tunes hinting; positions scale per em
    buf = uharfbuzz.Buffer()
    buf.add_str(run.text)
    buf.guess_segment_properties()
    buf.direction = "rtl" if run.rtl else "ltr"
    buf.cluster_level = uharfbuzz.BufferClusterLevel.MONOTONE_CHARACTERS
    uharfbuzz.shape(hb_font, buf, FEATURES)
    face, scale = font.face, font.pdfScale
    chars: list[str] = []
    data: list[ShapeData] = []
    for info, pos in zip(buf.glyph_infos, buf.glyph_positions, strict=True):
        glyph = info.codepoint
        found = face.glyphToChar.get(glyph)
        # a glyph with no character of its own (a conjunct, a joined form) gets a private
        # code in this font, as ReportLab's own shaping does
        code = (
            found[0]
            if found
            else font.hbAddPrivate(hb_font.glyph_to_string(glyph), glyph, pos.x_advance)
        )
        chars.append(chr(code))
        data.append(
            ShapeData(
                info.cluster,
                scale(pos.x_advance),
                scale(pos.y_advance),
                scale(pos.x_offset),
                scale(pos.y_offset),
                face.charWidths[code],
            )
        )
    return ShapedStr("".join(chars), shapeData=data)


def run_width(run: Run, size: float) -> float:
    """A run's width in points as it prints."""
    drawn = shape(run)
    if isinstance(drawn, ShapedStr):
        return sum(d.x_advance for d in drawn.__shapeData__) * size / 1000
    return pdfmetrics.stringWidth(drawn, run.font, size)


def text_width(text: str, font: str, size: float) -> float:
    """``text``'s width in points as it prints: each run measured as it is drawn."""
    return sum(run_width(run, size) for run in display_runs(text, font))


def actual_text(run: Run) -> tuple[str, str]:
    """The marked-content operators around a shaped word: ``/ActualText`` gives its letters
    to whatever copies, searches or reads the PDF aloud, where its glyphs stand.

    A right-to-left word's letters are given in the order its glyphs stand: readers take
    a page's text in the order it stands and put right-to-left stretches back in reading
    order themselves (poppler reverses them letter by letter), as they do for the glyphs
    of any right-to-left text."""
    letters = run.text[::-1] if run.rtl else run.text
    encoded = ("\ufeff" + letters).encode("utf-16-be").hex().upper()
    return f"/Span <</ActualText <{encoded}>>> BDC", "EMC"
