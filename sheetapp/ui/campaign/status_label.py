"""The campaign's sync state in the status bar, in words a player understands."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QLabel, QWidget

from sheetapp.campaign.wire import changed_fingerprints
from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.ui.campaign.service import CampaignService, Presence
from sheetapp.ui.theme import set_tone

TIPS = TranslatedTable({
    "hosting": N_("This computer hosts the campaign; players' changes arrive as they are made"),
    "connecting": N_("Reaching the campaign's host; your changes are kept meanwhile"),
    "connected": N_("Your changes reach the campaign as you make them"),
    "offline": N_(
        "The host cannot be reached: your changes are kept here and sent on reconnecting"
    ),
    "refused": N_("The host refused this device; ask the GM for a new invite"),
})


def status_text(state: str, detail: str, presence: Sequence[Presence]) -> str:
    """What the status bar says for a state and its detail (see ``CampaignService``).

    >>> status_text("hosting", "Tuesday Night", [])
    "Hosting 'Tuesday Night' · 0 connected"
    >>> status_text("refused", "this device was revoked", [])
    'Refused: this device was revoked'
    >>> status_text("off", "", [])
    ''
    """
    if state == "hosting":
        connected = sum(1 for p in presence if p.connected)
        return _("Hosting '{detail}' · {connected} connected").format(
            detail=detail, connected=connected
        )
    if state == "connecting":
        return _("Connecting to '{detail}'…").format(detail=detail)
    if state == "connected":
        return _("Connected to '{detail}'").format(detail=detail)
    if state == "offline":
        return _("Offline — changes kept, will sync")
    if state == "refused":
        changed = changed_fingerprints(detail)
        if changed is not None:
            trusted, shown = (_short(f) for f in changed)
            return _("Host certificate changed: trusted {trusted}, now {shown}").format(
                trusted=trusted, shown=shown
            )
        return _("Refused: {detail}").format(detail=detail)
    return ""


def catching_up_text(campaign: str, lagging: Sequence[str], shown: int = 3) -> str:
    """What the status bar says while some documents are not in step (never Connected).

    >>> catching_up_text("Tuesday Night", ["Bram"])
    "Catching up with 'Tuesday Night': Bram not in step"
    >>> catching_up_text("T", ["A", "B", "C", "D", "E"])
    "Catching up with 'T': A, B, C and 2 more not in step"
    """
    names = ", ".join(lagging[:shown])
    more = len(lagging) - shown
    if more > 0:
        names += _(" and {more} more").format(more=more)
    return _("Catching up with '{campaign}': {names} not in step").format(
        campaign=campaign, names=names
    )


def status_tip(state: str, detail: str) -> str:
    """The label's tooltip: what the state means; for a changed certificate, both
    fingerprints in full, to compare with the GM's screen."""
    changed = changed_fingerprints(detail) if state == "refused" else None
    if changed is not None:
        return _(
            "The host shows another certificate than the one this computer "
            "trusts: its folder was replaced, or another machine is in "
            "between. Nothing was sent to it. Trusted: {changed}. Shown now: "
            "{changed2}. Ask the GM."
        ).format(changed=changed[0], changed2=changed[1])
    return TIPS.get(state, "")


def _short(fingerprint: str) -> str:
    """First and last groups, as people read a fingerprint aloud across the table."""
    groups = fingerprint.split(":")
    return f"{groups[0]}…{groups[-1]}" if len(groups) > 2 else fingerprint


class CampaignStatus(QLabel):
    """A permanent status-bar label, hidden while no campaign is on."""

    def __init__(self, service: CampaignService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaign_status")
        self.service = service
        service.status_changed.connect(lambda *_unused: self.redraw())
        service.presence_changed.connect(lambda *_unused: self.redraw())
        self.redraw()

    def redraw(self) -> None:
        state, detail = self.service.status()
        lagging = self.service.not_in_step() if state in ("connected", "hosting") else []
        if lagging:
            self.setText(catching_up_text(detail, lagging))
            self.setToolTip(
                _("These shared documents are not in step with the host; they reconnect by "
                "themselves, and your changes to them are kept meanwhile: ")
                + ", ".join(lagging)
            )
            set_tone(self, "warning")
            return
        self.setText(status_text(state, detail, self.service.presence()))
        self.setToolTip(status_tip(state, detail))
        set_tone(self, {"offline": "warning", "refused": "error"}.get(state))
        self.setVisible(state != "off")
