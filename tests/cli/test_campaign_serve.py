"""``sheetapp campaign serve`` hosts headless: a player joins it and syncs a sheet through
it, a revocation typed in another terminal closes that device out, and SIGTERM stops it
cleanly with everything accepted kept."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from pycrdt import Doc

from sheetapp.campaign import ydoc
from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from sheetapp.campaign.host_store import HostStore
from sheetapp.campaign.invites import parse_link
from sheetapp.campaign.membership import join
from sheetapp.cli.main import main

from ..campaign.conftest import NO_LEAKS, sheet

pytestmark = NO_LEAKS


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def sheetapp(*args: str) -> list[str]:
    return [sys.executable, "-m", "sheetapp", *args]


@pytest.fixture
def served(capsys, tmp_path: Path):
    """A campaign created with the verbs and served by a separate ``serve`` process."""
    folder = tmp_path / "host"
    assert main(["campaign", "create", "--name", "Iron Road", "--gm", "Mara",
                 "--dir", str(folder)]) == 0
    port = free_port()
    process = subprocess.Popen(
        sheetapp("campaign", "serve", "--dir", str(folder), "--bind", "127.0.0.1",
                 "--port", str(port), "--no-announce"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    first = process.stdout.readline()  # type: ignore[union-attr]
    assert first.startswith(f"serving Iron Road at 127.0.0.1:{port}"), first
    capsys.readouterr()
    yield folder, port, process
    with process:  # closes its pipes too, and waits for it
        if process.poll() is None:
            process.kill()


def invite(capsys, folder: Path, name: str, port: int) -> str:
    assert main(["campaign", "invite", name, "--dir", str(folder), "--address", "127.0.0.1",
                 "--json"]) == 0
    link = json.loads(capsys.readouterr().out)["link"]
    return link.replace("port=47474", f"port={port}")


def test_a_player_syncs_through_the_headless_host_and_sigterm_keeps_it(
    capsys, served, tmp_path: Path
) -> None:
    folder, port, process = served
    link = invite(capsys, folder, "Ana", port)

    async def play() -> None:
        membership = await join(parse_link(link), "laptop", folder=tmp_path / "joined")
        client = CampaignClient(membership, MemoryReplicas())
        doc = await client.open("character:abc", wait=10)
        ydoc.write(doc, sheet("Belth"))
        await asyncio.sleep(0.5)
        await client.close()

    asyncio.run(play())
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "stopped" in out
    store = HostStore(folder / "host.sqlite3")
    try:
        kept = Doc()
        for update in store.updates("character:abc"):
            kept.apply_update(update)
    finally:
        store.close()
    assert ydoc.read(kept) == sheet("Belth")


def test_ctrl_c_says_how_many_members_it_cut_off(capsys, served, tmp_path: Path) -> None:
    folder, port, process = served
    link = invite(capsys, folder, "Ana", port)

    async def play() -> None:
        membership = await join(parse_link(link), "laptop", folder=tmp_path / "joined")
        client = CampaignClient(membership, MemoryReplicas(), delays=(5, 5))
        await client.open("character:abc", wait=10)
        process.send_signal(signal.SIGINT)  # Ctrl+C while Ana is connected
        await asyncio.to_thread(process.wait, 20)
        await client.close()

    asyncio.run(play())
    out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "stopped; 1 member connected was cut off" in out


def test_a_revocation_typed_in_another_terminal_closes_the_device_out(
    capsys, served, tmp_path: Path
) -> None:
    folder, port, _process = served
    link = invite(capsys, folder, "Ana", port)

    async def play() -> str:
        membership = await join(parse_link(link), "laptop", folder=tmp_path / "joined")
        client = CampaignClient(membership, MemoryReplicas(), delays=(0.05, 0.2))
        await client.open("character:abc", wait=10)
        assert client.status("character:abc") == "connected"
        revoked = await asyncio.to_thread(
            main, ["campaign", "revoke", membership.device_id, "--dir", str(folder)]
        )
        assert revoked == 0
        for _ in range(200):  # the host looks every 2 s
            if client.status("character:abc").startswith("refused"):
                break
            await asyncio.sleep(0.05)
        status = client.status("character:abc")
        await client.close()
        return status

    assert asyncio.run(play()).startswith("refused")


ANNOUNCING_ON_LOOPBACK = """
import sys
from sheetapp.campaign import discovery
from sheetapp.cli import campaign_verbs
from sheetapp.cli.main import main

