"""The pen writes exactly what ReportLab's own text output writes for the same runs: it
formats a font change's ``Tf`` once instead of per run, and remembers per document what
each run wrote, neither of which may change a byte."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from sheetapp.pdf.fonts import BOLD, ITALIC, REGULAR, register_fonts
from sheetapp.pdf.kit.lines import Pen
from sheetapp.pdf.kit.style import INK, MUTED
from sheetapp.pdf.shaping import display_runs

FONTS = (REGULAR, BOLD, ITALIC)
RUNS = [
    ("Skills", BOLD),
    ("\xa0Shoot +2, (Drive) \\ 3", REGULAR),
    ("", REGULAR),
    ("Αλέξανδρος Волкова", BOLD),
    ("Ωμέγα 7.8", ITALIC),
    ("emoji \U0001f600 and ⅞", REGULAR),
    (" · ", REGULAR),
]


def _by_pen(runs: list[tuple[str, str]], sizes: list[float]) -> str:
    canvas = Canvas(io.BytesIO(), invariant=1)
    pen = Pen(canvas.beginText())
    for (run, font), size in zip(runs, sizes, strict=True):
        pen.write(run, font, size)
    return pen.text.getCode()


def _by_reportlab(runs: list[tuple[str, str]], sizes: list[float]) -> str:
    """The same runs through ``setFont`` and ``_textOut``, switching fonts as the pen
    does (only on a change)."""
    canvas = Canvas(io.BytesIO(), invariant=1)
    text = canvas.beginText()
    current = None
    for (run, font), size in zip(runs, sizes, strict=True):
        for piece in display_runs(run, font):
            if current != (piece.font, size):
                text.setFont(piece.font, size, 0)
                current = (piece.font, size)
            text._textOut(piece.text)
    return text.getCode()


def test_the_pen_writes_what_reportlab_writes_again_and_again() -> None:
    """The second and third time round the runs come from what the pen remembers of this
    document, each after a different font and size from the first time."""
    register_fonts()
    sizes = [7.8, 7.8, 7.8, 10, 8.5, 8.5, 7.8]
    runs = RUNS + RUNS[::-1] + RUNS
    sizes = sizes + sizes + sizes[::-1]
    assert _by_pen(runs, sizes) == _by_reportlab(runs, sizes)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(
                st.characters(codec="utf-8", exclude_categories=("Cs", "Mn", "Me")), max_size=12
            ),
            st.sampled_from(FONTS),
            st.sampled_from([6.8, 7.8, 8.5, 10]),
        ),
        max_size=8,
    ).map(lambda runs: runs + runs[::-1])  # each run again, after another one
)
def test_any_unshaped_runs_come_out_byte_for_byte(runs) -> None:
    """Shaped runs (right-to-left, marks, complex scripts) take ReportLab's own path; every
    other run must match it."""
    register_fonts()
    plain = [
        (t, f, s)
        for t, f, s in runs
        if not any(piece.shaped for piece in display_runs(t, f))
    ]
    pairs = [(t, f) for t, f, _ in plain]
    sizes = [s for _, _, s in plain]
    assert _by_pen(pairs, sizes) == _by_reportlab(pairs, sizes)


def test_a_colour_is_written_only_when_it_changes() -> None:
    canvas = Canvas(io.BytesIO(), invariant=1)
    pen = Pen(canvas.beginText())
    for colour in (INK, INK, MUTED, MUTED, INK):
        pen.fill(colour)
    assert pen.text.getCode().count(" rg") == 3
