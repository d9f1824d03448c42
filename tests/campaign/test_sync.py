"""Host and clients on loopback: edits reach every reader, offline edits merge on return."""

from __future__ import annotations

from pathlib import Path

from sheetapp.campaign import ydoc
from tests.campaign.conftest import ALICE, GM, Table, converged, eventually, run, sheet, with_table


def test_a_players_edit_reaches_the_gm_over_tls(tmp_path: Path, certificate) -> None:
    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE), certificate.client)
        gm = table.client(table.gatekeeper.add(GM), certificate.client)
        seen: list[str] = []
        gm.on_remote_change = lambda name, doc: seen.append(name)
        mine = await alice.open("character:a1")
        ydoc.write(mine, sheet("Ayla"))
        theirs = await gm.open("character:a1")
        await converged(table.host, [("character:a1", mine), ("character:a1", theirs)])
        ydoc.write(mine, sheet("Ayla the Bold"))
        await eventually(lambda: ydoc.read(theirs).get("name") == "Ayla the Bold")
        assert "character:a1" in seen
        assert alice.status("character:a1") == "connected"

    run(with_table(tmp_path, test, ssl_context=certificate.server))