real = discovery.advertise

def on_loopback(name, port, fingerprint):
    made = real(name, port, fingerprint, addresses=["127.0.0.1"], interfaces=["127.0.0.1"])
    print("announced", name, port, flush=True)
    return made

discovery.advertise = campaign_verbs.advertise = on_loopback
sys.exit(main(sys.argv[1:]))
"""


def test_serve_announces_the_campaign_on_the_network(tmp_path: Path) -> None:
    """zeroconf's calls refuse to run on a thread whose event loop runs: announced from
    the serving loop itself, the campaign never reached the network."""
    folder = tmp_path / "host"
    assert main(["campaign", "create", "--name", "Iron Road", "--gm", "Mara",
                 "--dir", str(folder)]) == 0
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", ANNOUNCING_ON_LOOPBACK, "campaign", "serve", "--dir",
         str(folder), "--bind", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    lines: list[str] = []

    def read() -> None:
        for line in process.stdout:  # type: ignore[union-attr]
            lines.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    for _ in range(300):  # an announcement takes a second or two
        if any(line.startswith("announced") for line in lines) or process.poll() is not None:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    process.wait(20)
    reader.join(5)
    err = process.stderr.read()  # type: ignore[union-attr]
    process.stdout.close()  # type: ignore[union-attr]
    process.stderr.close()  # type: ignore[union-attr]
    assert "not announced" not in err, err
    assert f"announced Iron Road {port}\n" in lines
    assert process.returncode == 0, err


def test_a_table_run_from_terminals_shares_syncs_and_answers_requests(
    capsys, served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ana joins and shares a sheet with 'campaign share'; the GM's terminal takes it with
    'campaign sync' (the machine that created the campaign is the GM's device); the GM's
    XP request reaches Ana's 'campaign requests', and 'accept' applies it to her sheet."""
    from sheetapp.campaign import membership as memberships
    from sheetapp.campaign import requests as campaign_requests
    from sheetapp.campaign.taking_part import TakingPart
    from sheetapp.storage.library import open_library
    from sheetapp.systems.plugin import NewOptions
    from sheetapp.systems.registry import get_system

    folder, port, _process = served
    gm_home = Path(os.environ["SHEETAPP_DATA_DIR"])
    (own,), _ = memberships.load_all()
    memberships.save(own.__class__(**{**own.__dict__, "port": port}))  # the test's port
    link = invite(capsys, folder, "Ana", port)
    ana_home = tmp_path / "ana"
    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(ana_home))
    assert main(["campaign", "join", link, "--label", "laptop"]) == 0
    with open_library() as library:
        hero = get_system("d6-pool").new(NewOptions(random=True, seed=3))
        hero.name = "Ayla"
        mine = library.add(hero)
    capsys.readouterr()
    assert main(["campaign", "share", str(mine)]) == 0
    out = capsys.readouterr().out
    assert "is shared in Iron Road as character:" in out and "in step with the host" in out

    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(gm_home))
    assert main(["campaign", "sync"]) == 0
    out = capsys.readouterr().out
    assert "added Ayla from the campaign" in out
    with open_library() as library:
        joined = memberships.load_all()[0][0]

        async def ask() -> None:
            part = TakingPart(joined, library, lambda _line: None)
            try:
                await part.open_all()
                (character,) = [n for n in part.client.opened() if n.startswith("character:")]
                bell = campaign_requests.Request.new("note", joined.member, text="A bell.")
                await part.ask(character, bell)
                await part.flush()
            finally:
                await part.close()

        asyncio.run(ask())

    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(ana_home))
    assert main(["campaign", "requests"]) == 0
    listed = capsys.readouterr().out
    assert "Note from GM Mara" in listed
    request_id = listed.split()[0]
    assert main(["campaign", "requests", "accept", request_id]) == 0
    assert "accepted: Note from GM Mara" in capsys.readouterr().out
    with open_library() as library:
        assert "A bell." in library.load(mine).notes
    assert main(["campaign", "requests"]) == 0
    assert "no request waits for a decision" in capsys.readouterr().out
