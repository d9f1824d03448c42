"""The GM's Party view follows the library as changes are saved (whoever saved them); the
player answers the GM's pending changes on their sheet."""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar, QPushButton

from sheetapp.campaign.contracts import Kind, Role
from sheetapp.campaign.shelf import Shelf
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.campaign.party_view import PartyCard
from sheetapp.ui.campaign.request_dialog import RequestDialog
from sheetapp.ui.main_window import MainWindow

from ..library.conftest import fill, hero, run_dialog
from ..tooltips import untipped
from .fakes import FakeCampaignService, pending_xp, presence


def hosted_party(window: MainWindow, service: FakeCampaignService) -> list[int]:
    ids = fill(window, hero(11, "Belth"), hero(12, "Mira"))
    service.shared = {ids[0]: "character:aaaa", ids[1]: "character:bbbb"}
    service.host("Tuesday Night", "Dana")
    service.set_party(ids)
    return ids


def card_of(window: MainWindow, sheet_id: int) -> PartyCard:
    return window.campaign.party.cards[sheet_id]


def test_the_party_view_shows_each_character_with_figures_and_tracks(
    window, service: FakeCampaignService
) -> None:
    ids = hosted_party(window, service)
    party = window.campaign.party
    assert list(party.cards) == ids
    card = card_of(window, ids[0])
    assert card.name.text() == "Belth"
    assert card.player.text() == "Ana · Amazing Engine"
    assert "Stamina" in card.figures.text() and "Fitness" in card.figures.text()
    bars = {b.objectName(): b for b in card.findChildren(QProgressBar)}
    assert set(bars) == {"track_stamina", "track_body"}
    window.campaign.party_dock.show()
    assert untipped(party) == []


def test_a_card_names_the_member_who_owns_the_character_not_the_sheets_player_field(
    window, service: FakeCampaignService
) -> None:
    """The sheet's "player" is free text: left blank, or someone else's name typed in. The
    card names the campaign member whose character it is (the document's owner, named by
    the members list), and the sheet's field only when the owner is not known."""
    blank, typed, stranger = hero(11, "Belth"), hero(12, "Mira"), hero(13, "Oska")
    blank.core.player = blank.characters[0].player = ""
    typed.core.player = typed.characters[0].player = "Dana"  # the GM's name, typed by Bea
    ids = fill(window, blank, typed, stranger)
    library = window.library_session.library
    for sheet_id, owner in zip(ids, ("m-cal", "m-bea", "m-gone"), strict=True):
        Shelf(library).share(sheet_id, "c-1", Kind.CHARACTER, owner)
    service.host("Tuesday Night", "Dana")
    service.set_presence(
        [presence("m-gm", "Dana", Role.GM), presence("m-bea", "Bea"), presence("m-cal", "Cal")]
    )
    service.set_party(ids)
    shown = [card_of(window, i).player.text() for i in ids]
    assert shown == ["Cal · Amazing Engine", "Bea · Amazing Engine", "Ana · Amazing Engine"]

    # A member's name that arrives later (the members list follows the character) shows.
    service.set_presence([*service.presence(), presence("m-gone", "Ode")])
    assert card_of(window, ids[2]).player.text() == "Ode · Amazing Engine"


def test_a_change_saved_to_the_library_shows_at_once(window, service: FakeCampaignService) -> None:
    """As a player's edit arrives: saved as a revision and announced by the session."""
    ids = hosted_party(window, service)
    session, library = window.library_session, window.library_session.library
    sheet = library.load(ids[1])
    sheet.characters[0].attributes["fitness"] = 71
    library.save(ids[1], sheet, note="From Ana")
    assert "Fitness 71" not in card_of(window, ids[1]).figures.text()
    session.announce(LibraryChanges(changed=(ids[1],)))
    assert "Fitness 71" in card_of(window, ids[1]).figures.text()


def test_damage_at_the_table_shows_on_the_card(window, service: FakeCampaignService) -> None:
    ids = hosted_party(window, service)
    session, library = window.library_session, window.library_session.library
    library.set_damage_taken(ids[0], {"stamina": 4})
    session.announce(LibraryChanges(play=True))
    bar = card_of(window, ids[0]).findChild(QProgressBar, "track_stamina")
    assert bar.value() == bar.maximum() - 4
    assert bar.format() == f"{bar.maximum() - 4} / {bar.maximum()}"


def test_a_player_sees_no_party_cards(window, service: FakeCampaignService) -> None:
    ids = fill(window, hero(11, "Belth"))
    service.party_ids = ids
    service._role = Role.PLAYER
    service.report("connected", "Tuesday Night")
    party = window.campaign.party
    assert party.cards == {} and "shown to the GM" in party.hint.text()


