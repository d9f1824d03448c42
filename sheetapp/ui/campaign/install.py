"""Puts the campaign into the main window: the Campaign menu at once, and, once a
``CampaignService`` is attached, the status-bar label, the GM's Party dock and the pending
changes over the player's sheet.

The window makes one call (``CampaignUi(window)``); everything else lives here, so the
window's module stays about sheets and the campaign can be read on its own. The service is
made by the first campaign step (Host, Join, Take Up Again), never at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMenuBar, QMessageBox, QStatusBar, QTabWidget

from sheetapp.campaign.contracts import Refused, Role
from sheetapp.i18n import _
from sheetapp.ui.campaign.campaign_menu import CampaignMenu
from sheetapp.ui.campaign.service import CampaignService
from sheetapp.ui.help_topic import set_help_topic

if TYPE_CHECKING:
    from sheetapp.ui.campaign.party_view import PartyView
    from sheetapp.ui.campaign.pending_panel import PendingPanel
    from sheetapp.ui.campaign.quitting import QuitQuestion
    from sheetapp.ui.campaign.status_label import CampaignStatus
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.library.session import LibrarySession
    from sheetapp.ui.library.table_panel import TablePanel
    from sheetapp.ui.sheet_form import SheetForm

PARTY_HEIGHT = 330  # a card's figures and tracks, on a 1366x768 screen
PENDING_MAX_HEIGHT = 190  # about five requests; more scroll


class CampaignWindow(Protocol):
    """What of the main window the campaign's views use (the window imports this module)."""

    library_session: LibrarySession
    tabs: QTabWidget
    table_dock: QDockWidget
    findings_dock: QDockWidget

    @property
    def table_panel(self) -> TablePanel: ...

    def current_form(self) -> SheetForm | None: ...
    def documents(self) -> list[SheetDocument]: ...

    # the QMainWindow's own
    def menuBar(self) -> QMenuBar: ...
    def statusBar(self) -> QStatusBar: ...
    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget) -> None: ...
    def tabifyDockWidget(self, first: QDockWidget, second: QDockWidget) -> None: ...
    def resizeDocks(
        self, docks: list[QDockWidget], sizes: list[int], orientation: Qt.Orientation
    ) -> None: ...


def live_service(window: CampaignWindow) -> CampaignService:
    """The real service: imported when first needed, so the window's start-up loads no
    network code."""
    from sheetapp.ui.campaign.live_service import LiveCampaignService

    return LiveCampaignService(window.library_session, window)  # type: ignore[arg-type]


