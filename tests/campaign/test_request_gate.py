"""The host holds each requests document to who may write what in it: only the GM asks,
as themselves; only the character's player decides; nothing else in a request changes and
none is removed. A modified client writing the rows directly gets nowhere."""

from __future__ import annotations

import asyncio
from dataclasses import asdict, replace
from pathlib import Path

from pycrdt import Array, Doc, Map

from sheetapp.campaign import requests
from sheetapp.campaign.requests import Request
from tests.campaign.conftest import (
    ALICE,
    GM,
    Table,
    ayla_in_step,
    converged,
    eventually,
    run,
    with_table,
)

NAME = "requests:a1"


def write_row(doc: Doc, request: Request) -> None:
    """What a forging client does: a map straight into the array, past ``requests.add``."""
    doc.get("requests", type=Array).append(Map(asdict(request)))


def test_a_player_cannot_forge_a_gm_request_or_change_one(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        alice, _mine, gm, _theirs = await ayla_in_step(table)
        players = await alice.open(NAME)
        gms = await gm.open(NAME)
        refusals: list[str] = []
        alice.on_refused = lambda _name, reason: refusals.append(reason)

        forged = Request.new("xp", GM, amount=999_999)  # claims to be the GM's
        write_row(players, forged)
        await eventually(lambda: refusals, 10, "the forged request to be refused")
        assert "only the GM asks" in refusals[-1]
        await asyncio.sleep(0.3)
        assert requests.requests(table.host.doc(NAME)) == []
        assert requests.requests(gms) == []

        asked = Request.new("xp", GM, amount=5)
        requests.add(gms, asked)
        await converged(table.host, [])
        await eventually(lambda: requests.pending(players) == [asked], 10, "the GM's request")

        # the player changes the amount instead of deciding: refused
        entry = players.get("requests", type=Array)[0]
        entry["amount"] = 500
        await eventually(lambda: len(refusals) == 2, 10, "the changed amount refused")
        assert "changes only by being accepted or declined" in refusals[-1]
        await eventually(lambda: requests.pending(players) == [asked], 10, "taken back")

        # the GM cannot decide for the player
        gm_refusals: list[str] = []
        gm.on_refused = lambda _name, reason: gm_refusals.append(reason)
        requests.decide(gms, asked.id, True)
        await eventually(lambda: gm_refusals, 10, "the GM's decision to be refused")
        assert "only the character's player" in gm_refusals[-1]

        # the player does
        decided = requests.decide(players, asked.id, True)
        await eventually(
            lambda: requests.requests(table.host.doc(NAME)) == [decided], 10, "the decision"
        )
        assert requests.requests(table.host.doc(NAME))[0].state == "accepted"

    run(with_table(tmp_path, test), timeout=60)


def test_the_rules_for_each_change_of_the_rows() -> None:
    asked = Request.new("damage", GM, amount=3, track="wounds")
    rows = [asdict(asked)]
    decided = [asdict(replace(asked, state="declined", decided_at=asked.at + 1))]
    assert requests.why_not_written([], rows, GM, ALICE.id) == ""
    assert "only the GM" in requests.why_not_written([], rows, ALICE, ALICE.id)
    as_gm = asdict(replace(Request.new("note", ALICE, text="hi")))
    assert "names the GM" in requests.why_not_written([], [as_gm], GM, ALICE.id)
    assert requests.why_not_written(rows, decided, ALICE, ALICE.id) == ""
    assert "player accepts" in requests.why_not_written(rows, decided, GM, ALICE.id)
    assert "removed" in requests.why_not_written(rows, [], ALICE, ALICE.id)
    assert "decided once" in requests.why_not_written(decided, rows, ALICE, ALICE.id)
    huge = {**asdict(asked), "id": "x", "amount": 10**9}
    assert "not a request" in requests.why_not_written([], [huge], GM, ALICE.id)
