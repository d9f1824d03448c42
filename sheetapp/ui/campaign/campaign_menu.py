"""The Campaign menu: host, join, take up again, share a sheet, invite, members, leave, and
the Party view's toggle.

What may be chosen follows the service's state: Host, Join and Take Up Again only while no
campaign is on, Share while one is and the sheet in front is in the library, Invite and
Members only for the GM of a campaign being hosted, Leave while one is on. The service is
made when first needed (``make_service``), so a window that never joins a campaign loads
nothing of the network.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from sheetapp.campaign.contracts import Refused, Role
from sheetapp.i18n import N_, _
from sheetapp.ui.campaign.service import CampaignService
from sheetapp.ui.menu_actions import make_action

NO_SERVICE = N_("This build of sheetapp has no campaign engine.")


class CampaignMenu(QMenu):
    encounter_toggled = Signal(bool)  # Show Encounter to Players chosen: on or off

    def __init__(
        self,
        window: QMainWindow,
        make_service: Callable[[], CampaignService] | None = None,
        current_sheet: Callable[[], int | None] = lambda: None,
    ) -> None:
        super().__init__(_("&Campaign"), window)
        self.setObjectName("campaign_menu")
        self.window_ = window
        self.service: CampaignService | None = None
        self.make_service = make_service
        self.current_sheet = current_sheet

        def action(text: str, slot: Callable[[], object], tip: str) -> QAction:
            made = make_action(self, text, slot, tip=tip)
            made.setToolTip(tip)
            self.addAction(made)
            return made

        self.host_action = action(
            _("&Host Campaign…"), self.host, _("Run a campaign from this computer, as its GM")
        )
        self.join_action = action(
            _("&Join Campaign…"), self.join, _("Join a campaign with the invite the GM gave you")
        )
        self.resume_menu = QMenu(_("&Take Up Again"), self)
        self.resume_menu.setObjectName("resume_menu")
        self.resume_menu.setToolTipsVisible(True)
        self.resume_menu.menuAction().setToolTip(
            _("Host again, or reconnect to, a campaign this computer was in")
        )
        self.addMenu(self.resume_menu)
        self.aboutToShow.connect(self.fill_resume)
        self.addSeparator()
        self.share_action = action(
            _("&Share This Sheet"),
            self.share,
            _("Put the sheet in front into the campaign: your character for a player, an NPC "
            "for the GM"),
        )
        self.reveal_action = action(
            _("&Reveal to Players"),
            self.reveal,
            _("Show the NPC in front to every player, read-only; choose again to hide it"),
        )
        self.reveal_action.setCheckable(True)
        self.encounter_action = action(
            _("Show &Encounter to Players"),
            self.show_encounter,
            _("Show the players the encounter on the Table: who acts when, and each side's "
            "condition (no scores); it follows the Table until you choose this again"),
        )
        self.encounter_action.setCheckable(True)
        self.packs_menu = QMenu(_("Share &Universe Pack"), self)
        self.packs_menu.setObjectName("packs_menu")
        self.packs_menu.setToolTipsVisible(True)
        self.packs_menu.menuAction().setToolTip(
            _("Install one of your universe packs on every player's computer, so sheets set in "
            "it read the same there")
        )
        self.addMenu(self.packs_menu)
        self.invite_action = action(
            _("&Invite Player…"), self.invite, _("Make a single-use invite code and link")
        )
        self.members_action = action(
            _("&Members…"), self.members, _("Who is in the campaign, and revoking a device")
        )
        self.phone_action = action(
            _("Pair a Ph&one…"),
            self.pair_phone,
            _("A QR code that opens your character on a phone (the GM: anyone's)"),
        )
        self.at_once_action = action(
            _("&Apply GM Changes at Once"),
            self.apply_at_once,
            _("On: XP, damage, healing and notes for a player's character apply as they arrive. "
            "Off: each waits for the player's Accept"),
        )
        self.at_once_action.setCheckable(True)
        self.addSeparator()
        self.leave_action = action(
            _("&Leave Campaign"),
            self.leave,
            _("Stop hosting or disconnect; every sheet stays in your library"),
        )
        self.setToolTipsVisible(True)
        self.follow_state()

    def attach(self, service: CampaignService) -> None:
        self.service = service
        service.status_changed.connect(lambda *_unused: self.follow_state())
        self.follow_state()

    def follow_state(self) -> None:
        service = self.service
        state = service.status()[0] if service is not None else "off"
        on = state not in ("off", "refused")
        hosting = state == "hosting" and service is not None and service.role() == Role.GM
        available = service is not None or self.make_service is not None
        self.host_action.setEnabled(available and not on)
        self.join_action.setEnabled(available and not on)
        self.resume_menu.setEnabled(available and not on)
        self.share_action.setEnabled(
            service is not None and state in ("hosting", "connected", "offline")
            and self.current_sheet() is not None
        )
        sheet = self.current_sheet()
        gm = service is not None and service.role() == Role.GM and on
        shared = gm and sheet is not None and service.document_of(sheet) is not None
        self.reveal_action.setEnabled(bool(shared))
        self.packs_menu.setEnabled(gm)
        self.encounter_action.setEnabled(gm)
        self.encounter_action.setChecked(service is not None and service.shows_encounter())
        self.reveal_action.setChecked(bool(shared) and service.is_revealed(sheet))
        for hosts_only in (self.invite_action, self.members_action, self.at_once_action):
            hosts_only.setEnabled(hosting)
            _note_hosting_only(hosts_only, gm and not hosting)
        self.at_once_action.setChecked(service is not None and service.applies_at_once())
        self.leave_action.setEnabled(service is not None and state != "off")
        self.phone_action.setEnabled(state in ("hosting", "connected"))
        if not available:
            for item in (self.host_action, self.join_action):
                item.setToolTip(_(NO_SERVICE))
                item.setStatusTip(_(NO_SERVICE))

    def ensure_service(self) -> CampaignService | None:
        """The service, made now if this is the first campaign step."""
        if self.service is None and self.make_service is not None:
            self.make_service()  # attaches itself through the window's CampaignUi
        return self.service

    def fill_packs(self) -> None:
        self.packs_menu.clear()
        service = self.service
        packs = service.shareable_packs() if service is not None else []
        for universe_id, name in packs:
            item = self.packs_menu.addAction(
                name.replace("&", "&&"), lambda chosen=universe_id: self.share_pack(chosen)
            )
            item.setToolTip(
                _("The pack of the universe '{universe_id}'").format(universe_id=universe_id)
            )
        if not packs:
            none = self.packs_menu.addAction(_("No pack of your own (see Help ▸ Universes)"))
            none.setEnabled(False)

    def share_pack(self, universe_id: str) -> None:
        if self.service is None:
            return
        try:
            self.service.share_pack(universe_id)
        except (Refused, ValueError) as exc:
            QMessageBox.warning(self.window_, _("Share Universe Pack"), str(exc))
            return
        self.window_.statusBar().showMessage(_("Sent to every player's computer"), 5000)

    def fill_resume(self) -> None:
        """List the saved campaigns each time the menu opens (another window, or the
        command line, may have added one)."""
        self.follow_state()
        self.fill_packs()
        self.resume_menu.clear()
        service = self.ensure_service() if self.resume_menu.isEnabled() else None
        saved = service.saved() if service is not None else []
        for campaign in saved:
            what = _("Host") if campaign.hosting else _("Reconnect to")
            item = self.resume_menu.addAction(
                f"{what} {campaign.name.replace('&', '&&')}",
                lambda chosen=campaign.id: self.resume(chosen),
            )
            item.setToolTip(_("As {member}").format(member=campaign.member))
        if not saved:
            none = self.resume_menu.addAction(_("No campaign yet"))
            none.setEnabled(False)

    # The dialogs are imported when chosen: the menu is built before the window's first
    # paint, the dialogs are seldom opened.

    def host(self) -> None:
        from sheetapp.ui.campaign.dialogs import HostDialog

        service = self.ensure_service()
        if service is not None:
            HostDialog(service, self.window_).exec()

    def join(self) -> None:
        from sheetapp.ui.campaign.dialogs import JoinDialog

        service = self.ensure_service()
        if service is not None:
            JoinDialog(service, self.window_).exec()

    def resume(self, campaign_id: str) -> None:
        service = self.ensure_service()
        if service is None:
            return
        try:
            service.resume(campaign_id)
        except (Refused, ValueError) as exc:
            QMessageBox.warning(self.window_, _("Take Up Again"), str(exc))

    def show_encounter(self) -> None:
        """Asks the window's campaign views (which know the Table) to show or hide it."""
        self.encounter_toggled.emit(self.encounter_action.isChecked())

    def apply_at_once(self) -> None:
        if self.service is None:
            return
        try:
            self.service.set_apply_at_once(self.at_once_action.isChecked())
        except (Refused, ValueError) as exc:
            QMessageBox.warning(self.window_, _("Apply GM Changes at Once"), str(exc))
        self.follow_state()

    def reveal(self) -> None:
        service, sheet_id = self.service, self.current_sheet()
        if service is None or sheet_id is None:
            return
        shown = self.reveal_action.isChecked()
        try:
            service.reveal(sheet_id, shown)
        except (Refused, ValueError) as exc:
            self.reveal_action.setChecked(not shown)
            QMessageBox.warning(self.window_, _("Reveal to Players"), str(exc))
            return
        told = _("Shown to the players") if shown else _("Hidden from the players")
        self.window_.statusBar().showMessage(told, 5000)

    def share(self) -> None:
        service, sheet_id = self.service, self.current_sheet()
        if service is None or sheet_id is None:
            return
        try:
            service.share(sheet_id)
        except (Refused, ValueError) as exc:
            QMessageBox.warning(self.window_, _("Share This Sheet"), str(exc))
            return
        self.window_.statusBar().showMessage(_("Shared in the campaign"), 5000)

    def invite(self) -> None:
        from sheetapp.ui.campaign.dialogs import InviteDialog

        if self.service is not None:
            InviteDialog(self.service, self.window_).exec()

    def members(self) -> None:
        from sheetapp.ui.campaign.members_dialog import MembersDialog

        if self.service is not None:
            MembersDialog(self.service, self.window_).exec()

    def pair_phone(self) -> None:
        from sheetapp.ui.campaign.phone_dialog import PhoneDialog

        if self.service is not None:
            PhoneDialog(self.service, self.window_).exec()

    def leave(self) -> None:
        if self.service is None:
            return
        hosting = self.service.status()[0] == "hosting"
        what = (
            _("Stop hosting? Players are disconnected until you host again.")
            if hosting
            else _("Leave the campaign on this computer? Your sheets stay in your library.")
        )
        sure = QMessageBox.question(
            self.window_,
            _("Leave Campaign"),
            what,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if sure == QMessageBox.StandardButton.Yes:
            self.service.leave()



HOSTING_ONLY = N_(" (only on the computer that hosts the campaign)")


def _note_hosting_only(action: QAction, greyed: bool) -> None:
    """Say why a GM's action is greyed out on a GM's other device (invites, members and
    settings live on the hosting computer), and take it off again when it is not."""
    tip = action.toolTip().removesuffix(_(HOSTING_ONLY)) + (_(HOSTING_ONLY) if greyed else "")
    action.setToolTip(tip)
    action.setStatusTip(tip)
