"""The question asked when the window that hosts a campaign is closed: the players are
served by this window's process, so quitting cuts them off.

The question is a plain callable the campaign area holds (``CampaignUi.ask_quit``), so a
test answers it instead of a modal box that would wait for a click nobody makes.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QMessageBox, QWidget

from sheetapp.campaign.contracts import Role
from sheetapp.i18n import _, ngettext
from sheetapp.ui.campaign.service import Presence


class QuitQuestion(Protocol):
    """Asked before quitting while hosting; True: quit anyway, False: keep hosting."""

    def __call__(self, parent: QWidget, text: str) -> bool: ...


def players_connected(presence: list[Presence]) -> int | None:
    """How many players are connected now (the GM's own devices are not cut off from
    anyone); None when the host has not said who is there yet."""
    if not presence:
        return None
    return sum(1 for p in presence if p.connected and p.role is not Role.GM)


def cut_off_text(campaign: str, players: int | None) -> str:
    """What quitting does to the table, with the count of players connected when known."""
    if players is None:
        return _(
            "This window hosts '{campaign}'. Quitting stops the host: the players are cut "
            "off until you host it again."
        ).format(campaign=campaign)
    if players == 0:
        return _(
            "This window hosts '{campaign}'. No player is connected now, but none can "
            "join or sync until you host it again."
        ).format(campaign=campaign)
    return ngettext(
        "This window hosts '{campaign}'. Quitting stops the host: {n} connected player is "
        "cut off until you host it again.",
        "This window hosts '{campaign}'. Quitting stops the host: {n} connected players "
        "are cut off until you host it again.",
        players,
    ).format(campaign=campaign, n=players)


def ask_with_a_box(parent: QWidget, text: str) -> bool:
    """The app's question: Keep Hosting (the default, and Escape) or Quit Anyway."""
    box = QMessageBox(QMessageBox.Icon.Warning, _("Quit while hosting?"), text, parent=parent)
    keep = box.addButton(_("&Keep Hosting"), QMessageBox.ButtonRole.RejectRole)
    quit_anyway = box.addButton(_("&Quit Anyway"), QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    box.exec()
    return box.clickedButton() is quit_anyway
