"""The GM's pending changes on the sheet in front of the player, each with Accept and
Decline. Accepting asks the service, which applies the change through the library as an
undoable revision; the panel then hears ``requests_changed`` and redraws."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.campaign.contracts import Refused
from sheetapp.i18n import N_, TranslatedTable, _, ngettext
from sheetapp.ui.campaign.request_dialog import KIND_NAMES
from sheetapp.ui.campaign.service import CampaignService, PendingRequest

KIND_TIPS = TranslatedTable({
    "xp": N_("Experience the GM awards; accepting adds it to the sheet"),
    "damage": N_("Damage the GM says the character took; accepting marks it on the track"),
    "heal": N_("Healing the GM grants; accepting takes it off the track"),
    "note": N_("A note the GM adds; accepting appends it to the sheet's notes"),
})


class PendingPanel(QWidget):
    """``shown_changed(bool)``: whether there is anything to answer for the current sheet
    (the window shows the panel only then)."""

    shown_changed = Signal(bool)

    def __init__(
        self,
        service: CampaignService,
        current_sheet: Callable[[], int | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("pending_changes")
        self.service = service
        self.current_sheet = current_sheet
        self.character: str | None = None
        self.requests: list[PendingRequest] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(4)
        self.title = QLabel(objectName="pending_title")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setToolTip(
            _("Changes the GM asked for on this character; the sheet changes only when you "
            "accept one, and each accepted change can be undone from its revisions")
        )
        layout.addWidget(self.title)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(2)
        self.grid.setColumnStretch(1, 1)
        layout.addLayout(self.grid)
        self._widgets: list[QWidget] = []
        service.requests_changed.connect(self._requests_changed)
        service.status_changed.connect(lambda *_unused: self.follow())

    def _requests_changed(self, character: str) -> None:
        if character == self.character:
            self.follow()

    def follow(self) -> None:
        """Show the requests of the sheet now in front (none when it is not shared)."""
        sheet_id = self.current_sheet()
        on = self.service.status()[0] != "off"
        self.character = self.service.document_of(sheet_id) if on and sheet_id else None
        self.requests = self.service.pending(self.character) if self.character else []
        self._redraw()
        self.shown_changed.emit(bool(self.requests))

    def _redraw(self) -> None:
        for widget in self._widgets:
            self.grid.removeWidget(widget)
            widget.setParent(None)
            widget.deleteLater()
        self._widgets = []
        count = len(self.requests)
        self.title.setText(
            ngettext(
                "{count} pending change from the GM", "{count} pending changes from the GM", count
            ).format(count=count)
            if count
            else ""
        )
        for row, request in enumerate(self.requests):
            kind = QLabel(KIND_NAMES.get(request.kind, request.kind))
            kind.setToolTip(KIND_TIPS.get(request.kind, ""))
            summary = QLabel(request.summary, objectName="pending_summary")
            summary.setToolTip(request.summary)
            who = QLabel(f"{request.by}, {request.at:%d %b %H:%M}")
            who.setToolTip(_("Who asked, and when"))
            who.setProperty("role", "hint")
            accept = QPushButton(_("Accept"), objectName=f"accept_{request.id}")
            accept.setToolTip(_("Apply this change to the sheet (a new revision)"))
            accept.clicked.connect(lambda _c=False, r=request.id: self._answer(True, r))
            decline = QPushButton(_("Decline"), objectName=f"decline_{request.id}")
            decline.setToolTip(_("Leave the sheet as it is; the GM sees it was declined"))
            decline.clicked.connect(lambda _c=False, r=request.id: self._answer(False, r))
            for column, widget in enumerate((kind, summary, who, accept, decline)):
                self.grid.addWidget(widget, row, column)
            self._widgets += [kind, summary, who, accept, decline]

    def _answer(self, accepted: bool, request_id: str) -> None:
        try:
            (self.service.accept if accepted else self.service.decline)(request_id)
        except (Refused, ValueError) as exc:
            verb = "accepted" if accepted else "declined"
            QMessageBox.warning(self, _("Not {verb}").format(verb=verb), str(exc))
        self.follow()
