"""The wizard every system's guided creation runs on.

A creation wizard holds no rules of its own: every change rebuilds the partial sheet with the
system's backend builders and runs the system's ``rules.check`` over it (``build_snapshot``),
then lets each :class:`~sheetapp.ui.wizard.steps.StepPage` show the findings of its step.
Subclasses supply the pages and ``build_snapshot``; ``result_sheet`` hands the finished sheet
to whoever opened the wizard (File > New Character, the library's New).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMessageBox, QWidget, QWizard

from sheetapp.dice import Roller
from sheetapp.findings import Finding
from sheetapp.i18n import _
from sheetapp.systems.sheet_model import SheetModel
from sheetapp.ui.help_topic import add_help_key, set_help_topic
from sheetapp.ui.settings import Settings
from sheetapp.ui.wizard.steps import Checked, StepPage

# Fits a 1366x768 screen with room for a taskbar and the window frame.
MINIMUM_SIZE = (820, 560)
DEFAULT_SIZE = (880, 620)


@dataclass(frozen=True)
class SheetCheck:
    """The usual snapshot: the partial sheet and what ``rules.check`` says about it."""

    sheet: SheetModel
    findings: list[Finding]


class StepWizard(QWizard):
    """The draft's check-and-refresh loop shared by every system's creation wizard."""

    def __init__(self, parent: QWidget | None, roller: Roller | None, help_topic: str) -> None:
        super().__init__(parent)
        self.setObjectName("character_wizard")
        set_help_topic(self, help_topic)
        add_help_key(self)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setMinimumSize(*MINIMUM_SIZE)
        self.resize(*DEFAULT_SIZE)
        self.roller = roller if roller is not None else Roller()
        self._steps: list[StepPage] = []
        self._snapshot: Any = None
        self._ready = False
        self._refreshing = False
        self._again = False
        self._untouched: Any = None  # the sheet before anything was entered
        self._quiet = False  # closing without asking (not the person's doing)

    def _add_steps(self, steps: list[StepPage]) -> None:
        for step in steps:
            self.addPage(step)
            self._steps.append(step)
        self._ready = True
        self.changed()
        self._untouched = self._entered()

    # --- leaving ----------------------------------------------------------------------------

    def _entered(self) -> Any:
        """What the person has made so far, to compare with where they started."""
        snapshot = self.snapshot()
        return getattr(snapshot, "sheet", snapshot)

    def touched(self) -> bool:
        """Whether anything was entered or rolled since the wizard opened."""
        return self._ready and self._entered() != self._untouched

    def reject(self) -> None:
        """Escape, Cancel and the window's close button: gone at once when nothing was
        entered; otherwise the person is asked first, so one key never loses their work."""
        if not self._quiet and self.touched() and not self._discard_confirmed():
            return
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        """The window's close button asks as Cancel does; a close the program makes (the
        app quitting, its windows closed) does not wait on a question."""
        self._quiet = not event.spontaneous()
        try:
            super().closeEvent(event)
        finally:
            self._quiet = False

    def _discard_confirmed(self) -> bool:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(_("Discard the New Character?"))
        box.setText(_("Close the wizard and discard what you entered?"))
        discard = box.addButton(_("&Discard"), QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(_("&Keep Editing"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.exec()
        return box.clickedButton() is discard

    # --- the StepHost protocol the pages call ------------------------------------------

    def changed(self) -> None:
        """Rebuild and re-check the sheet, then let every page show what concerns it.

        A page refresh may itself change a value (a spin box clamped to a new maximum);
        that asks for another round instead of nesting one refresh inside another.
        """
        if not self._ready:
            return
        if self._refreshing:
            self._again = True
            return
        self._refreshing = True
        try:
            while True:
                self._again = False
                self._snapshot = None
                snapshot = self.snapshot()
                for step in self._steps:
                    step.present(snapshot)
                if not self._again:
                    break
        finally:
            self._refreshing = False

    def snapshot(self) -> Any:
        if self._snapshot is None:
            self._snapshot = self.build_snapshot()
        return self._snapshot

    # --- what each system supplies ------------------------------------------------------

    def build_snapshot(self) -> Checked:
        """The partial sheet built from the draft, with ``check`` run over it."""
        raise NotImplementedError

    def result_sheet(self) -> SheetModel:
        """The sheet as entered, for the caller to open (check it before saving).

        A snapshot with a ``sheet`` (a :class:`SheetCheck`) needs nothing more; a copy, so
        the caller's edits never reach the wizard's cached snapshot.
        """
        return self.snapshot().sheet.model_copy(deep=True)


class WizardFactory(Protocol):
    """What a system's wizard module exports as ``create_wizard`` (see the registry)."""

    def __call__(self, parent: QWidget | None, settings: Settings) -> StepWizard: ...
