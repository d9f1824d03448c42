"""Sheets shared in a campaign, stored beside the sheets: which sheet follows which shared
document, each shared document's Y updates (so a machine rejoins after days offline from
what it kept), and the updates refused as invalid, with who sent them.

The sheet itself stays an ordinary library sheet: every change that arrives from the
campaign is saved as a revision (``sheetapp.campaign.shelf``), so search, the trash and
restoring an earlier revision work as for any sheet. What is kept here is only what the
library needs to take part in the sync.

Updates are appended in the order they came and merged into one (``pycrdt.merge_updates``)
once a document has more than ``COMPACT_AFTER``: rebuilding a document then reads a
bounded number of rows however long the campaign runs. An update is checked to be a Y
update before it is stored, so a stored document always rebuilds.

Keys are (campaign id, document name): every campaign has a document named "campaign",
and one machine may be in several campaigns.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from pycrdt import get_state, merge_updates

from sheetapp.i18n import _
from sheetapp.storage.library.opening import transaction
from sheetapp.storage.library.rows import LibraryError
from sheetapp.storage.library.store import Store, guarded

MAX_UPDATE_BYTES = 4 * 1024 * 1024  # what the host accepts in one frame
MAX_REJECTED_BYTES = 256 * 1024  # a refused update larger than this is kept by size only
MAX_REASON = 500
MAX_NAME = 200
COMPACT_AFTER = 64


@dataclass(frozen=True)
class SharedLink:
    """A library sheet following a shared document. ``synced`` is the sheet's revision the
    document last agreed with: a sheet whose current revision is still that one has no
    local change to send."""

    sheet_id: int
    name: str
    campaign: str
    kind: str
    owner: str
    synced: int


@dataclass(frozen=True)
class Rejection:
    """An update refused because the sheet it made was not valid. ``data`` is the update
    itself when it was at most ``MAX_REJECTED_BYTES`` (None otherwise); ``size`` its size."""

    id: int
    campaign: str
    name: str
    sender_id: str
    sender_name: str
    at: float
    reason: str
    size: int
    data: bytes | None


LINK_COLUMNS = "sheet_id, name, campaign, kind, owner, synced"


class SharedStore(Store):
    """The shared-campaign part of a ``Library``."""

    # --- links -----------------------------------------------------------------------------

    @guarded
    def link(self, sheet_id: int, name: str, campaign: str, kind: str, owner: str) -> SharedLink:
        """Make ``sheet_id`` follow the shared document ``name``; a sheet shares at most
        one document and a document is followed by at most one sheet."""
        for what, value in (("document name", name), ("campaign", campaign), ("kind", kind)):
            if not value or len(value) > MAX_NAME:
                raise LibraryError(
                    _("a shared {what} is 1 to {MAX_NAME} characters").format(
                        what=what, MAX_NAME=MAX_NAME
                    )
                )
        with transaction(self._writable()) as db:
            head = self._head(db, sheet_id)[0]
            for found in (self._link_of(db, sheet_id), self._link_named(db, name)):
                if found is not None:
                    raise LibraryError(
                        _("sheet {sheet_id} already shares the document {name}").format(
                            sheet_id=found.sheet_id, name=found.name
                        )
                    )
            db.execute(
                f"INSERT INTO shared_links ({LINK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                (sheet_id, name, campaign, kind, owner[:MAX_NAME], head),
            )
        return SharedLink(sheet_id, name, campaign, kind, owner[:MAX_NAME], head)

    @guarded
    def unlink(self, sheet_id: int) -> None:
        """Stop sharing the sheet: the sheet stays, its document's updates and refusals go."""
        with transaction(self._writable()) as db:
            forget_shared(db, [sheet_id])

    @guarded
    def forget_campaign(self, campaign: str) -> list[int]:
        """Stop following ``campaign`` (this machine left it): its sheets stay as ordinary
        sheets, every document's kept updates and refusals go; the sheets it had."""
        with transaction(self._writable()) as db:
            ids = [
                i
                for (i,) in db.execute(
                    "SELECT sheet_id FROM shared_links WHERE campaign = ? ORDER BY sheet_id",
                    (campaign,),
                )
            ]
            forget_shared(db, ids)
            for table in ("shared_updates", "shared_rejections"):  # campaign, requests, ...
                db.execute(f"DELETE FROM {table} WHERE campaign = ?", (campaign,))
        return ids

    @guarded
    def document_for(self, sheet_id: int) -> SharedLink | None:
        return self._link_of(self._db, sheet_id)

    @guarded
    def sheet_for(self, name: str) -> SharedLink | None:
        return self._link_named(self._db, name)

    @guarded
    def shared_sheets(self, campaign: str) -> list[SharedLink]:
        """The campaign's sheets on this machine (those in the trash too), oldest first."""
        return [
            _link(r)
            for r in self._db.execute(
                f"SELECT {LINK_COLUMNS} FROM shared_links WHERE campaign = ? ORDER BY sheet_id",
                (campaign,),
            )
        ]

    @guarded
    def current_revision(self, sheet_id: int) -> int:
        """The number of the sheet's current revision."""
        return self._head(self._db, sheet_id)[0]

    @guarded
    def mark_synced(self, sheet_id: int, revision: int) -> None:
        """Record that the document agrees with the sheet's ``revision``."""
        with transaction(self._writable()) as db:
            db.execute(
                "UPDATE shared_links SET synced = ? WHERE sheet_id = ?", (revision, sheet_id)
            )

    @staticmethod
    def _link_of(db: sqlite3.Connection, sheet_id: int) -> SharedLink | None:
        found = db.execute(
            f"SELECT {LINK_COLUMNS} FROM shared_links WHERE sheet_id = ?", (sheet_id,)
        ).fetchone()
        return _link(found) if found else None

    @staticmethod
    def _link_named(db: sqlite3.Connection, name: str) -> SharedLink | None:
        found = db.execute(
            f"SELECT {LINK_COLUMNS} FROM shared_links WHERE name = ?", (name,)
        ).fetchone()
        return _link(found) if found else None

    # --- updates ---------------------------------------------------------------------------

    @guarded
    def append_update(self, campaign: str, name: str, update: bytes) -> None:
        """Keep one Y update of a document, after those before it; refused (one line) when
        it is not a Y update or is larger than the host would carry."""
        data = _checked_update(name, update)
        with transaction(self._writable()) as db:
            db.execute(
                "INSERT INTO shared_updates (campaign, name, data) VALUES (?, ?, ?)",
                (campaign, name, data),
            )
            (count,) = db.execute(
                "SELECT count(*) FROM shared_updates WHERE campaign = ? AND name = ?",
                (campaign, name),
            ).fetchone()
            if count > COMPACT_AFTER:
                _compact(db, campaign, name)

    @guarded
    def updates(self, campaign: str, name: str) -> list[bytes]:
        """The document's updates in the order they were kept; rows another program (or a
        damaged page) left that are not an update are left out, so the document always
        rebuilds (``check`` reports them)."""
        return [
            data
            for (data,) in self._db.execute(
                "SELECT data FROM shared_updates WHERE campaign = ? AND name = ? "
                "AND typeof(data) = 'blob' AND length(data) <= ? ORDER BY id",
                (campaign, name, MAX_UPDATE_BYTES),
            )
            if _is_update(data)
        ]

    def shared_problems(self) -> list[str]:
        """What ``check`` reports of the shared tables: kept updates that are not one."""
        bad: dict[tuple[str, str], int] = {}
        for campaign, name, kind, size, data in self._db.execute(
            "SELECT campaign, name, typeof(data), length(data), "
            f"CASE WHEN length(data) <= {MAX_UPDATE_BYTES} THEN data END FROM shared_updates"
        ):
            if kind != "blob" or size > MAX_UPDATE_BYTES or not _is_update(data):
                bad[(campaign, name)] = bad.get((campaign, name), 0) + 1
        return [
            f"shared document {name} (campaign {campaign}): {count} kept updates are not Y "
            "updates (left out)"
            for (campaign, name), count in sorted(bad.items())
        ]

    # --- refused updates -------------------------------------------------------------------

    @guarded
    def record_rejection(
        self,
        campaign: str,
        name: str,
        reason: str,
        *,
        sender_id: str = "",
        sender_name: str = "",
        update: bytes | None = None,
    ) -> Rejection:
        """Keep the record of an update refused as invalid: the document, who sent it,
        when, why (one line) and the update itself when it is small enough to keep."""
        line = " ".join(reason.split())[:MAX_REASON] or "no reason given"
        sender_id, sender_name = sender_id[:MAX_NAME], sender_name[:MAX_NAME]
        size = len(update) if update is not None else 0
        kept = bytes(update) if update is not None and size <= MAX_REJECTED_BYTES else None
        at = self._clock()
        with transaction(self._writable()) as db:
            cursor = db.execute(
                "INSERT INTO shared_rejections (campaign, name, sender_id, sender_name, at, "
                "reason, size, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (campaign, name, sender_id, sender_name, at, line, size, kept),
            )
        return Rejection(
            int(cursor.lastrowid or 0),
            campaign,
            name,
            sender_id,
            sender_name,
            at,
            line,
            size,
            kept,
        )

    @guarded
    def rejections(self, campaign: str, name: str | None = None) -> list[Rejection]:
        """The campaign's refused updates (of one document when ``name`` is given), the
        newest first."""
        where, params = "campaign = ?", [campaign]
        if name is not None:
            where, params = where + " AND name = ?", [*params, name]
        return [
            Rejection(*row[:8], _blob(row[8]))
            for row in self._db.execute(
                "SELECT id, campaign, name, sender_id, sender_name, at, reason, size, "
                f"CASE WHEN length(data) <= {MAX_REJECTED_BYTES} THEN data END "
                f"FROM shared_rejections WHERE {where} ORDER BY id DESC",
                params,
            )
        ]


