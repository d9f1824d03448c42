"""Who is in the campaign and who is connected right now, as the host last told."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from sheetapp.campaign.contracts import Role
from sheetapp.i18n import _
from sheetapp.ui.campaign.service import CampaignService, Presence

MemberRole = Qt.ItemDataRole.UserRole + 1  # an item's member id (str)


def presence_line(entry: Presence) -> str:
    """One member's line: a filled dot when connected.

    >>> presence_line(Presence("m1", "Ana", Role.PLAYER, False))
    '○ Ana — offline'
    """
    mark = "●" if entry.connected else "○"
    gm = _(" (GM)") if entry.role == Role.GM else ""
    return f"{mark} {entry.name}{gm}" + ("" if entry.connected else _(" — offline"))


class PresenceList(QListWidget):
    def __init__(self, service: CampaignService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaign_presence")
        self.setToolTip(_("The campaign's members: ● connected now, ○ offline"))
        self.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        service.presence_changed.connect(self.show_presence)
        self.show_presence(service.presence())

    def show_presence(self, presence: Sequence[Presence]) -> None:
        self.clear()
        for entry in sorted(presence, key=lambda p: (p.role != Role.GM, p.name.casefold())):
            item = QListWidgetItem(presence_line(entry))
            item.setData(MemberRole, entry.member_id)
            state = "connected" if entry.connected else _("not connected")
            item.setToolTip(_("{name} is {state}").format(name=entry.name, state=state))
            if not entry.connected:
                item.setForeground(self.palette().placeholderText())
            self.addItem(item)
