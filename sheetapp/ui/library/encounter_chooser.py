"""The encounters saved in the library: which one is shown, a new one, deleting one, and
saving the one shown after each change (so the fight outlives the app)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.play.encounter import Encounter, EncounterError
from sheetapp.play.table import Table
from sheetapp.storage.library import LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.library.session import LibrarySession


class EncounterChooser(QWidget):
    """``changed``: another encounter is shown (chosen, new, or the next after a delete)."""

    changed = Signal()

    def __init__(
        self, session: LibrarySession, table: Table | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.table = table
        self.encounter = Encounter(name=_("Encounter 1"))
        self.encounter_id: int | None = None
        # Saved encounters skipped because they could not be read, one line each.
        self.unreadable: list[str] = []
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(_("Encounter:")))
        self.combo = QComboBox(objectName="encounter_choice")
        self.combo.setMinimumContentsLength(18)
        self.combo.setToolTip(_("Encounters saved in the library, latest first"))
        self.combo.activated.connect(self._choose)
        row.addWidget(self.combo, 1)
        self.new_button = QPushButton(_("New…"), objectName="new_encounter")
        self.new_button.setProperty("tip", _("Start another encounter"))
        self.new_button.clicked.connect(lambda _c=False: self.new_encounter())
        self.delete_button = QPushButton(_("Delete…"), objectName="delete_encounter")
        self.delete_button.setProperty("tip", _("Forget this encounter (the sheets stay)"))
        self.delete_button.clicked.connect(lambda _c=False: self.delete_encounter())
        row.addWidget(self.new_button)
        row.addWidget(self.delete_button)

    def load_latest(self) -> None:
        """Show the most recently saved encounter that reads (a new one if none); those
        that cannot be read are skipped and listed in ``unreadable``."""
        library, table = self.session.library, self.table
        self.unreadable = []
        try:
            entries = library.encounters() if library is not None else []
        except LibraryError as exc:
            entries, self.unreadable = [], [str(exc)]
        self.encounter, self.encounter_id = Encounter(name=_("Encounter 1")), None
        for entry in entries:  # every one is read, so each unreadable one is reported
            try:
                loaded = table.load(entry.id)  # type: ignore[union-attr]
            except (LibraryError, EncounterError) as exc:
                self.unreadable.append(str(exc))
                continue
            if self.encounter_id is None:
                self.encounter, self.encounter_id = loaded, entry.id
        self.changed.emit()

    def reload(self) -> None:
        """Read the shown encounter again (an undo or another program changed it); the
        latest one when it is gone."""
        if self.table is None or self.encounter_id is None:
            return
        try:
            self.encounter = self.table.load(self.encounter_id)
        except (LibraryError, EncounterError):
            self.load_latest()

    def refill(self) -> None:
        """List the saved encounters again, the one shown selected."""
        library = self.session.library
        with QSignalBlocker(self.combo):
            self.combo.clear()
            try:
                entries = library.encounters() if library is not None else []
            except LibraryError:
                entries = []
            for entry in entries:
                self.combo.addItem(entry.name or _("Encounter {id}").format(id=entry.id), entry.id)
            if self.encounter_id is None:
                self.combo.insertItem(
                    0, _("{name} (not saved yet)").format(name=self.encounter.name), None
                )
            self.combo.setCurrentIndex(max(self.combo.findData(self.encounter_id), 0))

    def save(self, encounter: Encounter) -> None:
        """Show ``encounter`` and store it (nothing is stored in a read-only library)."""
        self.encounter = encounter
        if self.table is None or not self.session.writable:
            return
        try:
            self.encounter_id = self.table.save(encounter, self.encounter_id)
        except LibraryError as exc:
            QMessageBox.warning(self, _("Encounter not saved"), str(exc))

    def _announced(self, write: Callable[[], object]) -> None:
        """Write through the session, so other views hear of the new or deleted encounter
        (the Table that holds this chooser redraws on ``changed``)."""
        if not self.session.writable:
            write()  # nothing is stored: the chooser only shows it
            return
        self.session.perform(
            lambda _library: write(), lambda _done: LibraryChanges(play=True, initiator=self)
        )

    def update_state(self, writable: bool, reason: str) -> None:
        self.combo.setEnabled(self.session.library is not None)
        for button, enabled in (
            (self.new_button, True),
            (self.delete_button, self.encounter_id is not None),
        ):
            button.setEnabled(writable and enabled)
            button.setToolTip(reason if reason and not writable else button.property("tip"))

    def _choose(self, index: int) -> None:
        encounter_id = self.combo.itemData(index)
        if encounter_id is None or encounter_id == self.encounter_id or self.table is None:
            return
        try:
            self.encounter = self.table.load(encounter_id)
        except (LibraryError, EncounterError) as exc:
            QMessageBox.warning(self, _("Encounter not loaded"), str(exc))
            return
        self.encounter_id = encounter_id
        self.changed.emit()

    def new_encounter(self) -> None:
        number = self.combo.count() + 1
        name, ok = QInputDialog.getText(
            self, _("New Encounter"), _("Name:"), text=_("Encounter {number}").format(number=number)
        )
        if not ok:
            return
        self.encounter_id = None
        encounter = Encounter(name=name.strip() or _("Encounter {number}").format(number=number))
        self._announced(lambda: self.save(encounter))
        self.changed.emit()

    def delete_encounter(self) -> None:
        library = self.session.library
        if library is None:
            return
        answer = QMessageBox.question(
            self,
            _("Delete the encounter?"),
            _("Forget “{name}”? The sheets and their damage stay in the library.").format(
                name=self.encounter.name
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        if self.encounter_id is not None:
            gone = self.encounter_id
            try:
                self._announced(lambda: library.delete_encounter(gone))
            except LibraryError as exc:
                QMessageBox.warning(self, _("Not deleted"), str(exc))
                return
        self.load_latest()
