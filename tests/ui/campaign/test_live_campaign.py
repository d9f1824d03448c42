"""A GM's window and a player's window in one test, each with its own library, talking
through a real host over TLS on loopback: the player's character and edits show on the
GM's Party view, and the GM's XP award reaches the player as a pending change the player
accepts."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QPushButton

from sheetapp.campaign.contracts import Role
from sheetapp.campaign.invites import parse_link
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.campaign.live_service import LiveCampaignService
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.theme import apply_theme

from ..library.conftest import fill, hero

WAIT = 15_000  # ms: TLS handshakes and the first sync on a busy 2-core machine


def open_window(qtbot, monkeypatch, data: Path) -> tuple[MainWindow, LiveCampaignService]:
    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(data))
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    service = LiveCampaignService(
        window.library_session, window, bind="127.0.0.1", port=0, advertise=False,
        address="127.0.0.1",
    )
    window.campaign.attach(service)
    return window, service


@pytest.fixture(autouse=True)
def settings_only_as_the_app_publishes_them(monkeypatch):
    """The host also looks for settings changed by another process every few seconds,
    which would hide a window that forgot to publish its own change."""
    from sheetapp.campaign import serving

    monkeypatch.setattr(serving, "SETTINGS_EVERY", 3600)


@pytest.fixture
def table(qtbot, monkeypatch, tmp_path):
    """(GM window, GM service, player window, player service), the player joined."""
    gm_window, gm = open_window(qtbot, monkeypatch, tmp_path / "gm")
    gm.host("Tuesday Night", "Dana")
    qtbot.waitUntil(lambda: gm.status()[0] == "hosting", timeout=WAIT)
    _code, link = gm.invite("Ana", Role.PLAYER)
    assert parse_link(link).host == "127.0.0.1"

    player_window, player = open_window(qtbot, monkeypatch, tmp_path / "player")
    player.join(link, "Ana's laptop")
    qtbot.waitUntil(lambda: player.status()[0] == "connected", timeout=WAIT)
    yield gm_window, gm, player_window, player
    for service in (player, gm):
        service.close()


def test_the_players_edit_shows_on_the_gms_party_view_and_the_xp_award_is_accepted(
    qtbot, table
) -> None:
    gm_window, gm, player_window, player = table
    belth = hero(11, "Belth")
    belth.core.player = belth.characters[0].player = ""  # the card names the member anyway
    [sheet_id] = fill(player_window, belth)
    character = player.share(sheet_id)

    # The character reaches the GM's library and Party view.
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    party = gm_window.campaign.party
    qtbot.waitUntil(lambda: gm_id in party.cards, timeout=WAIT)
    assert party.cards[gm_id].name.text() == "Belth"
    qtbot.waitUntil(
        lambda: party.cards[gm_id].player.text() == "Ana · Amazing Engine", timeout=WAIT
    )
    assert gm.presence() and {p.name for p in gm.presence()} >= {"Dana", "Ana"}

    # The player raises an attribute; the GM's card shows it without a refresh.
    session = player_window.library_session
    sheet = session.library.load(sheet_id)
    sheet.characters[0].attributes["fitness"] = 71
    session.perform(
        lambda library: library.save(sheet_id, sheet, note="trained"),
        lambda _revision: LibraryChanges(changed=(sheet_id,)),
    )
    qtbot.waitUntil(lambda: "Fitness 71" in party.cards[gm_id].figures.text(), timeout=WAIT)
    notes = [r.note for r in gm_window.library_session.library.revisions(gm_id)]
    assert any("Ana" in note for note in notes)

    # Past the rules' bounds the GM's app says so and sends nothing (the host would refuse it).
    with pytest.raises(ValueError, match="Amazing Engine gives at most 1,000 XP, not 5,000"):
        gm.request(character, "xp", {"amount": 5000, "reason": "a typo"})

    # The GM awards XP: a pending change on the player's sheet, accepted there.
    gm.request(character, "xp", {"amount": 3, "reason": "the bridge held"})
    qtbot.waitUntil(lambda: len(player.pending(character)) == 1, timeout=WAIT)
    [pending] = player.pending(character)
    assert pending.summary.startswith("XP 3 from GM Dana")
    player_window.open_library_sheets([sheet_id])
    panel = player_window.campaign.pending
    qtbot.waitUntil(lambda: panel.findChild(QPushButton, f"accept_{pending.id}") is not None,
                    timeout=WAIT)
    panel.findChild(QPushButton, f"accept_{pending.id}").click()
    assert player.pending(character) == []
    accepted = session.library.revisions(sheet_id)
    assert any(r.note.startswith("XP 3 from GM Dana") for r in accepted)

    # ... and the GM's copy follows, as a revision it can restore.
    qtbot.waitUntil(
        lambda: any(
            r.note.startswith("From Ana")
            for r in gm_window.library_session.library.revisions(gm_id)[-1:]
        )
        and len(gm_window.library_session.library.revisions(gm_id)) >= 3,
        timeout=WAIT,
    )


def test_the_gms_table_damage_on_a_players_character_becomes_a_request(qtbot, table) -> None:
    from sheetapp.play.table import Table

    gm_window, gm, player_window, player = table
    [sheet_id] = fill(player_window, hero(12, "Mira"))
    character = player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    gm_session = gm_window.library_session

    gm_session.perform(
        lambda library: Table(library).hurt(gm_id, "stamina", 2),
        lambda _hit: LibraryChanges(play=True),
    )
    # The GM's copy keeps what the player's sheet says; the player is asked.
    assert gm_session.library.damage_taken(gm_id) == {}
    qtbot.waitUntil(lambda: len(player.pending(character)) == 1, timeout=WAIT)
    [pending] = player.pending(character)
    assert pending.kind == "damage" and "Damage 2 on stamina" in pending.summary

    player.accept(pending.id)
    assert player_window.library_session.library.damage_taken(sheet_id) == {"stamina": 2}
    qtbot.waitUntil(
        lambda: gm_session.library.damage_taken(gm_id) == {"stamina": 2}, timeout=WAIT
    )


def test_edits_made_with_the_app_closed_reach_the_gm_when_the_player_takes_up_again(
    qtbot, table
) -> None:
    gm_window, gm, player_window, player = table
    session = player_window.library_session
    [sheet_id] = fill(player_window, hero(13, "Oren"))
    player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    [campaign] = player.saved()
    assert campaign.name == "Tuesday Night" and campaign.member == "Ana"
    assert not campaign.hosting

    player.leave()  # as the app closing: the library keeps the sheet, nothing is sent
    sheet = session.library.load(sheet_id)
    sheet.characters[0].attributes["fitness"] = 64
    session.perform(
        lambda library: library.save(sheet_id, sheet, note="trained offline"),
        lambda _revision: LibraryChanges(changed=(sheet_id,)),
    )
    gm_library = gm_window.library_session.library
    qtbot.wait(300)
    assert gm_library.load(gm_id).characters[0].attributes["fitness"] != 64

    player.resume(campaign.id)
    qtbot.waitUntil(lambda: player.status()[0] == "connected", timeout=WAIT)
    qtbot.waitUntil(
        lambda: gm_library.load(gm_id).characters[0].attributes["fitness"] == 64, timeout=WAIT
    )


def test_the_gm_sees_a_players_character_read_only_and_it_follows_the_players_edits(
    qtbot, table
) -> None:
    gm_window, gm, player_window, player = table
    [sheet_id] = fill(player_window, hero(14, "Sela"))
    player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    gm_window.open_library_sheets([gm_id])
    document = gm_window.current_form().document
    assert document.library_id == gm_id
    assert document.read_only.startswith("Ana's character in Tuesday Night")
    assert gm_window.statusBar().currentMessage().startswith("Read-only: Ana's character")

    path = ("characters", 0, "attributes", "fitness")
    before = document.value(path)
    assert document.edit(path, before + 1) == document.read_only
    assert document.value(path) == before and not document.is_modified

    session = player_window.library_session
    sheet = session.library.load(sheet_id)
    sheet.characters[0].attributes["fitness"] = before - 1
    session.perform(
        lambda library: library.save(sheet_id, sheet, note="wounded"),
        lambda _revision: LibraryChanges(changed=(sheet_id,)),
    )
    qtbot.waitUntil(lambda: document.value(path) == before - 1, timeout=WAIT)


def test_an_npc_the_gm_reveals_reaches_the_player_read_only(qtbot, table) -> None:
    gm_window, gm, player_window, player = table
    [npc_id] = fill(gm_window, hero(15, "The Ferryman"))
    gm_window.open_library_sheets([npc_id])
    menu = gm_window.campaign.menu
    menu.share_action.trigger()
    name = gm.document_of(npc_id)
    assert name is not None and name.startswith("npc:")
    player_library = player_window.library_session.library
    qtbot.wait(500)
    assert player_library.sheet_for(name) is None  # not shown until revealed

    menu.follow_state()
    assert menu.reveal_action.isEnabled() and not menu.reveal_action.isChecked()
    menu.reveal_action.trigger()
    qtbot.waitUntil(lambda: player_library.sheet_for(name) is not None, timeout=WAIT)
    shown = player_library.sheet_for(name).sheet_id
    assert player_library.load(shown).characters[0].name == "The Ferryman"
    assert player.why_read_only(shown) == "shown by the GM of Tuesday Night, read-only"
    qtbot.waitUntil(lambda: gm.is_revealed(npc_id), timeout=WAIT)


def test_a_bare_code_joins_the_one_campaign_announced_on_the_network(
    qtbot, monkeypatch, tmp_path
) -> None:
    from sheetapp.campaign import discovery

    _gm_window, gm = open_window(qtbot, monkeypatch, tmp_path / "gm")
    gm.host("Tuesday Night", "Dana")
    qtbot.waitUntil(lambda: gm.status()[0] == "hosting", timeout=WAIT)
    code, link = gm.invite("Ana", Role.PLAYER)
    invite = parse_link(link)
    _player_window, player = open_window(qtbot, monkeypatch, tmp_path / "player")
    try:
        monkeypatch.setattr(discovery, "browse", lambda timeout: [])
        player.join(code.lower(), "laptop")
        qtbot.waitUntil(lambda: player.status()[0] == "refused", timeout=WAIT)
        assert "no campaign is announced on this network" in player.status()[1]

        found = discovery.Found("Tuesday Night", "127.0.0.1", invite.port, invite.fingerprint)
        monkeypatch.setattr(discovery, "browse", lambda timeout: [found, found])
        player.join(code, "laptop")
        qtbot.waitUntil(lambda: player.status()[0] == "refused", timeout=WAIT)
        assert "several campaigns on this network" in player.status()[1]

        monkeypatch.setattr(discovery, "browse", lambda timeout: [found])
        player.join(code, "laptop")
        qtbot.waitUntil(lambda: player.status()[0] == "connected", timeout=WAIT)
        assert player.member().name == "Ana"
    finally:
        player.close()
        gm.close()


def test_with_changes_applied_at_once_the_players_app_accepts_them_as_they_arrive(
    qtbot, table
) -> None:
    gm_window, gm, player_window, player = table
    [sheet_id] = fill(player_window, hero(16, "Tamsin"))
    character = player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    menu = gm_window.campaign.menu
    menu.follow_state()
    assert menu.at_once_action.isEnabled() and not menu.at_once_action.isChecked()
    menu.at_once_action.trigger()
    assert menu.at_once_action.isChecked() and gm.applies_at_once()
    qtbot.waitUntil(player.applies_at_once, timeout=WAIT)

    gm.request(character, "note", {"text": "owes the ferryman a coin"})
    gm.request(character, "note", {"text": "saw the lighthouse burn"})
    library = player_window.library_session.library

    def notes() -> list[str]:
        return [r.note for r in library.revisions(sheet_id) if r.note.startswith("Note from")]

    qtbot.waitUntil(lambda: len(notes()) >= 2, timeout=WAIT)
    qtbot.wait(500)  # a late copy of the requests must not apply one again
    assert len(notes()) == 2
    text = library.load(sheet_id).characters[0].notes
    assert text.count("owes the ferryman a coin") == 1
    assert text.count("saw the lighthouse burn") == 1
    assert player.pending(character) == []


def test_a_universe_pack_the_gm_shares_is_installed_on_the_players_machine(
    qtbot, table, monkeypatch, tmp_path
) -> None:
    from sheetapp.systems.amazing_engine.catalog import installed_universes, reload_catalogue

    _gm_window, gm, _player_window, _player = table
    shipped = Path(__file__).parents[3] / "resources" / "universes" / "drift-salvage.toml"
    text = shipped.read_text(encoding="utf-8").replace(
        'id = "drift-salvage"', 'id = "tallow-run"'
    ).replace('name = "Drift Salvage"', 'name = "Tallow Run"')
    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(tmp_path / "gm"))
    (tmp_path / "gm" / "universes").mkdir(parents=True)
    (tmp_path / "gm" / "universes" / "tallow.toml").write_text(text, encoding="utf-8")
    reload_catalogue()
    assert ("tallow-run", "Tallow Run") in gm.shareable_packs()
    gm.share_pack("tallow-run")

    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(tmp_path / "player"))
    qtbot.waitUntil(lambda: "tallow-run" in installed_universes(), timeout=WAIT)
    [kept] = (tmp_path / "player" / "universes").glob("campaign-*-tallow-run.toml")
    assert kept.read_text(encoding="utf-8") == text


def test_leaving_while_the_host_starts_leaves_nothing_running(qtbot, monkeypatch, tmp_path) -> None:
    _window, gm = open_window(qtbot, monkeypatch, tmp_path / "gm")
    try:
        gm.host("Tuesday Night", "Dana")
        gm.leave()
        qtbot.wait(1500)
        assert gm.status() == ("off", "")
        assert gm.party() == [] and gm.member() is None
        gm.host("Thursday Night", "Dana")  # and a new campaign starts cleanly
        qtbot.waitUntil(lambda: gm.status() == ("hosting", "Thursday Night"), timeout=WAIT)
    finally:
        gm.close()


def test_a_players_copy_is_no_undo_step_and_cannot_be_saved(qtbot, table) -> None:
    gm_window, gm, player_window, player = table
    [sheet_id] = fill(player_window, hero(17, "Ysolde"))
    player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    gm_window.open_library_sheets([gm_id])
    document = gm_window.current_form().document
    session = player_window.library_session
    sheet = session.library.load(sheet_id)
    sheet.characters[0].attributes["fitness"] = 33
    session.perform(
        lambda library: library.save(sheet_id, sheet, note="trained"),
        lambda _revision: LibraryChanges(changed=(sheet_id,)),
    )
    path = ("characters", 0, "attributes", "fitness")
    qtbot.waitUntil(lambda: document.value(path) == 33, timeout=WAIT)
    assert document.undo_stack.count() == 0 and not document.is_modified
    revisions = len(gm_window.library_session.library.revisions(gm_id))
    assert gm_window.save_to_library(document) is False
    assert len(gm_window.library_session.library.revisions(gm_id)) == revisions


def test_a_revocation_typed_in_a_terminal_reaches_the_hosting_window(qtbot, table) -> None:
    from sheetapp.cli.main import main

    _gm_window, gm, _player_window, player = table
    [ana] = [m for m in gm.members() if m.member.name == "Ana"]
    [device] = ana.devices
    folder = gm._hosting.path  # the campaign's folder, as 'campaign revoke --dir' names it
    assert main(["campaign", "revoke", device.id, "--dir", str(folder)]) == 0
    qtbot.waitUntil(lambda: player.status()[0] == "refused", timeout=WAIT)


def test_a_players_copy_stays_read_only_while_no_campaign_is_on(
    qtbot, table, monkeypatch, tmp_path
) -> None:
    """After Leave (or before Take Up Again) the GM's copy of a player's character is still
    theirs: an edit made then could never be sent."""
    gm_window, gm, player_window, player = table
    [sheet_id] = fill(player_window, hero(18, "Corvin"))
    player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    gm.leave()
    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(tmp_path / "gm"))  # the GM's machine
    gm_window.open_library_sheets([gm_id])
    document = gm_window.current_form().document
    assert document.read_only.endswith("ask with Request… on the Party view")
    path = ("characters", 0, "attributes", "fitness")
    before = document.value(path)
    assert document.edit(path, before + 1) == document.read_only


def test_the_encounter_the_gm_shows_follows_the_table_on_the_players_party_view(
    qtbot, table
) -> None:
    from sheetapp.play.encounter import Combatant, Encounter

    gm_window, gm, player_window, _player = table
    panel = gm_window.table_panel
    panel.encounter = Encounter(
        name="The bridge",
        combatants=(
            Combatant(key="a", name="Belth", side="Crew"),
            Combatant(key="b", name="Toll-keeper", side="Bandits"),
        ),
    )
    panel.redraw()
    menu = gm_window.campaign.menu
    menu.follow_state()
    assert menu.encounter_action.isEnabled()
    menu.encounter_action.trigger()
    assert gm.shows_encounter()

    player_window.campaign.show_party()
    box = player_window.campaign.party.encounter
    qtbot.waitUntil(lambda: box.isVisible(), timeout=WAIT)
    assert box.title() == "The bridge"
    first = player_window.campaign.party.encounter_text.text()
    assert first.splitlines() == ["Not started yet", "Crew: Belth", "Bandits: Toll-keeper"]

    panel.encounter = panel.encounter.model_copy(update={"name": "The far bank"})
    panel.redraw()  # the GM's Table changed: the players see it
    qtbot.waitUntil(lambda: box.title() == "The far bank", timeout=WAIT)

    menu.encounter_action.trigger()  # hidden again
    assert not gm.shows_encounter()


def test_the_gms_second_device_joins_without_hosting(qtbot, monkeypatch, tmp_path) -> None:
    """The GM's tablet joins as the GM: it reads the campaign and the settings the
    hosting window wrote, and does not try to write them (only the host keeps them)."""
    _gm_window, gm = open_window(qtbot, monkeypatch, tmp_path / "gm")
    gm.host("Tuesday Night", "Dana")
    qtbot.waitUntil(lambda: gm.status()[0] == "hosting", timeout=WAIT)
    gm.set_apply_at_once(True)
    _code, link = gm.invite("Dana", Role.GM)
    _tablet_window, tablet = open_window(qtbot, monkeypatch, tmp_path / "tablet")
    notices: list[str] = []
    tablet.notice.connect(notices.append)
    try:
        tablet.join(link, "Dana's tablet")
        qtbot.waitUntil(lambda: tablet.status()[0] == "connected", timeout=WAIT)
        qtbot.waitUntil(tablet.applies_at_once, timeout=WAIT)
        qtbot.wait(300)  # a refused write would be told by now
        assert tablet.status()[0] == "connected"
        assert not [n for n in notices if "refused" in n], notices
    finally:
        for service in (tablet, gm):
            service.close()


def test_a_burst_of_remote_edits_is_a_handful_of_revisions_on_the_gms_machine(
    qtbot, table, tmp_path
) -> None:
    """A player's script sends 300 edits at once: the GM's window takes the last of them
    and keeps a handful of revisions, not 300 saves (each one the window's work)."""
    import asyncio

    from sheetapp.campaign import ydoc
    from sheetapp.campaign.client import CampaignClient, MemoryReplicas
    from sheetapp.campaign.membership import load_all

    gm_window, gm, player_window, player = table
    [sheet_id] = fill(player_window, hero(12, "Belth"))
    character = player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    (membership,), _ = load_all(tmp_path / "player" / "campaigns")

    async def burst() -> None:
        script = CampaignClient(membership, MemoryReplicas())
        try:
            doc = await script.open(character)
            for n in range(300):
                data = ydoc.read(doc)
                data["characters"][0]["name"] = f"Belth {n}"
                ydoc.write(doc, data)
                await asyncio.sleep(0)  # each edit goes as its own update
            await script.exchange(character)
        finally:
            await script.close()

    asyncio.run(burst())
    library = gm_window.library_session.library
    qtbot.waitUntil(
        lambda: library.load(gm_id).characters[0].name == "Belth 299", timeout=WAIT * 3
    )
    assert len(library.revisions(gm_id)) < 30


def test_hosting_for_this_machine_only_or_an_address(qtbot, monkeypatch, tmp_path) -> None:
    from sheetapp.ui.campaign.service import Reach

    _window, gm = open_window(qtbot, monkeypatch, tmp_path / "gm")
    try:
        gm.host("Alone", "Dana", Reach.THIS_MACHINE)
        qtbot.waitUntil(lambda: gm.status()[0] == "hosting", timeout=WAIT)
        assert gm._reach.bind == "127.0.0.1" and not gm._reach.announce
        assert parse_link(gm.invite("Ana", Role.PLAYER)[1]).host == "127.0.0.1"
        gm.leave()
        gm.host("Far", "Dana", Reach.ADDRESS, "gm.example.org")
        qtbot.waitUntil(lambda: gm.status()[0] == "hosting", timeout=WAIT)
        assert parse_link(gm.invite("Bo", Role.PLAYER)[1]).host == "gm.example.org"
        assert not gm._reach.announce
    finally:
        gm.close()


def test_quitting_while_hosting_asks_and_keep_hosting_keeps_the_players_connected(
    qtbot, table, quit_questions
) -> None:
    """Closing the hosting window names the player it would cut off: Keep Hosting leaves
    the window open and the player connected; Quit Anyway stops the host, and the player's
    app finds it gone."""
    gm_window, gm, _player_window, player = table
    qtbot.waitUntil(
        lambda: any(p.connected and p.role is Role.PLAYER for p in gm.presence()), timeout=WAIT
    )
    answers = iter([False, True])

    def answer(_parent, text: str) -> bool:
        quit_questions.append(text)
        return next(answers)

    gm_window.campaign.ask_quit = answer
    assert not gm_window.close()
    assert quit_questions == [
        "This window hosts 'Tuesday Night'. Quitting stops the host: 1 connected player is "
        "cut off until you host it again."
    ]
    assert gm_window.isVisible() and gm.status() == ("hosting", "Tuesday Night")
    assert player.status()[0] == "connected"

    assert gm_window.close()
    assert len(quit_questions) == 2 and not gm_window.isVisible()
    qtbot.waitUntil(lambda: player.status()[0] == "offline", timeout=WAIT)
