"""The host's other duties: reveals kept in the campaign document, presence, the /join
exchange handed to the registry, and TLS that trusts only the host's own certificate."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from pycrdt import Map
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from sheetapp.campaign import gate, wire, ydoc
from sheetapp.campaign.host import CampaignHost
from tests.campaign.conftest import (
    ALICE,
    GM,
    Table,
    ayla_in_step,
    converged,
    eventually,
    run,
    sheet,
    with_table,
)


def test_the_gm_reveals_and_hides_an_npc_through_the_campaign_document(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        gm = table.client(table.gatekeeper.add(GM))
        npc = await gm.open("npc:n1")
        ydoc.write(npc, sheet("Grendel", npc=True))
        campaign = await gm.open("campaign")
        alice = table.client(table.gatekeeper.add(ALICE))
        await alice.open("npc:n1", wait=1)
        assert alice.status("npc:n1").startswith("refused")

        campaign.get(gate.REVEALED, type=Map)["npc:n1"] = True
        await eventually(lambda: table.host.documents()[-1].revealed, what="the reveal")
        seen = table.client(table.gatekeeper.add(ALICE))
        shown = await seen.open("npc:n1")
        await converged(table.host, [("npc:n1", shown)])
        listing = ydoc.read(await seen.open("campaign"), root=gate.DOCUMENTS)
        assert listing["npc:n1"]["revealed"] is True

        campaign.get(gate.REVEALED, type=Map)["npc:n1"] = False
        await eventually(lambda: seen.status("npc:n1").startswith("refused"), what="the cut")

    run(with_table(tmp_path, test))


def test_a_document_revealed_before_it_reaches_the_host_is_shown(tmp_path: Path) -> None:
    """The GM's client may send the reveal before the document itself (both go at once):
    the host takes the reveal when the document arrives."""

    async def test(table: Table) -> None:
        gm = table.client(table.gatekeeper.add(GM))
        campaign = await gm.open("campaign")
        campaign.get(gate.REVEALED, type=Map)["pack:p1"] = True
        await eventually(
            lambda: ydoc.read(table.host.doc("campaign"), root=gate.REVEALED) == {"pack:p1": True},
            what="the reveal at the host",
        )
        pack = await gm.open("pack:p1")
        ydoc.write(pack, {"universe": "tallow-run", "text": "format = 1"})
        await eventually(lambda: bool(table.host.documents()), what="the pack")
        [listed] = [d for d in table.host.documents() if d.name == "pack:p1"]
        assert listed.revealed
        alice = table.client(table.gatekeeper.add(ALICE))
        shown = await alice.open("pack:p1")
        await converged(table.host, [("pack:p1", shown)])

    run(with_table(tmp_path, test))


def test_presence_lists_the_connected_members(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        alice = table.gatekeeper.add(ALICE)
        host, port = table.address
        async with connect(
            f"ws://{host}:{port}{wire.PRESENCE_PATH}",
            additional_headers={"Authorization": wire.authorization(alice.id, "token-" + alice.id)},
            proxy=None,
        ) as watcher:
            assert json.loads(await watcher.recv()) == {"connected": [ALICE.id]}
            gm = table.client(table.gatekeeper.add(GM))
            await gm.open("campaign")
            assert json.loads(await watcher.recv()) == {"connected": [ALICE.id, GM.id]}
            await gm.close()
            assert json.loads(await watcher.recv()) == {"connected": [ALICE.id]}

    run(with_table(tmp_path, test))


def join_handler(message: bytes, _source: str) -> bytes:
    return json.dumps({"member": {"name": json.loads(message)["label"]}}).encode()


@pytest.mark.parametrize(
    ("handler", "answer"),
    [
        (join_handler, {"member": {"name": "tablet"}}),
        (None, {"refused": "this host takes no new members"}),
    ],
)
def test_join_is_answered_by_the_registrys_handler(tmp_path: Path, handler, answer) -> None:
    async def test(table: Table) -> None:
        host, port = table.address
        async with connect(f"ws://{host}:{port}{wire.JOIN_PATH}", proxy=None) as joining:
            await joining.send(json.dumps({"code": "K7QX-M2PD", "label": "tablet"}))
            assert json.loads(await joining.recv()) == answer

    run(with_table(tmp_path, test, join_handler=handler))


def test_unknown_places_and_names_are_not_found(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        host, port = table.address
        device = table.gatekeeper.add(ALICE)
        headers = {"Authorization": wire.authorization(device.id, table.gatekeeper.token(device))}
        for path in ("/admin", "/doc/character:../x", "/doc/sheet:1"):
            with pytest.raises(InvalidStatus) as refused:
                async with connect(f"ws://{host}:{port}{path}", additional_headers=headers,
                                   proxy=None):
                    pass
            assert refused.value.response.status_code == 404

    run(with_table(tmp_path, test))


def test_a_client_trusting_another_certificate_never_connects(
    tmp_path: Path, certificate, other_certificate
) -> None:
    async def test(table: Table) -> None:
        fooled = table.client(table.gatekeeper.add(ALICE), other_certificate.client)
        doc = await fooled.open("character:a1", wait=0.5)
        ydoc.write(doc, sheet("Ayla"))
        assert fooled.status("character:a1") == "offline"
        assert table.host.documents()[0].name == "campaign" and len(table.host.documents()) == 1

    run(with_table(tmp_path, test, ssl_context=certificate.server))


def test_a_port_in_use_is_one_clear_error_and_leaves_nothing_running(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        second = CampaignHost(tmp_path / "second", table.gatekeeper)
        with pytest.raises(OSError, match=r"^cannot listen on 127\.0\.0\.1:\d+: "):
            await second.start(*table.address)
        assert second.doc(wire.CAMPAIGN) is None

    run(with_table(tmp_path, test))


def test_an_edit_right_after_a_room_starts_reaches_every_reader(
    tmp_path: Path, monkeypatch
) -> None:
    """A room sends on what it applies only once it observes its document, which a task of
    its own sets up; a busy loop ran that task late, and an edit applied before it reached
    no reader (until they reconnected). The room here is slow to observe on purpose."""
    from pycrdt.websocket.yroom import YRoom

    watch = YRoom._watch_ready

    async def late(room: YRoom) -> None:
        await asyncio.sleep(1)
        await watch(room)

    async def test(table: Table) -> None:
        alice, mine, gm, theirs = await ayla_in_step(table)

        monkeypatch.setattr(YRoom, "_watch_ready", late)
        await table.restart()
        await eventually(lambda: gm.status("character:a1") == "connected", 5, "the GM")
        await eventually(lambda: alice.status("character:a1") == "connected", 5, "Alice")
        ydoc.write(mine, sheet("Ayla", notes="after the restart"))
        await eventually(
            lambda: ydoc.read(theirs)["notes"] == "after the restart", 5, "the GM to see it"
        )

    run(with_table(tmp_path, test))


def test_a_room_nobody_reads_is_closed_and_opens_again_whole(tmp_path: Path) -> None:
    """Memory follows the table: a document's room closes once its last reader has been
    gone a while, and the next reader gets the document whole from the database."""
    from sheetapp.campaign import ydoc as ydoc_module
    from tests.campaign.conftest import ALICE, converged, eventually, sheet

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        mine = await alice.open("character:a1")
        ydoc_module.write(mine, sheet("Ayla", notes="kept"))
        await converged(table.host, [("character:a1", mine)])
        assert "character:a1" in table.host.rooms_open()
        await alice.close()
        await eventually(lambda: table.host.rooms_open() == ["campaign"], 10, "the close")
        again = table.client(table.gatekeeper.add(ALICE, "tablet"))
        back = await again.open("character:a1")
        assert ydoc_module.read(back)["notes"] == "kept"

    run(with_table(tmp_path, test, room_idle=0.2))


def test_a_closed_rooms_document_and_gate_are_freed(tmp_path: Path) -> None:
    """A table that leaves gives its memory back: once a room closes, nothing holds its
    document, its gate or the gate's scratch copy (yrs held them through their observers,
    out of the garbage collector's sight, and a 1,000-sheet table left the host at 3.8x
    its idle size)."""
    import gc
    import weakref

    from tests.campaign.conftest import ALICE, converged, eventually, sheet

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        mine = await alice.open("character:a1")
        ydoc.write(mine, sheet("Ayla"))
        await converged(table.host, [("character:a1", mine)])
        room_gate = table.host._gates["character:a1"]
        ydoc.write(mine, {**sheet("Ayla"), "name": 7})  # refused: its scratch copy goes
        await eventually(lambda: table.host.refusals(), 10, "the refusal")
        ydoc.write(mine, sheet("Ayla", notes="again"))  # a new scratch copy, in the room
        await converged(table.host, [("character:a1", mine)])
        held = [weakref.ref(table.host.doc("character:a1")), weakref.ref(room_gate)]
        held.append(weakref.ref(room_gate._scratch))
        del room_gate
        await alice.close()
        await eventually(lambda: table.host.rooms_open() == ["campaign"], 10, "the close")

        def freed() -> bool:  # the closer finishes its work a moment after the room goes
            gc.collect()
            return [ref() for ref in held] == [None, None, None]

        await eventually(freed, 5, "the closed room's document, gate and copy to be freed")

    run(with_table(tmp_path, test, room_idle=0.1))


class _LateJoin:
    """A room's ``ydoc_observed`` whose next wait, once armed, takes ``delay`` longer: the
    loop serving everyone else between a connection finding its room and joining it."""

    def __init__(self, event: Any, armed: list[float]) -> None:
        self._event, self._armed = event, armed

    def set(self) -> None:
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()

    async def wait(self) -> None:
        await self._event.wait()
        if self._armed:
            await asyncio.sleep(self._armed.pop())


def test_a_reader_joining_as_the_last_one_leaves_keeps_its_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The idle closer must not close a room a connection is joining: the joiner then
    served on a stopped room (or failed on its gate), and its member went offline."""
    from sheetapp.campaign import host as host_module
    from tests.campaign.conftest import ALICE, GM, eventually, sheet

    armed: list[float] = []
    real = host_module.YRoom

    def room(*args: Any, **kwargs: Any) -> Any:
        made = real(*args, **kwargs)
        made.ydoc_observed = _LateJoin(made.ydoc_observed, armed)
        return made

    monkeypatch.setattr(host_module, "YRoom", room)

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        mine = await alice.open("character:a1")
        ydoc.write(mine, sheet("Ayla", notes="kept"))
        await eventually(
            lambda: (table.host.doc("character:a1") is not None
                     and ydoc.read(table.host.doc("character:a1")).get("notes") == "kept"),
            10, "Alice's edit at the host",
        )
        statuses: list[str] = []
        gm = table.client(table.gatekeeper.add(GM))
        gm.on_status = lambda _name, status: statuses.append(status)
        await alice.close()  # the room's last reader: its closer starts now
        armed.append(0.8)  # the GM's connection is slow to join (the closer runs meanwhile)
        theirs = await gm.open("character:a1", wait=10)
        await gm.synced("character:a1")
        assert ydoc.read(theirs).get("notes") == "kept"
        assert "character:a1" in table.host.rooms_open()
        assert statuses[-1] == "connected" and "offline" not in statuses, statuses
        failed = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not failed, failed

    run(with_table(tmp_path, test, room_idle=0.1))
