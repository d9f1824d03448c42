"""Taking back a refused change touches only what that change touched: this machine's
later edits and others' edits stay."""

from __future__ import annotations

from pycrdt import Array, Doc, Map

from sheetapp.campaign import gate, ydoc
from sheetapp.campaign.client import take_back
from sheetapp.campaign.contracts import Kind
from tests.campaign.conftest import sheet


def test_only_the_refused_fields_go_back() -> None:
    host = Doc()
    ydoc.write(host, sheet("Ayla", concept="scout", attributes={"strength": 3}))
    mine = Doc()
    mine.apply_update(host.get_update())
    before = mine.get_state()
    ydoc.write(mine, {**ydoc.read(mine), "lethal_damage": "lots", "attributes": {}})
    refused = mine.get_update(before)
    ydoc.write(mine, {**ydoc.read(mine), "notes": "mine, later"})
    ydoc.write(host, {**ydoc.read(host), "concept": "spy"})  # another device, meanwhile
    mine.apply_update(host.get_update(mine.get_state()))

    take_back(mine, Kind.CHARACTER, host.get_update(), refused)

    assert ydoc.read(mine) == sheet(
        "Ayla", concept="spy", attributes={"strength": 3}, notes="mine, later"
    )


def test_requests_rows_go_back_as_a_list() -> None:
    host = Doc()
    host["requests"] = Array([Map({"kind": "xp", "amount": 5})])
    mine = Doc()
    mine.apply_update(host.get_update())
    before = mine.get_state()
    ydoc.write_rows(mine, [{"kind": "xp", "amount": 5}, 7], root=gate.REQUESTS)
    refused = mine.get_update(before)

    take_back(mine, Kind.REQUESTS, host.get_update(), refused)

    assert ydoc.read_rows(mine, root=gate.REQUESTS) == [{"kind": "xp", "amount": 5}]
