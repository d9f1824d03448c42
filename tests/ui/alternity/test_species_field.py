"""The hero's species field completes from the game master's species table, and choosing a
species fills its movement rates as one undoable step, keeping the rates a player typed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QSpinBox, QStatusBar

from sheetapp.systems.alternity.model import Movement
from sheetapp.systems.alternity.species import reload_species, species_file
from tests.ui.alternity.test_form import child, new_blank_alternity, type_into_spin

TABLE = """\
[[species]]
name = "Human"
sprint = 8
run = 6
walk = 2

[[species]]
name = "Skyborn"
walk = 3
fly = 20
"""


def write_table(text: str) -> None:
    path = species_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    reload_species()


def choose_species(qtbot, form, typed: str) -> None:
    """Type the start of a name into the species field and pick the completion offered."""
    species = child(form, QLineEdit, "species")
    species.setFocus()
    species.selectAll()
    qtbot.keyClicks(species, typed)
    popup = species.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)


def test_choosing_a_species_fills_movement_as_one_undoable_step(window, qtbot):
    write_table(TABLE)
    form = new_blank_alternity(window)
    document = form.document
    assert document.sheet.movement == Movement()
    choose_species(qtbot, form, "sky")
    assert document.sheet.species == "Skyborn"
    assert (document.sheet.movement.walk, document.sheet.movement.fly) == (3, 20)
    form.pages.setCurrentWidget(form.gear_page)
    assert child(form, QSpinBox, "move_fly").value() == 20  # the Gear page shows it
    window.undo_action.trigger()  # the fill is a step of its own
    assert document.sheet.movement == Movement() and document.sheet.species == "Skyborn"
    window.redo_action.trigger()
    assert document.sheet.movement.fly == 20


def test_a_rate_the_player_typed_is_kept_and_said_so(window, qtbot):
    write_table(TABLE)
    form = new_blank_alternity(window)
    document = form.document
    choose_species(qtbot, form, "sky")
    form.pages.setCurrentWidget(form.gear_page)
    type_into_spin(qtbot, child(form, QSpinBox, "move_walk"), "5")
    assert document.sheet.movement.walk == 5
    form.pages.setCurrentWidget(form.hero_page)
    choose_species(qtbot, form, "hum")
    moved = document.sheet.movement
    assert document.sheet.species == "Human"
    assert moved.walk == 5  # typed: kept
    assert (moved.sprint, moved.run, moved.fly) == (8, 6, None)  # the rest from the table
    message = window.findChild(QStatusBar).currentMessage()
    assert "walk" in message and "Human" in message


def test_the_tables_problems_show_under_the_field_one_line_each(window, qtbot):
    write_table(TABLE + '\n[[species]]\nname = "Ooze"\nwalk = "slow"\n')
    form = new_blank_alternity(window)
    problems = child(form, QLabel, "species_problems")
    assert problems.isVisible()
    lines = problems.text().splitlines()
    assert len(lines) == 1 and "Ooze" in lines[0] and "line 14" in lines[0]
    species = child(form, QLineEdit, "species")
    assert species.completer().model().stringList() == ["Human", "Skyborn"]


def test_without_a_table_the_field_is_plain_text(window, qtbot):
    reload_species()
    form = new_blank_alternity(window)
    species = child(form, QLineEdit, "species")
    species.setFocus()
    species.selectAll()
    qtbot.keyClicks(species, "Fraal")
    qtbot.keyClick(species, Qt.Key.Key_Tab)
    assert form.document.sheet.species == "Fraal"
    assert form.document.sheet.movement == Movement()
    assert not child(form, QLabel, "species_problems").isVisible()


def test_the_wizard_fills_movement_from_the_table_for_the_heros_species(qtbot):
    from tests.ui.alternity.test_wizard import drive_mara, make

    write_table(TABLE)
    wizard = make(qtbot)
    drive_mara(qtbot, wizard)  # a Human; she sets walk 2 and run 6 herself
    sheet = wizard.result_sheet()
    assert (sheet.movement.sprint, sheet.movement.run, sheet.movement.walk) == (8, 6, 2)


def test_a_table_of_many_bad_entries_shows_a_few_lines_and_a_count(window, qtbot):
    write_table("".join(f'[[species]]\nname = "S{i}"\nwalk = -{i + 1}\n' for i in range(500)))
    form = new_blank_alternity(window)
    problems = child(form, QLabel, "species_problems")
    lines = problems.text().splitlines()
    assert len(lines) == 4 and "S0" in lines[0] and "S2" in lines[2]
    assert "497 more problems" in lines[3]
    assert problems.height() < 200  # the rest of the Hero box stays in view


def test_the_wizard_follows_a_species_changed_after_its_rates_were_filled(qtbot):
    """Back on the Hero page the species changes: the gear page's rates the first species
    gave make way for the new one's, as in the form, and a rate the player typed stays."""
    from PySide6.QtWidgets import QWizard

    from tests.ui.alternity.test_wizard import make
    from tests.ui.wizard_driver import press_next, set_number, type_into

    write_table(TABLE)
    wizard = make(qtbot)
    type_into(qtbot, wizard, "name", "Mara Lund")
    type_into(qtbot, wizard, "species", "Human")
    while wizard.currentPage().title() != "Gear and movement":
        wizard.button(QWizard.WizardButton.NextButton).click()
    assert wizard.findChild(QSpinBox, "move_sprint").value() == 8  # from the table
    set_number(wizard, "move_run", 7)  # typed
    while wizard.currentPage().title() != "Hero":
        wizard.back()
    type_into(qtbot, wizard, "species", "Skyborn")
    while wizard.currentPage().title() != "Gear and movement":
        press_next(wizard)
    rates = {key: wizard.findChild(QSpinBox, f"move_{key}") for key in ("sprint", "run", "fly")}
    assert rates["fly"].value() == 20 and rates["run"].value() == 7
    assert rates["sprint"].value() == rates["sprint"].minimum()  # Skyborn gives no sprint
