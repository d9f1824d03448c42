"""The GM asks for a change on a player's character: an XP award, damage, healing or a
note. It becomes a pending change on the player's sheet, which the player accepts."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.play.damage import TrackState
from sheetapp.ui.campaign.service import RequestKind
from sheetapp.ui.library.dialog_parts import ok_cancel

KIND_NAMES: dict[RequestKind, str] = TranslatedTable({
    "xp": N_("XP award"),
    "damage": N_("Damage"),
    "heal": N_("Healing"),
    "note": N_("Note"),
})
MAX_AMOUNT = 1_000_000


class RequestDialog(QDialog):
    def __init__(
        self, name: str, tracks: Sequence[TrackState], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Request a Change: {name}").format(name=name))
        self.setMinimumWidth(420)
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "{name}'s player sees this as a pending change on the sheet and "
                "accepts or declines it; the sheet changes only when it is "
                "accepted."
            ).format(name=name)
        )
        intro.setWordWrap(True)
        intro.setProperty("role", "hint")
        layout.addWidget(intro)
        form = QFormLayout()
        self.form = form
        self.kind = QComboBox(objectName="request_kind")
        for kind, text in KIND_NAMES.items():
            if kind in ("damage", "heal") and not tracks:
                continue
            self.kind.addItem(_(text), kind)
        self._add(form, _("&Change:"), self.kind, _("What the player is asked to accept"))
        self.amount = QSpinBox(objectName="request_amount")
        self.amount.setRange(1, MAX_AMOUNT)
        self._add(form, _("&Amount:"), self.amount, _("XP awarded, or points of damage or healing"))
        self.track = QComboBox(objectName="request_track")
        for state in tracks:
            self.track.addItem(state.label, state.key)
        self._add(form, _("&Track:"), self.track, _("The track the damage or healing is on"))
        self.text = QLineEdit(objectName="request_text")
        self._add(form, _("&Why:"), self.text, _("The reason (an award) or the note itself"))
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self, _("Send Request")))
        self.kind.currentIndexChanged.connect(lambda _i: self._follow_kind())
        self._follow_kind()

    @staticmethod
    def _add(form: QFormLayout, text: str, field: QWidget, tip: str) -> None:
        label = QLabel(text)
        label.setBuddy(field)
        label.setToolTip(tip)
        field.setToolTip(tip)
        form.addRow(label, field)

    def _follow_kind(self) -> None:
        kind = self.kind.currentData()
        self.form.setRowVisible(self.amount, kind != "note")
        self.form.setRowVisible(self.track, kind in ("damage", "heal"))
        label = self.form.labelForField(self.text)
        if isinstance(label, QLabel):
            label.setText(_("&Note:") if kind == "note" else _("&Why:"))

    def request(self) -> tuple[RequestKind, dict[str, object]]:
        """The kind and payload, as ``CampaignService.request`` takes them."""
        kind: RequestKind = self.kind.currentData()
        text = self.text.text().strip()
        if kind == "xp":
            return kind, {"amount": self.amount.value(), "reason": text}
        if kind == "note":
            return kind, {"text": text}
        return kind, {"track": self.track.currentData(), "amount": self.amount.value()}

    def accept(self) -> None:
        if self.kind.currentData() == "note" and not self.text.text().strip():
            self.text.setFocus()
            self.text.setPlaceholderText(_("Write the note first"))
            return
        super().accept()
