"""The GM's changes to a player's character, as requests the player accepts or declines.

A player owns their character: the GM's XP award, damage, healing or note does not write
the sheet; it is a request kept in the character's REQUESTS document (root Array
"requests", a map each), which both may write. On the player's machine an accepted
request is applied through the same GM tools the library uses (``GmSupport.award_xp``,
the Table's damage and healing, ``GmSupport.add_note``), so its result is an ordinary
library revision noted "XP 5 from GM Ana" (damage is play state beside the sheet: the
outcome carries it before and after, for the app's undo). What a system cannot take (XP
where its rules award none) is refused with the system's reason and nothing changes.

What is read from the document came from another machine: entries that are not a request
are left out of every list rather than applied.
"""

from __future__ import annotations

import json
import math
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

from pycrdt import Array, Doc, Map
from pydantic import BaseModel

from sheetapp.campaign.contracts import Member, Role
from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.play.support import XpAward, gm_support
from sheetapp.play.table import Table
from sheetapp.printable import printable
from sheetapp.storage.library import Library, LibraryError
from sheetapp.systems.registry import get_system

ROOT = "requests"
RequestKind = Literal["xp", "damage", "heal", "note"]
RequestState = Literal["pending", "accepted", "declined"]
KINDS: tuple[str, ...] = ("xp", "damage", "heal", "note")
STATES: tuple[str, ...] = ("pending", "accepted", "declined")
MAX_TEXT = 2000
MAX_AMOUNT = 1_000_000
MAX_NAME = 200

# The most one XP request may award, by system, read from each system's costs: more than
# the dearest thing a character buys in play, so an award a table would give always fits
# and a slip of the keyboard (or a forged 999,999) does not. A system whose GM support
# awards no XP refuses every XP request with its own reason; one with XP but not listed
# here is held to MAX_AMOUNT (``tests/campaign/test_request_bounds.py`` lists them all).
XP_PER_AWARD: dict[str, int] = {
    "d6-pool": 100,  # a skill from nothing to 6 costs 1+4+9+16+25+36 = 91 XP
    "forgotten-futures": 100,  # bonus points: a skill from 1 to its cap of 10 costs 54
    "amazing-engine": 1_000,  # the core's pool dice cost 100 XP each; ten of them
}
# Damage and healing are held to the character's own tracks, as its system counts them:
# a track the character has, healing at most what that track spans (maximum to minimum),
# damage at most what all its tracks span together (a hit may run on from one to the next).


class RequestRefused(ValueError):
    """A request that cannot be made or applied; the message says why, in one line."""


@dataclass(frozen=True)
class Request:
    """One change the GM asks for. ``amount`` counts XP or damage points (xp, damage,
    heal); ``track`` is the damage track (damage, heal); ``text`` is the note (note) or a
    remark kept with the XP award (xp). ``by_id``/``by_name`` are the GM's member id and
    name; times are seconds since the epoch."""

    id: str
    kind: RequestKind
    by_id: str
    by_name: str
    at: float
    amount: int = 0
    track: str = ""
    text: str = ""
    state: RequestState = "pending"
    decided_at: float | None = None

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem:
            raise RequestRefused(problem)

    @classmethod
    def new(
        cls,
        kind: RequestKind,
        by: Member,
        *,
        amount: int = 0,
        track: str = "",
        text: str = "",
        clock: Callable[[], float] = time.time,
    ) -> Request:
        """A pending request made now by ``by``."""
        return cls(uuid.uuid4().hex, kind, by.id, by.name, clock(), amount, track, text)

    def describe(self) -> str:
        """What the request does, as a revision note and a pending-changes list show it."""
        who = f"from GM {self.by_name}"
        if self.kind == "xp":
            remark = " ".join(self.text.split())
            return f"XP {self.amount} {who}" + (f": {remark}" if remark else "")
        if self.kind == "damage":
            return f"Damage {self.amount} on {self.track} {who}"
        if self.kind == "heal":
            return f"Healing {self.amount} on {self.track} {who}"
        return f"Note {who}"


@dataclass(frozen=True)
class Applied:
    """What applying a request did: the new revision (None when only damage changed, which
    is play state and no revision) and the damage before and after, for an undo step."""

    request: Request
    revision: int | None
    damage_before: dict[str, int] = field(default_factory=dict)
    damage_after: dict[str, int] = field(default_factory=dict)


# --- the REQUESTS document ------------------------------------------------------------------


def add(doc: Doc, request: Request) -> None:
    """Append a pending request to the document."""
    if request.state != "pending":
        raise RequestRefused(
            _("only a pending request is added, not a {state} one").format(state=request.state)
        )
    if any(r.id == request.id for r in requests(doc)):
        raise RequestRefused(_("request {id} is already in the document").format(id=request.id))
    _array(doc).append(Map(asdict(request)))


def requests(doc: Doc) -> list[Request]:
    """Every request the document holds, oldest first (entries that are not one left out)."""
    found = []
    for entry in _array(doc):
        request = _from_entry(entry)
        if request is not None:
            found.append(request)
    return found


