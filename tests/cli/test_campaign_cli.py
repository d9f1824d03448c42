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

from sheetapp.campaign.hosting import find_host
from sheetapp.cli.main import main

from ..campaign.servers import join_host


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
    assert link == f"sheetapp://join?host=10.1.2.3&port=47474&code={invite}&fp={fp}"


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
