"""The one path from a user string to what is drawn: font runs, right-to-left order and
shaping, for paragraphs and canvas text alike.

``display_runs`` turns a string into runs in the order they stand on the line, left to
right: each run one font (``fonts.font_runs``: the fallbacks, and ``REPLACEMENT`` for what
no font has) and one direction. python-bidi's ``get_display`` orders the line (Unicode
bidirectional algorithm); each right-to-left stretch keeps its letters in reading order,
because HarfBuzz shapes text in reading order and itself lays a right-to-left run out from
the right. A run in a script font (Arabic joining, Devanagari conjuncts and matras, Thai
marks), a right-to-left run, or one with combining marks is ``shaped``: ``shape`` gives
ReportLab's ``ShapedStr`` (glyphs and their positions), which a ReportLab text object
draws as HarfBuzz placed them. Discretionary ligatures stay off, so a name's letters are
never swapped for a decorative form.

A shaped run's glyphs are not its letters (a conjunct is one glyph for three), so where it
is drawn it is marked with ``/ActualText``: copying or searching the PDF gives the letters
in reading order (``actual_text``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Any, NamedTuple

import uharfbuzz
from bidi import get_base_level, get_display
from bidi.mirror import MIRRORED
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr, shapeFragWord
from reportlab.platypus import paragraph as rl_paragraph

from sheetapp.pdf.fonts import SCRIPT_FAMILIES, font_runs

# What HarfBuzz may do: kerning and the ligatures a script needs, never discretionary ones.
FEATURES = {"kern": True, "liga": True, "clig": True, "dlig": False}
_STRONG_RTL = ("R", "AL")
_IN_RTL = ("R", "AL", "NSM", "BN")
# Text that may need bidi or shaping: right-to-left and script blocks, combining marks.
NEEDS_SHAPING = re.compile(
    "[\u0300-\u036f\u0483-\u0489\u0590-\u08ff\u0900-\u097f\u0e00-\u0e7f\u1ab0-\u1aff"
    "\u1cd0-\u1cff\u1dc0-\u1dff\u200c-\u200f\u202a-\u202e\u2066-\u2069\u20d0-\u20ff"
    "\ua8e0-\ua8ff\ufb1d-\ufdff\ufe20-\ufe2f\ufe70-\ufeff]"
)


class Run(NamedTuple):
    """Text in one font and one direction, its letters in reading order."""

    text: str
    font: str
    rtl: bool = False
    shaped: bool = False


@cache
def paragraphs_use_our_features() -> None:
    """Make ReportLab's paragraphs shape with ``shape_word`` (once per process).

    ReportLab shapes a paragraph's words with discretionary ligatures on (Noto Sans
    Arabic's turn a plain "محمد" into a vowelled one: a name's letters changed), and shapes
    a word whose letters are in two fonts ("سلمان:") with the first font's glyphs. Its
    paragraph module calls ``shapeFragWord`` by its module-level name and offers no other
    way to choose, so that name is pointed at ``shape_word``; ``tests/pdf/test_shaping.py``
    checks a paragraph's glyphs are ``shape``'s."""
    rl_paragraph.shapeFragWord = shape_word


def shape_word(word: list[Any], features: object = None, force: bool = False) -> list[Any]:
    """ReportLab's ``shapeFragWord`` with ``FEATURES``, each font's letters of a word
    shaped in their own font (``word`` is ``[width, (frag, text), ...]``); a word of a
    piece a page break cut is shaped already. ReportLab's ``features`` are not used."""
    if any(isinstance(item[1], ShapedStr) for item in word[1:]):
        return word
    groups: list[list[Any]] = []
    for item in word[1:]:
        font = getattr(item[0], "fontName", None)
        if groups and (hasattr(item[0], "cbDefn") or groups[-1][0] == font):
            groups[-1].append(item)
        else:
            groups.append([font, item])
    if len(groups) < 2:
        return shapeFragWord(word, features=FEATURES, force=force)
    # each piece keeps the word's class, which says whether a space follows it
    kind = type(word)
    parts = [shapeFragWord(kind([0.0, *g[1:]]), features=FEATURES, force=True) for g in groups]
    return type(parts[0])([sum(p[0] for p in parts), *(i for p in parts for i in p[1:])])


