"""The Campaign menu's dialogs: host a campaign, join one with an invite, invite a player.

Each only gathers what the service needs and shows the service's one-line refusal in place
(the dialog stays open with what was typed), so a mistyped code costs one correction.
"""

from __future__ import annotations

import getpass

from PySide6.QtCore import QSysInfo, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.campaign.contracts import Refused, Role
from sheetapp.campaign.invites import parse_link
from sheetapp.i18n import N_, _
from sheetapp.ui.campaign.service import CampaignService, Reach
from sheetapp.ui.library.dialog_parts import ok_cancel
from sheetapp.ui.theme import set_tone

REACHES = (
    (N_("This computer only"), Reach.THIS_MACHINE),
    (N_("The local network (announced)"), Reach.NETWORK),
    (N_("An address I give players"), Reach.ADDRESS),
)


def _row(form: QFormLayout, text: str, field: QWidget, tip: str) -> None:
    label = QLabel(text)
    label.setBuddy(field)
    label.setToolTip(tip)
    field.setToolTip(tip)
    form.addRow(label, field)


def _problem_label() -> QLabel:
    label = QLabel(objectName="campaign_problem")
    label.setWordWrap(True)
    set_tone(label, "error")
    label.hide()
    return label


def _intro(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setProperty("role", "hint")
    return label


class _ServiceDialog(QDialog):
    """A dialog whose OK calls the service; a refusal is shown under the fields."""

    def __init__(self, service: CampaignService, title: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.service = service
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        self.problem = _problem_label()

    def accept(self) -> None:
        try:
            self.call()
        except (ValueError, Refused) as exc:
            self.problem.setText(str(exc).splitlines()[0] if str(exc) else _("Refused."))
            self.problem.show()
            return
        super().accept()

    def call(self) -> None:
        raise NotImplementedError


class HostDialog(_ServiceDialog):
    """Campaign ▸ Host: the campaign's name and the GM's."""

    def __init__(self, service: CampaignService, parent: QWidget | None = None) -> None:
        super().__init__(service, _("Host Campaign"), parent)
        layout = QVBoxLayout(self)
        layout.addWidget(
            _intro(
                _("This computer hosts the campaign and you are its GM. Players join with an "
                "invite; choose where they can reach it from.")
            )
        )
        form = QFormLayout()
        self.name = QLineEdit(objectName="campaign_name")
        self.name.setPlaceholderText(_("Tuesday Night"))
        _row(form, _("&Campaign:"), self.name, _("The campaign's name, as players see it"))
        self.gm = QLineEdit(getpass.getuser(), objectName="gm_name")
        _row(form, _("&Your name:"), self.gm, _("Your name as the players see it (you are the GM)"))
        self.reach = QComboBox(objectName="campaign_reach")
        for text, reach in REACHES:
            self.reach.addItem(_(text), reach)
        self.reach.setCurrentIndex(1)
        _row(form, _("&Players reach it:"), self.reach,
             _("This computer only (for trying it out), the local network (announced, so "
             "players at the table type just the code), or an address you give players "
             "outside your network (the port forwarded to this computer)"))
        self.address = QLineEdit(objectName="campaign_address")
        self.address.setPlaceholderText(_("203.0.113.7 or a host name"))
        _row(
            form,
            _("&Address:"),
            self.address,
            _("The address players outside dial; invites name it"),
        )
        self.reach.currentIndexChanged.connect(self._reach_changed)
        self._reach_changed()
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(ok_cancel(self, _("Host")))

    def _chosen(self) -> Reach:
        return Reach(self.reach.currentData())  # Qt hands the item's data back as text

    def _reach_changed(self) -> None:
        self.address.setEnabled(self._chosen() is Reach.ADDRESS)

    def call(self) -> None:
        name, gm = self.name.text().strip(), self.gm.text().strip()
        if not name:
            raise ValueError(_("Give the campaign a name."))
        if not gm:
            raise ValueError(_("Give your name, as the players will see it."))
        reach = self._chosen()
        address = self.address.text().strip()
        if reach is Reach.ADDRESS and not address:
            raise ValueError(_("Give the address players outside your network dial."))
        self.service.host(name, gm, reach, address)


class JoinDialog(_ServiceDialog):
    """Campaign ▸ Join: the invite the GM gave (a link, or a code on the same network)."""

    def __init__(self, service: CampaignService, parent: QWidget | None = None) -> None:
        super().__init__(service, _("Join Campaign"), parent)
        layout = QVBoxLayout(self)
        layout.addWidget(
            _intro(
                _("Paste the invite link the GM sent, or type the invite code shown on the "
                "GM's screen when you are on the same network.")
            )
        )
        form = QFormLayout()
        self.link = QLineEdit(objectName="invite_link")
        self.link.setPlaceholderText(_("sheetapp://join?…  or  K7QX-M2PD"))
        _row(form, _("&Invite:"), self.link, _("The invite link or code from the GM (used once)"))
        self.label = QLineEdit(_device_name(), objectName="device_label")
        _row(
            form,
            _("This &device:"),
            self.label,
            _("How the GM's member list names this computer, so it can be revoked alone"),
        )
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(ok_cancel(self, _("Join")))
        self.link.textEdited.connect(lambda _t: self.problem.hide())

    def call(self) -> None:
        link = self.link.text().strip()
        if not link:
            raise ValueError(_("Paste the invite link or type the invite code."))
        self.service.join(link, self.label.text().strip() or _device_name())


class InviteDialog(_ServiceDialog):
    """Campaign ▸ Invite: makes a single-use invite for a player and shows its code and
    link to copy."""

    def __init__(self, service: CampaignService, parent: QWidget | None = None) -> None:
        super().__init__(service, _("Invite Player"), parent)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.who = QLineEdit(objectName="invitee_name")
        _row(form, _("&Name:"), self.who, _("The player's name, as the campaign will show it"))
        layout.addLayout(form)
        self.make = QPushButton(_("&Make Invite"), objectName="make_invite")
        self.make.setToolTip(_("A new code, valid once, for this person"))
        self.make.clicked.connect(self.accept)
        make_row = QHBoxLayout()
        make_row.addStretch(1)
        make_row.addWidget(self.make)
        layout.addLayout(make_row)
        layout.addWidget(self.problem)
        shown = QFormLayout()
        self.code = QLineEdit(objectName="invite_code")
        self.code.setReadOnly(True)
        _row(shown, _("Code:"), self.code, _("For a player on the same network: type it in Join"))
        self.link = QLineEdit(objectName="invite_link_shown")
        self.link.setReadOnly(True)
        self.link.setMinimumWidth(360)
        link_row = QHBoxLayout()
        link_row.addWidget(self.link, 1)
        self.copy = QPushButton(_("&Copy Link"), objectName="copy_link")
        self.copy.setToolTip(_("Copy the link to send it (mail, chat); it works once"))
        self.copy.clicked.connect(self.copy_link)
        link_row.addWidget(self.copy)
        holder = QWidget()
        holder.setLayout(link_row)
        link_row.setContentsMargins(0, 0, 0, 0)
        _row(
            shown,
            _("Link:"),
            holder,
            _("For a player elsewhere: send it; it carries the host's key"),
        )
        self.fingerprint = QLabel(objectName="invite_fingerprint")
        self.fingerprint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        _row(
            shown,
            _("Fingerprint:"),
            self.fingerprint,
            _("This host's certificate: a player who joined with the code alone checks that "
            "theirs starts the same"),
        )
        self.shown = QWidget()
        self.shown.setLayout(shown)
        self.shown.setEnabled(False)
        layout.addWidget(self.shown)
        self.copied = _intro("")
        layout.addWidget(self.copied)
        close = QPushButton(_("Close"), objectName="close_invite")
        close.setToolTip(_("Close; an invite made stays valid until used"))
        close.clicked.connect(self.reject)
        close_row = QHBoxLayout()
        close_row.addStretch(1)
        close_row.addWidget(close)
        layout.addLayout(close_row)

    def accept(self) -> None:  # Make Invite: the dialog stays open to show the invite
        try:
            self.call()
        except (ValueError, Refused) as exc:
            self.problem.setText(str(exc))
            self.problem.show()

    def call(self) -> None:
        name = self.who.text().strip()
        if not name:
            raise ValueError(_("Give the player's name."))
        # a campaign has one GM: an invite is always a player's
        code, link = self.service.invite(name, Role.PLAYER)
        self.problem.hide()
        self.code.setText(code)
        self.link.setText(link)
        self.link.setCursorPosition(0)  # the link's start says what it is
        try:
            groups = parse_link(link).fingerprint.split(":")
        except ValueError:
            groups = []
        half = (len(groups) + 1) // 2  # two lines: the dialog stays as wide as the link
        self.fingerprint.setText(":".join(groups[:half]) + "\n" + ":".join(groups[half:]))
        self.shown.setEnabled(True)
        self.copied.setText(_("Invite for {name} made: it works once.").format(name=name))

    def copy_link(self) -> None:
        QGuiApplication.clipboard().setText(self.link.text())
        self.copied.setText(_("Link copied."))


def _device_name() -> str:
    return QSysInfo.machineHostName() or _("this computer")
