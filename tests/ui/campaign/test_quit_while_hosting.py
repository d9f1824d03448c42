"""The question asked before the hosting window closes: the app's own box (Keep Hosting is
the safe default) and what it says for each count of players the host knows of."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from sheetapp.campaign.contracts import Role
from sheetapp.ui.campaign.quitting import ask_with_a_box as the_apps_box
from sheetapp.ui.campaign.service import Presence

from .fakes import FakeCampaignService, presence


def press_in_box(qtbot, key: Qt.Key, seen: list[str]) -> None:
    """Once the modal box is up, note its buttons and press ``key`` in it."""

    def press() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.extend(b.text() for b in box.buttons())
        QTest.keyClick(box, key)

    QTimer.singleShot(0, press)


def test_the_box_keeps_hosting_on_enter_and_on_escape(qtbot, window) -> None:
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Escape):
        seen: list[str] = []
        press_in_box(qtbot, key, seen)
        assert the_apps_box(window, "This window hosts 'X'.") is False
        assert seen == ["&Keep Hosting", "&Quit Anyway"]


def test_the_question_counts_the_players_connected_when_the_host_has_said(
    window, qtbot, monkeypatch, quit_questions
) -> None:
    service = FakeCampaignService()
    window.campaign.attach(service)
    assert window.campaign.may_quit() and quit_questions == []  # not hosting: no question
    service.host("Tuesday Night", "Dana")
    ana, bo = presence("m-1", "Ana"), presence("m-2", "Bo")
    gm = Presence("m-gm", "Dana", Role.GM, True)
    for listed in ([], [gm, ana._replace(connected=False)], [gm, ana], [gm, ana, bo]):
        service.set_presence(listed)
        assert window.campaign.may_quit()  # the suite answers Quit Anyway
    hosts = "This window hosts 'Tuesday Night'. "
    assert quit_questions == [
        hosts + "Quitting stops the host: the players are cut off until you host it again.",
        hosts + "No player is connected now, but none can join or sync until you host it "
        "again.",
        hosts + "Quitting stops the host: 1 connected player is cut off until you host it "
        "again.",
        hosts + "Quitting stops the host: 2 connected players are cut off until you host it "
        "again.",
    ]
    service.leave()
    assert window.campaign.may_quit() and len(quit_questions) == 4  # left: nothing to ask
