"""The phone page on loopback, each figure against a baseline in the same run.

- Page load: a fresh TLS connection per file, as a phone opening the link: the page, its
  script and style sheet, then the first ``/api/state`` (cold: the host opens the phone's
  session and its documents; warm: a second load while the session is open). Median of 20
  (cold: of 5, a new phone each).
- Edit to GM: damage marked on the phone (``POST /api/edit``, the connection kept alive as
  the page keeps it) until the GM's laptop client has applied it; against the same edit
  made on the player's laptop client. Median of 50. Goal: the campaign's, <= 100 ms (#22).

The host, its phone page and the clients run in this one process (the page is served by
the host's process by design); the HTTP side runs on a thread, as a browser is apart.

``python bench/phone.py [--json]``
"""

from __future__ import annotations

import asyncio
import http.client
import json
import ssl
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from figures import Figure, emit

from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from sheetapp.campaign.contracts import Role
from sheetapp.campaign.hosting import create_host
from sheetapp.campaign.invites import InviteLink
from sheetapp.campaign.membership import join
from sheetapp.campaign.phone.pairing import Phones
from sheetapp.campaign.serving import HostedCampaign
from sheetapp.storage.document import dumps
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

EDITS = 50
LOADS = 20
COLD = 5
PAGE = ("/", "/app.js", "/style.css")


def _context(cert_pem: str) -> ssl.SSLContext:
    context = ssl.create_default_context(cadata=cert_pem)
    context.check_hostname = False
    return context


def _load(port: int, context: ssl.SSLContext, auth: str) -> float:
    """One page load as a browser makes it: the files, then the state."""
    start = time.perf_counter()
    for path in PAGE:
        connection = http.client.HTTPSConnection("127.0.0.1", port, context=context)
        connection.request("GET", path)
        connection.getresponse().read()
        connection.close()
    connection = http.client.HTTPSConnection("127.0.0.1", port, context=context)
    connection.request("GET", "/api/state", headers={"Authorization": auth})
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    if answer.status != 200 or not json.loads(body)["characters"]:
        raise RuntimeError(f"the page did not load: {answer.status} {body[:200]!r}")
    return time.perf_counter() - start


async def measure() -> list[Figure]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = create_host("Bench", "Mara", folder=Path(tmp) / "host")
        hosted = HostedCampaign(folder, announce=None)
        _, port = await hosted.start("127.0.0.1", 0)
        assert hosted.phone is not None and hosted.phone.address is not None
        phone_port = hosted.phone.address[1]
        identity = hosted.identity
        clients = {}
        for name, role in (("Mara", Role.GM), ("Ana", Role.PLAYER)):
            code = hosted.registry.invite(name, role)
            link = InviteLink("127.0.0.1", port, code, identity.fingerprint)
            membership = await join(link, "bench", folder=Path(tmp) / name)
            clients[name] = CampaignClient(membership, MemoryReplicas())
        sheet = f"character:{uuid.uuid4()}"
        mine = await clients["Ana"].open(sheet)
        data = json.loads(dumps(get_system("amazing-engine").new(NewOptions(random=True, seed=1))))
        ydoc.write(mine, data)
        assert await clients["Ana"].host_holds(sheet)
        gm_copy = await clients["Mara"].open(sheet)
        context = _context(identity.cert_pem)

        def auth_of() -> str:
            pairing = Phones(folder.path).pair(hosted.registry, "Ana")
            return wire.authorization(pairing.device.id, pairing.token)

        cold = [await asyncio.to_thread(_load, phone_port, context, auth_of())
                for _ in range(COLD)]
        auth = auth_of()
        await asyncio.to_thread(_load, phone_port, context, auth)
        warm = [await asyncio.to_thread(_load, phone_port, context, auth) for _ in range(LOADS)]

        def taken() -> int:
            return ydoc.read(gm_copy, root=ydoc.PLAY).get("damage", {}).get("stamina", 0)

        async def until_gm_has(value: int) -> float:
            while taken() != value:
                await asyncio.sleep(0.0005)
            return time.perf_counter()

        keep = http.client.HTTPSConnection("127.0.0.1", phone_port, context=context)

        def phone_edit(op: str) -> None:
            body = json.dumps({"character": sheet, "op": op, "track": "stamina", "amount": 1})
            keep.request("POST", "/api/edit", body, {"Authorization": auth,
                                                     "Content-Type": "application/json"})
            answer = keep.getresponse()
            answer.read()
            if answer.status != 200:
                raise RuntimeError(f"the edit was refused: {answer.status}")

        phone_times, laptop_times = [], []
        for _ in range(EDITS):
            start = time.perf_counter()
            waiting = asyncio.ensure_future(until_gm_has(1))
            await asyncio.to_thread(phone_edit, "damage")
            phone_times.append(await waiting - start)
            await asyncio.to_thread(phone_edit, "heal")
            await until_gm_has(0)
            start = time.perf_counter()
            ydoc.write(mine, {"damage": {"stamina": 1}}, root=ydoc.PLAY)
            laptop_times.append(await until_gm_has(1) - start)
            ydoc.write(mine, {"damage": {}}, root=ydoc.PLAY)
            await until_gm_has(0)
        keep.close()
        for client in clients.values():
            await client.close()
        await hosted.stop()

    ms = 1000
    load, first = statistics.median(warm) * ms, statistics.median(cold) * ms
    phone, laptop = statistics.median(phone_times) * ms, statistics.median(laptop_times) * ms
    return [
        Figure("phone page load (page, script, style, state; warm session)", load, "ms",
               baseline="the same load, first of a new phone", ratio=load / first),
        Figure("phone page first load (new phone: session and documents opened)", first, "ms"),
        Figure("phone edit to GM (damage: phone -> host page -> gate -> GM)", phone, "ms",
               baseline="the same edit from the player's laptop client", ratio=phone / laptop,
               goal="<= 100 ms", met=phone <= 100),
    ]


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    emit(asyncio.run(measure()))
