"""The host's database: a document's many updates are merged into one when a room opens,
and the merge reads the same."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pycrdt import Doc

from sheetapp.campaign import ydoc
from sheetapp.campaign.contracts import Kind, SharedDocument
from sheetapp.campaign.host import HOST_DB
from sheetapp.campaign.host_store import HostStore
from sheetapp.campaign.limits import DEFAULT, Limits
from tests.campaign.conftest import ALICE, Table, converged, run, sheet, with_table

COMPACT_AFTER = DEFAULT.compact_after


def test_a_long_history_is_merged_when_its_room_opens(tmp_path: Path) -> None:
    store = HostStore(tmp_path / HOST_DB)
    store.put_document(SharedDocument("character:a1", Kind.CHARACTER, ALICE.id))
    doc = Doc()
    for n in range(COMPACT_AFTER + 1):
        state = doc.get_state()
        ydoc.write(doc, sheet("Ayla", notes=f"note {n}"))
        store.append("character:a1", doc.get_update(state))
    store.close()

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        mine = await alice.open("character:a1")
        await converged(table.host, [("character:a1", mine)])
        assert ydoc.read(mine) == sheet("Ayla", notes=f"note {COMPACT_AFTER}")

    run(with_table(tmp_path, test))
    store = HostStore(tmp_path / HOST_DB)
    (merged,) = store.updates("character:a1")
    again = Doc()
    again.apply_update(merged)
    assert ydoc.read(again) == sheet("Ayla", notes=f"note {COMPACT_AFTER}")


def test_a_long_history_is_merged_while_the_host_serves(tmp_path: Path) -> None:
    """A busy document does not wait for a restart to be merged: past the threshold its
    rows become one, and what it holds reads the same from the database."""
    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        mine = await alice.open("character:a1")
        for n in range(30):
            ydoc.write(mine, sheet("Ayla", notes=f"note {n}"))
            await asyncio.sleep(0.005)
        await converged(table.host, [("character:a1", mine)])
        assert len(table.host._require_store().updates("character:a1")) <= 10
        again = Doc()
        for update in table.host._require_store().updates("character:a1"):
            again.apply_update(update)
        assert ydoc.read(again) == sheet("Ayla", notes="note 29")

    run(with_table(tmp_path, test, limits=Limits(compact_after=10)))
