"""Campaign ▸ Members: who is in the campaign, from which devices, and revoking one.

A device, not a person, is revoked: a player who lost a laptop keeps playing from their
other one. Revoking asks first, since the device can only come back with a new invite.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.campaign.contracts import Refused, Role
from sheetapp.i18n import N_, TranslatedTable, _, ngettext
from sheetapp.ui.campaign.service import CampaignService
from sheetapp.ui.library.dialog_parts import record_list

DeviceRole = Qt.ItemDataRole.UserRole + 1  # a device row's id (str)
ROLE_NAMES = TranslatedTable({Role.GM: "GM", Role.PLAYER: N_("Player")})


class MembersDialog(QDialog):
    def __init__(self, service: CampaignService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.setWindowTitle(_("Campaign Members"))
        self.resize(560, 360)
        layout = QVBoxLayout(self)
        intro = QLabel(
            _("Each member's devices are listed under them. Revoke a device that is lost or "
            "no longer used: it is refused from then on, and rejoins only with a new invite.")
        )
        intro.setWordWrap(True)
        intro.setProperty("role", "hint")
        layout.addWidget(intro)
        self.tree = record_list(
            "campaign_members",
            [_("Member or device"), _("Role"), _("Device id")],
            QAbstractItemView.SelectionMode.SingleSelection,
            stretch=0,
            widths=((1, 90), (2, 150)),
        )
        self.tree.setRootIsDecorated(True)
        header = self.tree.headerItem()
        header.setToolTip(0, _("A member, and under them each device they joined from"))
        header.setToolTip(1, _("GM: runs the campaign; Player: owns their characters"))
        header.setToolTip(2, _("The device's id, as `sheetapp campaign members` lists it"))
        self.tree.currentItemChanged.connect(lambda *_unused: self._selected())
        layout.addWidget(self.tree, 1)
        buttons = QHBoxLayout()
        self.revoke_button = QPushButton(_("&Revoke Device…"), objectName="revoke_device")
        self.revoke_button.setToolTip(_("Refuse the selected device from now on"))
        self.revoke_button.clicked.connect(self.revoke)
        buttons.addWidget(self.revoke_button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.fill()

    def fill(self) -> None:
        self.tree.clear()
        for entry in self.service.members():
            member = entry.member
            top = QTreeWidgetItem([member.name, ROLE_NAMES.get(member.role, str(member.role))])
            top.setToolTip(
                0,
                ngettext("{name}: {count} device", "{name}: {count} devices", len(entry.devices))
                .format(name=member.name, count=len(entry.devices)),
            )
            for device in entry.devices:
                item = QTreeWidgetItem([device.label or _("(unnamed device)"), "", device.id])
                item.setData(0, DeviceRole, device.id)
                item.setToolTip(
                    0, _("{name}'s device “{label}”").format(name=member.name, label=device.label)
                )
                top.addChild(item)
            if not entry.devices:
                waiting = QTreeWidgetItem([_("(invited, not joined yet)")])
                waiting.setDisabled(True)
                top.addChild(waiting)
            self.tree.addTopLevelItem(top)
        self.tree.expandAll()
        self._selected()

    def _device(self) -> QTreeWidgetItem | None:
        item = self.tree.currentItem()
        return item if item is not None and item.data(0, DeviceRole) else None

    def _selected(self) -> None:
        self.revoke_button.setEnabled(self._device() is not None)

    def revoke(self) -> None:
        item = self._device()
        if item is None:
            return
        member = item.parent().text(0) if item.parent() is not None else ""
        sure = QMessageBox.question(
            self,
            _("Revoke Device"),
            _(
                "Revoke {member}'s device “{text}”? It is disconnected now and "
                "refused from then on; it can rejoin only with a new invite."
            ).format(member=member, text=item.text(0)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if sure != QMessageBox.StandardButton.Yes:
            return
        try:
            self.service.revoke(str(item.data(0, DeviceRole)))
        except (ValueError, Refused) as exc:
            QMessageBox.warning(self, _("Not revoked"), str(exc))
            return
        self.fill()
