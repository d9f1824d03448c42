"""The GM's Party view: the players' characters side by side, each with its headline
figures, damage tracks and condition, and who is connected.

It reads the library, never the network: a player's change arrives as a library revision
announced by the ``LibrarySession`` (``sheets_changed``; damage through ``play_changed``),
so the card redraws the moment it is saved, whoever saved it. The cards are read-only (a
player's character is theirs); the GM asks for changes through ``Request…``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from sheetapp.campaign.contracts import Role
from sheetapp.i18n import _
from sheetapp.play.table import Table
from sheetapp.storage.library import LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.campaign.party_sheets import PartySheet, party_sheet
from sheetapp.ui.campaign.presence_list import PresenceList
from sheetapp.ui.campaign.service import CampaignService
from sheetapp.ui.library.session import LibrarySession
from sheetapp.ui.library.track_panel import track_bar
from sheetapp.ui.theme import set_tone

CARD_WIDTH = 320
PRESENCE_WIDTH = 190


class PartyCard(QFrame):
    """One character: read-only; ``request_requested`` asks for a change to it."""

    request_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("party_card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFixedWidth(CARD_WIDTH)
        self.sheet_id = 0
        self.sheet: PartySheet | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(3)
        top = QHBoxLayout()
        self.name = QLabel(objectName="party_name")
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.name.setToolTip(_("The character's name"))
        top.addWidget(self.name, 1)
        self.condition = QLabel(objectName="party_condition")
        self.condition.setProperty("role", "alarm")
        set_tone(self.condition, "error")
        self.condition.setToolTip(_("What the damage taken means, by the system's rules"))
        top.addWidget(self.condition)
        self.request = QPushButton(_("Request…"), objectName="party_request")
        self.request.setToolTip(
            _("Ask the player to accept a change: XP, damage, healing or a note")
        )
        self.request.clicked.connect(lambda _c=False: self.request_requested.emit(self.sheet_id))
        top.addWidget(self.request)
        layout.addLayout(top)
        self.player = QLabel(objectName="party_player")
        self.player.setToolTip(_("The player who owns this character, and the game system"))
        layout.addWidget(self.player)
        self.tracks = QGridLayout()
        self.tracks.setHorizontalSpacing(6)
        self.tracks.setVerticalSpacing(2)
        self.tracks.setColumnStretch(1, 1)
        layout.addLayout(self.tracks)
        self.figures = QLabel(objectName="party_figures")
        self.figures.setWordWrap(True)
        small = self.figures.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self.figures.setFont(small)
        layout.addWidget(self.figures)
        self.roll = QLabel(objectName="party_roll")
        self.roll.setWordWrap(True)
        self.roll.setToolTip(_("The newest roll in this sheet's dice log, made on a phone"))
        self.roll.hide()
        layout.addWidget(self.roll)
        layout.addStretch(1)
        self._track_widgets: list[QWidget] = []

    def show_sheet(self, sheet: PartySheet, *, can_request: bool) -> None:
        self.sheet_id = sheet.sheet_id
        self.sheet = sheet
        self.name.setText(sheet.name)
        self.player.setText(" · ".join(filter(None, (sheet.player, sheet.system))))
        self.condition.setText(sheet.condition)
        self.figures.setText("\n".join(sheet.figures))
        self.figures.setToolTip(
            _("The headline figures of the system's summary; all of it (as `sheetapp show` "
            "prints it):\n\n") + sheet.summary
        )
        self.request.setVisible(can_request)
        for widget in self._track_widgets:
            self.tracks.removeWidget(widget)
            widget.setParent(None)
            widget.deleteLater()
        self._track_widgets = []
        row = 0
        for state in sheet.tracks:
            if state.key in sheet.marks:
                continue  # a one-box mark (knocked out, killed) is said by the condition
            label = QLabel(state.label)
            label.setToolTip(_("{label}: what is left of the track").format(label=state.label))
            bar = track_bar(state)
            bar.setMinimumWidth(0)
            self.tracks.addWidget(label, row, 0)
            self.tracks.addWidget(bar, row, 1)
            self._track_widgets += [label, bar]
            row += 1

    def show_roll(self, text: str) -> None:
        self.roll.setText(_("Rolled: {roll}").format(roll=text) if text else "")
        self.roll.setVisible(bool(text))

    def show_missing(self, sheet_id: int, problem: str) -> None:
        self.sheet_id = sheet_id
        self.sheet = None
        self.name.setText(_("Sheet {sheet_id}").format(sheet_id=sheet_id))
        self.player.setText("")
        self.condition.setText("")
        self.figures.setText(_("Not in this library: {problem}").format(problem=problem))
        self.figures.setToolTip(_("The campaign lists this sheet, but this library lacks it"))
        self.request.hide()


class PartyView(QWidget):
    """``request_requested(sheet id)``: the GM asked for a change to that character."""

    request_requested = Signal(int)

    def __init__(
        self, session: LibrarySession, service: CampaignService, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("party_view")
        self.session = session
        self.service = service
        self.cards: dict[int, PartyCard] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        side = QVBoxLayout()
        members = QLabel(_("Members"))
        members.setToolTip(_("Who is in the campaign: ● connected now, ○ offline"))
        side.addWidget(members)
        self.presence = PresenceList(service, self)
        self.presence.setFixedWidth(PRESENCE_WIDTH)
        side.addWidget(self.presence, 1)
        layout.addLayout(side)
        self.encounter = QGroupBox(_("Encounter"), objectName="party_encounter")
        self.encounter.setToolTip(_("The encounter the GM shows: who acts when, and each side's "
                                  "condition"))
        self.encounter_text = QLabel(objectName="party_encounter_text")
        self.encounter_text.setWordWrap(True)
        self.encounter_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.encounter_text.setTextFormat(Qt.TextFormat.PlainText)  # names are the GM's text
        QVBoxLayout(self.encounter).addWidget(self.encounter_text)
        self.encounter.hide()
        layout.addWidget(self.encounter, 1)
        service.encounter_changed.connect(self.show_encounter)
        self.hint = QLabel(objectName="party_hint")
        self.hint.setWordWrap(True)
        self.hint.setProperty("role", "hint")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.hint, 1)
        self.strip = QWidget()
        self.row = QHBoxLayout(self.strip)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addStretch(1)
        self.scroll = QScrollArea(objectName="party_cards")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.strip)
        layout.addWidget(self.scroll, 1)
        session.changed.connect(self._library_changed)
        service.party_changed.connect(self.rebuild)
        service.status_changed.connect(lambda *_unused: self.rebuild())
        # a member's name arrives with the members list, maybe after their character
        service.presence_changed.connect(lambda _presence: self.refresh(list(self.cards)))
        self.rebuild()

    def show_encounter(self, name: str, lines: list[str]) -> None:
        """The encounter the GM shows (hidden when there is none)."""
        self.encounter.setTitle(name or _("Encounter"))
        self.encounter_text.setText("\n".join(lines))
        self.encounter.setVisible(bool(lines))

    def table(self) -> Table | None:
        library = self.session.library
        return Table(library) if library is not None else None

    def _library_changed(self, changes: LibraryChanges) -> None:
        """Redraw only the cards a change touched; a change of play (damage) may touch
        any card, and the library does not say whose."""
        if changes.everything or changes.trashed or changes.untrashed or changes.added:
            self.rebuild()
        elif changes.play:
            self.refresh(list(self.cards))
        elif changes.changed:
            self.refresh([i for i in changes.changed if i in self.cards])

    def rebuild(self) -> None:
        """A card per character of the party, in the campaign's order."""
        state = self.service.status()[0]
        ids = self.service.party() if state != "off" else []
        if self.service.role() != Role.GM:
            ids = []
        for sheet_id in [i for i in self.cards if i not in ids]:
            card = self.cards.pop(sheet_id)
            self.row.removeWidget(card)
            card.setParent(None)
            card.deleteLater()
        for position, sheet_id in enumerate(ids):
            card = self.cards.get(sheet_id)
            if card is None:
                card = PartyCard(self.strip)
                card.request_requested.connect(self.request_requested)
                self.cards[sheet_id] = card
            self.row.insertWidget(position, card)
        self.refresh(ids)
        self.hint.setText(self._hint(state, ids))
        self.hint.setVisible(not ids)
        self.scroll.setVisible(bool(ids))

    def _hint(self, state: str, ids: Sequence[int]) -> str:
        if state == "off":
            return _(
                "No campaign is on. Host one (Campaign ▸ Host Campaign…) to see the party here."
            )
        if self.service.role() != Role.GM:
            return _("The party's sheets are shown to the GM; your own sheets are in the library.")
        if not ids:
            return _("No player has shared a character yet. Invite players: Campaign ▸ Invite.")
        return ""

    def refresh(self, ids: Sequence[int]) -> None:
        library, table = self.session.library, self.table()
        # the GM (hosting, or on a second device of theirs) while a request can get through
        can_request = self.service.status()[0] in ("hosting", "connected")
        members = {p.member_id: p.name for p in self.service.presence() if p.name}
        for sheet_id in ids:
            card = self.cards.get(sheet_id)
            if card is None:
                continue
            if library is None or table is None:
                card.show_missing(sheet_id, self.session.why_read_only())
                continue
            try:
                card.show_sheet(
                    party_sheet(library, table, sheet_id, members), can_request=can_request
                )
                card.show_roll(self.service.last_roll(sheet_id))
            except (LibraryError, ValueError) as exc:
                card.show_missing(sheet_id, str(exc))
