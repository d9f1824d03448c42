"""The question every change to the campaign's liveness must answer: one member's burst,
one member gone quiet (connected, reading nothing) and a host restart, all in one session,
leave every other member in step, with nothing anyone saved lost: on the host (its
database, after the restart) and in each member's own stored copy."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pycrdt import Doc
from websockets.asyncio.client import connect

from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.client import CONNECTED
from tests.campaign.conftest import ALICE, BOB, GM, Table, eventually, run, sheet, with_table

BURST = 600
PAGE = "x" * 16000  # each edit's weight: far more than the quiet socket's buffers take


def stored(updates: list[bytes]) -> dict:
    doc = Doc()
    for update in updates:
        doc.apply_update(update)
    return ydoc.read(doc)


def test_a_burst_a_quiet_member_and_a_restart_leave_the_others_in_step(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        beat = {"heartbeat": (0.5, 5.0)}
        alice = table.client(table.gatekeeper.add(ALICE), **beat)
        bob = table.client(table.gatekeeper.add(BOB), **beat)
        gm = table.client(table.gatekeeper.add(GM), **beat)
        quiet_device = table.gatekeeper.add(GM, "tablet")
        ayla, bram = await alice.open("character:a1"), await bob.open("character:b1")
        ydoc.write(ayla, sheet("Ayla"))
        ydoc.write(bram, sheet("Bram"))
        gm_ayla, gm_bram = await gm.open("character:a1"), await gm.open("character:b1")
        await eventually(lambda: ydoc.read(gm_bram).get("name") == "Bram", 20, "Bram")

        # the GM's tablet: connected to both documents, and reads nothing from now on
        header = {"Authorization": wire.authorization(
            quiet_device.id, table.gatekeeper.token(quiet_device))}
        host, port = table.address
        quiet = [
            await connect(f"ws://{host}:{port}{wire.DOC_PREFIX}{name}",
                          additional_headers=header, max_queue=1)
            for name in ("character:a1", "character:b1")
        ]
        try:
            for n in range(BURST):  # Alice's burst, Bob saving in the middle of it
                ydoc.write(ayla, sheet("Ayla", notes=f"burst {n} {PAGE}"))
                if n == BURST // 2:
                    ydoc.write(bram, sheet("Bram", notes="saved during the burst"))
                if n % 50 == 0:
                    await asyncio.sleep(0)
            await table.restart()
            ydoc.write(bram, sheet("Bram", notes="saved after the restart"))
            last = f"burst {BURST - 1} {PAGE}"
            await eventually(
                lambda: ydoc.read(gm_ayla).get("notes") == last
                and ydoc.read(gm_bram).get("notes") == "saved after the restart",
                60, "the GM to hold both members' last saves",
            )
            for client, name in ((gm, "character:a1"), (gm, "character:b1"),
                                 (bob, "character:b1"), (alice, "character:a1")):
                await eventually(lambda c=client, n=name: c.status(n) == CONNECTED, 30,
                                 f"{name} in step")
            # nothing saved lost: in the host's database and in each member's own copy
            await table.restart()
            assert stored(table.host._require_store().updates("character:a1"))["notes"] == last
            assert (stored(table.host._require_store().updates("character:b1"))["notes"]
                    == "saved after the restart")
            assert stored(bob.replicas.updates("character:b1"))["notes"] == (
                "saved after the restart")
            assert stored(gm.replicas.updates("character:a1"))["notes"] == last
        finally:
            for connection in quiet:
                connection.transport.abort()

    run(with_table(tmp_path, test), timeout=180)