class CampaignUi(QObject):
    def __init__(
        self,
        window: CampaignWindow,
        service: CampaignService | None = None,
        *,
        make_service: Callable[[CampaignWindow], CampaignService] | None = live_service,
        ask_quit: QuitQuestion | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        # asked before the hosting window closes; None: the app's box (tests answer it)
        self.ask_quit = ask_quit
        self.service: CampaignService | None = None
        self.menu = CampaignMenu(
            window,  # type: ignore[arg-type]
            (lambda: self.attach(make_service(window))) if make_service else None,
            self._current_sheet,
        )
        window.tabs.currentChanged.connect(lambda _i: self.menu.follow_state())
        window.tabs.currentChanged.connect(lambda _i: self.follow_ownership())
        bar = window.menuBar()
        help_menu = bar.actions()[-1]  # the Campaign menu comes before Help
        bar.insertMenu(help_menu, self.menu)
        self.party_dock = QDockWidget(_("Party"), window)
        self.party_dock.setObjectName("party_dock")
        set_help_topic(self.party_dock, "campaigns")
        self.party_dock.hide()
        self.pending_dock = QDockWidget(_("Pending Changes"), window)
        self.pending_dock.setObjectName("pending_dock")
        set_help_topic(self.pending_dock, "campaigns")
        self.pending_dock.hide()
        party_toggle = self.party_dock.toggleViewAction()
        party_toggle.setText(_("&Party View"))
        party_toggle.setStatusTip(_("The players' characters side by side, and who is connected"))
        party_toggle.setEnabled(False)
        self.menu.insertAction(self.menu.invite_action, party_toggle)
        self.party_toggle = party_toggle
        self.party: PartyView | None = None
        self.pending: PendingPanel | None = None
        self.status: CampaignStatus | None = None
        if service is not None:
            self.attach(service)

    def may_quit(self) -> bool:
        """Whether the window may close: this window's process serves the players while
        it hosts, so closing cuts them off, and the GM is asked first (Keep Hosting or
        Quit Anyway). Not hosting: nothing to ask."""
        service = self.service
        if service is None:
            return True
        state, campaign = service.status()
        if state != "hosting":
            return True
        from sheetapp.ui.campaign import quitting

        text = quitting.cut_off_text(campaign, quitting.players_connected(service.presence()))
        return (self.ask_quit or quitting.ask_with_a_box)(self.window, text)  # type: ignore[arg-type]

    def close(self) -> None:
        """The window is closing: the service stops hosting and syncing."""
        if self.service is not None:
            self.service.close()

    def attach(self, service: CampaignService) -> CampaignService:
        """Build the views over ``service`` (once); returns the service attached."""
        from sheetapp.ui.campaign.party_view import PartyView
        from sheetapp.ui.campaign.pending_panel import PendingPanel
        from sheetapp.ui.campaign.status_label import CampaignStatus
        from sheetapp.ui.page_layout import scrolled

        if self.service is not None:
            return self.service
        window = self.window
        self.service = service
        service.notice.connect(lambda text: window.statusBar().showMessage(text, 10_000))
        self.menu.attach(service)
        self.status = CampaignStatus(service, window)
        window.statusBar().addPermanentWidget(self.status)
        self.party = PartyView(window.library_session, service, window)
        self.party.request_requested.connect(self.ask_for_change)
        self.menu.encounter_toggled.connect(self.show_encounter)
        self.party_dock.setWidget(self.party)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.party_dock)
        window.tabifyDockWidget(window.table_dock, self.party_dock)
        self.party_dock.hide()
        self.pending = PendingPanel(service, self._current_sheet, window)
        self.pending_dock.setWidget(scrolled(self.pending, frame=False))
        window.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, self.pending_dock)
        self.pending_dock.hide()
        self.pending.shown_changed.connect(self._show_pending)
        window.tabs.currentChanged.connect(lambda _i: self.pending.follow())
        window.library_session.changed.connect(lambda _c: self.pending.follow())
        service.status_changed.connect(self._status_changed)
        self._status_changed(*service.status())
        service.party_changed.connect(self.follow_ownership)
        service.status_changed.connect(lambda *_unused: self.follow_ownership())
        return service

    def show_encounter(self, shown: bool) -> None:
        """Show the players the Table's encounter, following it as it changes, or stop."""
        service = self.service
        if service is None:
            return
        panel = self.window.table_panel
        if not shown:
            service.hide_encounter()
            return
        view = panel.public_view()
        if view is None:
            self.menu.encounter_action.setChecked(False)
            self.window.statusBar().showMessage(_("The Table has no encounter to show"), 6000)
            return
        try:
            service.show_encounter(*view)
        except (Refused, ValueError) as exc:
            self.menu.encounter_action.setChecked(False)
            self.window.statusBar().showMessage(_("Not shown: {exc}").format(exc=exc), 6000)
            return
        panel.shown.connect(self._encounter_redrawn, Qt.ConnectionType.UniqueConnection)
        self.window.statusBar().showMessage(_("The players see the encounter"), 5000)

    def _encounter_redrawn(self) -> None:
        service = self.service
        if service is None or not service.shows_encounter():
            return
        view = self.window.table_panel.public_view()
        if view is not None:
            service.show_encounter(*view)

    def follow_ownership(self) -> None:
        """Mark each open library sheet another member owns as read-only here (refused at
        the document, where every edit comes in), and say so while it is in front."""
        service = self.service
        for document in self.window.documents():
            sheet_id = document.library_id
            if sheet_id is None:  # a file's sheet: no campaign link
                continue
            if service is not None:
                why = service.why_read_only(sheet_id) or ""
            else:  # no campaign on in this window: the saved memberships still say
                from sheetapp.ui.campaign.ownership import why_read_only

                library = self.window.library_session.library
                why = (why_read_only(library, sheet_id) if library is not None else None) or ""
            if why and not document.read_only:
                connection = Qt.ConnectionType.UniqueConnection
                document.refused.connect(self._refused_edit, connection)
            document.read_only = why
        form = self.window.current_form()
        if form is not None and form.document.read_only:
            self.window.statusBar().showMessage(_("Read-only: ") + form.document.read_only)

    def _refused_edit(self, why: str) -> None:
        self.window.statusBar().showMessage(_("Not accepted: {why}").format(why=why), 6000)

    def _current_sheet(self) -> int | None:
        form = self.window.current_form()
        return form.document.library_id if form is not None else None

    def _status_changed(self, state: str, _detail: str) -> None:
        gm = self.service is not None and self.service.role() == Role.GM
        self.party_toggle.setEnabled(state != "off")  # a player sees who is connected
        if state == "hosting" and gm and self.party_dock.isHidden():
            self.show_party()
        elif state == "off":
            self.hide_party()

    def _show_pending(self, shown: bool) -> None:
        """The pending changes over the sheet, as tall as they need up to a few rows."""
        self.pending_dock.setVisible(shown)
        if shown:
            self._fit_pending()
            QTimer.singleShot(0, self._fit_pending)  # again once the dock is laid out

    def _fit_pending(self) -> None:
        """Grow or shrink the dock by what its content lacks or has spare (the dock's height
        includes its title bar, which the content's does not)."""
        dock, area = self.pending_dock, self.pending_dock.widget()
        if self.pending is None or area is None or not dock.isVisible():
            return
        change = self.pending.sizeHint().height() - area.height()
        wanted = min(dock.height() + change, PENDING_MAX_HEIGHT)
        if change and wanted != dock.height():
            self.window.resizeDocks([dock], [wanted], Qt.Orientation.Vertical)

    def show_party(self) -> None:
        self.party_dock.show()
        self.party_dock.raise_()
        self.window.resizeDocks([self.party_dock], [PARTY_HEIGHT], Qt.Orientation.Vertical)

    def hide_party(self) -> None:
        """Hide the Party view, the Findings (not the Table, which would take the sheet's
        height) coming to the front of the docks under the sheet."""
        if not self.party_dock.isHidden():
            self.party_dock.hide()
            self.window.findings_dock.raise_()

    def ask_for_change(self, sheet_id: int) -> None:
        """The GM's Request… on a card: the dialog, then the request to the service."""
        from sheetapp.ui.campaign.request_dialog import RequestDialog
        from sheetapp.ui.library.dialog_parts import answer

        service, party = self.service, self.party
        if service is None or party is None:
            return
        character = service.document_of(sheet_id)
        card = party.cards.get(sheet_id)
        sheet = card.sheet if card is not None else None
        if character is None or sheet is None:
            QMessageBox.warning(
                self.window, _("No request"), _("This sheet is not in the campaign.")
            )
            return
        tracks = [t for t in sheet.tracks if t.key not in sheet.marks]
        asked = answer(RequestDialog(sheet.name, tracks, self.window), RequestDialog.request)
        if asked is None:
            return
        try:
            service.request(character, *asked)
        except (Refused, ValueError) as exc:
            QMessageBox.warning(self.window, _("Request not sent"), str(exc))
            return
        self.window.statusBar().showMessage(
            _("Request sent to {name}'s player").format(name=sheet.name), 5000
        )
