"""Stat blocks look the same in every system: the name as typed on one line (cut with an
ellipsis), a damage track for the GM, and at least six blocks to an A4 page."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.play.batch import generate_npcs
from sheetapp.play.support import NpcRequest
from sheetapp.systems.registry import get_system, system_ids

LONG = "Théodora Wilhelmina Augusta von Hohenzollern-Sigmaringen the Younger of Elsewhere"


def people(sheet: object) -> list:
    return list(getattr(sheet, "characters", None) or [sheet])


def npcs(system_id: str, count: int) -> list:
    sheets = list(generate_npcs(NpcRequest(system=system_id), count, seed=7))
    for n, sheet in enumerate(sheets):
        for who in people(sheet):
            who.name = f"McNpc deVries{n:02d}"
    return sheets


@pytest.mark.parametrize("system_id", system_ids())
def test_six_blocks_or_more_to_a_page_each_with_its_damage_track(system_id: str) -> None:
    sheets = npcs(system_id, 18)
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(
        export_pdf_bytes(sheets, paper="a4", stat_blocks=True)
    )).pages]
    track = get_system(system_id).tracks(sheets[0])[0].label.split()[0]
    shown = [sum(f"deVries{n:02d}" in page for n in range(18)) for page in pages]
    assert sum(shown) == 18
    assert all(count >= 6 for count in shown[:-1]) and len(pages) <= 3, shown
    for page, count in zip(pages, shown, strict=True):
        assert page.count(track) >= count  # one track (at least) per block
        assert "MCNPC" not in page  # the name as typed, not in capitals


@pytest.mark.parametrize("system_id", system_ids())
def test_a_long_name_is_one_line_cut_with_an_ellipsis(system_id: str) -> None:
    sheets = npcs(system_id, 2)
    for who in people(sheets[0]):
        who.name = LONG
    text = PdfReader(io.BytesIO(export_pdf_bytes(sheets, stat_blocks=True))).pages[0]
    printed = text.extract_text()
    line = next(line for line in printed.splitlines() if "Théodora" in line)
    assert line.startswith("Théodora Wilhelmina") and line.endswith("…")  # one line, cut
    assert "of Elsewhere" not in printed.replace("\n", " ")


@pytest.mark.parametrize("system_id", system_ids())
def test_every_block_draws_its_damage_track(system_id: str, monkeypatch) -> None:
    from sheetapp.pdf.kit import stat_blocks

    drawn: list[int] = []
    real = stat_blocks._tracks

    def counting(c, pen, tracks, *args):  # type: ignore[no-untyped-def]
        drawn.append(sum(t.boxes + t.below for t in tracks))
        return real(c, pen, tracks, *args)

    monkeypatch.setattr(stat_blocks, "_tracks", counting)
    export_pdf_bytes(npcs(system_id, 5), stat_blocks=True)
    assert len(drawn) == 5 and all(boxes > 0 for boxes in drawn)


def _block_text(system_id: str, sheets: list) -> str:
    data = export_pdf_bytes(sheets, stat_blocks=True, invariant=True)
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


def test_amplitude_wound_boxes_are_named_and_the_wounds_taken_marked(monkeypatch) -> None:
    from sheetapp.pdf.kit import stat_blocks

    sheets = npcs("amplitude", 1)
    sheets[0].wound = "moderate"
    marked: list[tuple[bool, ...]] = []
    real = stat_blocks._tracks

    def noting(c, pen, tracks, *args):  # type: ignore[no-untyped-def]
        marked.extend(t.marked for t in tracks)
        return real(c, pen, tracks, *args)

    monkeypatch.setattr(stat_blocks, "_tracks", noting)
    text = _block_text("amplitude", sheets)
    assert "Min Mod Maj Inc" in text  # the letters are drawn once, in the boxes' form
    assert marked == [(True, True, False, False)]


def test_forgotten_futures_weapon_damage_names_its_columns() -> None:
    sheets = npcs("forgotten-futures", 3)
    weapons = [w for s in sheets for w in s.weapons]
    assert weapons, "the generator arms someone"
    w = weapons[0]
    text = _block_text("forgotten-futures", sheets)
    assert f"(A {w.a or '-'}, B {w.b or '-'}, C {w.c or '-'})" in text
