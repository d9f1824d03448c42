"""Campaign ▸ Pair a Phone…: a player's app asks the host (over the pinned TLS, as its own
device) for a phone of its member and shows the link as a QR code; the GM's app pairs one
for a player without a laptop. The link's device is a phone of that member on the host."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import pytest
from PySide6.QtCore import Qt

from sheetapp.campaign.contracts import Role
from sheetapp.campaign.hosting import hosted
from sheetapp.campaign.phone.pairing import Phones
from sheetapp.ui.campaign.live_service import LiveCampaignService
from sheetapp.ui.campaign.phone_dialog import PhoneDialog

from .test_live_campaign import WAIT, open_window


def two_free_ports() -> int:
    """A port whose next one is free too: the host and its phone page."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port < 65535:
            with socket.socket() as other:
                try:
                    other.bind(("127.0.0.1", port + 1))
                except OSError:
                    continue
            return port
    raise AssertionError("no two free ports in a row")


@pytest.fixture
def table(qtbot, monkeypatch, tmp_path):
    yield from _table(qtbot, monkeypatch, tmp_path, two_free_ports())


@pytest.fixture
def anywhere(qtbot, monkeypatch, tmp_path):
    """The GM's app hosting at any free port: its phone page listens at another free one,
    not the campaign's port + 1."""
    yield from _table(qtbot, monkeypatch, tmp_path, 0)


def _table(qtbot, monkeypatch, tmp_path, port: int):
    monkeypatch.setattr(LiveCampaignService, "__init__", _with_port(port))
    gm_window, gm = open_window(qtbot, monkeypatch, tmp_path / "gm")
    gm.host("Tuesday Night", "Dana")
    qtbot.waitUntil(lambda: gm.status()[0] == "hosting", timeout=WAIT)
    (folder,) = hosted()
    _code, link = gm.invite("Ana", Role.PLAYER)
    player_window, player = open_window(qtbot, monkeypatch, tmp_path / "player")
    player.join(link, "Ana's laptop")
    qtbot.waitUntil(lambda: player.status()[0] == "connected", timeout=WAIT)
    # the campaign document, where the host says where its phone page listens
    qtbot.waitUntil(lambda: len(player.presence()) == 2, timeout=WAIT)
    yield gm_window, gm, player_window, player, folder
    for service in (player, gm):
        service.close()


def _with_port(port: int):
    original = LiveCampaignService.__init__

    def init(self, *args, **kwargs):
        kwargs["port"] = port
        original(self, *args, **kwargs)

    return init


def paired_link(qtbot, dialog: PhoneDialog) -> str:
    qtbot.mouseClick(dialog.make, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(dialog.link.text()) or dialog.problem.isVisibleTo(dialog),
                    timeout=WAIT)
    assert not dialog.problem.isVisibleTo(dialog), dialog.problem.text()
    return dialog.link.text()


def test_a_player_pairs_their_own_phone_and_sees_its_code(qtbot, table):
    _gm_window, _gm, player_window, player, folder = table
    assert player_window.campaign.menu.phone_action.isEnabled()  # offered while connected
    dialog = PhoneDialog(player, player_window)
    qtbot.addWidget(dialog)
    assert dialog.member.currentText() == "Ana" and not dialog.member.isEditable()
    link = paired_link(qtbot, dialog)
    parts = urlsplit(link)
    assert parts.scheme == "https" and parts.port == folder.registry().port + 1
    device_id, token = parts.fragment.split("&")[0].removeprefix("pair=").split(".", 1)
    device = folder.registry().authenticate(device_id, token)
    assert device is not None and device.member.name == "Ana"
    assert Phones(folder.path).is_phone(device_id)
    assert not dialog.code.pixmap().isNull() and dialog.code.pixmap().width() >= 200
    dialog.grab().save(str(folder.path.parent / "phone-dialog.png"))


def test_a_player_pairs_a_phone_where_the_hosts_page_really_listens(qtbot, anywhere):
    gm_window, gm, player_window, player, folder = anywhere
    page = gm._hosted.phone.address[1]
    assert page != player._membership.port + 1
    for window, service in ((player_window, player), (gm_window, gm)):
        dialog = PhoneDialog(service, window)
        qtbot.addWidget(dialog)
        dialog.member.setCurrentText("Ana")
        link = urlsplit(paired_link(qtbot, dialog))
        assert link.port == page
        device_id, token = link.fragment.split("&")[0].removeprefix("pair=").split(".", 1)
        assert folder.registry().authenticate(device_id, token).member.name == "Ana"


def test_the_gm_pairs_a_phone_for_a_player_without_a_laptop(qtbot, table):
    gm_window, gm, _player_window, _player, folder = table
    dialog = PhoneDialog(gm, gm_window)
    qtbot.addWidget(dialog)
    assert dialog.member.isEditable()
    dialog.member.setCurrentText("Cy")
    link = paired_link(qtbot, dialog)
    assert "Cy" in [m.name for m in folder.registry().members()]
    device_id = urlsplit(link).fragment.split("&")[0].removeprefix("pair=").split(".")[0]
    assert Phones(folder.path).is_phone(device_id)


