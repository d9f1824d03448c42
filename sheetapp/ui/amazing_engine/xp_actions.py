"""The XP actions for the Sheet menu and the Experience tab.

Each names its dialog rather than importing it, so the dialogs load the first time one is
opened instead of on every start.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QWidget

from sheetapp.i18n import N_, _
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.ui.rule_dialog import apply_dialog

# (menu text, shortcut, tip, dialog as "module.Class" in this package, extra arguments after
# (sheet, index)); a dialog without a character (pool dice) has None as extra arguments.
ACTIONS: list[tuple[str, str, str, str, tuple | None]] = [
    (
        N_("Award XP…"),
        "Ctrl+Shift+A",
        N_("Split the GM's award between the character and the Player Core"),
        "xp_award.AwardDialog",
        (),
    ),
    (
        N_("Tax Before a Check…"),
        "",
        N_("Spend character XP before rolling to raise the chance"),
        "xp_spend.TaxDialog",
        (),
    ),
    (
        N_("Buy Attribute Points…"),
        "",
        N_("Raise an attribute for good with character XP, between adventures"),
        "xp_spend.ImproveAttributeDialog",
        (),
    ),
    (
        N_("Buy a Skill…"),
        "",
        N_("Learn a new skill with character XP"),
        "xp_spend.BuySkillDialog",
        (),
    ),
    (
        N_("Buy Pool Dice…"),
        "",
        N_("Add pool dice with core XP, for characters made later"),
        "xp_core.BuyPoolDieDialog",
        None,
    ),
    (
        N_("Transfer Core XP…"),
        "",
        N_("Withdraw core XP into the current character"),
        "xp_core.TransferDialog",
        (),
    ),
    (
        N_("Mark Dead…"),
        "",
        N_("The character dies: its own XP is lost, the core's stays"),
        "xp_status.StatusDialog",
        ("dead",),
    ),
    (
        N_("Retire…"),
        "",
        N_("The character leaves play for good"),
        "xp_status.StatusDialog",
        ("retired",),
    ),
]


def xp_actions(
    parent_widget: QWidget,
    get_sheet: Callable[[], AmazingEngineSheet],
    get_index: Callable[[], int | None],
    apply: Callable[[AmazingEngineSheet, str], None],
) -> list[QAction]:
    """Actions that open their dialog on the current sheet and character and hand an
    accepted result to ``apply`` with an undo text."""

    def run(dialog_name: str, extra: tuple | None) -> None:
        module, _unused, class_name = dialog_name.rpartition(".")
        dialog_class = getattr(import_module(f".{module}", __package__), class_name)
        sheet = get_sheet()
        if extra is None:
            dialog = dialog_class(sheet, parent_widget)
        else:
            index = get_index()
            if index is None or not 0 <= index < len(sheet.characters):
                QMessageBox.information(
                    parent_widget, _("No character chosen"), _("Choose a character first.")
                )
                return
            dialog = dialog_class(sheet, index, *extra, parent_widget)
        apply_dialog(dialog, apply)

    actions: list[QAction] = []
    for text, shortcut, tip, dialog_name, extra in ACTIONS:
        action = QAction(_(text), parent_widget)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setStatusTip(_(tip))
        action.setToolTip(_(tip))
        action.triggered.connect(lambda _checked=False, d=dialog_name, e=extra: run(d, e))
        actions.append(action)
    return actions
