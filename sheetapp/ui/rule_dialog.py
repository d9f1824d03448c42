"""The frame of a dialog that applies one rule to a sheet (award XP, raise a skill, learn
one): a form, a preview of what the change would do or the rules' reason for refusing it,
and OK/Cancel.

The rules live in each system's backend. On every change the dialog asks the operation for
the sheet it would make: a refusal shows in red with OK disabled. Nothing here decides what
the rules allow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.ui.help_topic import add_help_key
from sheetapp.ui.labels import tip_labels_from_fields
from sheetapp.ui.theme import set_tone


def sentence(message: str) -> str:
    """A backend message as a sentence: capital first, one full stop at the end.

    >>> sentence("ranged would be 7; ratings go no higher than 6.."), sentence("why?")
    ('Ranged would be 7; ratings go no higher than 6.', 'Why?')
    """
    text = message.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith(("!", "?")) else text.rstrip(".") + "."


def note_field(tip: str = "") -> QLineEdit:
    """The optional note a dialog writes in the ledger beside its line."""
    note = QLineEdit(objectName="note")
    note.setPlaceholderText(_("optional"))
    note.setToolTip(tip)
    note.setClearButtonEnabled(True)
    return note


class SheetDialog(Protocol):
    def exec(self) -> int: ...
    def result_sheet(self) -> Any: ...
    def description(self) -> str: ...
    def deleteLater(self) -> None: ...


def apply_dialog(dialog: SheetDialog, apply: Callable[[Any, str], None]) -> None:
    """Show ``dialog``; when accepted hand its sheet and undo text to ``apply`` (usually
    ``SheetDocument.replace``: one undoable edit)."""
    try:
        if dialog.exec():
            apply(dialog.result_sheet(), dialog.description())
    finally:
        dialog.deleteLater()


class RuleDialog(QDialog):
    """Subclasses fill ``form``, call ``finish()`` and implement ``attempt`` and
    ``description``; ``refusal`` is the exception their rules raise to say no."""

    refusal: type[Exception] = ValueError

    def __init__(self, sheet: Any, title: str, parent: QWidget | None, *, width: int) -> None:
        super().__init__(parent)
        add_help_key(self)
        self.sheet = sheet
        self._result: Any = None
        self._opened = False  # shown once: what the rules say after that answers a change
        self.setWindowTitle(title)
        self.outer = QVBoxLayout(self)
        # The layout owns the minimum size (so wrapped text never clips); the strut keeps
        # the dialog wide enough for the previews to read as sentences.
        self.outer.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        self.outer.addStrut(width)
        self.form = QFormLayout()
        self.outer.addLayout(self.form)
        self.preview = QLabel(objectName="preview")
        self.preview.setProperty("role", "figure")
        self.preview.setWordWrap(True)
        self.preview.setToolTip(_("What OK would do to the sheet, as the rules work it out."))
        # Why the rules say no, in a red that reads on the palette, light or dark.
        self.problem = QLabel(objectName="problem")
        self.problem.setWordWrap(True)
        self.problem.setToolTip(_("Why the rules refuse the choice as it stands; OK waits."))
        self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        set_tone(self.problem, "error")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def finish(self) -> None:
        """Lay out the preview, the problem line and the buttons below what the subclass
        added, and show the first preview."""
        self.outer.addWidget(self.preview)
        self.outer.addWidget(self.problem)
        self.outer.addWidget(self.buttons)
        tip_labels_from_fields(self)
        self.refresh()

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def attempt(self) -> tuple[Any, str]:
        """The sheet the operation makes (None while a choice or roll is still to come) and
        the words to show; raises ``refusal``."""
        raise NotImplementedError

    def description(self) -> str:
        raise NotImplementedError

    def refresh(self) -> None:
        """Show what OK would do, or why the rules refuse it. Before the person has
        changed anything a refusal is what is still to do, in plain words, not an error in
        red: nothing was typed wrong yet."""
        opening, self._opened = not self._opened, True
        try:
            new, text = self.attempt()
        except self.refusal as refused:
            self._result = None
            self._show(self.preview, sentence(str(refused)) if opening else "")
            self._show(self.problem, "" if opening else sentence(str(refused)))
            self.ok_button.setEnabled(False)
            return
        self._result = new
        self._show(self.problem, "")
        self._show(self.preview, text)
        self.ok_button.setEnabled(new is not None)

    @staticmethod
    def _show(line: QLabel, text: str) -> None:
        """An empty line takes no room."""
        line.setText(text)
        line.setHidden(not text)

    def result_sheet(self) -> Any:
        """The sheet after the operation; only valid once the dialog was accepted."""
        if self._result is None:
            raise RuntimeError(_("the dialog holds no allowed operation"))
        return self._result

    def accept(self) -> None:
        if self._result is not None:
            super().accept()
