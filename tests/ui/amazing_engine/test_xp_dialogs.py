"""The XP dialogs, driven as a player would: type, choose, press OK, read the sheet after."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine import catalog, experience
from sheetapp.systems.amazing_engine.generation import random_from_core, random_prime_sheet
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.ui.amazing_engine.xp_actions import xp_actions
from sheetapp.ui.amazing_engine.xp_award import AwardDialog
from sheetapp.ui.amazing_engine.xp_core import BuyPoolDieDialog, TransferDialog
from sheetapp.ui.amazing_engine.xp_spend import BuySkillDialog, ImproveAttributeDialog, TaxDialog
from sheetapp.ui.amazing_engine.xp_status import StatusDialog
from sheetapp.ui.theme import apply_theme


@pytest.fixture(autouse=True)
def _light_theme() -> None:
    apply_theme(QApplication.instance(), "light")


def new_sheet(*, character_xp: int = 0, core_xp: int = 0) -> AmazingEngineSheet:
    sheet = random_prime_sheet(Roller(5), catalog.builtin_universes()["generic"])
    if character_xp or core_xp:
        sheet = experience.award(sheet, 0, to_character=character_xp, to_core=core_xp)
    return sheet


def with_score(sheet: AmazingEngineSheet, attribute: Attribute, score: int) -> AmazingEngineSheet:
    new = sheet.model_copy(deep=True)
    character = new.characters[0]
    character.attributes = {**character.attributes, attribute: score}
    return new


def show(qtbot, dialog: QDialog) -> QDialog:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def child(dialog: QWidget, kind: type[QWidget], name: str) -> QWidget:
    found = dialog.findChild(kind, name)
    assert found is not None, f"no {kind.__name__} named {name!r}"
    return found


def ok_button(dialog: QDialog) -> QPushButton:
    return dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)


def type_number(qtbot, dialog: QDialog, name: str, text: str) -> QSpinBox:
    spin = child(dialog, QSpinBox, name)
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    return spin


def problem(dialog: QDialog) -> str:
    return child(dialog, QLabel, "problem").text()


def preview(dialog: QDialog) -> str:
    return child(dialog, QLabel, "preview").text()


def press_ok(qtbot, dialog: QDialog) -> AmazingEngineSheet:
    button = ok_button(dialog)
    assert button.isEnabled(), problem(dialog)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    return dialog.result_sheet()


def choose(combo: QComboBox, text: str) -> None:
    """Pick the entry whose visible text starts with ``text``."""
    combo.setFocus()
    found = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert found >= 0, text
    combo.setCurrentIndex(found)


def screenshot(dialog: QDialog, name: str) -> None:
    dialog.adjustSize()
    QApplication.processEvents()
    assert dialog.grab().save(f"/tmp/xp_{name}.png")


def balances(sheet: AmazingEngineSheet) -> tuple[int, int]:
    return experience.character_balance(sheet, 0), experience.core_balance(sheet)


# --- award -----------------------------------------------------------------------------------


def test_the_system_guide_award_splits_75_into_50_and_25(qtbot) -> None:
    dialog = show(qtbot, AwardDialog(new_sheet(), 0))
    assert not ok_button(dialog).isEnabled()  # nothing awarded yet
    assert problem(dialog) == ""  # and nothing wrong before anything is typed
    assert preview(dialog) == "Type the XP the GM awards."

    type_number(qtbot, dialog, "total", "75")
    assert child(dialog, QSpinBox, "to_character").value() == 50
    assert child(dialog, QSpinBox, "to_core").value() == 25
    assert problem(dialog) == ""
    assert "50 XP" in preview(dialog) and "25 XP" in preview(dialog)
    qtbot.keyClicks(child(dialog, QLineEdit, "note"), "Bug hunt at Barnard's Star")
    screenshot(dialog, "award")

    after = press_ok(qtbot, dialog)
    assert balances(after) == (50, 25)
    assert after.characters[0].xp_ledger[-1].note == "Bug hunt at Barnard's Star"
    assert dialog.description() == "Award 75 XP"


def test_moving_the_split_keeps_the_parts_adding_up_to_the_award(qtbot) -> None:
    dialog = show(qtbot, AwardDialog(new_sheet(), 0))
    type_number(qtbot, dialog, "total", "60")
    assert child(dialog, QSpinBox, "to_character").value() == 40
    type_number(qtbot, dialog, "to_core", "45")
    assert child(dialog, QSpinBox, "to_character").value() == 15
    type_number(qtbot, dialog, "to_character", "60")
    assert child(dialog, QSpinBox, "to_core").value() == 0
    assert balances(press_ok(qtbot, dialog)) == (60, 0)


def test_an_award_to_a_dead_character_is_refused(qtbot) -> None:
    dead = experience.mark_dead(new_sheet(), 0)
    dialog = show(qtbot, AwardDialog(dead, 0))
    type_number(qtbot, dialog, "total", "30")
    assert "dead" in problem(dialog)
    assert not ok_button(dialog).isEnabled()


# --- taxing ----------------------------------------------------------------------------------


def test_tax_willpower_46_halved_to_23_takes_at_most_20(qtbot) -> None:
    sheet = with_score(new_sheet(character_xp=50), Attribute.WILLPOWER, 46)
    dialog = show(qtbot, TaxDialog(sheet, 0))
    type_number(qtbot, dialog, "chance", "23")
    assert child(dialog, QLabel, "limit").text().startswith("20 XP")
    assert child(dialog, QSpinBox, "amount").singleStep() == 5

    type_number(qtbot, dialog, "amount", "25")
    assert not ok_button(dialog).isEnabled()
    assert "double" in problem(dialog)
    screenshot(dialog, "tax_refused")

    type_number(qtbot, dialog, "amount", "20")
    assert ok_button(dialog).isEnabled()
    assert problem(dialog) == ""
    assert "43" in child(dialog, QLabel, "taxed").text()
    assert preview(dialog) == "Balance after: 30 XP"
    screenshot(dialog, "tax")
    after = press_ok(qtbot, dialog)
    assert experience.character_balance(after, 0) == 30
    assert after.characters[0].xp_ledger[-1].amount == -20


def test_tax_refuses_odd_amounts_and_more_than_the_balance(qtbot) -> None:
    dialog = show(qtbot, TaxDialog(new_sheet(character_xp=10), 0))
    type_number(qtbot, dialog, "chance", "40")
    type_number(qtbot, dialog, "amount", "7")
    assert "steps of 5" in problem(dialog)
    type_number(qtbot, dialog, "amount", "15")
    assert "10 XP" in problem(dialog)
    assert child(dialog, QLabel, "limit").text().startswith("10 XP")
    assert not ok_button(dialog).isEnabled()


# --- attribute points ------------------------------------------------------------------------


def test_attribute_points_cost_5_each(qtbot) -> None:
    sheet = new_sheet(character_xp=100)
    before = sheet.characters[0].attributes[Attribute.FITNESS]
    dialog = show(qtbot, ImproveAttributeDialog(sheet, 0))
    combo = child(dialog, QComboBox, "attribute")
    assert combo.count() == 8
    assert combo.itemText(0) == f"Fitness ({before})"
    choose(combo, "Fitness")
    type_number(qtbot, dialog, "points", "3")
    assert child(dialog, QLabel, "cost").text().startswith("15 XP")
    assert "Balance after: 85 XP" in preview(dialog)
    assert "between adventures" in child(dialog, QLabel, "reminder").text()
    screenshot(dialog, "improve")

    after = press_ok(qtbot, dialog)
    assert after.characters[0].attributes[Attribute.FITNESS] == before + 3
    assert experience.character_balance(after, 0) == 85
    assert dialog.description() == "Buy 3 Fitness points"


def test_attribute_points_stop_at_90_and_at_the_balance(qtbot) -> None:
    sheet = with_score(new_sheet(character_xp=100), Attribute.CHARM, 88)
    dialog = show(qtbot, ImproveAttributeDialog(sheet, 0))
    choose(child(dialog, QComboBox, "attribute"), "Charm")
    type_number(qtbot, dialog, "points", "3")
    assert "90" in problem(dialog)
    assert not ok_button(dialog).isEnabled()
    type_number(qtbot, dialog, "points", "2")
    assert ok_button(dialog).isEnabled()

    choose(child(dialog, QComboBox, "attribute"), "Fitness")
    type_number(qtbot, dialog, "points", "21")  # 105 XP
    assert "105 XP" in problem(dialog)
    assert not ok_button(dialog).isEnabled()
    type_number(qtbot, dialog, "points", "20")
    assert experience.character_balance(press_ok(qtbot, dialog), 0) == 0


# --- skills ----------------------------------------------------------------------------------


def tree_items(tree: QTreeWidget) -> dict[str, QTreeWidgetItem]:
    found = {}
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        for j in range(top.childCount()):
            found[top.child(j).text(0).rstrip(" *")] = top.child(j)
    return found


def test_buy_a_skill_lists_only_what_can_be_learned_now(qtbot) -> None:
    sheet = new_sheet(character_xp=25)
    dialog = show(qtbot, BuySkillDialog(sheet, 0))
    tree = child(dialog, QTreeWidget, "skills")
    items = tree_items(tree)
    assert "Climbing" in items  # a basic skill
    assert "Climbing > Rock climbing" not in items  # its parent is not known
    assert "History" not in items and "Languages" not in items  # known already
    assert "History > By era" in items  # the parent is known
    assert not ok_button(dialog).isEnabled()  # nothing chosen yet
    assert child(dialog, QLabel, "cost").text() == "20 XP"

    item = items["History > By era"]
    tree.scrollToItem(item)
    qtbot.mouseClick(
        tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center()
    )
    assert preview(dialog) == "Balance after: 5 XP"
    screenshot(dialog, "skill")
    after = press_ok(qtbot, dialog)
    bought = after.characters[0].skills[-1]
    assert (bought.group, bought.path, bought.source) == ("Humanities", ["History", "By era"], "xp")
    assert dialog.description() == "Buy skill History > By era"


def test_buy_a_skill_refused_without_enough_xp_and_the_list_filters(qtbot) -> None:
    dialog = show(qtbot, BuySkillDialog(new_sheet(character_xp=10), 0))
    tree = child(dialog, QTreeWidget, "skills")
    qtbot.keyClicks(child(dialog, QLineEdit, "filter"), "climb")
    visible = [name for name, item in tree_items(tree).items() if not item.isHidden()]
    assert visible == ["Climbing"]
    tree.setCurrentItem(tree_items(tree)["Climbing"])
    assert "20 XP" in problem(dialog)
    assert not ok_button(dialog).isEnabled()


# --- the core: pool dice and transfers -------------------------------------------------------


def test_a_pool_die_for_100_core_xp(qtbot) -> None:
    sheet = new_sheet(core_xp=100)
    dice_before = current_pool_dice(sheet)
    dialog = show(qtbot, BuyPoolDieDialog(sheet))
    choose(child(dialog, QComboBox, "pool"), "Spirit")
    assert child(dialog, QLabel, "cost").text().startswith("100 core XP")
    assert "later" in child(dialog, QLabel, "explanation").text()
    type_number(qtbot, dialog, "count", "2")
    assert "200" in problem(dialog) and not ok_button(dialog).isEnabled()
    type_number(qtbot, dialog, "count", "1")
    assert "Core balance after: 0 XP" in preview(dialog)
    screenshot(dialog, "pool_die")

    after = press_ok(qtbot, dialog)
    assert current_pool_dice(after) == {**dice_before, Pool.SPIRIT: dice_before[Pool.SPIRIT] + 1}
    assert experience.core_balance(after) == 0
    assert dialog.description() == "Buy 1 Spirit pool die"


def test_transfer_moves_core_xp_to_the_character(qtbot) -> None:
    sheet = new_sheet(core_xp=60)  # earned by the prime character, who retires
    sheet.characters[0].status = "retired"
    sheet.characters.append(
        random_from_core(Roller(2), sheet, catalog.builtin_universes()["generic"])
    )
    dialog = show(qtbot, TransferDialog(sheet, 1))
    assert child(dialog, QLabel, "core_balance").text() == "60 XP"
    type_number(qtbot, dialog, "amount", "61")
    assert "60 XP" in problem(dialog) and not ok_button(dialog).isEnabled()
    type_number(qtbot, dialog, "amount", "40")
    screenshot(dialog, "transfer")
    after = press_ok(qtbot, dialog)
    assert (experience.character_balance(after, 1), experience.core_balance(after)) == (40, 20)


def test_the_transfer_dialog_offers_only_characters_made_since_the_deposit(qtbot) -> None:
    sheet = new_sheet(core_xp=60)
    sheet.characters[0].status = "retired"
    universe = catalog.builtin_universes()["generic"]
    sheet.characters.append(random_from_core(Roller(2), sheet, universe))  # made after the XP
    sheet.characters[1].universe = "verdigris"
    sheet = experience.award(sheet, 1, to_character=0, to_core=10)  # it has played since
    sheet.characters.append(random_from_core(Roller(3), sheet, universe))  # made just now
    dialog = show(qtbot, TransferDialog(sheet, 1))  # opened on a character that cannot
    combo = child(dialog, QComboBox, "character")
    assert [combo.itemData(i) for i in range(combo.count())] == [2]
    type_number(qtbot, dialog, "amount", "70")
    after = press_ok(qtbot, dialog)
    assert experience.character_balance(after, 2) == 70


def test_core_xp_cannot_go_back_to_the_character_who_earned_it(qtbot) -> None:
    dialog = show(qtbot, TransferDialog(new_sheet(core_xp=60), 0))
    type_number(qtbot, dialog, "amount", "40")
    assert "already put XP into the core" in problem(dialog)
    assert not ok_button(dialog).isEnabled()
    assert not child(dialog, QComboBox, "character").isEnabled()


# --- death and retirement --------------------------------------------------------------------


def test_death_loses_the_characters_xp_and_keeps_the_cores(qtbot) -> None:
    dialog = show(qtbot, StatusDialog(new_sheet(character_xp=50, core_xp=25), 0, "dead"))
    text = child(dialog, QLabel, "consequence").text()
    assert "50 XP are lost" in text and "25 XP" in text
    assert ok_button(dialog).text() == "Mark Dead"
    screenshot(dialog, "dead")
    after = press_ok(qtbot, dialog)
    assert after.characters[0].status == "dead"
    assert balances(after) == (0, 25)


def test_retiring_keeps_every_balance(qtbot) -> None:
    dialog = show(qtbot, StatusDialog(new_sheet(character_xp=50, core_xp=25), 0, "retired"))
    screenshot(dialog, "retire")
    after = press_ok(qtbot, dialog)
    assert after.characters[0].status == "retired"
    assert balances(after) == (50, 25)
    assert dialog.description().startswith("Retire ")


def test_a_character_cannot_die_twice(qtbot) -> None:
    dead = experience.mark_dead(new_sheet(), 0)
    dialog = show(qtbot, StatusDialog(dead, 0, "dead"))
    assert "already dead" in preview(dialog)  # said at once, not as a typing error
    assert problem(dialog) == ""
    assert not ok_button(dialog).isEnabled()


# --- the actions -----------------------------------------------------------------------------


def accept_when_shown(qtbot, fill: Callable[[QDialog], object]) -> None:
    """Fill and accept the next modal dialog from inside its event loop."""

    def attempt() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            QTimer.singleShot(10, attempt)
            return
        fill(dialog)
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, attempt)


def test_award_action_applies_the_new_sheet_with_an_undo_text(qtbot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    sheet = new_sheet()
    applied: list[tuple[AmazingEngineSheet, str]] = []
    actions = xp_actions(host, lambda: sheet, lambda: 0, lambda s, t: applied.append((s, t)))
    assert [a.text() for a in actions] == [
        "Award XP…",
        "Tax Before a Check…",
        "Buy Attribute Points…",
        "Buy a Skill…",
        "Buy Pool Dice…",
        "Transfer Core XP…",
        "Mark Dead…",
        "Retire…",
    ]
    award = actions[0]
    assert award.shortcut() == QKeySequence("Ctrl+Shift+A")

    accept_when_shown(qtbot, lambda dialog: type_number(qtbot, dialog, "total", "75"))
    award.trigger()
    assert len(applied) == 1
    new, text = applied[0]
    assert text == "Award 75 XP"
    assert balances(new) == (50, 25)


def test_actions_need_a_character(qtbot, monkeypatch) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    told: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "information", lambda parent, title, text, *a: told.append(text)
    )
    applied: list[object] = []
    actions = xp_actions(host, new_sheet, lambda: None, lambda s, t: applied.append(t))
    actions[1].trigger()  # tax
    assert told == ["Choose a character first."]
    assert applied == []


def test_pool_dice_action_needs_no_character(qtbot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    sheet = new_sheet(core_xp=100)
    applied: list[str] = []
    actions = xp_actions(host, lambda: sheet, lambda: None, lambda s, t: applied.append(t))
    accept_when_shown(qtbot, lambda dialog: None)
    actions[4].trigger()
    assert applied == ["Buy 1 Physique pool die"]


def test_every_action_opens_the_dialog_it_names(qtbot) -> None:
    """Each action names its dialog's module and class as text (so the dialogs load late);
    a name that no longer matches would only fail when a player picks the menu entry."""
    host = QWidget()
    qtbot.addWidget(host)
    sheet = new_sheet(character_xp=30, core_xp=30)
    actions = xp_actions(host, lambda: sheet, lambda: 0, lambda s, t: None)
    titles: list[str] = []

    def close_when_shown() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            QTimer.singleShot(10, close_when_shown)
            return
        titles.append(dialog.windowTitle())
        dialog.reject()

    for action in actions:
        QTimer.singleShot(0, close_when_shown)
        action.trigger()
    assert titles == [a.text().removesuffix("…") for a in actions]


def test_tab_runs_through_the_form_then_the_buttons(qtbot) -> None:
    dialog = show(qtbot, AwardDialog(new_sheet(), 0))
    wanted = {"total", "to_character", "to_core", "note", "ok"}
    ok_button(dialog).setObjectName("ok")
    order: list[str] = []
    widget = child(dialog, QSpinBox, "total")
    while len(order) < len(wanted):
        if widget.objectName() in wanted and widget.objectName() not in order:
            order.append(widget.objectName())
        widget = widget.nextInFocusChain()
    assert order == ["total", "to_character", "to_core", "note", "ok"]
