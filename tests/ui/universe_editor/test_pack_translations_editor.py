"""A pack's [translations] tables survive the pack editor byte for byte: an edit elsewhere,
a new record, a save; and the saved pack still reads its translations."""

from __future__ import annotations

from sheetapp.systems.amazing_engine.packs import parse_pack
from sheetapp.ui.universe_editor.opening import open_pack

from .driving import click, go_to, set_spin, type_focused, type_into
from .test_hand_written_pack import HAND_WRITTEN, save, write

TRANSLATIONS = """
# Names in other languages, hand-written.
[translations.de]
name = "Hafenlichter"   # keep this comment too

[translations.de.professions]
sailor = { name = "Seemann" }
smuggler = { name = "Schmuggler", description = "Bringt Ware an Land, die nie gezählt wird." }

[translations.de.skill_groups]
Seamanship = { name = "Seemannschaft" }

[translations.de.skills]
"Seamanship > Knots" = "Knoten"
"Seamanship > Navigation" = "Navigation"

[translations.ar]
name = "أضواء الميناء"
"""


def test_an_edit_and_a_new_record_keep_the_translations_byte_for_byte(qtbot) -> None:
    path = write(HAND_WRITTEN + TRANSLATIONS)
    editor = open_pack(None, path)
    qtbot.addWidget(editor)
    go_to(qtbot, editor, "Professions")
    editor.pages["professions"].list.setCurrentRow(1)
    type_into(qtbot, editor, "professions_name", "Free trader")
    go_to(qtbot, editor, "Weapons")
    click(qtbot, editor, "add_weapons")
    type_focused(qtbot, editor, "Belaying pin")
    set_spin(qtbot, editor, "weapons_weight_kg", 0.5)
    save(qtbot, editor)
    after = path.read_text("utf-8")
    assert TRANSLATIONS in after
    report = parse_pack(after, "harbour.toml")
    assert report.usable and [str(p) for p in report.problems] == []
    german = report.universe.translations["de"]
    assert german.professions["smuggler"].name == "Schmuggler"
    assert [w.name for w in report.universe.weapons] == ["Belaying pin"]
