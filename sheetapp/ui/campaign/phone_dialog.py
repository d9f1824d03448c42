"""Campaign ▸ Pair a Phone…: a QR code a member's phone scans to open the campaign's phone
page as a device of that member (see docs/phone.md).

A player pairs a phone of their own; the GM pairs one for any member, a player without a
laptop too (a new name becomes a player). The host is asked on a thread of its own, so a
host slow to answer never freezes the window; the answer comes back as a signal.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QImage, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)

from sheetapp.campaign.contracts import Refused, Role
from sheetapp.i18n import _
from sheetapp.ui.campaign.service import CampaignService
from sheetapp.ui.theme import set_tone

QR_PIXELS = 280


class _Answer(QObject):
    """Carries the host's answer from the pairing thread to the window's."""

    paired = Signal(str)
    refused = Signal(str)


def qr_pixmap(link: str, size: int = QR_PIXELS) -> QPixmap:
    """The link as a QR code, black on white whatever the theme (cameras read that best)."""
    import io

    import segno

    out = io.BytesIO()
    code = segno.make_qr(link, error="m")
    scale = max(1, size // (code.symbol_size(border=4)[0]))
    code.save(out, kind="png", scale=scale, border=4, dark="#000000", light="#ffffff")
    return QPixmap.fromImage(QImage.fromData(out.getvalue(), "PNG"))


class PhoneDialog(QDialog):
    def __init__(self, service: CampaignService, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Pair a Phone"))
        self.setObjectName("phone_dialog")
        self.setMinimumWidth(440)
        self.service = service
        self._answer = _Answer(self)
        self._answer.paired.connect(self._paired)
        self._answer.refused.connect(self._refused)
        layout = QVBoxLayout(self)
        intro = QLabel(_(
            "The phone opens the campaign's page on this network: your character, its "
            "rolls and tracks, and the GM's requests. Scan the code with the phone's camera."
        ))
        intro.setWordWrap(True)
        intro.setProperty("role", "hint")
        layout.addWidget(intro)
        row = QHBoxLayout()
        who = QLabel(_("&Whose phone:"))
        self.member = QComboBox(objectName="phone_member")
        self.member.setEditable(True)
        self.member.setToolTip(_("The member the phone plays as; the GM may name a new player"))
        who.setBuddy(self.member)
        own = service.member()
        if service.role() is Role.GM:
            names = [p.name for p in service.presence() if p.role is not Role.GM]
            self.member.addItems(names)
        elif own is not None:
            self.member.addItem(own.name)
            self.member.setEditable(False)
        row.addWidget(who)
        row.addWidget(self.member, 1)
        self.make = QPushButton(_("&Make Code"), objectName="make_phone_code")
        self.make.setToolTip(_("A new phone device for this member, and its code"))
        self.make.clicked.connect(self.pair)
        row.addWidget(self.make)
        layout.addLayout(row)
        self.problem = QLabel(objectName="phone_problem")
        self.problem.setWordWrap(True)
        set_tone(self.problem, "error")
        self.problem.hide()
        layout.addWidget(self.problem)
        self.code = QLabel(objectName="phone_qr")
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setMinimumSize(QR_PIXELS + 16, QR_PIXELS + 16)
        self.code.setAccessibleName(_("QR code of the phone's link"))
        layout.addWidget(self.code)
        link_row = QHBoxLayout()
        self.link = QLineEdit(objectName="phone_link")
        self.link.setReadOnly(True)
        self.link.setAccessibleName(_("The phone's link"))
        link_row.addWidget(self.link, 1)
        self.copy = QPushButton(_("&Copy Link"), objectName="copy_phone_link")
        self.copy.setToolTip(_("Copy the link, to open it on the phone another way"))
        self.copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.link.text()))
        self.copy.setEnabled(False)
        link_row.addWidget(self.copy)
        layout.addLayout(link_row)
        self.note = QLabel(_(
            "The link holds the phone's key: show it only to that phone. The phone's browser "
            "warns about the host's own certificate; its fingerprint ends the link. Revoke "
            "the phone in Members… like any device."
        ))
        self.note.setWordWrap(True)
        self.note.setProperty("role", "hint")
        layout.addWidget(self.note)
        close = QPushButton(_("Close"), objectName="close_phone")
        close.clicked.connect(self.reject)
        close_row = QHBoxLayout()
        close_row.addStretch(1)
        close_row.addWidget(close)
        layout.addLayout(close_row)

    def pair(self) -> None:
        name = self.member.currentText().strip()
        if not name:
            self._refused(_("Name the member whose phone it is."))
            return
        self.make.setEnabled(False)
        self.problem.hide()
        answer = self._answer

        def ask() -> None:
            try:
                answer.paired.emit(self.service.pair_phone(name))
            except (Refused, ValueError) as exc:
                answer.refused.emit(str(exc))

        threading.Thread(target=ask, name="sheetapp-pair-phone", daemon=True).start()

    def _paired(self, link: str) -> None:
        self.make.setEnabled(True)
        self.code.setPixmap(qr_pixmap(link))
        self.link.setText(link)
        self.link.setCursorPosition(0)
        self.copy.setEnabled(True)

    def _refused(self, reason: str) -> None:
        self.make.setEnabled(True)
        self.problem.setText(reason)
        self.problem.show()
