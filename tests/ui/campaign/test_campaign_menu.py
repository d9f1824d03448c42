"""The Campaign menu as a person uses it: host, join with a link or code, invite, revoke a
device, leave; and the status bar saying where the campaign stands."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox, QTabBar, QWidget

from sheetapp.campaign.contracts import Device, Member, Role
from sheetapp.ui.campaign.dialogs import HostDialog, InviteDialog, JoinDialog
from sheetapp.ui.campaign.members_dialog import MembersDialog
from sheetapp.ui.campaign.service import Presence
from sheetapp.ui.main_window import MainWindow

from ..library.conftest import run_dialog
from ..mnemonics import clashes, menu_clashes
from ..tooltips import untipped
from .fakes import GOOD_CODE, FakeCampaignService


def click_ok(dialog) -> None:
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


def host(window: MainWindow, monkeypatch, qtbot, name: str = "Tuesday Night") -> None:
    def drive(dialog: HostDialog) -> None:
        dialog.name.clear()
        qtbot.keyClicks(dialog.name, name)
        dialog.gm.setText("Dana")
        click_ok(dialog)

    run_dialog(monkeypatch, HostDialog, drive)
    window.campaign.menu.host_action.trigger()


def docks_in_front(window: MainWindow) -> list[str]:
    """The tab in front of each group of tabbed docks."""
    QApplication.processEvents()
    bars = [b for b in window.findChildren(QTabBar) if b.parent() is window and b.count()]
    return [bar.tabText(bar.currentIndex()) for bar in bars]


def status(window: MainWindow) -> str:
    label = window.campaign.status
    return label.text() if label is not None and label.isVisible() else ""


def test_the_menu_makes_no_service_until_a_campaign_step_is_chosen(window) -> None:
    """Opening the window loads nothing of the network: the service is made by Host, Join
    or Take Up Again."""
    menu = window.campaign.menu
    assert menu.title() == "&Campaign"
    assert window.campaign.service is None
    assert menu.host_action.isEnabled() and menu.join_action.isEnabled()
    assert not menu.share_action.isEnabled() and not menu.leave_action.isEnabled()
    assert window.menuBar().actions()[-1].text() == "&Help"  # Campaign comes before Help


def test_a_build_without_the_engine_says_why_host_and_join_are_off(qtbot) -> None:
    from sheetapp.ui.campaign.install import CampaignUi

    win = MainWindow()
    qtbot.addWidget(win)
    win.menuBar().removeAction(win.campaign.menu.menuAction())
    campaign = CampaignUi(win, make_service=None)
    assert not campaign.menu.host_action.isEnabled()
    assert not campaign.menu.join_action.isEnabled()
    assert "no campaign engine" in campaign.menu.host_action.toolTip()


def test_take_up_again_lists_saved_campaigns_and_resumes_one(
    window, service: FakeCampaignService
) -> None:
    from sheetapp.ui.campaign.service import SavedCampaign

    service.saved_campaigns = [SavedCampaign("c1", "Tuesday Night", "Ana", False)]
    menu = window.campaign.menu
    menu.fill_resume()
    [item] = menu.resume_menu.actions()
    assert item.text() == "Reconnect to Tuesday Night" and item.toolTip() == "As Ana"
    item.trigger()
    assert service.calls[-1] == ("resume", ("c1",))
    assert not menu.resume_menu.isEnabled()  # connecting: one campaign at a time


def test_share_this_sheet_shares_the_library_sheet_in_front(
    window, service: FakeCampaignService
) -> None:
    from ..library.conftest import fill, hero

    [sheet_id] = fill(window, hero(11, "Belth"))
    menu = window.campaign.menu
    service.report("connected", "Tuesday Night")
    assert not menu.share_action.isEnabled()  # no sheet in front yet
    window.open_library_sheets([sheet_id])
    assert menu.share_action.isEnabled()
    menu.share_action.trigger()
    assert ("share", (sheet_id,)) in service.calls


def test_hosting_shows_in_the_status_bar_and_opens_the_party_view(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    menu = window.campaign.menu
    assert menu.host_action.isEnabled() and not menu.invite_action.isEnabled()
    assert status(window) == ""
    host(window, monkeypatch, qtbot)
    assert service.calls == [("host", ("Tuesday Night", "Dana"))]
    assert status(window) == "Hosting 'Tuesday Night' · 1 connected"
    assert window.campaign.party_dock.isVisible() and docks_in_front(window) == ["Party"]
    assert not menu.host_action.isEnabled() and not menu.join_action.isEnabled()
    assert menu.invite_action.isEnabled() and menu.members_action.isEnabled()
    assert menu.leave_action.isEnabled()


def test_a_host_with_no_name_is_asked_for_one_and_the_dialog_stays(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    seen: list[str] = []

    def drive(dialog: HostDialog) -> None:
        click_ok(dialog)
        seen.append(dialog.problem.text() if dialog.problem.isVisible() else "")
        assert dialog.isVisible()
        dialog.reject()

    run_dialog(monkeypatch, HostDialog, drive)
    window.campaign.menu.host_action.trigger()
    assert seen == ["Give the campaign a name."]
    assert service.calls == [] and status(window) == ""


def test_a_refused_host_says_why_in_one_line(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    service.refuse_with = "port 8765 is in use by another program"
    seen: list[str] = []

    def drive(dialog: HostDialog) -> None:
        dialog.name.setText("Tuesday Night")
        click_ok(dialog)
        seen.append(dialog.problem.text())
        dialog.reject()

    run_dialog(monkeypatch, HostDialog, drive)
    window.campaign.menu.host_action.trigger()
    assert seen == ["port 8765 is in use by another program"]


def test_joining_checks_the_link_then_follows_the_connection(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    seen: list[str] = []

    def drive(dialog: JoinDialog) -> None:
        qtbot.keyClicks(dialog.link, "hello")
        click_ok(dialog)
        seen.append(dialog.problem.text())
        assert dialog.isVisible()  # what was typed is kept to correct it
        dialog.link.clear()
        qtbot.keyClicks(dialog.link, GOOD_CODE)
        assert not dialog.problem.isVisible()  # the message goes once the person types
        click_ok(dialog)

    run_dialog(monkeypatch, JoinDialog, drive)
    window.campaign.menu.join_action.trigger()
    assert seen == [f"'hello' is not an invite link or code (like {GOOD_CODE})"]
    assert service.calls[-1][0] == "join" and service.calls[-1][1][0] == GOOD_CODE
    assert status(window) == "Connecting to 'Tuesday Night'…"
    service.report("connected", "Tuesday Night")
    assert status(window) == "Connected to 'Tuesday Night'"
    service.report("offline", "Tuesday Night")
    assert status(window) == "Offline — changes kept, will sync"
    menu = window.campaign.menu
    assert not menu.invite_action.isEnabled()  # a player invites no one
    # a player may open the Party view to see who is connected; it does not open by itself
    assert window.campaign.party_toggle.isEnabled()
    assert not window.campaign.party_dock.isVisible()
    service.report("refused", "this device was revoked")
    assert status(window) == "Refused: this device was revoked"
    assert menu.join_action.isEnabled()  # with a new invite


def test_presence_updates_the_list_and_the_count(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    host(window, monkeypatch, qtbot)
    service.set_presence(
        [
            Presence("m-gm", "Dana", Role.GM, True),
            Presence("m-1", "Ana", Role.PLAYER, True),
            Presence("m-2", "Bo", Role.PLAYER, False),
        ]
    )
    shown = window.campaign.party.presence
    lines = [shown.item(r).text() for r in range(shown.count())]
    assert lines == ["● Dana (GM)", "● Ana", "○ Bo — offline"]
    assert status(window) == "Hosting 'Tuesday Night' · 2 connected"
    service.set_presence([Presence("m-gm", "Dana", Role.GM, True)])
    assert shown.count() == 1 and status(window) == "Hosting 'Tuesday Night' · 1 connected"


def test_an_invite_shows_its_code_and_copies_its_link(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    host(window, monkeypatch, qtbot)
    shown: list[tuple[str, str]] = []

    def drive(dialog: InviteDialog) -> None:
        assert not dialog.shown.isEnabled()
        qtbot.keyClicks(dialog.who, "Ana")
        dialog.make.click()
        dialog.copy.click()
        shown.append((dialog.code.text(), dialog.link.text()))
        dialog.reject()

    run_dialog(monkeypatch, InviteDialog, drive)
    window.campaign.menu.invite_action.trigger()
    code, link = shown[0]
    assert code == GOOD_CODE and link.startswith("sheetapp://join?")
    assert QGuiApplication.clipboard().text() == link
    assert ("invite", ("Ana", Role.PLAYER)) in service.calls


def test_revoking_a_device_asks_first(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    host(window, monkeypatch, qtbot)
    ana = Member("m-1", "Ana", Role.PLAYER)
    service.member_list.append(ana)
    service.devices[ana.id] = [Device("d-1", ana, "Ana's laptop"), Device("d-2", ana, "tablet")]
    answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes])
    asked: list[str] = []

    def question(_parent, _title, text, *_args):
        asked.append(text)
        return next(answers)

    monkeypatch.setattr(QMessageBox, "question", question)
    left: list[list[str]] = []

    def drive(dialog: MembersDialog) -> None:
        assert not dialog.revoke_button.isEnabled()  # a member is not a device
        laptop = dialog.tree.topLevelItem(1).child(0)
        dialog.tree.setCurrentItem(laptop)
        dialog.revoke_button.click()  # Cancel
        dialog.revoke_button.click()  # Yes
        top = dialog.tree.topLevelItem(1)
        left.append([top.child(i).text(0) for i in range(top.childCount())])
        dialog.reject()

    run_dialog(monkeypatch, MembersDialog, drive)
    window.campaign.menu.members_action.trigger()
    assert len(asked) == 2 and "Ana's device “Ana's laptop”" in asked[0]
    assert [c for c in service.calls if c[0] == "revoke"] == [("revoke", ("d-1",))]
    assert left == [["tablet"]]


def test_leaving_asks_then_turns_everything_off(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    host(window, monkeypatch, qtbot)
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Yes)
    window.campaign.menu.leave_action.trigger()
    assert service.calls[-1] == ("leave", ())
    assert status(window) == "" and not window.campaign.party_dock.isVisible()
    # the Findings come forward, not the Table (which would take the sheet's height)
    assert docks_in_front(window) == ["Findings"]
    assert window.campaign.menu.host_action.isEnabled()


def test_the_dialogs_say_what_each_label_is_and_share_no_mnemonic(
    window, service: FakeCampaignService, qtbot
) -> None:
    for make in (HostDialog, JoinDialog, InviteDialog, MembersDialog):
        dialog = make(service, window)
        qtbot.addWidget(dialog)
        dialog.show()
        assert untipped(dialog) == [], make.__name__
        assert clashes([dialog]) == {}, make.__name__
    assert menu_clashes(window.campaign.menu) == {}


def test_f1_on_the_party_view_opens_the_campaign_topic(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    from ..test_help import press_f1

    host(window, monkeypatch, qtbot)
    assert press_f1(qtbot, window.campaign.party.presence).current_topic == "campaigns"


def test_an_invite_shows_the_hosts_fingerprint_for_a_code_only_join(qtbot) -> None:
    class Hosting(FakeCampaignService):
        def invite(self, name: str, role: Role) -> tuple[str, str]:
            fp = "E3AB3903" * 8
            return "K7QX-M2PD", f"sheetapp://join?host=10.0.0.2&port=47474&code=K7QX-M2PD&fp={fp}"

    dialog = InviteDialog(Hosting())
    qtbot.addWidget(dialog)
    dialog.who.setText("Ana")
    dialog.accept()
    assert dialog.fingerprint.text().splitlines()[0].startswith("E3AB:3903:")
    assert dialog.fingerprint.text().replace("\n", ":").count(":") == 15


def test_a_gms_other_device_is_told_where_invites_members_and_settings_are(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    """They live in the hosting computer's registry: on the GM's tablet the actions are
    greyed out, and their tips say where to do it; hosting again, the tips are plain."""
    menu = window.campaign.menu
    service.join(GOOD_CODE, "Dana's tablet")
    service._role = Role.GM  # the invite was for the GM's own device
    service.report("connected", "Tuesday Night")
    for action in (menu.invite_action, menu.members_action, menu.at_once_action):
        assert not action.isEnabled()
        assert action.statusTip().endswith("(only on the computer that hosts the campaign)")
    service.leave()
    host(window, monkeypatch, qtbot)
    for action in (menu.invite_action, menu.members_action, menu.at_once_action):
        assert action.isEnabled() and "only on the computer" not in action.statusTip()


def test_a_changed_host_certificate_is_said_with_both_fingerprints(
    window, service: FakeCampaignService
) -> None:
    from sheetapp.campaign.wire import certificate_changed

    trusted = ":".join(["E3AB"] + ["0000"] * 14 + ["CDF4"])
    shown = ":".join(["12AB"] + ["1111"] * 14 + ["9F00"])
    service.report("refused", certificate_changed(trusted, shown))
    assert status(window) == "Host certificate changed: trusted E3AB…CDF4, now 12AB…9F00"
    label = window.findChild(QWidget, "campaign_status")
    assert trusted in label.toolTip() and shown in label.toolTip()


def test_connected_is_said_only_while_every_document_is_in_step(
    window, service: FakeCampaignService
) -> None:
    service.report("connected", "Tuesday Night")
    assert status(window) == "Connected to 'Tuesday Night'"
    service.set_lagging(["Bram", "requests on Ayla"])
    assert status(window) == (
        "Catching up with 'Tuesday Night': Bram, requests on Ayla not in step"
    )
    assert "Bram" in window.campaign.status.toolTip()
    service.set_lagging([])
    assert status(window) == "Connected to 'Tuesday Night'"


def test_host_asks_who_reaches_the_campaign(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    from sheetapp.ui.campaign.service import Reach

    seen: list[str] = []

    def drive(dialog: HostDialog) -> None:
        dialog.name.setText("Quiet Table")
        assert not dialog.address.isEnabled()  # the local network, announced, by default
        dialog.reach.setCurrentIndex(2)
        assert dialog.address.isEnabled()
        click_ok(dialog)
        seen.append(dialog.problem.text())
        qtbot.keyClicks(dialog.address, "gm.example.org")
        click_ok(dialog)

    run_dialog(monkeypatch, HostDialog, drive)
    window.campaign.menu.host_action.trigger()
    assert seen == ["Give the address players outside your network dial."]
    assert service.reach == (Reach.ADDRESS, "gm.example.org")
