"""Attribute blocks: a panel per group of attributes (a pool), each score in its own box.

The pool's own numbers (rank, rank points, dice) sit in small boxes under its band, the
attributes below them; a blank block leaves every box empty (fillable when asked).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.pdf.fonts import BOLD, REGULAR
from sheetapp.pdf.kit.boxes import PAD, FieldBox, Panel, grid_row
from sheetapp.pdf.kit.captions import cell_text
from sheetapp.pdf.kit.direction import anchored, placed
from sheetapp.pdf.kit.forms import text_field
from sheetapp.pdf.kit.lines import draw_string
from sheetapp.pdf.kit.lines import width as line_width
from sheetapp.pdf.kit.style import INK, LINE, STROKE
from sheetapp.pdf.kit.text import clip

SCORE_BOX_W = 15 * mm
SCORE_BOX_H = 9 * mm


@dataclass(frozen=True)
class Score:
    label: str
    value: object = None  # None: an empty box to fill in
    field: str | None = None


class ScoreRow(Flowable):
    """An attribute's name at the line's start and its score large in a box at its end
    (the name on the right and the box on the left, right to left)."""

    def __init__(self, score: Score, width: float) -> None:
        super().__init__()
        self.score, self.width, self.height = score, width, SCORE_BOX_H
        self.room = width - SCORE_BOX_W - 1.5 * mm  # for the name, left of the box
        # a name longer than its line (a GM's own attribute) wraps under itself, whole; a
        # word wider than the line (a longer language on a large-print page) shrinks
        fits = line_width(score.label, REGULAR, 9.5) <= self.room
        self.long_label = None if fits else cell_text(score.label, "cell", self.room)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if self.long_label is not None:
            _, tall = self.long_label.wrap(self.room, available_height)
            self.height = max(SCORE_BOX_H, tall)
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        top = self.height - SCORE_BOX_H  # the box sits level with the name's first line
        c.saveState()
        c.setFillColor(INK)
        if self.long_label is None:
            x, align = anchored(0, "left", self.width)
            y = (SCORE_BOX_H - 9.5 * 0.7) / 2
            draw_string(c, x, y, self.score.label, REGULAR, 9.5, align=align)
        else:
            x = placed(0, self.room, self.width)
            self.long_label.drawOn(c, x, self.height - self.long_label.height)
        box_x = placed(self.width - SCORE_BOX_W, SCORE_BOX_W, self.width)
        c.setStrokeColor(LINE)
        c.setLineWidth(STROKE * 1.4)
        c.rect(box_x, top, SCORE_BOX_W, SCORE_BOX_H, stroke=1, fill=0)
        if self.score.value not in (None, ""):
            text = clip(self.score.value, 6)
            x, y = box_x + SCORE_BOX_W / 2, top + (SCORE_BOX_H - 13 * 0.7) / 2
            draw_string(c, x, y, text, BOLD, 13, align="centre")
        c.restoreState()
        if self.score.field:
            text_field(
                c,
                self.score.field,
                x=box_x + 1,
                y=top + 1,
                width=SCORE_BOX_W - 2,
                height=SCORE_BOX_H - 2,
                tooltip=self.score.label,
            )


def pool_panel(
    title: str,
    scores: Sequence[Score],
    *,
    width: float,
    facts: Sequence[Score] = (),
    right: str = "",
) -> Panel:
    """A pool's panel: small fact boxes (rank, dice...) above its attributes' score rows."""
    inner = width - 2 * PAD
    content: list[Flowable] = []
    if facts:
        gap = 1.5 * mm
        each = (inner - gap * (len(facts) - 1)) / len(facts)
        boxes = [
            (
                each,
                FieldBox(
                    f.label, f.value, width=each, height=9.5 * mm, field=f.field, style="value"
                ),
            )
            for f in facts
        ]
        content.append(grid_row(boxes, gutter=gap))
    content += [ScoreRow(s, inner) for s in scores]
    return Panel(title, content, width=width, right=right, spacing=1.6 * mm)
