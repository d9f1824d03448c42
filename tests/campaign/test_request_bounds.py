"""Request amounts are held to the rules' bounds, declared once beside the request types
(``requests.XP_PER_AWARD``, the character's own tracks): each kind past its bound is
refused with the bound named, by the gate whatever the client, and before sending by the
GM's terminal."""

from __future__ import annotations

import asyncio
import json
from dataclasses import asdict
from pathlib import Path

import pytest
from pycrdt import Array, Map

from sheetapp.campaign import requests, ydoc
from sheetapp.campaign.requests import XP_PER_AWARD, Request, out_of_bounds
from sheetapp.play.support import gm_support
from sheetapp.storage.document import dumps, loads
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids
from tests.campaign.conftest import ALICE, GM, Table, converged, eventually, run, with_table


def character(system_id: str):
    return get_system(system_id).new(NewOptions(random=True, seed=3))


def test_every_system_that_awards_xp_declares_its_most_per_award() -> None:
    awarding = {s for s in system_ids() if gm_support(s).award_xp is not None}
    assert awarding == set(XP_PER_AWARD)


@pytest.mark.parametrize("system_id", sorted(XP_PER_AWARD))
def test_an_xp_award_past_the_systems_most_is_refused_naming_it(system_id: str) -> None:
    sheet, most = character(system_id), XP_PER_AWARD[system_id]
    assert out_of_bounds(Request.new("xp", GM, amount=most), sheet) == ""
    said = out_of_bounds(Request.new("xp", GM, amount=most + 1), sheet)
    assert f"at most {most:,} XP" in said and get_system(system_id).name in said


@pytest.mark.parametrize("system_id", ["alternity", "amplitude"])
def test_xp_in_a_system_without_experience_is_refused_with_its_reason(system_id: str) -> None:
    said = out_of_bounds(Request.new("xp", GM, amount=1), character(system_id))
    assert said == gm_support(system_id).no_xp


def test_damage_and_healing_are_held_to_the_characters_tracks() -> None:
    sheet = character("alternity")  # stun 7, wound 7, mortal 4, fatigue 4; knocked out 1
    all_tracks = 7 + 7 + 4 + 4 + 1
    assert out_of_bounds(Request.new("damage", GM, amount=all_tracks, track="stun"), sheet) == ""
    past = out_of_bounds(Request.new("damage", GM, amount=all_tracks + 1, track="stun"), sheet)
    assert f"damage is at most {all_tracks}" in past
    assert out_of_bounds(Request.new("heal", GM, amount=4, track="mortal"), sheet) == ""
    assert "healing on mortal is at most 4" in out_of_bounds(
        Request.new("heal", GM, amount=5, track="mortal"), sheet
    )
    assert "hull is not a damage track of this Alternity character" in out_of_bounds(
        Request.new("damage", GM, amount=1, track="hull"), sheet
    )
    assert out_of_bounds(Request.new("note", GM, text="A bell."), sheet) == ""


def test_the_gate_refuses_a_forged_amount_past_the_bounds_naming_it(tmp_path: Path) -> None:
    """A modified GM client writes rows the app would not send: each kind past its bound
    is refused (the bound named to that client), one within them passes."""
    hero = character("d6-pool")  # lethal and non-lethal, 4 to -2 each
    data = json.loads(dumps(hero))

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        mine = await alice.open("character:a1")
        ydoc.write(mine, data)
        await converged(table.host, [("character:a1", mine)])
        await alice.close()  # the character's room may close: the host reads it back
        gm = table.client(table.gatekeeper.add(GM))
        refusals: list[str] = []
        gm.on_refused = lambda _name, reason: refusals.append(reason)
        rows = await gm.open("requests:a1")
        asked = [
            Request.new("xp", GM, amount=999_999),
            Request.new("damage", GM, amount=13, track="lethal"),
            Request.new("heal", GM, amount=7, track="nonlethal"),
            Request.new("damage", GM, amount=1, track="sanity"),
        ]
        for n, request in enumerate(asked, 1):
            rows.get("requests", type=Array).append(Map(asdict(request)))
            await eventually(lambda n=n: len(refusals) == n, 10, f"refusal {n}")
            await eventually(lambda: requests.requests(rows) == [], 10, "taken back")
        assert "at most 100 XP, not 999,999" in refusals[0]
        assert "damage is at most 12" in refusals[1]
        assert "healing on nonlethal is at most 6" in refusals[2]
        assert "sanity is not a damage track" in refusals[3]
        fair = Request.new("damage", GM, amount=12, track="lethal")
        requests.add(rows, fair)
        await asyncio.sleep(0.3)
        await converged(table.host, [("requests:a1", rows)])
        assert requests.requests(table.host.doc("requests:a1")) == [fair]
        assert len(refusals) == 4

    run(with_table(tmp_path, test), timeout=60)


def test_a_sheet_with_no_tracks_takes_no_damage_request() -> None:
    bare = loads(json.dumps({"format": "sheetapp", "format_version": 1, "system": "d6-pool",
                             "name": "Ayla"}))
    said = out_of_bounds(Request.new("damage", GM, amount=1, track="lethal"), bare)
    assert "lethal is not a damage track" in said