def pending(doc: Doc) -> list[Request]:
    """The requests waiting for the player, oldest first."""
    return [r for r in requests(doc) if r.state == "pending"]


def decide(
    doc: Doc, request_id: str, accepted: bool, *, clock: Callable[[], float] = time.time
) -> Request:
    """Mark a pending request accepted or declined, now; the request as decided."""
    for entry in _array(doc):
        request = _from_entry(entry)
        if request is None or request.id != request_id:
            continue
        if request.state != "pending":
            raise RequestRefused(
                _("{describe} was already {state}").format(
                    describe=request.describe(), state=request.state
                )
            )
        decided = replace(request, state="accepted" if accepted else "declined", decided_at=clock())
        with doc.transaction():
            entry["state"] = decided.state
            entry["decided_at"] = decided.decided_at
        return decided
    raise RequestRefused(
        _("there is no request {request_id} in this document").format(request_id=request_id)
    )


def accept(
    doc: Doc,
    library: Library,
    sheet_id: int,
    request_id: str,
    *,
    clock: Callable[[], float] = time.time,
) -> Applied:
    """Apply a pending request to the library's sheet, then mark it accepted; a request the
    sheet cannot take is refused and stays pending."""
    found = next((r for r in pending(doc) if r.id == request_id), None)
    if found is None:
        raise RequestRefused(
            _("there is no pending request {request_id} in this document").format(
                request_id=request_id
            )
        )
    applied = apply(library, sheet_id, found)
    decide(doc, request_id, True, clock=clock)
    return applied


# --- the rules' bounds ----------------------------------------------------------------------


def out_of_bounds(request: Request, sheet: BaseModel) -> str:
    """Why ``request`` asks more than the rules let one request give the character
    ``sheet`` ("" when it does not): the XP award past ``XP_PER_AWARD`` or in a system
    with none, damage or healing past the character's tracks. The host asks this of every
    new request; the GM's app before sending one."""
    system_id: str = sheet.system  # type: ignore[attr-defined]
    system = get_system(system_id)
    if request.kind == "xp":
        support = gm_support(system_id)
        if support.award_xp is None:
            return support.no_xp or _("{system} awards no XP").format(system=system.name)
        most = XP_PER_AWARD.get(system_id, MAX_AMOUNT)
        if request.amount > most:
            return _("one XP award in {system} gives at most {most} XP, not {amount}").format(
                system=system.name, most=number(most), amount=number(request.amount)
            )
        return ""
    if request.kind not in ("damage", "heal"):
        return ""
    played, _prefix = system.focus(sheet, None)
    tracks = [*system.tracks(played), *gm_support(system_id).marks]
    spans = {track.key: track.maximum - track.minimum for track in tracks}
    if request.track not in spans:
        return _("{track} is not a damage track of this {system} character").format(
            track=printable(request.track), system=system.name
        )
    if request.kind == "heal" and request.amount > spans[request.track]:
        return _("healing on {track} is at most {most} here, not {amount}").format(
            track=request.track, most=spans[request.track], amount=request.amount
        )
    if request.kind == "damage" and request.amount > sum(spans.values()):
        return _("damage is at most {most} here (all of the character's tracks), not "
                 "{amount}").format(most=sum(spans.values()), amount=request.amount)
    return ""


# --- applying one -------------------------------------------------------------------------


def apply(library: Library, sheet_id: int, request: Request) -> Applied:
    """Carry out ``request`` on the library's sheet through the GM tools; ``RequestRefused``
    (naming the request and why) when the sheet or its system cannot take it."""
    what = request.describe()
    try:
        if request.kind in ("damage", "heal"):
            return _apply_damage(library, sheet_id, request)
        sheet = library.load(sheet_id)
        system_id: str = sheet.system  # type: ignore[attr-defined]
        support = gm_support(system_id)
        if request.kind == "xp":
            if support.award_xp is None:
                name = get_system(system_id).name
                raise RequestRefused(
                    _("{what} cannot be taken: ").format(what=what)
                    + (support.no_xp or f"awarding XP is not available for {name}")
                )
            changed = support.award_xp(sheet, XpAward(request.amount, note=request.text))
        else:
            changed = support.add_note(sheet, f"{request.text} ({request.by_name}, GM)")
        return Applied(request, library.save(sheet_id, changed, note=what))
    except RequestRefused:
        raise
    except (ValueError, LibraryError) as exc:  # DamageError, XpRefused, ValidationError...
        detail = " ".join(str(exc).split())
        raise RequestRefused(
            _("{what} cannot be taken: {detail}").format(what=what, detail=detail)
        ) from None


def _apply_damage(library: Library, sheet_id: int, request: Request) -> Applied:
    table = Table(library)
    before = library.damage_taken(sheet_id)
    if request.kind == "damage":
        table.hurt(sheet_id, request.track, request.amount)
    else:
        table.heal(sheet_id, request.track, request.amount)
    return Applied(request, None, before, library.damage_taken(sheet_id))


# --- reading and checking -----------------------------------------------------------------


def _array(doc: Doc) -> Array:
    return doc.get(ROOT, type=Array)


