"""``sheetapp campaign phone --member NAME``: a phone device for a member (a new one for a
name without a laptop), its link with the token in the fragment and the host's
fingerprint, and a QR code a camera reads; bad names are one line, exit 2."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from sheetapp.campaign.hosting import find_host
from sheetapp.campaign.phone.pairing import Phones, phone_port
from sheetapp.campaign.tls import compact_fingerprint
from sheetapp.cli.campaign_phone import qr_text
from sheetapp.cli.main import main

from ..campaign.conftest import NO_LEAKS

pytestmark = NO_LEAKS


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def hosted(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "campaign", "create", "--name", "Iron Road", "--gm", "Mara")[0] == 0


def test_a_phone_for_a_player_without_a_laptop_is_a_revocable_device(hosted, capsys):
    code, out, _ = run(capsys, "campaign", "phone", "--member", "Ana", "--address",
                       "192.168.1.20", "--json")
    assert code == 0
    made = json.loads(out)
    host = find_host()
    registry = host.registry()
    link = urlsplit(made["link"])
    assert (link.scheme, link.hostname, link.port) == (
        "https", "192.168.1.20", phone_port(registry.port))
    assert link.path == "/" and not link.query  # nothing secret in what a request sends
    fragment = dict(part.split("=", 1) for part in link.fragment.split("&"))
    device_id, token = fragment["pair"].split(".", 1)
    assert fragment["fp"] == compact_fingerprint(host.identity().fingerprint)
    device = registry.authenticate(device_id, token)
    assert device is not None and device.member.name == "Ana" and device.label == "Ana's phone"
    assert Phones(host.path).is_phone(device_id)
    assert token.encode() not in registry.path.read_bytes()  # kept hashed only
    code, _, _ = run(capsys, "campaign", "revoke", device_id)
    assert code == 0 and registry.authenticate(device_id, token) is None


def test_the_printed_code_is_the_link(hosted, capsys):
    code, out, _ = run(capsys, "campaign", "phone", "--member", "Mara")
    assert code == 0
    link = next(line.strip() for line in out.splitlines() if line.strip().startswith("https://"))
    assert qr_text(link) in out
    assert len(qr_text(link).splitlines()) > 20


@pytest.mark.parametrize("name", ["", "x" * 65, "tab\there\x07"])
def test_a_bad_name_is_one_line(hosted, capsys, name):
    code, out, err = run(capsys, "campaign", "phone", "--member", name)
    assert code == 2 and not out and err.count("\n") == 1
