"""The host's own record: every accepted update of every document, the documents and who
owns them, and the updates it refused.

An update is committed here (WAL) before any client is sent it, so a host process killed
at any moment has everything a client could have received from it; the rooms are rebuilt
from these rows on start. ``synchronous=NORMAL``: a commit does not wait for the disk
(a sync took about 16 ms of the event loop, every update, while every member waited); the
WAL is synced at each checkpoint. Only a power loss can cost the last moments' updates,
and each of them is still on the machine that made it and every machine that received it,
which hand it back at their next exchange with the host (the sync protocol sends whatever
the host's state lacks). Plain ``sqlite3``: one short transaction per update.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from sheetapp.campaign.contracts import Kind, SharedDocument

SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    name TEXT PRIMARY KEY, kind TEXT NOT NULL, owner TEXT NOT NULL, title TEXT NOT NULL,
    subject TEXT NOT NULL, revealed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS updates (
    id INTEGER PRIMARY KEY, document TEXT NOT NULL, data BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS updates_by_document ON updates (document, id);
CREATE TABLE IF NOT EXISTS refusals (
    id INTEGER PRIMARY KEY, document TEXT NOT NULL, device TEXT NOT NULL,
    member TEXT NOT NULL, at REAL NOT NULL, reason TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Refusal:
    """An update the host did not apply: which document, from whom, when and why."""

    document: str
    device: str
    member: str
    at: float
    reason: str


class HostStore:
    """``<directory>/host.sqlite3``; one connection, used from the host's event loop."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def documents(self) -> list[SharedDocument]:
        rows = self._db.execute(
            "SELECT name, kind, owner, title, subject, revealed FROM documents ORDER BY name"
        )
        return [
            SharedDocument(name, Kind(kind), owner, title, subject, bool(revealed))
            for name, kind, owner, title, subject, revealed in rows
        ]

    def put_document(self, doc: SharedDocument) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO documents VALUES (?, ?, ?, ?, ?, ?)",
            (doc.name, doc.kind.value, doc.owner, doc.title, doc.subject, int(doc.revealed)),
        )

    def append(self, document: str, update: bytes) -> None:
        """Committed when this returns (on the disk once the WAL is next synced)."""
        self._db.execute("INSERT INTO updates (document, data) VALUES (?, ?)", (document, update))

    def compact(self, document: str, update: bytes) -> None:
        """Replace the document's updates by ``update`` (their merge), in one transaction:
        a crash leaves either all the old rows or the one new row."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM updates WHERE document = ?", (document,))
            self._db.execute(
                "INSERT INTO updates (document, data) VALUES (?, ?)", (document, update)
            )

    def updates(self, document: str) -> list[bytes]:
        rows = self._db.execute(
            "SELECT data FROM updates WHERE document = ? ORDER BY id", (document,)
        )
        return [bytes(data) for (data,) in rows]

    def refuse(self, document: str, device: str, member: str, reason: str) -> Refusal:
        refusal = Refusal(document, device, member, time.time(), reason)
        self._db.execute(
            "INSERT INTO refusals (document, device, member, at, reason) VALUES (?, ?, ?, ?, ?)",
            (document, device, member, refusal.at, reason),
        )
        return refusal

    def refusals(self) -> list[Refusal]:
        rows = self._db.execute(
            "SELECT document, device, member, at, reason FROM refusals ORDER BY id"
        )
        return [Refusal(*row) for row in rows]
