"""A live table for the phone's tests: a hosted campaign served on a thread of its own
(the browser tests block), with players whose laptops shared a character each, the GM's
laptop, and phones paired from the registry as the app and ``campaign phone`` pair them."""

from __future__ import annotations

import asyncio
import json
import ssl
import threading
import uuid
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.request import Request, urlopen

from pycrdt import Doc

from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from sheetapp.campaign.contracts import Role
from sheetapp.campaign.hosting import create_host
from sheetapp.campaign.invites import InviteLink
from sheetapp.campaign.membership import Membership, join
from sheetapp.campaign.phone.pairing import Pairing, Phones
from sheetapp.campaign.serving import HostedCampaign
from sheetapp.storage.document import dumps
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

T = TypeVar("T")


def new_sheet(system: str, seed: int, name: str) -> dict[str, Any]:
    sheet = get_system(system).new(NewOptions(random=True, seed=seed))
    data = json.loads(dumps(sheet))
    if "characters" in data:
        data["characters"][0]["name"] = name
        data["characters"][0]["equipment"] = [  # money and ammunition are counted gear
            {"name": "Silver crowns", "weight_kg": 0.0, "quantity": 40, "carried": True,
             "notes": ""},
            {"name": "Pistol rounds", "weight_kg": 0.0, "quantity": 12, "carried": True,
             "notes": "in two clips"},
        ]
    else:
        data["name"] = name
    return data


class LiveTable:
    """Start with ``with LiveTable(tmp_path) as table``; ``table.run(coro)`` runs on the
    host's loop. ``laptops[name]`` is each member's laptop client, ``sheets[name]`` the
    document name of their character."""

    def __init__(self, folder: Path, players: dict[str, tuple[str, int]] | None = None) -> None:
        self.folder = folder
        self.players = players or {"Ana": ("amazing-engine", 7), "Bo": ("d6-pool", 3)}
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.laptops: dict[str, CampaignClient] = {}
        self.memberships: dict[str, Membership] = {}
        self.sheets: dict[str, str] = {}

    def run(self, work: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def __enter__(self) -> LiveTable:
        self.thread.start()
        self.run(self._start())
        return self

    def __exit__(self, *_exc: object) -> None:
        self.run(self._stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    async def _start(self) -> None:
        host_folder = create_host("Iron Road", "Mara", folder=self.folder / "host")
        self.hosted = HostedCampaign(host_folder, announce=None)
        _, self.port = await self.hosted.start("127.0.0.1", 0)
        assert self.hosted.phone is not None and self.hosted.phone.address is not None
        self.phone_port = self.hosted.phone.address[1]
        gm_code = self.hosted.registry.invite("Mara", Role.GM)
        link = InviteLink("127.0.0.1", self.port, gm_code, self.hosted.identity.fingerprint)
        self.memberships["Mara"] = await join(link, "Mara's laptop", folder=self.folder / "Mara")
        for name in self.players:
            code = self.hosted.registry.invite(name, Role.PLAYER)
            link = InviteLink("127.0.0.1", self.port, code, self.hosted.identity.fingerprint)
            self.memberships[name] = await join(link, f"{name}'s laptop",
                                                folder=self.folder / name)
        for name, membership in self.memberships.items():
            self.laptops[name] = CampaignClient(membership, MemoryReplicas())
        for name, (system, seed) in self.players.items():
            sheet = f"character:{uuid.uuid4()}"
            doc = await self.laptops[name].open(sheet)
            ydoc.write(doc, new_sheet(system, seed, f"{name}'s hero"))
            await self.laptops[name].open(wire.requests_of(sheet))
            self.sheets[name] = sheet
            assert await self.laptops[name].host_holds(sheet)

    async def _stop(self) -> None:
        for client in self.laptops.values():
            await client.close()
        await self.hosted.stop()

    # -- what the tests do -------------------------------------------------------------

    def pair(self, name: str) -> Pairing:
        return Phones(self.hosted.folder.path).pair(self.hosted.registry, name)

    def link(self, pairing: Pairing) -> str:
        return pairing.link("127.0.0.1", self.phone_port, self.hosted.identity.fingerprint)

    def gm_doc(self, sheet: str) -> Doc:
        """The GM laptop's copy of a player's character (opened on first use)."""
        return self.run(self.laptops["Mara"].open(sheet))

    def host_doc(self, name: str) -> Doc | None:
        return self.hosted.host.doc(name)

    def call(self, method: str, path: str, pairing: Pairing | None = None,
             body: Any = None, token: str | None = None) -> tuple[int, Any]:
        """One request to the phone page, trusting exactly the host's certificate."""
        context = ssl.create_default_context(cadata=self.hosted.identity.cert_pem)
        context.check_hostname = False
        headers = {"Content-Type": "application/json"}
        if pairing is not None:
            secret = pairing.token if token is None else token
            headers["Authorization"] = wire.authorization(pairing.device.id, secret)
        data = None if body is None else json.dumps(body).encode()
        request = Request(f"https://127.0.0.1:{self.phone_port}{path}", data, headers,
                          method=method)
        try:
            with urlopen(request, context=context, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except Exception as exc:  # HTTPError carries the status and the JSON reason
            status = getattr(exc, "code", None)
            if status is None:
                raise
            return status, json.loads(exc.read() or b"null")  # type: ignore[attr-defined]
