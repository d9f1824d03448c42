"""The Campaign menu: host, join, invite, members, leave, and the Party view's toggle.

What may be chosen follows the service's state: Host and Join only while no campaign is on,
Invite and Members only for the GM of a campaign being hosted, Leave while one is on.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from sheetapp.campaign.contracts import Role
from sheetapp.ui.campaign.service import CampaignService
from sheetapp.ui.menu_actions import make_action

NO_SERVICE = "This build of sheetapp has no campaign engine."


class CampaignMenu(QMenu):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__("&Campaign", window)
        self.setObjectName("campaign_menu")
        self.window_ = window
        self.service: CampaignService | None = None

        def action(text: str, slot: Callable[[], object], tip: str) -> QAction:
            made = make_action(self, text, slot, tip=tip)
            made.setToolTip(tip)
            self.addAction(made)
            return made

        self.host_action = action(
            "&Host Campaign…", self.host, "Run a campaign from this computer, as its GM"
        )
        self.join_action = action(
            "&Join Campaign…", self.join, "Join a campaign with the invite the GM gave you"
        )
        self.addSeparator()
        self.invite_action = action(
            "&Invite Player…", self.invite, "Make a single-use invite code and link"
        )
        self.members_action = action(
            "&Members…", self.members, "Who is in the campaign, and revoking a device"
        )
        self.addSeparator()
        self.leave_action = action(
            "&Leave Campaign",
            self.leave,
            "Stop hosting or disconnect; every sheet stays in your library",
        )
        self.setToolTipsVisible(True)
        self.follow_state()

    def attach(self, service: CampaignService) -> None:
        self.service = service
        service.status_changed.connect(lambda *_: self.follow_state())
        self.follow_state()

    def follow_state(self) -> None:
        service = self.service
        state = service.status()[0] if service is not None else "off"
        on = state not in ("off", "refused")
        hosting = state == "hosting" and service is not None and service.role() == Role.GM
        self.host_action.setEnabled(service is not None and not on)
        self.join_action.setEnabled(service is not None and not on)
        self.invite_action.setEnabled(hosting)
        self.members_action.setEnabled(hosting)
        self.leave_action.setEnabled(service is not None and state != "off")
        if service is None:
            for item in (self.host_action, self.join_action):
                item.setToolTip(NO_SERVICE)
                item.setStatusTip(NO_SERVICE)

    # The dialogs are imported when chosen: the menu is built before the window's first
    # paint, the dialogs are seldom opened.

    def host(self) -> None:
        from sheetapp.ui.campaign.dialogs import HostDialog

        if self.service is not None:
            HostDialog(self.service, self.window_).exec()

    def join(self) -> None:
        from sheetapp.ui.campaign.dialogs import JoinDialog

        if self.service is not None:
            JoinDialog(self.service, self.window_).exec()

    def invite(self) -> None:
        from sheetapp.ui.campaign.dialogs import InviteDialog

        if self.service is not None:
            InviteDialog(self.service, self.window_).exec()

    def members(self) -> None:
        from sheetapp.ui.campaign.members_dialog import MembersDialog

        if self.service is not None:
            MembersDialog(self.service, self.window_).exec()

    def leave(self) -> None:
        if self.service is None:
            return
        hosting = self.service.status()[0] == "hosting"
        what = (
            "Stop hosting? Players are disconnected until you host again."
            if hosting
            else "Leave the campaign on this computer? Your sheets stay in your library."
        )
        sure = QMessageBox.question(
            self.window_,
            "Leave Campaign",
            what,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if sure == QMessageBox.StandardButton.Yes:
            self.service.leave()
