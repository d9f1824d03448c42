"""A table on loopback, end to end: ``sheetapp campaign serve`` hosts, the GM and three
players join with ``campaign invite`` / ``campaign join`` (each its own data folder) and
take part as scripted members. Ana bursts 2,000 edits, Bo stays quiet until the host is
down, Cy edits every half second; the host is stopped and started again in the middle. At
the end each character is compared as its owner, the GM and a fresh connection hold it,
and every connection's status is read: "EVERY MEMBER IN STEP" or "NOT IN STEP".

``python bench/campaign_group.py [PORT]`` (a free port by default; everything in a
temporary folder, removed afterwards).
"""

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sheetapp.campaign import ydoc
from sheetapp.campaign.client import CONNECTED, CampaignClient, MemoryReplicas
from sheetapp.campaign.membership import load_all

ROOT = Path(__file__).resolve().parents[1]
PY = [sys.executable, "-m", "sheetapp"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def sheet(name, **changes):
    return {
        "format": "sheetapp",
        "format_version": 1,
        "system": "d6-pool",
        "name": name,
        "player": "",
        "concept": "",
        "npc": False,
        "attributes": {},
        "skills": [],
        "notes": "",
        **changes,
    }


def cli(home, *args):
    out = subprocess.run(
        PY + list(args),
        env={**ENV, "SHEETAPP_DATA_DIR": str(home)},
        capture_output=True,
        text=True,
        cwd="/tmp",
    )
    if out.returncode:
        raise SystemExit(f"{args}: {out.stderr}")
    return out.stdout


def serve(gm_home):
    proc = subprocess.Popen(
        [*PY, "campaign", "serve", "--bind", "127.0.0.1", "--no-announce"],
        env={**ENV, "SHEETAPP_DATA_DIR": str(gm_home)},
        cwd="/tmp",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    line = proc.stdout.readline()
    print("host:", line.strip(), flush=True)
    return proc


async def main():
    gm_home = BASE / "gm"
    cli(
        gm_home,
        "campaign",
        "create",
        "--name",
        "Loopback Night",
        "--gm",
        "Mara",
        "--port",
        str(PORT),
    )
    host = serve(gm_home)
    homes = {}
    for name, role in (("Mara", "gm"), ("Ana", "player"), ("Bo", "player"), ("Cy", "player")):
        made = json.loads(
            cli(
                gm_home,
                "campaign",
                "invite",
                name,
                "--role",
                role,
                "--address",
                "127.0.0.1",
                "--json",
            )
        )
        home = BASE / name
        cli(home, "campaign", "join", made["link"], "--label", f"{name}'s machine")
        homes[name] = home
    print(cli(gm_home, "campaign", "members"))
    clients, members = {}, {}
    for name, home in homes.items():
        os.environ["SHEETAPP_DATA_DIR"] = str(home)
        (membership,), _ = load_all()
        members[name] = membership
        clients[name] = CampaignClient(membership, MemoryReplicas())
    sheets = {p: f"character:{p.lower()}-1" for p in ("Ana", "Bo", "Cy")}
    docs = {}
    for p, name in sheets.items():
        docs[p] = await clients[p].open(name, wait=10)
        ydoc.write(docs[p], sheet(p))
    gm_docs = {p: await clients["Mara"].open(name, wait=10) for p, name in sheets.items()}

    async def steady():
        for n in range(60):
            ydoc.write(docs["Cy"], sheet("Cy", notes=f"steady {n}"))
            await asyncio.sleep(0.5)

    began = time.monotonic()
    for n in range(2000):  # Ana's burst, as fast as her client takes it
        ydoc.write(docs["Ana"], sheet("Ana", notes=f"burst {n}"))
        if n == 1000:  # Cy saves while the burst is under way
            ydoc.write(docs["Cy"], sheet("Cy", notes="during the burst"))
            cy_wrote = time.monotonic()
        if n % 200 == 0:
            await asyncio.sleep(0)
    print(f"burst made in {time.monotonic() - began:.1f} s", flush=True)
    while ydoc.read(gm_docs["Cy"]).get("notes") != "during the burst":
        await asyncio.sleep(0.01)
    print(
        f"Cy's edit made during the burst reached the GM after {time.monotonic() - cy_wrote:.2f} s"
    )
    steady_task = asyncio.create_task(steady())
    while ydoc.read(gm_docs["Ana"]).get("notes") != "burst 1999":
        await asyncio.sleep(0.05)
    print(
        f"the whole burst reached the GM {time.monotonic() - began:.1f} s after it began",
        flush=True,
    )

    await asyncio.sleep(6)  # a heartbeat or so: Bo has been quiet all along
    host.send_signal(signal.SIGTERM)
    host.wait()
    print("host stopped; edits while it is down", flush=True)
    ydoc.write(docs["Bo"], sheet("Bo", notes="written while the host was down"))
    await asyncio.sleep(2)
    host = serve(gm_home)
    restart = time.monotonic()
    while ydoc.read(gm_docs["Bo"]).get("notes") != "written while the host was down":
        await asyncio.sleep(0.05)
    print(
        f"after the restart Bo's offline edit reached the GM in {time.monotonic() - restart:.1f} s"
    )
    await steady_task
    await asyncio.sleep(8)

    fresh = CampaignClient(members["Mara"], MemoryReplicas())
    in_step = True
    for p, name in sheets.items():
        seen = await fresh.open(name, wait=10)
        same = ydoc.read(seen) == ydoc.read(docs[p]) == ydoc.read(gm_docs[p])
        statuses = {who: clients[who].status(name) for who in ("Mara", p)}
        print(f"{name}: owner, GM and a fresh connection agree: {same}; statuses {statuses}")
        in_step = in_step and same and all(s == CONNECTED for s in statuses.values())
    print("EVERY MEMBER IN STEP" if in_step else "NOT IN STEP")
    for c in [*clients.values(), fresh]:
        await c.close()
    host.send_signal(signal.SIGTERM)
    host.wait()
    print(host.stdout.read()[-2000:])


if __name__ == "__main__":
    PORT = int(sys.argv[1]) if len(sys.argv) > 1 else free_port()
    with tempfile.TemporaryDirectory() as folder:
        BASE = Path(folder)
        asyncio.run(main())
