"""Award the same XP to several library sheets: how much, the core's share, a note.

Each system's rules decide (``GmSupport.award_xp``); the list says beforehand which sheets'
systems cannot take an award yet, and the report after says which sheets the rules refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.play.support import XpAward, gm_support
from sheetapp.plural import ngettext
from sheetapp.storage.library import RosterRow
from sheetapp.systems.registry import system_name
from sheetapp.ui.library.dialog_parts import ok_cancel, record_list

MAX_XP = 1_000_000


class AwardDialog(QDialog):
    def __init__(self, rows: Sequence[RosterRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Award XP"))
        layout = QVBoxLayout(self)
        noun = ngettext("sheet", "{n} sheets", len(rows)).format(n=len(rows))
        intro = QLabel(
            _(
                "The same award goes to each of the {noun} below and is saved as "
                "a new revision of each. The rules of each sheet's system "
                "decide; those they refuse are left unchanged and listed "
                "afterwards."
            ).format(noun=noun)
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.sheets = record_list(
            "award_sheets",
            [_("Sheet"), _("System"), ""],
            QAbstractItemView.SelectionMode.NoSelection,
            stretch=0,
            widths=((1, 140), (2, 170)),
        )
        for row in rows:
            available = gm_support(row.system).award_xp is not None
            item = QTreeWidgetItem(
                [
                    row.name or _("(unnamed sheet {id})").format(id=row.id),
                    system_name(row.system),
                    "" if available else _("no XP awards yet"),
                ]
            )
            self.sheets.addTopLevelItem(item)
        self.sheets.setMaximumHeight(180)
        layout.addWidget(self.sheets)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.amount = QSpinBox(objectName="xp")
        self.amount.setRange(1, MAX_XP)
        self.amount.setValue(100)
        self.amount.setSuffix(_(" XP"))
        self.amount.setGroupSeparatorShown(True)
        self.amount.setToolTip(_("XP for each sheet's character"))
        form.addRow(_("&XP each:"), self.amount)  # Alt+A is the Award button
        self.core = QSpinBox(objectName="core_xp")
        self.core.setRange(0, MAX_XP)
        self.core.setSuffix(_(" XP"))
        self.core.setGroupSeparatorShown(True)
        self.core.setToolTip(
            _("Amazing Engine: the part of a split award that goes to the player's core. "
            "An NPC has no core, so the rules refuse a core share for it.")
        )
        form.addRow(_("To the &core:"), self.core)
        self.note = QLineEdit(objectName="note")
        self.note.setPlaceholderText(_("optional: what the XP was for"))
        self.note.setClearButtonEnabled(True)
        form.addRow(_("&Note:"), self.note)
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self, _("&Award")))
        self.setMinimumWidth(520)

    def award(self) -> XpAward:
        return XpAward(self.amount.value(), self.core.value(), self.note.text().strip())
