"""The hero's species field, completed from the game master's species table: choosing a
species the table knows fills the movement rates it gives, as one undoable step.

A rate the player typed is never replaced silently: a mode is filled only when it is
empty or still holds what the species chosen before gave (``species.fill_movement``), and
the status bar names the modes kept. The first few of the table's problems (entries left
out) show under the field, one line each, and a count of the rest.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent, QObject, QStringListModel, Qt
from PySide6.QtWidgets import QCompleter, QLineEdit, QStatusBar, QVBoxLayout, QWidget

from sheetapp.i18n import _, ngettext
from sheetapp.systems.alternity.species import (
    SpeciesTable,
    fill_movement,
    key,
    species_file,
    species_table,
)
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import hint_label

KEPT_SHOWN_MS = 8000
PROBLEMS_SHOWN = 3  # a file of thousands of bad entries must not stretch the form


def species_tip() -> str:
    """The species field's tooltip: where the table it completes from lives."""
    return _(
        "Human by default. The species your game master lists in {file} complete as you "
        "type; choosing one fills in its movement rates."
    ).format(file=species_file())


def species_completion(line: QLineEdit) -> QCompleter:
    """Completion of the table's species names (any case) for ``line``; the wizard's
    species field has it too, and its gear page fills the rates."""
    completer = QCompleter(QStringListModel(species_table().names(), line), line)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
    line.setCompleter(completer)
    return completer


class SpeciesField(QObject):
    """Binds completion and the movement fill to the (already bound) species ``line``."""

    def __init__(self, document: SheetDocument, line: QLineEdit) -> None:
        super().__init__(line)
        self.document, self.line = document, line
        completer = species_completion(line)
        self.names = cast(QStringListModel, completer.model())
        completer.activated.connect(self._chosen)
        line.editingFinished.connect(lambda: self._chosen(line.text()))
        line.installEventFilter(self)
        self.problems = hint_label("", "species_problems")
        self.problems.setTextFormat(Qt.TextFormat.PlainText)
        self.box = QWidget()
        layout = QVBoxLayout(self.box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(line)
        layout.addWidget(self.problems)
        # the form's "Species" label is the box's buddy: it reads the field's tip, and
        # focusing it focuses the field
        self.box.setFocusProxy(line)
        self.box.setToolTip(line.toolTip())
        self.before = self._species()  # the species the movement may have come from
        self.show_table(species_table())

    def widget(self) -> QWidget:
        """The field with the table's problems under it, for the form's row."""
        return self.box

    def show_table(self, table: SpeciesTable) -> None:
        """Offer the table's species and show its problems."""
        self.names.setStringList(table.names())
        shown = list(table.problems[:PROBLEMS_SHOWN])
        hidden = len(table.problems) - len(shown)
        if hidden:
            shown.append(
                ngettext(
                    "and {n} more problem in {file}",
                    "and {n} more problems in {file}",
                    hidden,
                ).format(n=hidden, file=species_file())
            )
        self.problems.setText("\n".join(shown))
        self.problems.setVisible(bool(table.problems))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.line and event.type() == QEvent.Type.FocusIn:
            self.before = self._species()
            self.show_table(species_table())
        return False

    def _species(self) -> str:
        return str(self.document.value(("species",)) or "")

    def _chosen(self, text: str) -> None:
        """The player settled on ``text``: fill the movement its species gives."""
        if text != self._species():
            self.document.edit(("species",), text)
        table = species_table()
        chosen = table.find(self._species())
        if chosen is None:
            return
        before = table.find(self.before)
        same = before is not None and key(before.name) == key(chosen.name)
        self.before = self._species()
        sheet = self.document.sheet
        fill = fill_movement(sheet.movement, chosen, before)  # type: ignore[attr-defined]
        if fill.movement != sheet.movement:  # type: ignore[attr-defined]
            after = sheet.model_copy(deep=True)
            after.movement = fill.movement  # type: ignore[attr-defined]
            self.document.replace(
                after, _("Fill Movement from {species}").format(species=chosen.name)
            )
        if fill.kept and not same:
            self._say(
                _("Kept the movement you typed for {modes}; {species} gives other rates.").format(
                    modes=", ".join(mode.replace("_", " ") for mode in fill.kept),
                    species=chosen.name,
                )
            )

    def _say(self, message: str) -> None:
        bar = self.line.window().findChild(QStatusBar)
        if bar is not None:
            bar.showMessage(message, KEPT_SHOWN_MS)
