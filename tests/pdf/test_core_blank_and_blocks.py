"""The Player Core page, the blank forms and the stat blocks."""

from __future__ import annotations

import pytest

from sheetapp.pdf import amazing_engine
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.pdf.kit.document import build_pdf, document_info
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.model import CoreXpEntry
from sheetapp.systems.plugin import RequestError

from .factory import equipped_sheet, generic, npc_sheets, read, text_of


def test_player_core_page_shows_pools_xp_and_characters() -> None:
    sheet = equipped_sheet()
    data = export_pdf_bytes([sheet], invariant=True)
    reader = read(data)
    assert reader.outline[0].title == "Wolfgang"
    core_text = reader.pages[0].extract_text()
    core = sheet_figures(sheet).core
    for pool in ("Physique", "Intellect", "Spirit", "Influence"):
        assert pool.upper() in core_text
    for number in (*core.ranks.values(), *core.dice.values(), core.xp):
        assert str(number) in core_text
    for character in sheet.characters:
        assert character.name in core_text


def _crowded_core() -> list:
    """The Player Core section of a sheet with 59 core ledger entries and 42 characters."""
    sheet = equipped_sheet()
    assert sheet.core is not None
    sheet.core.xp_ledger = [
        CoreXpEntry(kind="award", amount=i, note=f"note{i:02d} " * 20, date="2024-01-01")
        for i in range(1, 60)
    ]
    template = sheet.characters[1]
    sheet.characters += [
        template.model_copy(update={"id": f"c{i}", "name": f"Long{i:02d} Name " * 10})
        for i in range(40)
    ]
    return amazing_engine.sections([sheet])[:1]  # not the 42 character sheets


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_core_prints_its_whole_ledger_and_every_character(paper: str) -> None:
    core_only = _crowded_core()
    reader = read(build_pdf(core_only, paper=paper, info=document_info(core_only)))
    assert len(reader.pages) > 1  # the lists flow on instead of being cut to one page
    text = "".join(p.extract_text() for p in reader.pages).replace("\n", "")
    assert all(f"note{i:02d}" in text for i in range(1, 60))
    assert all(f"Long{i:02d}" in text for i in range(40))
    assert "earlier entries" not in text and "more in the file" not in text


def test_core_ledger_is_shortened_only_when_asked() -> None:
    core_only = _crowded_core()
    data = build_pdf(core_only, paper="a4", info=document_info(core_only), ledger_last=5)
    text = "".join(p.extract_text() for p in read(data).pages)
    assert "54 earlier entries are in the file" in text
    assert "note55" in text and "note54" not in text


def test_blank_has_the_core_and_a_two_sided_character_sheet() -> None:
    reader = read(export_blank_bytes("amazing-engine", paper="letter"))
    assert len(reader.pages) == 4  # the core's back is left empty: two-sided printing
    assert len(read(export_blank_bytes("amazing-engine", duplex=False)).pages) == 3
    assert reader.get_fields() in (None, {})
    text = "\n".join(p.extract_text() for p in reader.pages)
    for label in ("PLAYER", "POOLS", "ATTRIBUTES", "STAMINA", "WEAPONS", "SKILLS", "EQUIPMENT"):
        assert label in text
    assert read(export_blank_bytes("amazing-engine")).metadata.subject == "Amazing Engine"


def test_fillable_blank_has_named_form_fields() -> None:
    reader = read(export_blank_bytes("amazing-engine", fillable=True, invariant=True))
    fields = reader.get_fields()
    assert fields is not None and len(fields) > 20
    names = set(fields)
    expected = {
        "core_player",
        "core_physique_rank",
        "character_name",
        "character_player",
        "character_attribute_fitness",
        "character_stamina_1",
        "character_notes",
    }
    assert expected <= names
    assert all(name and "." not in name for name in names)
    assert any(name.startswith("character_skill_") for name in names)
    # one widget per name: a PDF form shares one value between fields of the same name
    widgets = [a.get_object()["/T"] for page in reader.pages for a in page.get("/Annots") or []]
    assert len(widgets) == len(set(widgets)) == len(fields)


def test_blank_with_a_universe_lists_its_skills_to_tick() -> None:
    data = export_blank_bytes("amazing-engine", universe="generic", fillable=True)
    text = text_of(data)
    for _, path, _ in generic().walk_skills():
        assert path[-1] in text
    assert "Generic" in text
    fields = read(data).get_fields() or {}
    listed = [n for n in fields if n.endswith("_known") and "_own-" not in n]
    assert len(listed) == generic().skill_count()
    # a page the list ends is filled with rows for skills of the GM's, to tick and write in
    own = {n.removesuffix("_known") for n in fields if n.endswith("_known") and "_own-" in n}
    assert own and all(f"{n}_name" in fields and f"{n}_chance" in fields for n in own)


def test_blank_refuses_an_unknown_universe() -> None:
    with pytest.raises(RequestError, match="unknown universe 'nowhere'"):
        export_blank_bytes("amazing-engine", universe="nowhere")


def test_twelve_stat_blocks_fit_three_pages_and_name_everyone() -> None:
    sheets = npc_sheets(12)
    data = export_pdf_bytes(sheets, stat_blocks=True)
    reader = read(data)
    assert len(reader.pages) <= 3
    text = text_of(data)
    for sheet in sheets:
        character = sheet.characters[0]
        assert character.name in text
        assert "Cudgel 1d6" in text
    assert reader.metadata.title.endswith("and 9 more")
