"""Shared campaign timings on loopback, each against a baseline in the same run.

- Edit to visible: a player's edit (one field of a sheet) until the GM's client has applied
  it, through a host in its own process; against a bare websockets echo round trip (the
  floor any relay through a host pays). Median over 50 edits. Goal (#22): <= 100 ms.
- Join: a campaign of 7 members (the GM and 6 players) with 300 character sheets
  (50 per player), stored on the host. The GM's client opens all 300 (one connection each)
  and every player opens their 50, all at once; join time until every document has synced,
  and resident memory of the host process and of the clients' process. ``--sheets N``
  scales the campaign down (or up); ``--players N`` sets the number of players.
- Memory: the host's resident memory idle (no room open), after the join, at its peak,
  and once everyone has gone and the rooms have closed (the bench's host closes a room
  5 s after its last reader; the product's after 30 s), each against the idle host.
- Flood: while one player sends 5,000 one-field edits to their sheet as fast as the socket
  takes them, another player's edit until the GM has it (median of 20), against the same
  edit with nobody flooding.

``python bench/campaign.py [--json] [--sheets N]`` (plain websockets: TLS is the trust side's)
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from figures import Figure, emit
from pycrdt import Doc, create_update_message
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from sheetapp.campaign.contracts import Device, Kind, Member, Role, SharedDocument
from sheetapp.campaign.host import HOST_DB, CampaignHost, serve_forever
from sheetapp.campaign.host_store import HostStore

EDITS = 50
PLAYERS = 6
FLOOD = 5000
ROOM_IDLE_S = 5.0


class Keeper:
    """Seven members with one device each; the token is the device id reversed."""

    def __init__(self, players: int = PLAYERS) -> None:
        members = [Member("gm", "GM", Role.GM)] + [
            Member(f"p{n}", f"Player {n}", Role.PLAYER) for n in range(players)
        ]
        self.devices = {f"dev-{m.id}": Device(f"dev-{m.id}", m, "bench") for m in members}

    def redeem(self, code: str, device_label: str) -> tuple[Device, str]:
        raise NotImplementedError("the bench invites nobody")

    def authenticate(self, device_id: str, token: str) -> Device | None:
        return self.devices.get(device_id) if token == device_id[::-1] else None


class Membership:
    def __init__(self, port: int, device_id: str) -> None:
        self.host, self.port = "127.0.0.1", port
        self.device_id, self.token = device_id, device_id[::-1]
        self.fingerprint = ""

    def ssl_context(self) -> None:
        return None


def sheet(n: int) -> dict[str, object]:
    """A character of a size players keep: a dozen skills, some gear, a ledger."""
    return {
        "format": "sheetapp", "format_version": 1, "system": "d6-pool", "name": f"Hero {n}",
        "concept": "scout", "attributes": {"strength": 3, "dexterity": 4, "stamina": 3},
        "skills": [
            {"id": f"s{k}", "name": f"Skill {k}", "attribute": "dexterity", "rating": k % 4,
             "note": ""} for k in range(12)
        ],
        "equipment": [{"name": f"Item {k}", "notes": "well kept"} for k in range(6)],
        "xp_ledger": [{"kind": "award", "amount": 5, "note": f"session {k}"} for k in range(8)],
        "notes": "A long note about the hero. " * 10,
    }


def seed(directory: Path, sheets: int, players: int) -> dict[str, list[str]]:
    """Store the campaign's sheets on the host, as if each had been shared: which names
    each player owns."""
    store = HostStore(directory / HOST_DB)
    owned: dict[str, list[str]] = {f"p{n}": [] for n in range(players)}
    for n in range(sheets):
        owner = f"p{n % players}"
        name = f"character:{n:04d}"
        store.put_document(SharedDocument(name, Kind.CHARACTER, owner))
        doc = Doc()
        ydoc.write(doc, sheet(n))
        store.append(name, doc.get_update())
        owned[owner].append(name)
    store.close()
    return owned


async def start_host(directory: Path, players: int) -> tuple[asyncio.subprocess.Process, int]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--serve", str(directory), "--players", str(players),
        stdout=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    return process, int(await process.stdout.readline())


def rss_mb(pid: int | str = "self", field: str = "VmRSS") -> float:
    """Resident memory now (``VmHWM``: the most it has been)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def echo_ms() -> float:
    async def echo(connection) -> None:
        async for message in connection:
            await connection.send(message)

    async with serve(echo, "127.0.0.1", 0, compression=None) as server:
        port = server.sockets[0].getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}", proxy=None, compression=None) as ws:
            times = []
            for n in range(EDITS):
                start = time.perf_counter()
                await ws.send(b"\x00\x02" + bytes([n]) * 60)
                await ws.recv()
                times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def edit_to_visible_ms(port: int, edits: int = EDITS) -> float:
    player = CampaignClient(Membership(port, "dev-p0"), MemoryReplicas())
    seen = asyncio.Event()
    gm = CampaignClient(
        Membership(port, "dev-gm"), MemoryReplicas(), on_remote_change=lambda *_: seen.set()
    )
    try:
        mine = await player.open("character:0000")
        theirs = await gm.open("character:0000")
        data = ydoc.read(mine)
        times = []
        for n in range(edits):
            seen.clear()
            start = time.perf_counter()
            ydoc.write(mine, {**data, "notes": f"edit {n}"})
            await asyncio.wait_for(seen.wait(), 5)
            times.append((time.perf_counter() - start) * 1000)
            assert ydoc.read(theirs)["notes"] == f"edit {n}"
    finally:
        await player.close()
        await gm.close()
    return statistics.median(times)


