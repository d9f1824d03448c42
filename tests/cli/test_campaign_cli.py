"""``sheetapp campaign ...``: host a campaign, invite, list and revoke devices, join over
loopback, and check this machine's memberships; every failure is one line, exit 2."""

from __future__ import annotations

import asyncio
import json
import os
import re
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetapp.campaign import membership
from sheetapp.campaign.contracts import Member, Role
from sheetapp.campaign.hosting import find_host
from sheetapp.campaign.membership import Membership
from sheetapp.campaign.shelf import Shelf
from sheetapp.campaign.tls import make_identity
from sheetapp.cli.main import main
from sheetapp.storage.library import default_path, open_library
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

from ..campaign.conftest import NO_LEAKS
from ..campaign.servers import join_host

pytestmark = NO_LEAKS


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def hosted(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code, out, _ = run(
        capsys, "campaign", "create", "--name", "Iron Road", "--gm", "Mara", "--json"
    )
    assert code == 0
    return json.loads(out)


@pytest.fixture
def serving(hosted: dict[str, object]) -> Iterator[int]:
    """The hosted campaign answering /join on loopback, in a thread of its own (the verbs
    run their own event loop)."""
    host = find_host()
    ready, stop = threading.Event(), None
    port: list[int] = []

    async def serve() -> None:
        nonlocal stop
        stop = asyncio.Event()
        async with join_host(host.registry(), host.identity()) as bound:
            port.append(bound)
            ready.set()
            await stop.wait()

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),))
    thread.start()
    assert ready.wait(10)
    yield port[0]
    loop.call_soon_threadsafe(stop.set)  # type: ignore[union-attr]
    thread.join(10)
    loop.close()


def test_create_makes_a_private_host_folder(hosted: dict[str, object]) -> None:
    folder = Path(str(hosted["folder"]))
    assert folder.parent == Path(os.environ["SHEETAPP_DATA_DIR"]) / "hosting"
    assert folder.name == hosted["id"]
    assert stat.S_IMODE((folder / "tls" / "host-key.pem").stat().st_mode) == 0o600
    assert re.fullmatch(r"([0-9A-F]{4}:){15}[0-9A-F]{4}", str(hosted["fingerprint"]))


def test_create_refuses_an_existing_campaign_folder(capsys, tmp_path: Path) -> None:
    args = ("campaign", "create", "--name", "A", "--gm", "G", "--dir", str(tmp_path / "c"))
    assert run(capsys, *args)[0] == 0
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and "already hosted" in err


def test_invite_prints_the_code_and_a_link_with_address_port_and_fingerprint(
    capsys, hosted: dict[str, object]
) -> None:
    code, out, err = run(capsys, "campaign", "invite", "Ana", "--address", "10.1.2.3")
    assert code == 0 and err == ""
    invite = re.search(r"code  (\S+)", out).group(1)  # type: ignore[union-attr]
    link = re.search(r"link  (\S+)", out).group(1)  # type: ignore[union-attr]
    fp = str(hosted["fingerprint"]).replace(":", "")
    assert re.fullmatch(
        rf"sheetapp://join\?host=10\.1\.2\.3&port=47474&code={invite}&fp={fp}"
        r"&invite=[0-9a-f]{12}",
        link,
    ), link


def test_join_members_revoke_and_status(capsys, serving: int) -> None:
    code, out, _ = run(capsys, "campaign", "invite", "Ana", "--address", "127.0.0.1", "--json")
    link = json.loads(out)["link"].replace("port=47474", f"port={serving}")
    code, out, err = run(capsys, "campaign", "join", link, "--label", "Ana's laptop")
    assert code == 0, err
    assert out.startswith("joined Iron Road as Ana (player)")
    code, out, err = run(capsys, "campaign", "join", link)
    assert code == 2 and err.strip() == (
        "sheetapp: the host refused: the invite code is already used; ask the GM for a new one"
    )

    code, out, _ = run(capsys, "campaign", "members", "--json")
    members = {m["name"]: m for m in json.loads(out)["members"]}
    (device,) = members["Ana"]["devices"]
    assert device["label"] == "Ana's laptop" and device["revoked"] is None

    code, out, _ = run(capsys, "campaign", "status")
    assert code == 0 and f"at 127.0.0.1:{serving}: answers; certificate matches" in out

    code, out, _ = run(capsys, "campaign", "revoke", device["id"])
    assert code == 0 and out.startswith(f"revoked {device['id']}")
    code, out, _ = run(capsys, "campaign", "members")
    assert "REVOKED" in out


