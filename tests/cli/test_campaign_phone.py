"""``sheetapp campaign phone --member NAME``: a phone device for a member (a new one for a
name without a laptop), its link with the token in the fragment and the host's
fingerprint, and a QR code a camera reads; bad names are one line, exit 2."""

from __future__ import annotations

import json
import ssl
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


def test_the_link_names_the_port_the_running_hosts_page_listens_at(hosted, capsys):
    """A campaign served at another port than its own (``serve --port``, or any free one)
    has its page beside that port: the link must lead there, not to the usual one."""
    import asyncio
    from urllib.request import urlopen

    from sheetapp.campaign.serving import HostedCampaign

    from ..campaign.conftest import run as run_loop

    host = find_host()

    async def scenario() -> None:
        hosted_campaign = HostedCampaign(host, announce=None)
        await hosted_campaign.start("127.0.0.1", 0)
        try:
            assert hosted_campaign.phone is not None and hosted_campaign.phone.address
            served = hosted_campaign.phone.address[1]
            assert served != phone_port(host.registry().port)
            code, out, _ = await asyncio.to_thread(
                run, capsys, "campaign", "phone", "--member", "Ana", "--address", "127.0.0.1",
                "--json")
            assert code == 0
            link = urlsplit(json.loads(out)["link"])
            assert link.port == served
            context = ssl.create_default_context(cadata=host.identity().cert_pem)
            context.check_hostname = False
            page = await asyncio.to_thread(
                lambda: urlopen(f"https://127.0.0.1:{link.port}/", context=context, timeout=10))
            assert page.status == 200
            page.close()
        finally:
            await hosted_campaign.stop()

    run_loop(scenario())
    # stopped, the host no longer says where a page listens: the usual port again
    code, out, _ = run(capsys, "campaign", "phone", "--member", "Ana", "--json")
    assert code == 0
    assert urlsplit(json.loads(out)["link"]).port == phone_port(host.registry().port)


def _serve(folder, port: int):
    import os
    import subprocess
    import sys

    return subprocess.Popen(
        [sys.executable, "-m", "sheetapp", "campaign", "serve", "--dir", str(folder),
         "--bind", "127.0.0.1", "--port", str(port), "--no-announce"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def _lines(process, count: int, seconds: float = 30.0) -> list[str]:
    """The first ``count`` lines the process prints, or as many as came in time (a
    reader thread: a line never printed must fail the test, not hang it)."""
    import queue
    import threading

    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout],
                     daemon=True).start()
    said = []
    try:
        for _ in range(count):
            said.append(lines.get(timeout=seconds).rstrip("\n"))
    except queue.Empty:
        pass
    return said


def test_serve_says_where_the_phone_page_is_and_it_answers_there(tmp_path, capsys):
    """``campaign serve`` prints the page's address with the host's; a phone's browser
    opening it gets the page."""
    from urllib.request import urlopen

    from .test_campaign_serve import free_port

    folder = tmp_path / "host"
    assert main(["campaign", "create", "--name", "Iron Road", "--gm", "Mara",
                 "--dir", str(folder)]) == 0
    port = free_port()
    process = _serve(folder, port)
    with process:
        try:
            said = _lines(process, 3)
            assert said[0].startswith(f"serving Iron Road at 127.0.0.1:{port}"), said
            assert said[2:] and said[2].startswith("phone page at https://127.0.0.1:"), said
            address = said[2].split()[3]
            context = ssl.create_default_context(
                cadata=find_host(folder=folder).identity().cert_pem)
            context.check_hostname = False
            with urlopen(address, context=context, timeout=10) as page:
                assert page.status == 200 and b"<html" in page.read()
        finally:
            process.terminate()
            process.wait(timeout=30)


def test_serve_says_when_the_phone_page_is_not_served(tmp_path, capsys):
    import socket

    from .test_campaign_serve import free_port

    folder = tmp_path / "host"
    assert main(["campaign", "create", "--name", "Iron Road", "--gm", "Mara",
                 "--dir", str(folder)]) == 0
    for _ in range(20):
        port = free_port()
        taken = socket.socket()
        try:
            taken.bind(("127.0.0.1", port + 1))  # the page's port is someone else's
        except OSError:
            taken.close()
            continue
        break
    with taken:
        taken.listen()
        process = _serve(folder, port)
        with process:
            said = _lines(process, 3)
            process.terminate()
            process.wait(timeout=30)
    assert said[0].startswith(f"serving Iron Road at 127.0.0.1:{port}"), said
    assert said[2:] == ["the phone page is not served (the warning above says why)"], said