def _from_entry(entry: Any) -> Request | None:
    """A request from a document entry, or None when the entry is not one."""
    if not isinstance(entry, Map):
        return None
    return request_of(entry.to_py() or {})


def request_of(values: Any) -> Request | None:
    """A request from a row's plain values, or None when the row is not one."""
    names = set(Request.__dataclass_fields__)
    if not isinstance(values, dict) or set(values) - names:
        return None
    values = dict(values)
    amount = values.get("amount")
    if isinstance(amount, float) and amount.is_integer():  # Yjs keeps numbers as doubles
        values["amount"] = int(amount)
    try:
        return Request(**values)
    except (RequestRefused, TypeError):
        return None


def _problem(r: Request) -> str:
    """What makes ``r`` not a request ("" when it is one)."""
    checks = (
        (r.kind in KINDS, f"a request is one of {', '.join(KINDS)}"),
        (r.state in STATES, f"a request's state is one of {', '.join(STATES)}"),
        (
            all(isinstance(v, str) for v in (r.id, r.by_id, r.by_name, r.track, r.text)),
            "a request's ids, names, track and text are text",
        ),
        (
            _time(r.at) and (r.decided_at is None or _time(r.decided_at)),
            "a request's times are numbers of seconds",
        ),
        (len(r.id) <= MAX_NAME and len(r.by_id) <= MAX_NAME, "an id is too long"),
        (len(r.by_name) <= MAX_NAME and len(r.track) <= MAX_NAME, "a name is too long"),
        (len(r.text) <= MAX_TEXT, f"a request's text is at most {MAX_TEXT} characters"),
    )
    for ok, message in checks:
        if not ok:
            return message
    if r.kind in ("xp", "damage", "heal") and not (
        type(r.amount) is int and 1 <= r.amount <= MAX_AMOUNT
    ):
        return f"{r.kind} is a whole number from 1 to {number(MAX_AMOUNT)}, not {r.amount!r}"
    if r.kind in ("damage", "heal") and not r.track:
        return f"{r.kind} names the track it is on"
    if r.kind == "note" and not r.text.strip():
        return "a note has text"
    return ""


def why_not_written(
    before: list[Any],
    after: list[Any],
    writer: Member,
    owner: str,
    subject: Callable[[], BaseModel | None] | None = None,
) -> str:
    """Why ``writer`` may not turn the requests document's rows ``before`` into ``after``
    ("" when they may): the host asks this of every change to a requests document, so a
    modified client cannot forge what the app would never send.

    Only the GM asks, as themselves: a new row is a pending request whose ``by_id`` is
    the writer's, and the writer is the GM. Only the character's owner (``owner``)
    decides: a row changes only from pending to accepted or declined, with the time, and
    nothing else in it. No row is removed. Rows left as they were are not judged again.
    A new row asks no more than the rules' bounds for the character (``subject``, read
    only when a new row needs it; None while the character holds no sheet yet)."""
    sheet: list[BaseModel | None] = []  # read at most once
    kept = {_row_key(row) for row in before}
    earlier = {row.get("id"): row for row in before if isinstance(row, dict)}
    ids: set[str] = set()
    for index, row in enumerate(after):
        request = request_of(row)
        if request is not None:
            if request.id in ids:
                return f"two requests are numbered {request.id}"
            ids.add(request.id)
        if _row_key(row) in kept:
            continue
        if request is None:
            return f"row {index} is not a request"
        old = earlier.get(request.id)
        problem = _new_problem(request, writer) if old is None else _decision_problem(
            request_of(old), request, writer, owner
        )
        if not problem and old is None and subject is not None:
            if not sheet:
                sheet.append(subject())
            problem = out_of_bounds(request, sheet[0]) if sheet[0] is not None else ""
        if problem:
            return problem
    gone = [key for key, row in earlier.items() if request_of(row) is not None and key not in ids]
    return f"request {gone[0]} was removed; requests are kept once made" if gone else ""


def _new_problem(request: Request, writer: Member) -> str:
    if writer.role is not Role.GM:
        return "only the GM asks for changes to a character"
    if request.by_id != writer.id:
        return "a request names the GM who made it"
    if request.state != "pending" or request.decided_at is not None:
        return "a new request waits for the player"
    return ""


def _decision_problem(old: Request | None, new: Request, writer: Member, owner: str) -> str:
    if old is None:
        return f"request {new.id} was not a request before"
    if replace(new, state=old.state, decided_at=old.decided_at) != old:
        return f"request {new.id} changes only by being accepted or declined"
    if old.state != "pending" or new.state == "pending" or new.decided_at is None:
        return f"request {new.id} is decided once, from pending, with its time"
    if writer.id != owner:
        return "only the character's player accepts or declines its requests"
    return ""


def _row_key(row: Any) -> str:
    return json.dumps(row, sort_keys=True, default=str)


def _time(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


__all__ = [
    "Applied",
    "Request",
    "RequestRefused",
    "accept",
    "add",
    "apply",
    "decide",
    "out_of_bounds",
    "pending",
    "request_of",
    "requests",
    "why_not_written",
]