def test_status_with_no_campaign(capsys) -> None:
    assert run(capsys, "campaign", "status") == (0, "this machine has joined no campaign\n", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("campaign", "invite", "Ana"), "no campaign is hosted here"),
        (("campaign", "members"), "no campaign is hosted here"),
        (("campaign", "join", "nonsense"), "an invite code is 8"),
        (("campaign", "join", "sheetapp://join?host=x"), "the link has no port"),
        (
            (
                "campaign",
                "join",
                "sheetapp://join?host=127.0.0.1&port=1&code=K7QX-M2PD&fp=" + "A" * 64,
            ),
            "127.0.0.1:1 does not answer",
        ),
    ],
)
def test_failures_are_one_line(capsys, args: tuple[str, ...], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_host_verbs_on_a_wrong_or_ambiguous_campaign(capsys, hosted) -> None:
    run(capsys, "campaign", "create", "--name", "Second", "--gm", "Mara")
    code, _, err = run(capsys, "campaign", "members")
    assert code == 2 and "several campaigns are hosted here" in err
    assert run(capsys, "campaign", "members", "--campaign", "second")[0] == 0
    code, _, err = run(capsys, "campaign", "revoke", "nope", "--campaign", "iron road")
    assert code == 2 and err == "sheetapp: no device nope in this campaign\n"
    code, _, err = run(capsys, "campaign", "invite", "Bob", "--role", "gm", "--campaign", "second")
    assert code == 2 and "one GM (Mara)" in err


def saved_membership(campaign_id: str, name: str) -> Membership:
    """A membership as 'join' saves it, without a host to join."""
    identity = make_identity(Path(os.environ["SHEETAPP_DATA_DIR"]) / f"tls-{campaign_id}")
    joined = Membership(
        campaign_id=campaign_id,
        campaign_name=name,
        host="127.0.0.1",
        port=47474,
        cert_pem=identity.cert_pem,
        fingerprint=identity.fingerprint,
        member=Member("m-ana", "Ana", Role.PLAYER),
        device_id="d-ana-laptop",
        token="secret",
    )
    membership.save(joined)
    return joined


def test_leave_forgets_the_membership_and_keeps_the_sheets_as_ordinary_ones(capsys) -> None:
    saved_membership("c-iron", "Iron Road")
    saved_membership("c-other", "Other Table")
    with open_library(default_path()) as library:
        mine = library.add(get_system("d6-pool").new(NewOptions(random=True, seed=3)))
        name, _doc = Shelf(library).share(mine, "c-iron", "character", "m-ana")
        other = library.add(get_system("d6-pool").new(NewOptions(random=True, seed=4)))
        Shelf(library).share(other, "c-other", "character", "m-ana")
        library.append_update("c-iron", "campaign", everything_of(library, "c-iron", name))
    code, out, err = run(capsys, "campaign", "leave", "IRON ROAD")
    assert (code, err) == (0, "")
    assert out.startswith("left Iron Road: this machine forgot its device d-ana-laptop")
    assert f"1 shared sheet stays in the library as an ordinary sheet: {mine}" in out
    assert [m.campaign_name for m in membership.load_all()[0]] == ["Other Table"]
    with open_library(default_path()) as library:
        assert library.load(mine).name and library.document_for(mine) is None
        assert library.updates("c-iron", name) == library.updates("c-iron", "campaign") == []
        assert library.document_for(other) is not None  # the other campaign is followed still
    code, out, err = run(capsys, "campaign", "leave", "c-iron")
    assert code == 2 and out == "" and err == (
        "sheetapp: this machine has not joined a campaign named c-iron (it has joined "
        "Other Table)\n"
    )


def test_leave_refuses_a_campaign_this_machine_hosts(capsys, hosted) -> None:
    saved_membership(str(hosted["id"]), "Iron Road")  # the app hosting keeps one for the GM
    code, out, err = run(capsys, "campaign", "leave", "Iron Road")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "this machine hosts Iron Road; 'leave' is for a player's machine" in err
    assert len(membership.load_all()[0]) == 1


def test_settings_shows_and_sets_apply_gm_changes_at_once(capsys, hosted) -> None:
    code, out, _ = run(capsys, "campaign", "settings")
    assert code == 0 and out.startswith("Iron Road: apply GM changes at once: off\n")
    code, out, _ = run(capsys, "campaign", "settings", "--apply-at-once", "on")
    assert code == 0 and "apply GM changes at once: on" in out
    assert find_host().registry().settings() == {"requests": "at_once"}  # where the app keeps it
    code, out, _ = run(capsys, "campaign", "settings", "--json")
    assert json.loads(out) == {"campaign": "Iron Road", "settings": {"requests": "at_once"}}
    assert run(capsys, "campaign", "settings", "--apply-at-once", "off")[0] == 0
    assert find_host().registry().settings() == {"requests": "ask"}
    with pytest.raises(SystemExit) as refused:  # argparse: usage and one line, exit 2
        main(["campaign", "settings", "--apply-at-once", "yes"])
    assert refused.value.code == 2 and "invalid choice: 'yes'" in capsys.readouterr().err


def test_the_campaign_help_lists_every_verb(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["campaign", "--help"])
    out = capsys.readouterr().out
    for verb in ("create", "invite", "members", "revoke", "settings", "serve", "join",
                 "status", "leave"):
        assert re.search(rf"^\s+{verb}\s", out, re.MULTILINE), verb


def everything_of(library, campaign: str, name: str) -> bytes:
    """A campaign document's update (any Y update will do for what 'leave' forgets)."""
    return library.updates(campaign, name)[0]


def test_create_makes_the_gms_own_device_and_members_shows_pending_invites(
    capsys, hosted: dict[str, object]
) -> None:
    """A table run from terminals: the machine that creates the campaign takes part as
    its GM (its membership saved like a joined one), and the GM sees who was invited and
    has not joined yet."""
    (own,), _problems = membership.load_all()
    assert (own.campaign_id, own.member.name, own.member.role) == (hosted["id"], "Mara", Role.GM)
    assert own.device_id == hosted["gm_device"] and own.host == "127.0.0.1"
    code, out, _ = run(capsys, "campaign", "members", "--json")
    (gm,) = json.loads(out)["members"]
    assert [d["id"] for d in gm["devices"]] == [own.device_id]
    assert json.loads(out)["invites"] == []

    run(capsys, "campaign", "invite", "Ana", "--address", "127.0.0.1")
    code, out, _ = run(capsys, "campaign", "members")
    assert code == 0 and "invited, not joined yet:" in out and "  Ana (player), made " in out
