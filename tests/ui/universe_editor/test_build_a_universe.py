"""A game master builds a universe from nothing in the pack editor, saves it, opens it again
unchanged, makes a character in it through the wizard and prints the character's weapons."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QLineEdit

from sheetapp.dice import Roller
from sheetapp.findings import has_errors
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems.amazing_engine import rules
from sheetapp.systems.amazing_engine.catalog import installed_universes, user_pack_folder
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.ui.amazing_engine.universe_browser import UniverseBrowser
from sheetapp.ui.amazing_engine.wizards import PrimeCharacterWizard
from sheetapp.ui.universe_editor.opening import open_pack
from sheetapp.ui.universe_editor.window import UniverseEditor

from ...pdf.factory import text_of
from ..amazing_engine.test_wizard_gear import gear_items, ticked
from ..amazing_engine.test_wizards import (
    WOLFGANG_POINTS,
    WOLFGANG_ROLLS,
    choose,
    fill,
    press_next,
    tick,
    wolfgang_four_dice,
    wolfgang_ranks,
)
from .driving import (
    answer_dialog,
    click,
    go_to,
    set_spin,
    tick_box,
    tick_name,
    type_focused,
    type_into,
)
from .driving import choose as choose_in

WEAPONS = [  # name, damage, lethality, kg
    ("Wand of sparks", "1d6", 4, 0.2),
    ("Duelling staff", "1d8", 2, 1.8),
    ("Silver dagger", "1d4", 3, 0.3),
    ("Crossbow", "2d6", 5, 3.0),
    ("Thunder rod", "3d6", 7, 2.5),
]


def new_editor(qtbot) -> tuple[UniverseBrowser, UniverseEditor]:
    browser = UniverseBrowser()
    qtbot.addWidget(browser)
    browser.show()
    click(qtbot, browser, "new_universe")
    [editor] = browser.findChildren(UniverseEditor)
    qtbot.waitExposed(editor)
    return browser, editor


def add_skill(qtbot, editor, button: str, name: str, attribute: str) -> None:
    click(qtbot, editor, button)
    type_focused(qtbot, editor, name)
    choose_in(qtbot, editor, "skill_attribute", attribute)


def build(qtbot, editor: UniverseEditor) -> None:
    type_into(qtbot, editor, "overview_id", "moonwell")
    type_into(qtbot, editor, "overview_name", "Moonwell Academy")

    go_to(qtbot, editor, "Weapons")
    for name, damage, lethality, kg in WEAPONS:
        click(qtbot, editor, "add_weapons")
        type_focused(qtbot, editor, name)
        type_into(qtbot, editor, "weapons_damage", damage)
        set_spin(qtbot, editor, "weapons_lethality", lethality)
        set_spin(qtbot, editor, "weapons_weight_kg", kg)

    go_to(qtbot, editor, "Skills")
    click(qtbot, editor, "skills_add_group")
    type_focused(qtbot, editor, "Spellcraft")
    add_skill(qtbot, editor, "skills_add_skill", "Warding", "Psyche")
    add_skill(qtbot, editor, "skills_add_specialty", "Circles", "Psyche")
    add_skill(qtbot, editor, "skills_add_specialty", "Salt circles", "Psyche")
    tick_box(qtbot, editor, "skill_enhancement")
    click(qtbot, editor, "skills_add_group")
    type_focused(qtbot, editor, "Lore")
    add_skill(qtbot, editor, "skills_add_skill", "History", "Learning")

    go_to(qtbot, editor, "Professions")
    for pid, name, group, gear in (
        ("enchanter", "Enchanter", "Spellcraft", "Wand of sparks"),
        ("warden", "Warden", "Lore", "Duelling staff"),
    ):
        click(qtbot, editor, "add_professions")
        type_focused(qtbot, editor, pid)
        type_into(qtbot, editor, "professions_name", name)
        tick_name(qtbot, editor, "professions_groups", group)
        tick_name(qtbot, editor, "professions_gear", gear)

    go_to(qtbot, editor, "Species")
    click(qtbot, editor, "add_species")
    type_focused(qtbot, editor, "human")
    type_into(qtbot, editor, "species_name", "Human")
    set_spin(qtbot, editor, "species_modifiers_fitness", 5)

    go_to(qtbot, editor, "Formulas")
    click(qtbot, editor, "add_formula")
    type_focused(qtbot, editor, "spell_slots")
    qtbot.keyClick(editor.findChild(QLineEdit, "formula_key"), Qt.Key.Key_Return)
    type_into(qtbot, editor, "formula_text", "floor(psyche / 20)")
    # Psyche 25 for the sample character: one slot, shown as the formula is typed.
    assert editor.findChild(QLabel, "formula_result").text() == "= 1 for the sample character"


def save(qtbot, editor: UniverseEditor) -> dict[str, str]:
    return answer_dialog(
        qtbot, editor.save_action.trigger, "save_pack", QDialogButtonBox.StandardButton.Save
    )


def test_a_universe_built_in_the_editor_saves_reopens_and_arms_a_character(qtbot) -> None:
    browser, editor = new_editor(qtbot)
    build(qtbot, editor)
    editor.document.check_now()
    assert [str(p) for p in editor.document.problems] == []
    with qtbot.waitSignal(browser.catalogue_reloaded):  # open sheets are checked again
        shown = save(qtbot, editor)
    path = user_pack_folder() / "moonwell.toml"
    assert shown["save_diff"].startswith("A new file, ")
    saved = path.read_bytes()
    text = saved.decode("utf-8")
    for expected in (
        'id = "moonwell"',
        'groups = ["Spellcraft"]',
        'gear = ["Duelling staff"]',
        '    { name = "Circles", attribute = "psyche", children = [\n'
        '      { name = "Salt circles", attribute = "psyche", enhancement = true },',
        'spell_slots = "floor(psyche / 20)"',
        'name = "Human"\nmodifiers = { fitness = 5 }',
        'damage = "3d6"\nlethality = 7\nweight_kg = 2.5',
    ):
        assert expected in text
    assert not editor.isWindowModified()
    # Saving reloaded the catalogue: the universe is there for the wizard.
    moonwell = installed_universes()["moonwell"]
    assert [w.name for w in moonwell.weapons] == [w[0] for w in WEAPONS]
    assert moonwell.skill_count() == 4

    editor.close()
    again = open_pack(None, path)
    qtbot.addWidget(again)
    assert again.document.pack.text.encode("utf-8") == saved
    shown = save(qtbot, again)
    assert shown["save_diff"].startswith("Nothing changes")
    assert path.read_bytes() == saved

    wizard = PrimeCharacterWizard(roller=Roller(1))
    qtbot.addWidget(wizard)
    wizard.show()
    wolfgang_ranks(qtbot, wizard)
    press_next(wizard)
    wolfgang_four_dice(wizard)
    press_next(wizard)
    fill(wizard, "roll", WOLFGANG_ROLLS)
    press_next(wizard)
    fill(wizard, "points", WOLFGANG_POINTS)
    press_next(wizard)
    choose(wizard, "universe", "moonwell")
    choose(wizard, "profession", "warden")
    press_next(wizard)
    tick(wizard, "History")
    press_next(wizard)
    assert ticked(wizard) == ["Duelling staff"]
    gear_items(wizard)["Thunder rod"].setCheckState(0, Qt.CheckState.Checked)
    assert wizard.button(wizard.WizardButton.FinishButton).isEnabled()
    sheet = wizard.result_sheet()
    character = sheet.characters[0]
    assert character.universe == "moonwell"
    assert character.species == "human"
    fitness = WOLFGANG_ROLLS["fitness"] + WOLFGANG_POINTS.get("fitness", 0) + 5
    assert character.attributes[Attribute.FITNESS] == fitness  # the species' +5
    assert not has_errors(rules.check(sheet))
    assert [(w.name, w.damage, w.lethality, w.weight_kg) for w in character.weapons] == [
        ("Duelling staff", "1d8", 2, 1.8),
        ("Thunder rod", "3d6", 7, 2.5),
    ]

    printed = text_of(export_pdf_bytes([sheet], invariant=True))
    for name, damage in (("Duelling staff", "1d8"), ("Thunder rod", "3d6")):
        assert name in printed and damage in printed
    assert "Moonwell Academy" in printed
