"""The generic exporter: several files make one PDF, outputs are streams or paths."""

from __future__ import annotations

import io

import pytest
from pydantic import BaseModel

from sheetapp.pdf.export import export_blank, export_pdf, export_pdf_bytes, pdf_module
from sheetapp.systems.registry import get_system, system_ids

from .factory import equipped_sheet, npc_sheets, read, text_of


def test_several_sheets_make_one_pdf_in_order() -> None:
    first, second = equipped_sheet(3, player="Ann"), equipped_sheet(5, player="Bo")
    npc = npc_sheets(1)[0]
    data = export_pdf_bytes([first, second, npc])
    reader = read(data)
    titles = [o.title for o in reader.outline]
    expected = ["Ann", *(c.name for c in first.characters), "Bo"]
    expected += [*(c.name for c in second.characters), npc.characters[0].name]
    assert titles == expected
    assert reader.metadata.author == "sheetapp"  # two players: the file is nobody's alone
    assert "Page 1 of" in text_of(data)


def test_export_writes_to_a_stream_or_replaces_a_file(tmp_path) -> None:
    stream = io.BytesIO()
    export_pdf([equipped_sheet()], stream, paper="letter")
    assert stream.getvalue().startswith(b"%PDF-")
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    export_blank("amazing-engine", target, paper="a4", fillable=True)
    assert target.read_bytes().startswith(b"%PDF-")
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_nothing_to_print_and_unknown_paper_are_refused() -> None:
    with pytest.raises(ValueError, match="nothing to print"):
        export_pdf_bytes([])
    with pytest.raises(ValueError, match="unknown paper"):
        export_pdf_bytes([equipped_sheet()], paper="a3")


class Impostor(BaseModel):
    system: str = "alternity"
    name: str = "not a hero"


def test_a_layout_module_is_only_handed_its_own_sheets() -> None:
    with pytest.raises(TypeError, match="Impostor is not a sheet of the Alternity system"):
        export_pdf_bytes([equipped_sheet(), Impostor()])
    with pytest.raises(TypeError, match="not a sheet: int"):
        export_pdf_bytes([equipped_sheet(), 3])  # type: ignore[list-item]


@pytest.mark.parametrize("system_id", system_ids())
def test_every_layout_module_offers_just_the_two_functions(system_id: str) -> None:
    module = pdf_module(system_id)
    assert sorted(module.__all__) == ["blank_sections", "sections"]
    for fillable, kind in ((False, "blank"), (True, "")):  # a typed-in form is not blank
        for section in module.blank_sections(fillable=fillable):
            assert section.kind == kind and section.subject == get_system(system_id).name


@pytest.mark.parametrize("stat_blocks", [False, True])
def test_progress_hears_every_page_and_can_stop_the_build(stat_blocks: bool) -> None:
    sheets = npc_sheets(60 if stat_blocks else 2)
    heard: list[int] = []
    data = export_pdf_bytes(sheets, stat_blocks=stat_blocks, progress=heard.append)
    pages = len(read(data).pages)
    assert [n for n in heard if n] == list(range(1, pages + 1))

    class Stop(Exception):
        pass

    def stop_after_first(page: int) -> None:
        if page:
            raise Stop

    with pytest.raises(Stop):
        export_pdf_bytes(sheets, stat_blocks=stat_blocks, progress=stop_after_first)