def display_runs(text: str, font: str) -> tuple[Run, ...]:
    """``text`` as runs in the order they stand on the line, left to right."""
    if text.isascii():
        return (Run(text, font),)
    return _display_runs(text, font)


@lru_cache(maxsize=16384)
def _display_runs(text: str, font: str) -> tuple[Run, ...]:
    runs: list[Run] = []
    for piece, rtl in _direction_pieces(text):
        in_fonts = [Run(t, f, rtl, _needs_shaping(t, f, rtl)) for t, f in font_runs(piece, font)]
        runs += reversed(in_fonts) if rtl else in_fonts
    return tuple(runs)


def right_to_left(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter (Hebrew, Arabic...)."""
    return any(unicodedata.bidirectional(c) in _STRONG_RTL for c in text)


def _needs_shaping(text: str, font: str, rtl: bool) -> bool:
    return rtl or font in SCRIPT_FAMILIES or any(unicodedata.combining(c) for c in text)


def _direction_pieces(text: str) -> list[tuple[str, bool]]:
    """``text`` in display order as pieces, each right-to-left piece back in reading order.

    A right-to-left piece is a stretch of right-to-left letters (with their marks, joiners
    and the spaces between them); everything else stays where ``get_display`` put it."""
    if not right_to_left(text):
        return [(text, False)]
    visual = _mirrored(get_display(text), rtl_base=get_base_level(text) == 1)
    pieces: list[tuple[str, bool]] = []
    start = 0
    for match in _rtl_stretches(visual):
        if match[0] > start:
            pieces.append((visual[start : match[0]], False))
        pieces.append((visual[match[0] : match[1]][::-1], True))
        start = match[1]
    if start < len(visual):
        pieces.append((visual[start:], False))
    return pieces


def _rtl_stretches(visual: str) -> list[tuple[int, int]]:
    """Where the right-to-left stretches of a display-order line start and end."""
    classes = [unicodedata.bidirectional(c) for c in visual]
    stretches: list[tuple[int, int]] = []
    i = 0
    while i < len(visual):
        if classes[i] not in _IN_RTL:
            i += 1
            continue
        end = i
        while end < len(visual):
            if classes[end] in _IN_RTL:
                end += 1
            elif visual[end] == " " and end + 1 < len(visual) and classes[end + 1] in _IN_RTL:
                end += 1
            else:
                break
        if any(classes[k] in _STRONG_RTL for k in range(i, end)):
            stretches.append((i, end))
        i = end
    return stretches


def _mirrored(visual: str, *, rtl_base: bool) -> str:
    """Brackets and the like inside right-to-left text in their mirrored form (rules N1,
    N2 and L4: a neutral between right-to-left letters, or between text of two directions
    in a right-to-left line, is right-to-left)."""
    strong = [_strength(c) for c in visual]
    out = list(visual)
    for i, char in enumerate(visual):
        if char not in MIRRORED or strong[i] is not None:
            continue
        left = next((s for s in reversed(strong[:i]) if s is not None), rtl_base)
        right = next((s for s in strong[i + 1 :] if s is not None), rtl_base)
        if (left and right) or (left != right and rtl_base):
            out[i] = MIRRORED[char]
    return "".join(out)


def _strength(char: str) -> bool | None:
    """True for a right-to-left letter (or number, as bidi treats them beside neutrals),
    False for a left-to-right one, None for a neutral."""
    kind = unicodedata.bidirectional(char)
    if kind in ("R", "AL", "AN"):
        return True
    return False if kind == "L" else None


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


def actual_text(text: str) -> tuple[str, str] | None:
    """The marked-content operators around shaped text: ``/ActualText`` gives its letters,
    in reading order, to whatever copies, searches or reads the PDF aloud.

    None for text with right-to-left letters: their glyphs already map to letters
    (Arabic's joined forms to the presentation forms), and readers such as poppler put
    right-to-left glyphs back in reading order themselves, so they would reverse a
    replacement given in reading order."""
    if right_to_left(text):
        return None
    encoded = ("\ufeff" + text).encode("utf-16-be").hex().upper()
    return f"/Span <</ActualText <{encoded}>>> BDC", "EMC"