def forget_shared(db: sqlite3.Connection, sheet_ids: Iterable[int]) -> None:
    """Drop the links of ``sheet_ids`` with their documents' updates and refusals (inside
    the caller's transaction): when a sheet stops being shared or is deleted for good."""
    for sheet_id in sheet_ids:
        found = db.execute(
            "SELECT campaign, name FROM shared_links WHERE sheet_id = ?", (sheet_id,)
        ).fetchone()
        if found is None:
            continue
        for table in ("shared_updates", "shared_rejections"):
            db.execute(f"DELETE FROM {table} WHERE campaign = ? AND name = ?", found)
        db.execute("DELETE FROM shared_links WHERE sheet_id = ?", (sheet_id,))


def _is_update(data: object) -> bool:
    if not isinstance(data, bytes):
        return False
    try:
        get_state(data)
    except ValueError:
        return False
    return True


def _checked_update(name: str, update: bytes) -> bytes:
    if not isinstance(update, (bytes, bytearray, memoryview)):
        raise LibraryError(_("shared document {name}: an update is bytes").format(name=name))
    data = bytes(update)
    if len(data) > MAX_UPDATE_BYTES:
        raise LibraryError(
            _(
                "shared document {name}: an update of {count} bytes is more than "
                "the {MAX_UPDATE_BYTES} one may hold"
            ).format(name=name, count=len(data), MAX_UPDATE_BYTES=MAX_UPDATE_BYTES)
        )
    if not _is_update(data):
        raise LibraryError(
            _("shared document {name}: not a Y update; nothing kept").format(name=name)
        )
    return data


def _compact(db: sqlite3.Connection, campaign: str, name: str) -> None:
    """Replace the document's updates by the one update they make together (rows that are
    not an update, left by another program, are left as they are)."""
    rows = [
        (row_id, data)
        for row_id, data in db.execute(
            "SELECT id, data FROM shared_updates WHERE campaign = ? AND name = ? ORDER BY id",
            (campaign, name),
        )
        if _is_update(data)
    ]
    if len(rows) < 2:
        return
    try:
        merged = merge_updates(*(data for _unused, data in rows))
    except ValueError:
        return
    db.executemany(
        "DELETE FROM shared_updates WHERE id = ?", [(row_id,) for row_id, _unused in rows]
    )
    db.execute(
        "INSERT INTO shared_updates (campaign, name, data) VALUES (?, ?, ?)",
        (campaign, name, merged),
    )


def _link(row: tuple) -> SharedLink:
    sheet_id, name, campaign, kind, owner, synced = row
    return SharedLink(int(sheet_id), str(name), str(campaign), str(kind), str(owner), int(synced))


def _blob(value: object) -> bytes | None:
    return bytes(value) if isinstance(value, (bytes, bytearray, memoryview)) else None
