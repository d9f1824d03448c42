"""Nothing on a printed sheet is set smaller than 7 pt: labels, table heads, box letters and
the quick tables' heads were 5.8 to 6.8 pt, too small to read across a table."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems import registry
from sheetapp.systems.plugin import NewOptions

SMALLEST = 7.0
SYSTEMS = registry.system_ids()


def too_small(data: bytes) -> set[tuple[float, str]]:
    """Each run of text set under ``SMALLEST`` points, with its size as printed."""
    found: set[tuple[float, str]] = set()
    for page in PdfReader(io.BytesIO(data)).pages:

        def visit(text, cm, tm, _font, size) -> None:
            scale = (abs(tm[3]) or abs(tm[0])) * (abs(cm[3]) or abs(cm[0]))
            if text.strip() and size * scale < SMALLEST - 0.05:
                found.add((round(size * scale, 1), text.strip()[:24]))

        page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_print_of_a_system_is_at_least_7_pt(system: str) -> None:
    sheets = [registry.get_system(system).new(NewOptions(random=True, seed=s)) for s in (1, 2)]
    assert too_small(export_pdf_bytes(sheets, invariant=True)) == set()
    assert too_small(export_pdf_bytes(sheets, stat_blocks=True, invariant=True)) == set()
    assert too_small(export_blank_bytes(system)) == set()
