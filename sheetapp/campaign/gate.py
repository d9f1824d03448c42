"""What the host checks in an update before any room applies it.

A CRDT applies whatever it is given, so a broken or hostile client could otherwise write a
sheet nobody can open into every machine of the table. The host tries each update on a
scratch copy of the document and lets it through only if the result is still a document of
its kind: a sheet that parses through its system's model, play state of the right shape, no
roots nobody reads. The room then applies the same bytes, so what was checked is what runs.
Each room keeps one scratch copy in step with its live document (``RoomGate``): an update
costs what applying it and validating the result cost, never a rebuild of the document.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pycrdt import Array, Doc, Map, Subscription
from pydantic import BaseModel

from sheetapp.campaign import requests, ydoc
from sheetapp.campaign.contracts import Kind, Member
from sheetapp.campaign.updates import EMPTY_UPDATE, uncovered
from sheetapp.printable import printable
from sheetapp.storage.document import DocumentError, loads

REQUESTS = "requests"  # the requests document's Array of request maps
SETTINGS = "settings"  # the campaign document's settings, written by the host
DOCUMENTS = "documents"  # the campaign document's list of documents, written by the host
REVEALED = "revealed"  # the campaign document's {document name: shown to players?}, by the GM
MEMBERS = "members"  # the campaign document's {member id: {name, role}}, written by the host
# the campaign document's {"port": N}: where the host's phone page listens (0: not served),
# written by the host, so a member's app asks for a phone where the page really is
PHONE_PAGE = "phone_page"
ROLLS = "rolls"  # a character's dice log: {roll id: {"at", "by", "text"}} (the phone's rolls)
MAX_ROLLS, MAX_ROLL_TEXT = 200, 500


class Outcome(Enum):
    """What the gate makes of one update."""

    PASS = "pass"  # new, the sender's to write, and the document stays valid
    SAME = "same"  # nothing the document does not hold already (a client's echo)
    WAITS = "waits"  # builds on changes the host does not have yet (it drops it; the
    # sender's next exchange hands it over with what it builds on)
    FORBIDDEN = "forbidden"  # a change, from a member who may not write the document
    INVALID = "invalid"  # a change that would leave the document invalid (``reason``)
    MALFORMED = "malformed"  # bytes that are not a Yjs update


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome
    reason: str = ""


class RoomGate:
    """The checks of one document's updates, against one scratch copy of it.

    The scratch copy is built from the live document once and then follows it (the
    host hands it each change the live document makes, ``follow``), so judging an update
    costs applying that update and validating the result once, not rebuilding the
    document. An update that passes is already in the scratch copy when the room applies
    it to the live one; one that is dropped leaves the copy ahead of the live document,
    so the copy is dropped with it and built again at the next update (a refusal is rare,
    and the sender pays for it out of their budget)."""

    def __init__(
        self,
        live: Doc,
        max_bytes: int | None = None,
        *,
        subject: Callable[[], BaseModel | None] | None = None,
    ) -> None:
        self._live = live
        self._subject = subject  # a requests document's character, for the rules' bounds
        self._max_bytes = max_bytes
        self._scratch: Doc | None = None
        # the scratch copy's root watches: yrs holds their callbacks, and with them the
        # copy and this gate, beyond Python's garbage collector until they are dropped
        self._watches: list[tuple[Map | Array, Subscription]] = []
        self._touched: set[str] = set()  # the roots the update being judged changed
        # At least the live document's encoded size: measured once, then grown by each
        # change's size (an update takes at least the room it adds); measured again only
        # when an update would take it past ``max_bytes``.
        self._size: int | None = None

    def follow(self, update: bytes) -> None:
        """The live document changed by ``update`` (an accepted one, or the host's own)."""
        if self._scratch is not None:
            self._scratch.apply_update(update)
        if self._size is not None:
            self._size += len(update)

    def judge(
        self,
        update: bytes,
        kind: Kind,
        *,
        writer: bool,
        member: Member | None = None,
        owner: str = "",
    ) -> Verdict:
        """What to do with ``update`` from a member who may (``writer``) or may not
        write the document. ``member`` and the document's ``owner``, when given, are held
        to what that member may write in it (a requests document's rows: see
        ``requests.why_not_written``). The live document is never changed here."""
        if update == EMPTY_UPDATE:  # a reader's answer to a heartbeat: no copy built for it
            return Verdict(Outcome.SAME)
        scratch = self._scratch
        if scratch is None:
            scratch = self._scratch = self._copy(kind)
        self._touched.clear()
        made: list[bytes] = []
        subscription = scratch.observe(lambda event: made.append(event.update))
        try:
            scratch.apply_update(update)
        except Exception as exc:  # yrs refuses bytes that are not an update
            self._drop_scratch()
            told = " ".join(str(exc).split())[:120]
            return Verdict(Outcome.MALFORMED, f"not a Yjs update ({told})")
        finally:
            scratch.unobserve(subscription)
        verdict = self._verdict(update, scratch, made, kind, writer)
        if verdict.outcome is Outcome.PASS and member is not None and kind is Kind.REQUESTS:
            rows = _plain(self._live, REQUESTS), _plain(scratch, REQUESTS)
            forged = requests.why_not_written(*rows, member, owner, self._subject)
            if forged:
                verdict = Verdict(Outcome.INVALID, printable(f"{REQUESTS}: {forged}"))
        if verdict.outcome is not Outcome.PASS and verdict.outcome is not Outcome.SAME:
            self._drop_scratch()  # it holds what the live document will not
        return verdict

    def close(self) -> None:
        """The room closed: let the scratch copy go (the gate and both documents can then
        be freed; a gate is not used after this)."""
        self._drop_scratch()

    def _noting(self, root: str) -> Callable[[list[Any]], None]:
        """A deep watch on ``root`` (one parameter: pycrdt passes a second one, the
        transaction, to a callback that takes two)."""
        return lambda _events: self._touched.add(root)

    def _drop_scratch(self) -> None:
        for shared, subscription in self._watches:
            shared.unobserve(subscription)
        self._watches.clear()
        self._scratch = None

    def _verdict(
        self, update: bytes, scratch: Doc, made: list[bytes], kind: Kind, writer: bool
    ) -> Verdict:
        # Left over is what the state does not cover once the update is applied: an
        # update whose every item went in leaves none (its first number, the count of
        # clients with items, is 0).
        if uncovered(update, scratch.get_state()):
            return Verdict(Outcome.WAITS)
        if all(change == EMPTY_UPDATE for change in made):
            return Verdict(Outcome.SAME)
        if not writer:
            return Verdict(Outcome.FORBIDDEN)
        if self._too_large(update, scratch):
            return Verdict(
                Outcome.INVALID,
                f"the document would pass {self._max_bytes // 1024} KiB, the most a "
                "document may hold",
            )
        reason = _invalid(scratch, self._live, kind, self._touched or None)
        return Verdict(Outcome.INVALID, reason) if reason else Verdict(Outcome.PASS)

    def _too_large(self, update: bytes, scratch: Doc) -> bool:
        if self._max_bytes is None:
            return False
        if self._size is None:
            self._size = len(self._live.get_update())
        if self._size + len(update) <= self._max_bytes:
            return False
        self._size = len(self._live.get_update())  # the estimate ran over: measure
        return len(scratch.get_update()) > self._max_bytes

    def _copy(self, kind: Kind) -> Doc:
        """The live document's copy, telling ``_touched`` which of its roots a change
        reaches: a damage mark does not parse the sheet again."""
        scratch = Doc()
        for root in ROOTS[kind]:
            shared = scratch.get(root, type=Array if root == REQUESTS else Map)
            # kept: a watch lives as long as its Subscription (and the Map holding it)
            self._watches.append((shared, shared.observe_deep(self._noting(root))))
        scratch.apply_update(self._live.get_update())
        return scratch


def _invalid(
    scratch: Doc, current: Doc, kind: Kind, touched: set[str] | None = None
) -> str | None:
    """Why ``scratch`` is not a valid document of ``kind`` (None: it is); only the roots
    in ``touched`` are validated when given (the others did not change)."""
    allowed = ROOTS[kind]
    strays = sorted(set(scratch.keys()) - set(allowed))
    if strays:
        return printable(f"holds {strays[0]!r}, which a {kind.value} document does not have")
    for root, validate in allowed.items():
        if touched is not None and root not in touched:
            continue
        reason = validate(scratch, current)
        if reason:
            return printable(f"{root}: {reason}")
    return None


def _plain(doc: Doc, root: str) -> Any:
    kind = Array if root == REQUESTS else Map
    return json.loads(str(doc.get(root, type=kind)))


def _sheet(scratch: Doc, current: Doc) -> str | None:
    data = ydoc.read(scratch)
    if not data and not ydoc.read(current):
        return None  # created, not filled in yet (the live one is read only then)
    try:
        loads(json.dumps(data, ensure_ascii=False))
    except DocumentError as exc:
        return str(exc).removeprefix("<sheet>: ")
    return None


def _play(scratch: Doc, current: Doc) -> str | None:
    data = ydoc.read(scratch, root=ydoc.PLAY)
    strays = sorted(set(data) - {"damage"})
    if strays:
        return f"{strays[0]!r} is not play state"
    damage = data.get("damage", {})
    if not isinstance(damage, dict):
        return "damage must map each track to a number"
    for track, taken in damage.items():
        if isinstance(taken, bool) or not isinstance(taken, int) or taken < 0:
            return f"damage on {track!r} must be a whole number from 0"
    return None


def _requests(scratch: Doc, current: Doc) -> str | None:
    rows = _plain(scratch, REQUESTS)
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            return f"row {index} is not a request"
    return None


def _rolls(scratch: Doc, current: Doc) -> str | None:
    """A dice log the GM reads: short lines of text with a time and who rolled, bounded."""
    rows = _plain(scratch, ROLLS)
    if len(rows) > MAX_ROLLS:
        return f"a dice log keeps at most {MAX_ROLLS} rolls"
    for row in rows.values():
        if (
            not isinstance(row, dict)
            or set(row) != {"at", "by", "text"}
            or not isinstance(row["at"], (int, float))
            or not all(isinstance(row[k], str) and len(row[k]) <= MAX_ROLL_TEXT
                       for k in ("by", "text"))
        ):
            return "a roll is its time, who rolled and a line of text"
    return None


Validator = Callable[[Doc, Doc], "str | None"]


def _object(root: str) -> Callable[[Doc, Doc], str | None]:
    def check_object(scratch: Doc, current: Doc) -> str | None:
        value = _plain(scratch, root)
        return None if isinstance(value, dict) else "must be an object"

    return check_object


def _flags(scratch: Doc, current: Doc) -> str | None:
    for name, flag in _plain(scratch, REVEALED).items():
        if not isinstance(flag, bool):
            return f"{name!r} must be true or false"
    return None


def _host_only(root: str, what: str) -> Validator:
    """The documents, members and settings lists are the host's records (who owns what,
    who is who, whether requests wait); a client (even the GM's) changing them would change
    nothing the host keeps, but would mislead every reader."""

    def unchanged(scratch: Doc, current: Doc) -> str | None:
        if _plain(scratch, root) != _plain(current, root):
            return f"only the host lists the campaign's {what}"
        return None

    return unchanged


_SHEET_ROOTS: dict[str, Validator] = {ydoc.SHEET: _sheet, ydoc.PLAY: _play}
ROOTS: dict[Kind, dict[str, Validator]] = {
    Kind.CHARACTER: {**_SHEET_ROOTS, ROLLS: _rolls},
    Kind.NPC: _SHEET_ROOTS,
    Kind.REQUESTS: {REQUESTS: _requests},
    Kind.CAMPAIGN: {
        SETTINGS: _host_only(SETTINGS, "settings"),
        REVEALED: _flags,
        DOCUMENTS: _host_only(DOCUMENTS, "documents"),
        MEMBERS: _host_only(MEMBERS, "members"),
        PHONE_PAGE: _host_only(PHONE_PAGE, "phone page"),
    },
    Kind.ENCOUNTER: {ydoc.SHEET: _object(ydoc.SHEET), ydoc.PLAY: _play},
    Kind.PACK: {ydoc.SHEET: _object(ydoc.SHEET)},
}
