"""The Table lands an Amazing Engine hit ending in 0 as the lethality passage reads it: on
body only at lethality 10 (the die's 0 counts 10 there)."""

from __future__ import annotations

from sheetapp.play.table import Table

from .test_ae_table_character import core_sheet


def test_a_hit_ending_in_0_lands_on_body_only_at_lethality_10(lib) -> None:
    sheet_id = lib.add(core_sheet("active"))
    table = Table(lib)
    where, hit = table.attack(sheet_id, 60, 62, 9, "general", 3)
    assert where == "stamina" and hit is not None and hit.track == "stamina"
    where, hit = table.attack(sheet_id, 30, 62, 10, "general", 2)
    assert where == "body" and hit is not None and hit.track == "body"
    where, _ = table.attack(sheet_id, 30, 62, 7, "vital", 1)  # 7 + 3 = 10
    assert where == "body"
    where, _ = table.attack(sheet_id, 10, 62, 10, "non_vital", 1)  # 10 - 2 = 8
    assert where == "stamina"