def test_a_player_cannot_pair_a_phone_as_someone_else(qtbot, table):
    _gm_window, _gm, player_window, player, _folder = table
    dialog = PhoneDialog(player, player_window)
    qtbot.addWidget(dialog)
    dialog.member.setEditable(True)  # a modified app: the host still refuses
    dialog.member.setCurrentText("Dana")
    qtbot.mouseClick(dialog.make, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.problem.isVisibleTo(dialog), timeout=WAIT)
    assert dialog.problem.text() == "Only the GM pairs a phone for another member."


def test_a_roll_and_damage_made_on_the_phone_show_on_the_gms_party_card(qtbot, table):
    import json
    import ssl
    from urllib.request import Request, urlopen

    from ..library.conftest import fill, hero

    gm_window, gm, player_window, player, folder = table
    [sheet_id] = fill(player_window, hero(11, "Belth"))
    character = player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    party = gm_window.campaign.party
    qtbot.waitUntil(lambda: gm_id in party.cards, timeout=WAIT)
    card = party.cards[gm_id]
    assert card.roll.isHidden()

    dialog = PhoneDialog(player, player_window)
    qtbot.addWidget(dialog)
    link = urlsplit(paired_link(qtbot, dialog))
    device_id, token = link.fragment.split("&")[0].removeprefix("pair=").split(".", 1)
    context = ssl.create_default_context(cadata=folder.identity().cert_pem)
    context.check_hostname = False

    def phone(path: str, body: dict) -> dict:
        request = Request(f"https://127.0.0.1:{link.port}{path}", json.dumps(body).encode(),
                          {"Authorization": f"Device {device_id} {token}"}, method="POST")
        with urlopen(request, context=context, timeout=15) as answer:
            return json.loads(answer.read())

    reading = phone("/api/roll", {"character": character, "check": "attribute:fitness"})
    qtbot.waitUntil(lambda: card.roll.isVisibleTo(party), timeout=WAIT)
    assert card.roll.text() == f"Rolled: Ana: {reading['text']}"
    phone("/api/edit", {"character": character, "op": "damage", "track": "stamina",
                        "amount": 2})
    table_view = gm_window.campaign.party.table()
    qtbot.waitUntil(lambda: table_view.tracks(gm_id)[0].taken == 2, timeout=WAIT)
    gm_window.resize(1366, 768)
    gm_window.grab().save(str(folder.path.parent / "party-roll.png"))


def test_the_phones_party_shows_the_conditions_the_gms_table_marks(qtbot, table):
    """The GM shows the Table's encounter: a player's phone lists the party's names and,
    for the characters in it, the conditions the GM's Table gives them (here a marked
    one), never anything read from another member's sheet."""
    import json
    import ssl
    from urllib.request import Request, urlopen

    from sheetapp.play.encounter import Combatant, Condition, Encounter

    from ..library.conftest import fill, hero

    gm_window, gm, player_window, player, folder = table
    [sheet_id] = fill(player_window, hero(11, "Belth"))
    player.share(sheet_id)
    qtbot.waitUntil(lambda: len(gm.party()) == 1, timeout=WAIT)
    [gm_id] = gm.party()
    dialog = PhoneDialog(gm, gm_window)
    qtbot.addWidget(dialog)
    dialog.member.setCurrentText("Ana")
    link = urlsplit(paired_link(qtbot, dialog))
    device_id, token = link.fragment.split("&")[0].removeprefix("pair=").split(".", 1)
    context = ssl.create_default_context(cadata=folder.identity().cert_pem)
    context.check_hostname = False

    def party() -> dict[str, list[dict]]:
        request = Request(f"https://127.0.0.1:{link.port}/api/state",
                          headers={"Authorization": f"Device {device_id} {token}"})
        with urlopen(request, context=context, timeout=15) as answer:
            return {m["name"]: m["characters"] for m in json.loads(answer.read())["party"]}

    assert party() == {"Dana": [], "Ana": []}
    panel = gm_window.table_panel
    panel.encounter = Encounter(name="The bridge", combatants=(
        Combatant(key="a", name="Belth", side="Crew", sheet_id=gm_id,
                  conditions=(Condition(name="stunned", rounds=2),)),
        Combatant(key="b", name="Toll-keeper", side="Bandits"),
    ))
    panel.redraw()
    menu = gm_window.campaign.menu
    menu.follow_state()
    menu.encounter_action.trigger()
    qtbot.waitUntil(lambda: party()["Ana"] != [], timeout=WAIT)
    assert party() == {"Dana": [], "Ana": [{"name": "Belth",
                                            "conditions": ["stunned (2 rounds)"]}]}
    menu.encounter_action.trigger()  # hidden again: names only
    qtbot.waitUntil(lambda: party()["Ana"] == [], timeout=WAIT)