async def join(port: int, owned: dict[str, list[str]]) -> tuple[float, float, int]:
    """Seconds until all seven have synced everything they read; MB the clients' process
    grew by; connections opened."""
    before = rss_mb()
    gm = CampaignClient(Membership(port, "dev-gm"), MemoryReplicas())
    players = {owner: CampaignClient(Membership(port, f"dev-{owner}"), MemoryReplicas())
               for owner in owned}
    opens = [gm.open(name, wait=120) for names in owned.values() for name in names]
    opens += [players[owner].open(name, wait=120) for owner, names in owned.items()
              for name in names]
    start = time.perf_counter()
    docs = await asyncio.gather(*opens)
    seconds = time.perf_counter() - start
    assert all(ydoc.read(doc).get("name") for doc in docs), "a document arrived empty"
    grown = rss_mb() - before
    for client in (gm, *players.values()):
        await client.close()
    return seconds, grown, len(opens)


async def flood(port: int, name: str) -> tuple[asyncio.Task[None], asyncio.Event]:
    """Player 1 sends ``FLOOD`` renames of their sheet as one raw frame each, as fast as
    the socket takes them (a script, not the app): the task, and an event set once the
    first hundred are out."""
    doc = Doc()
    reader = CampaignClient(Membership(port, "dev-p1"), MemoryReplicas())
    doc.apply_update((await reader.open(name)).get_update())
    await reader.close()
    made: list[bytes] = []
    doc.observe(lambda event: made.append(event.update))
    data = ydoc.read(doc)
    for n in range(FLOOD):
        ydoc.write(doc, {**data, "name": f"Flood {n}"})
    started = asyncio.Event()

    async def send() -> None:
        async with connect(
            f"ws://127.0.0.1:{port}{wire.DOC_PREFIX}{name}", proxy=None, compression=None,
            additional_headers={"Authorization": wire.authorization("dev-p1", "1p-ved")},
        ) as connection:
            for n, update in enumerate(made):
                await connection.send(create_update_message(update))
                if n == 100:
                    started.set()
            await asyncio.sleep(1)

    return asyncio.create_task(send()), started


async def during_a_flood_ms(port: int) -> float:
    sending, started = await flood(port, "character:0001")
    await started.wait()
    try:
        return await edit_to_visible_ms(port, 20)
    finally:
        await sending


async def measure(sheets: int, players: int) -> list[Figure]:
    echo = await echo_ms()
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        owned = seed(directory, sheets, players)
        process, port = await start_host(directory, players)
        try:
            visible = await edit_to_visible_ms(port)
            flooded = await during_a_flood_ms(port)
            await asyncio.sleep(ROOM_IDLE_S + 1)
            host_idle = rss_mb(process.pid)
            seconds, grown, connections = await join(port, owned)
            host_joined = rss_mb(process.pid)
            await asyncio.sleep(ROOM_IDLE_S + 2)
            host_left = rss_mb(process.pid)
            host_peak = rss_mb(process.pid, "VmHWM")
        finally:
            process.terminate()
            await process.wait()
    scale = f"{players + 1} members x {sheets} sheets, {connections} documents opened"
    return [
        Figure(f"campaign edit to visible while another player floods {FLOOD:,} edits",
               flooded, "ms", baseline="the same edit with nobody flooding",
               ratio=flooded / visible, goal="<= 2000 ms", met=flooded <= 2000),
        Figure("campaign host memory after everyone left (rooms closed)", host_left, "MB",
               baseline="host with no room open", ratio=host_left / host_idle,
               goal="<= 2x", met=host_left <= 2 * host_idle),
        Figure("campaign edit to visible (player -> host -> GM)", visible, "ms",
               baseline="websockets echo round trip", ratio=visible / echo,
               goal="<= 100 ms", met=visible <= 100),
        Figure(f"campaign join ({scale})", seconds, "s", goal="<= 5 s", met=seconds <= 5),
        Figure("campaign host memory with no room open (idle)", host_idle, "MB"),
        Figure("campaign host memory after the join", host_joined, "MB",
               baseline="host with no room open", ratio=host_joined / host_idle),
        Figure("campaign host peak memory (VmHWM)", host_peak, "MB",
               baseline="host with no room open", ratio=host_peak / host_idle),
        Figure(f"campaign clients' memory growth over the join ({players + 1} clients)",
               grown, "MB"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--sheets", type=int, default=300)
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        host = CampaignHost(args.serve, Keeper(args.players), room_idle=ROOM_IDLE_S)
        serve_forever(host, "127.0.0.1", 0, ready=lambda _, port: print(port, flush=True))
        return
    emit(asyncio.run(measure(args.sheets, args.players)))


if __name__ == "__main__":
    main()