def test_the_gm_requests_an_xp_award_from_a_card(
    window, service: FakeCampaignService, monkeypatch, qtbot
) -> None:
    ids = hosted_party(window, service)

    def drive(dialog: RequestDialog) -> None:
        assert [dialog.kind.itemData(i) for i in range(dialog.kind.count())] == [
            "xp",
            "damage",
            "heal",
            "note",
        ]
        assert not dialog.track.isVisibleTo(dialog)  # an award is on no track
        dialog.amount.setValue(3)
        qtbot.keyClicks(dialog.text, "the bridge held")
        assert untipped(dialog) == []
        dialog.accept()

    run_dialog(monkeypatch, RequestDialog, drive)
    card_of(window, ids[0]).request.click()
    assert service.calls[-1] == (
        "request",
        ("character:aaaa", "xp", {"amount": 3, "reason": "the bridge held"}),
    )


def test_damage_is_requested_on_a_track(
    window, service: FakeCampaignService, monkeypatch
) -> None:
    ids = hosted_party(window, service)

    def drive(dialog: RequestDialog) -> None:
        dialog.kind.setCurrentIndex(dialog.kind.findData("damage"))
        assert dialog.track.isVisibleTo(dialog)
        dialog.track.setCurrentIndex(dialog.track.findData("body"))
        dialog.amount.setValue(2)
        dialog.accept()

    run_dialog(monkeypatch, RequestDialog, drive)
    card_of(window, ids[1]).request.click()
    assert service.calls[-1] == (
        "request",
        ("character:bbbb", "damage", {"track": "body", "amount": 2}),
    )


def test_a_pending_xp_award_is_accepted_on_the_players_sheet(
    window, service: FakeCampaignService
) -> None:
    ids = fill(window, hero(11, "Belth"))
    service.shared = {ids[0]: "character:aaaa"}
    service._role = Role.PLAYER
    service.report("connected", "Tuesday Night")
    window.open_library_sheets(ids)
    dock, panel = window.campaign.pending_dock, window.campaign.pending
    assert not dock.isVisible()
    service.add_request("character:zzzz", pending_xp("r-0"))  # another character's
    assert not dock.isVisible()
    service.add_request("character:aaaa", pending_xp("r-1"))
    assert dock.isVisible()
    assert panel.title.text() == "1 pending change from the GM"
    assert [r.id for r in panel.requests] == ["r-1"]
    assert untipped(panel) == []
    panel.findChild(QPushButton, "accept_r-1").click()
    assert ("accept", ("r-1",)) in service.calls
    assert panel.requests == [] and not dock.isVisible()


def test_the_pending_panel_follows_the_sheet_in_front(
    window, service: FakeCampaignService
) -> None:
    ids = fill(window, hero(11, "Belth"), hero(12, "Mira"))
    service.shared = {ids[0]: "character:aaaa", ids[1]: "character:bbbb"}
    service._role = Role.PLAYER
    service.report("connected", "Tuesday Night")
    service.add_request("character:bbbb", pending_xp("r-2"))
    window.open_library_sheets(ids)
    dock = window.campaign.pending_dock
    names = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    window.tabs.setCurrentIndex(names.index("Belth"))
    assert not dock.isVisible()
    window.tabs.setCurrentIndex(names.index("Mira"))
    assert dock.isVisible()
    window.campaign.pending.findChild(QPushButton, "decline_r-2").click()
    assert ("decline", ("r-2",)) in service.calls and not dock.isVisible()


def test_a_few_pending_changes_show_without_scrolling(
    window, service: FakeCampaignService, qtbot
) -> None:
    """Even after the docks under the sheet were given their heights (resizeDocks), which
    the window's layout then keeps."""
    ids = hosted_party(window, service)  # the Party dock opens at its height
    service._role = Role.PLAYER
    service.report("connected", "Tuesday Night")
    window.campaign.party_dock.hide()
    window.open_library_sheets(ids[:1])
    area = window.campaign.pending_dock.widget()
    for number in range(3):  # arriving together, as after a reconnection
        service.add_request("character:aaaa", pending_xp(f"r-{number}"))
    panel = window.campaign.pending

    def fits() -> bool:
        return area.viewport().height() >= panel.sizeHint().height()

    qtbot.waitUntil(fits, timeout=1000)
    qtbot.wait(500)  # and it stays so once the docks are laid out (animated)
    assert fits() and not area.verticalScrollBar().isVisible()


def test_requests_are_offered_only_while_the_campaign_is_reachable(
    window, service: FakeCampaignService
) -> None:
    ids = hosted_party(window, service)
    assert card_of(window, ids[0]).request.isVisibleTo(card_of(window, ids[0]))
    service.report("offline", "Tuesday Night")  # the GM's second device lost the host
    assert not card_of(window, ids[0]).request.isVisibleTo(card_of(window, ids[0]))
    assert card_of(window, ids[0]).name.text() == "Belth"  # the last figures stay shown
