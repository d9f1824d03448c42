"""The conditions one combatant carries at the table (stunned, on fire, blessed), each
for a number of rounds counted down as rounds start, or until taken off."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.play.encounter import Condition
from sheetapp.play.tracker import condition_text
from sheetapp.plural import ngettext
from sheetapp.ui.labels import hint_label
from sheetapp.ui.library.dialog_parts import ok_cancel

NAME_ROLE = Qt.ItemDataRole.UserRole
UNTIL_REMOVED = 0  # the rounds box's lowest value, shown as "until taken off"


class ConditionsDialog(QDialog):
    """``changes()``: the names taken off and the (name, rounds) put on; rounds None lasts
    until taken off."""

    def __init__(
        self, who: str, conditions: Sequence[Condition], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Conditions: {who}").format(who=who))
        self._before = {c.name for c in conditions}
        self._added: list[tuple[str, int | None]] = []
        layout = QVBoxLayout(self)
        layout.addWidget(
            hint_label(
                _("A condition with rounds counts down as each new round starts and ends at 0.")
            )
        )
        self.list = QListWidget(objectName="conditions")
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for condition in conditions:
            self._add_item(condition)
        layout.addWidget(self.list)
        self.take_off = QPushButton(_("&Take Off"), objectName="take_off")
        self.take_off.clicked.connect(lambda _c=False: self._take_off())
        layout.addWidget(self.take_off)
        form = QFormLayout()
        self.name = QLineEdit(objectName="condition_name")
        self.name.setPlaceholderText(_("stunned, on fire, prone…"))
        self.rounds = QSpinBox(objectName="condition_rounds")
        self.rounds.setRange(UNTIL_REMOVED, 999)
        self.rounds.setValue(1)
        self.rounds.setSpecialValueText(_("until taken off"))
        self.rounds.setSuffix(ngettext(" round", " rounds", 1))
        self.rounds.valueChanged.connect(
            lambda n: self.rounds.setSuffix(ngettext(" round", " rounds", n))
        )
        row = QHBoxLayout()
        row.addWidget(self.rounds)
        self.put_on = QPushButton(_("&Put On"), objectName="put_on")
        self.put_on.clicked.connect(lambda _c=False: self._put_on())
        row.addWidget(self.put_on)
        form.addRow(_("Co&ndition:"), self.name)
        lasts = QLabel(_("&Lasts:"))
        lasts.setBuddy(self.rounds)  # a row of two widgets gets no buddy of its own
        form.addRow(lasts, row)
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self))
        self.name.returnPressed.connect(self._put_on)
        self.setMinimumWidth(380)

    def _add_item(self, condition: Condition) -> None:
        item = QListWidgetItem(condition_text(condition))
        item.setData(NAME_ROLE, condition.name)
        self.list.addItem(item)

    def _put_on(self) -> None:
        name = " ".join(self.name.text().split())
        if not name:
            return
        rounds = self.rounds.value() or None
        for row in reversed(range(self.list.count())):
            if self.list.item(row).data(NAME_ROLE) == name:
                self.list.takeItem(row)
        self._added = [(n, r) for n, r in self._added if n != name] + [(name, rounds)]
        self._add_item(Condition(name=name, rounds=rounds))
        self.name.clear()

    def _take_off(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        name = item.data(NAME_ROLE)
        self.list.takeItem(self.list.row(item))
        self._added = [(n, r) for n, r in self._added if n != name]

    def changes(self) -> tuple[list[str], list[tuple[str, int | None]]]:
        """What to take off, then what to put on; a name typed but not yet put on is put
        on too (OK means "and this one")."""
        self._put_on()
        shown = {self.list.item(r).data(NAME_ROLE) for r in range(self.list.count())}
        removed = sorted(self._before - shown)
        return removed, self._added
