"""A blank Alternity hero made from the menu and filled in by hand, as a player would:
figures and findings follow each keystroke, damage fills the tracks, undo takes it back,
and everything survives saving, closing and reopening."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox

from sheetapp.systems.alternity.checks import check_odds
from sheetapp.systems.alternity.names import Ability
from sheetapp.ui.alternity.form import AlternityForm

SCORES = {
    Ability.STRENGTH: "12",
    Ability.DEXTERITY: "11",
    Ability.CONSTITUTION: "9",
    Ability.INTELLIGENCE: "10",
    Ability.WILL: "9",
    Ability.PERSONALITY: "10",
}  # 61 points: one too many for a human, on purpose


def child(form, cls, name: str):
    widget = form.findChild(cls, name)
    assert widget is not None, name
    return widget


def type_into_spin(qtbot, spin: QSpinBox, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.keyClick(spin, Qt.Key.Key_Tab)


def codes(form: AlternityForm) -> set[str]:
    return {f.code for f in form.document.findings}


def new_blank_alternity(window) -> AlternityForm:
    action = next(a for a in window.new_blank_menu.actions() if a.text() == "Alternity")
    action.trigger()
    form = window.current_form()
    assert isinstance(form, AlternityForm)
    return form


def test_fill_in_a_hero_take_damage_undo_save_and_reopen(window, qtbot, tmp_path, monkeypatch):
    form = new_blank_alternity(window)
    document = form.document
    name = child(form, QLineEdit, "name")
    assert "alt.name.missing" in codes(form)
    assert name.property("finding") == "warning"
    qtbot.keyClicks(name, "Jack Everstar")
    assert document.sheet.name == "Jack Everstar"
    assert "alt.name.missing" not in codes(form) and name.property("finding") == ""
    window.undo_action.trigger()  # typing one field is one undo step
    assert document.sheet.name == ""
    window.redo_action.trigger()
    assert name.text() == "Jack Everstar"

    # Abilities: the figures follow each score.
    stun = child(form, QLabel, "figure_stun")
    assert stun.text() == "–"
    for ability, text in SCORES.items():
        type_into_spin(qtbot, child(form, QSpinBox, f"ability_{ability.value}"), text)
    assert stun.text() == "9"
    assert child(form, QLabel, "figure_mortal").text() == "5"
    assert child(form, QLabel, "figure_action_check").text() == "12+ / 11 / 5 / 2"
    assert child(form, QLabel, "resistance_strength").text() == "+1"
    assert child(form, QLabel, "figure_breath").text() == "4 rounds"
    assert "alt.abilities.total" in codes(form)  # 61 of 60
    type_into_spin(qtbot, child(form, QSpinBox, "ability_strength"), "11")
    assert "alt.abilities.total" not in codes(form)
    # The drowning example's tracks, as overrides.
    for track, text in (("stun", "8"), ("wound", "8"), ("mortal", "4")):
        type_into_spin(qtbot, child(form, QSpinBox, f"{track}_override"), text)
    assert stun.text() == "8"

    # Skills: Stamina and its endurance specialty.
    form.pages.setCurrentWidget(form.skills_page)
    broad = child(form, QComboBox, "new_broad")
    broad.setEditText("Stamina")
    qtbot.mouseClick(child(form, QPushButton, "add_broad"), Qt.MouseButton.LeftButton)
    specialty = child(form, QComboBox, "new_specialty")
    specialty.setEditText("Stamina-endurance")
    qtbot.mouseClick(child(form, QPushButton, "add_specialty"), Qt.MouseButton.LeftButton)
    assert [s.name for s in document.sheet.specialty_skills] == ["endurance"]
    assert form.skills_page.special_view.currentIndex().row() == 0  # the new row is current
    scores = form.skills_page.specialties
    assert scores.data(scores.index(0, 3)) == "10/5/2"  # Constitution 9 + rank 1
    assert scores.data(scores.index(0, 4)) == "+d0"  # trained: +d0 at any rank (Mad Dog)
    broad_scores = form.skills_page.broad
    assert broad_scores.data(broad_scores.index(0, 3)) == "+d4"  # alone, for another specialty

    # Play: a wound of 5 marks 5 wound boxes and 2 stun.
    form.pages.setCurrentWidget(form.play_page)
    kind = child(form, QComboBox, "damage_kind")
    kind.setCurrentIndex(kind.findData("wound"))
    type_into_spin(qtbot, child(form, QSpinBox, "damage_points"), "5")
    qtbot.mouseClick(child(form, QPushButton, "take_damage"), Qt.MouseButton.LeftButton)
    wound_boxes = [child(form, QCheckBox, f"wound_box_{i}") for i in range(1, 9)]
    assert [b.isChecked() for b in wound_boxes] == [True] * 5 + [False] * 3
    assert child(form, QCheckBox, "stun_box_2").isChecked()
    assert not child(form, QCheckBox, "stun_box_3").isChecked()
    condition = child(form, QLabel, "condition")
    assert "Dazed: +1" in condition.text()  # 5 of 8 wound boxes: past half
    window.undo_action.trigger()
    assert not any(b.isChecked() for b in wound_boxes)
    assert "Unhurt" in condition.text()
    # A click on the third stun box marks three.
    qtbot.mouseClick(child(form, QCheckBox, "stun_box_3"), Qt.MouseButton.LeftButton)
    assert document.sheet.damage.stun == 3

    # The stepper: Stamina-endurance against a Tough task.
    choice = child(form, QComboBox, "check_choice")
    choice.setCurrentIndex(choice.findText("Stamina-endurance (10)"))
    difficulty = child(form, QComboBox, "difficulty")
    difficulty.setCurrentIndex(difficulty.findData(2))
    # A trained specialty's base die is +d0 (Mad Dog's example), two steps worse is +d6.
    assert child(form, QLabel, "stepper_die").text().startswith("Roll d20 +d6 at or under 10")
    good = check_odds(10, 2).as_floats()["good"]
    assert f"Good {good:.1%}" in child(form, QLabel, "stepper_odds").text()
    # Stamina alone, for a specialty the hero lacks: Constitution 9, base +d4, Tough +d8.
    choice.setCurrentIndex(choice.findText("Stamina, a specialty not taken (9)"))
    assert (
        child(form, QLabel, "stepper_die")
        .text()
        .startswith("Roll d20 +d8 at or under 9  (base +d4; Difficulty +2)")
    )

    # Save, close, reopen: every value as it was.
    target = tmp_path / "jack.sheet.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    assert window.save_current_as()  # a file (Save keeps a new sheet in the library)
    saved = document.sheet
    window.close_tab()
    reopened = window.open_path(target)
    assert isinstance(reopened, AlternityForm)
    assert reopened.document.sheet == saved
    assert child(reopened, QLineEdit, "name").text() == "Jack Everstar"
    assert reopened.document.sheet.abilities[Ability.STRENGTH] == 11
    assert reopened.document.sheet.durability.mortal == 4
    assert reopened.document.sheet.damage.stun == 3


def test_a_random_npc_from_the_menu_spends_last_resorts_and_applies_checks(window, qtbot):
    action = next(a for a in window.new_random_menu.actions() if a.text() == "Alternity")
    action.trigger()
    form = window.current_form()
    assert isinstance(form, AlternityForm)
    sheet = form.document.sheet
    assert sheet.npc and sheet.name
    assert not [f for f in form.document.findings if f.severity.value != "info"]
    form.pages.setCurrentWidget(form.play_page)

    # One last resort raises a Good to an Amazing; a second one is refused.
    form.document.edit(("profession",), "Tech Op")
    form.document.edit(("last_resorts",), 1)
    degree = child(form, QComboBox, "spend_degree")
    degree.setCurrentIndex(degree.findText("Good"))
    spend = child(form, QPushButton, "spend")
    qtbot.mouseClick(spend, Qt.MouseButton.LeftButton)
    assert child(form, QLabel, "spend_result").text() == "Good becomes Amazing."
    assert form.document.sheet.last_resorts == 0
    assert "0 left" in child(form, QLabel, "resorts_left").text()
    qtbot.mouseClick(spend, Qt.MouseButton.LeftButton)
    assert child(form, QLabel, "spend_result").text().startswith("Not allowed")
    assert form.document.sheet.last_resorts == 0

    # A Free Agent may spend two: a Critical Failure becomes an Ordinary.
    form.document.edit(("profession",), "Free Agent")
    form.document.edit(("last_resorts",), 2)
    type_into_spin(qtbot, child(form, QSpinBox, "spend_points"), "2")
    degree.setCurrentIndex(degree.findText("Critical failure"))
    qtbot.mouseClick(spend, Qt.MouseButton.LeftButton)
    assert child(form, QLabel, "spend_result").text() == "Critical failure becomes Ordinary."
    assert form.document.sheet.last_resorts == 0

    # A dying hero's failed Stamina-endurance check marks one more mortal box.
    form.document.edit(("damage", "mortal"), 1)
    kind = child(form, QComboBox, "check_kind")
    kind.setCurrentIndex(kind.findData("dying"))
    result = child(form, QComboBox, "check_degree")
    result.setCurrentIndex(result.findText("Failure"))
    qtbot.mouseClick(child(form, QPushButton, "apply_check"), Qt.MouseButton.LeftButton)
    assert form.document.sheet.damage.mortal == 2
    assert child(form, QCheckBox, "mortal_box_2").isChecked()

    # A finding's path leads to its field.
    form.document.edit(("specialty_skills", 0, "rank"), -1)
    assert "alt.skills.rank" in codes(form)
    assert form.focus_path("specialty_skills[0].rank")
    assert form.pages.currentWidget() is form.skills_page


def test_stored_skill_points_buy_a_last_resort_point_from_the_hero_page(window, qtbot):
    form = new_blank_alternity(window)
    document = form.document
    type_into_spin(qtbot, child(form, QSpinBox, "ability_personality"), "13")  # at most 2
    type_into_spin(qtbot, child(form, QSpinBox, "last_resorts"), "1")
    type_into_spin(qtbot, child(form, QSpinBox, "skill_points"), "5")
    buy = child(form, QPushButton, "buy_last_resort")
    qtbot.mouseClick(buy, Qt.MouseButton.LeftButton)
    assert "costs in skill points" in child(form, QLabel, "buy_result").text()
    assert document.sheet.last_resorts == 1  # nothing bought without a price
    type_into_spin(qtbot, child(form, QSpinBox, "last_resort_cost"), "3")
    qtbot.mouseClick(buy, Qt.MouseButton.LeftButton)
    assert (document.sheet.last_resorts, document.sheet.skill_points) == (2, 2)
    assert child(form, QSpinBox, "skill_points").value() == 2
    qtbot.mouseClick(buy, Qt.MouseButton.LeftButton)  # at the maximum now
    assert "at most 2" in child(form, QLabel, "buy_result").text()
    window.undo_action.trigger()  # the purchase is one undoable step
    assert (document.sheet.last_resorts, document.sheet.skill_points) == (1, 5)
