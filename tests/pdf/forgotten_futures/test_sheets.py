"""Forgotten Futures PDFs read back: every figure printed, the tables as the rules compute
them, blanks with their fields, and stat blocks."""

from __future__ import annotations

import io

import pypdf
import pytest

from sheetapp.pdf import forgotten_futures as ff_pdf
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.table import column_ranges, quick_table
from sheetapp.systems.plugin import RequestError
from tests.systems.forgotten_futures.records import fresh, played


def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in reader(data).pages)


def squashed(value: str) -> str:
    return "".join(value.split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_figure_of_the_record_is_printed(paper: str) -> None:
    sheet = played()
    f = sheet_figures(sheet)
    data = export_pdf_bytes([sheet], paper=paper, invariant=True)
    printed = text(data)
    flat = squashed(printed)
    assert reader(data).outline[0].title == sheet.name
    assert "Capt. Ωμέγα <b>Жуков</b> & Sons" in printed and "Marcus <& Co>" in printed
    for word in ("Aeronaut", "Female", "34", "English", "French, Latin, Ελληνικά"):
        assert word in printed
    for c in ("BODY", "MIND", "SOUL"):
        assert f"{c}({f.costs[c.lower()]}points){f.characteristics[c.lower()]}" in flat
    p, b = f.points, f.bonus
    assert squashed(f"Character points {p.allowed}") in flat
    assert squashed(f"On skills {p.skills}") in flat
    assert squashed(f"Bonus points left {b.balance}") in flat
    assert "BODY now 3" in printed  # the flesh wound
    assert squashed(f"BODY penalty -1 Condition {f.wounds.condition}") in flat
    for s in f.skills:
        hurt = str(s.rating_now) if s.rating_now != s.rating else ""
        points = str(s.points) if s.acquired == "creation" else "–"
        row = f"{s.base}{points}{s.rating}{hurt}{s.needed_vs_default}{s.improve_cost}"
        assert squashed(s.name) in flat
        assert row in flat, s
    assert "MorseCodelearnedinplay" in flat and "Pilotairships" in flat
    assert "Brawlingfree" in flat and "Stealthfree" in flat
    for w in f.weapons:
        assert w.name in printed
    assert "BighandgunYes66FIC/K"  # Effect written 6, worked out 6 in flat
    assert "ClubYesBODY+15(4)BFKO/K" in flat  # Effect 5, 4 while hurt
    assert "Crashhelmet-2impactshead" in flat
    assert "Improve Mechanic: rolled 4, success" in printed
    assert "Learn Riding: rolled 12, 12: never" in printed
    assert "saved the Zephyr" in printed and "+30" in printed
    assert "Owes the <Guild> & the Жрец a favour." in printed
    assert "aneroid barometer" in printed


def test_the_quick_tables_print_the_rules_numbers() -> None:
    flat = squashed(text(export_pdf_bytes([fresh()], invariant=True)))
    for attack, row in enumerate(quick_table(), start=1):
        assert str(attack) + "".join("–" if n is None else str(n) for n in row) in flat
    for target in range(2, 12):
        spans = [column_ranges(target)[c] for c in "ABC"]
        cells = "".join(
            "–" if s is None else (str(s[0]) if s[0] == s[1] else f"{s[0]}–{s[1]}") for s in spans
        )
        assert f"{target}{cells}" in flat


def test_blank_and_fillable_blank() -> None:
    blank = export_blank_bytes("forgotten-futures", invariant=True)
    printed = text(blank)
    for word in ("Characteristics", "Points", "Wounds", "Skills", "Weapons", "Armour",
                 "Languages", "Attack versus defence", "Damage columns", "Bonus points", "Notes",
                 "Equipment"):  # fmt: skip
        assert word.upper() in printed.upper(), word
    for skill in ("Babbage Engine", "Martial Arts", "AvB&S/2", "Thief"):
        assert skill in printed
    assert reader(blank).get_fields() in (None, {})
    fields = reader(export_blank_bytes("forgotten-futures", fillable=True)).get_fields() or {}
    expected = {
        "character_name",
        "character_player",
        "character_body",
        "character_soul",
        "character_points_saved",
        "character_wound_bruised",
        "character_wound_second_injury",
        "character_wound_critical",
        "character_skill_actor_points",
        "character_skill_babbage-engine_rating",
        "character_skill_a_1_name",
        "character_weapon_4_a",
        "character_armour_1_name",
        "character_bonus_3_points",
        "character_notes",
        "character_equipment",
    }
    assert expected <= set(fields), expected - set(fields)


def test_blank_refuses_a_universe() -> None:
    with pytest.raises(RequestError, match="no universes"):
        ff_pdf.blank_sections(universe="generic")


def test_stat_blocks_show_each_character() -> None:
    sheets = [played(), fresh(2), fresh(3)]
    printed = text(export_pdf_bytes(sheets, stat_blocks=True, invariant=True))
    flat = squashed(printed)
    for sheet in sheets:
        f = sheet_figures(sheet)
        assert squashed(f"BODY {f.characteristics['body']} · MIND") in flat
        assert squashed(sheet.profession) in flat
        for s in f.skills:
            assert squashed(f"{s.name} {s.rating}") in flat
        for w in f.weapons:
            assert squashed(w.name) in flat
    assert "Big handgun Eff 6 (A F, B I, C C/K)" in printed  # each damage column named
    assert "Wounds" in printed


def test_many_npcs_fit_on_few_pages() -> None:
    sheets = [fresh(seed) for seed in range(60)]
    data = export_pdf_bytes(sheets, stat_blocks=True)
    assert len(reader(data).pages) <= 8
