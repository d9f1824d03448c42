"""The binding between library sheets and the campaign's shared Y documents.

The library stays the source for search, revisions and the trash; the Y document is how a
sheet travels. Each direction has one entry:

- ``local_saved``: after the library saved a sheet (or its damage changed), the Y update
  that brings the document to it, kept in the library and handed to the client to send.
- ``remote_changed``: after the client merged changes from the campaign, the merged sheet
  is validated through its system's model (the file format's own parsing), then saved as a
  new library revision noted "From <sender> (campaign)", so any remote change can be
  undone by restoring a revision. A merge that is not a valid sheet changes nothing in the
  library: it is recorded with who sent it and why, and the outcome says so for the user.
  A local save not sent yet (saved offline, or while the change was on its way) is never
  overwritten: what it changed since the synced revision is written over the remote copy,
  key by key, into the document (the update goes to the host with ``Outcome.sent``, where
  the CRDT merges it with whatever else arrived), and the merge is saved as one revision.
  A sheet equal, as JSON, to the current revision is no new revision.

A sheet's ``synced`` revision (``SharedLink``) is the one the document last agreed with:
while the sheet's current revision is still that one there is nothing local to send, so a
change the library could not take (the sheet is in the trash) is not undone by the next
local save of its damage.

Pure Python: no Qt, no network; the client and the app's service call it.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from pycrdt import Doc, TransactionEvent, merge_updates
from pydantic import BaseModel

from sheetapp.campaign import ydoc
from sheetapp.campaign.contracts import Kind
from sheetapp.i18n import _
from sheetapp.storage.document import DocumentError, loads
from sheetapp.storage.library import Library, LibraryError, Rejection, SharedLink

SHEET_KINDS = (Kind.CHARACTER, Kind.NPC)  # the documents that hold one library sheet

Status = Literal["saved", "added", "unchanged", "rejected", "held", "waiting"]


@dataclass(frozen=True)
class CampaignRef:
    """The campaign a document arrives in: its id (kept with the link) and its name (the
    library files a sheet new to this machine under it)."""

    id: str
    name: str


@dataclass(frozen=True)
class Outcome:
    """What a remote change did to the library.

    ``status``: "saved" (a new revision), "added" (a sheet new to this machine),
    "unchanged" (the library already held it; damage may still have changed), "rejected"
    (not a valid sheet: ``reason`` and ``rejection`` say why and who), "held" (the sheet is
    in the trash: the change waits until it is restored) or "waiting" (the document holds
    no sheet yet).
    """

    name: str
    status: Status
    sheet_id: int | None = None
    revision: int | None = None
    damage_changed: bool = False
    reason: str = ""
    rejection: Rejection | None = None
    sent: bytes | None = None  # this machine's unsent changes merged in: send it to the host


class Shelf:
    """The shared sheets of one library."""

    def __init__(self, library: Library) -> None:
        self.library = library

    def share(self, sheet_id: int, campaign: str, kind: Kind | str, owner: str) -> tuple[str, Doc]:
        """Share a library sheet in ``campaign`` (its id) as a new document: its name
        ("<kind>:<uuid>") and the document holding the sheet and its damage."""
        kind = _sheet_kind(kind)
        name = f"{kind.value}:{uuid.uuid4()}"
        doc = Doc()
        with _recorded(doc) as made:
            self._write(doc, sheet_id)
        self.library.link(sheet_id, name, campaign, kind.value, owner)
        try:
            self.library.append_update(campaign, name, merge_updates(*made))
        except LibraryError:
            self.library.unlink(sheet_id)
            raise
        return name, doc

    def doc(self, name: str, *, campaign: str | None = None) -> Doc:
        """The document as this machine kept it (``campaign``: for one no sheet follows)."""
        if campaign is None:
            campaign = self._link(name).campaign
        doc = Doc()
        for update in self.library.updates(campaign, name):
            doc.apply_update(update)
        return doc

    def local_saved(self, sheet_id: int) -> bytes | None:
        """The update that brings the sheet's document to the library's sheet and damage,
        kept with the document's others; None when the sheet is not shared or the
        document already holds it."""
        link = self.library.document_for(sheet_id)
        if link is None:
            return None
        doc = self.doc(link.name, campaign=link.campaign)
        head = self.library.current_revision(sheet_id)
        with _recorded(doc) as made:
            if head != link.synced:
                # what arrived but was not taken in yet stays: only this machine's own
                # changes since the synced revision are written
                ydoc.write(doc, _three_way(self._synced(link), self._local(link), ydoc.read(doc)))
            self._write(doc, sheet_id, sheet=False)
        update = merge_updates(*made) if made else None
        if update is not None:  # kept before the link moves on, so a failure loses nothing
            self.library.append_update(link.campaign, link.name, update)
        if head != link.synced:
            self.library.mark_synced(sheet_id, head)
        return update

    def remote_changed(
        self,
        name: str,
        doc: Doc,
        sender_name: str,
        *,
        sender_id: str = "",
        update: bytes | None = None,
        campaign: CampaignRef | None = None,
        owner: str = "",
    ) -> Outcome:
        """Take the merged document into the library (see the module's docstring).

        ``update`` (when known) is kept with a rejection. ``campaign`` and ``owner`` (the
        sender by default) are needed only for a document no sheet here follows yet: the
        sheet is added, filed under the campaign's name.
        """
        link = self.library.sheet_for(name)
        sheet_data, play = ydoc.read(doc), ydoc.read(doc, root=ydoc.PLAY)
        if link is None:
            if not sheet_data:
                return Outcome(name, "waiting")
            if campaign is None:
                raise LibraryError(
                    _(
                        "shared document {name} is new to this machine; its campaign is "
                        "needed to file it"
                    ).format(name=name)
                )
            kind = _sheet_kind(name.partition(":")[0])
        campaign_id = link.campaign if link is not None else campaign.id
        try:
            sheet, damage = self._valid(name, sheet_data, play, link)
        except DocumentError as exc:
            reason = str(exc)
            rejection = self.library.record_rejection(
                campaign_id,
                name,
                reason,
                sender_id=sender_id,
                sender_name=sender_name,
                update=update,
            )
            sheet_id = link.sheet_id if link is not None else None
            return Outcome(name, "rejected", sheet_id, reason=reason, rejection=rejection)
        note = f"From {sender_name} (campaign)" if sender_name else "From the campaign"
        if link is not None:
            return self._update(link, sheet, damage, note, doc)
        return self._add(name, sheet, damage, note, campaign, kind, owner or sender_id)

    def untrash(self, ids: Iterable[int]) -> list[Outcome]:
        """Bring sheets back from the trash, each shared one with the changes held while it
        was there (its kept document is taken as a remote change): what each shared sheet's
        catch-up did. Every product path restores through here (the command line's
        ``untrash``, the app's Trash, Undo and "Restore and Save"), so none forgets it."""
        ids = list(ids)
        self.library.untrash(ids)
        outcomes = []
        for sheet_id in ids:
            link = self.library.document_for(sheet_id)
            if link is not None:
                outcomes.append(self._catch_up(link))
        return outcomes

    def _catch_up(self, link: SharedLink) -> Outcome:
        """A restored sheet takes its kept document. One that is not a valid sheet was
        refused, and recorded with its sender, when it arrived: not recorded again."""
        doc = self.doc(link.name, campaign=link.campaign)
        sheet_data, play = ydoc.read(doc), ydoc.read(doc, root=ydoc.PLAY)
        try:
            sheet, damage = self._valid(link.name, sheet_data, play, link)
        except DocumentError as exc:
            return Outcome(link.name, "rejected", link.sheet_id, reason=str(exc))
        return self._update(link, sheet, damage, "From the campaign", doc)

    def _valid(
        self, name: str, data: dict[str, Any], play: dict[str, Any], link: SharedLink | None
    ) -> tuple[BaseModel, dict[str, int]]:
        """The sheet and damage a document holds, checked as a sheet file is and kept to
        its sheet's system; DocumentError (one line) otherwise."""
        sheet, damage = _sheet(name, data), _damage(name, play)
        if link is not None:
            _same_system(name, sheet, self.library.row(link.sheet_id).system)
        return sheet, damage

    # --- the two directions ----------------------------------------------------------------

    def _write(self, doc: Doc, sheet_id: int, *, sheet: bool = True) -> None:
        try:
            if sheet:
                ydoc.write(doc, json.loads(self.library.document(sheet_id)))
            ydoc.write(doc, {"damage": self.library.damage_taken(sheet_id)}, root=ydoc.PLAY)
        except ydoc.Unshareable as exc:
            raise LibraryError(
                _("sheet {sheet_id} cannot be shared: {exc}").format(sheet_id=sheet_id, exc=exc)
            ) from None

    def _update(
        self, link: SharedLink, sheet: BaseModel, damage: dict[str, int], note: str, doc: Doc
    ) -> Outcome:
        sheet_id = link.sheet_id
        if self.library.row(sheet_id).trashed is not None:
            return Outcome(
                link.name,
                "held",
                sheet_id,
                reason=f"sheet {sheet_id} is in the trash; restore it to take the change",
            )
        before = self.library.current_revision(sheet_id)
        sent = None
        if before != link.synced:  # saved here and not sent yet: merged, not overwritten
            sheet, sent, note = self._merge_unsent(link, sheet, doc, note)
        revision = self.library.save(sheet_id, sheet, note=note)
        self.library.mark_synced(sheet_id, revision)
        damage_changed = damage != self.library.damage_taken(sheet_id)
        if damage_changed:
            self.library.set_damage_taken(sheet_id, damage)
        status: Status = "saved" if revision != before else "unchanged"
        return Outcome(link.name, status, sheet_id, revision, damage_changed, sent=sent)

    def _merge_unsent(
        self, link: SharedLink, remote: BaseModel, doc: Doc, note: str
    ) -> tuple[BaseModel, bytes | None, str]:
        """The remote sheet with what this machine changed since the synced revision
        written over it, the update that brings ``doc`` (and, sent, the host) to it, and
        the note of the revision that keeps it.

        A key both sides changed keeps this machine's value (the unsent edit is the one the
        person here is looking at); one only the remote side changed keeps the remote's;
        lists of items with an id (or a name) merge item by item. A merge the model refuses
        (two edits valid apart, not together) keeps this machine's whole sheet. Whenever
        the result drops anything of the remote's, the remote sheet is saved first as a
        revision of its own, and the note says what was not merged and where it is."""
        sheet_id = link.sheet_id
        local = self._local(link)
        remote_data = ydoc.read(doc)
        conflicts: list[str] = []
        merged_data = _three_way(self._synced(link), local, remote_data, conflicts=conflicts)
        refused = ""
        try:
            merged = _sheet(link.name, merged_data)
            _same_system(link.name, merged, self.library.row(sheet_id).system)
        except DocumentError as exc:
            refused = str(exc).removeprefix(f"shared sheet {link.name}: ")
            merged_data, merged = local, self.library.load(sheet_id)
        if refused or conflicts:
            kept = self.library.save(sheet_id, remote, note=f"{note}, as the campaign has it")
            if refused:
                note = (
                    f"{note}: not merged ({refused}); this machine's sheet kept, the "
                    f"campaign's is revision {kept}"
                )
            else:
                note = (
                    f"{note}, merged with changes made here; this machine's kept for "
                    f"{', '.join(conflicts)} (the campaign's are in revision {kept})"
                )
        else:
            note = f"{note}, merged with changes made here"
        if merged_data == remote_data:
            return merged, None, note
        with _recorded(doc) as made:
            ydoc.write(doc, merged_data)
        update = merge_updates(*made) if made else None
        if update is not None:
            self.library.append_update(link.campaign, link.name, update)
        return merged, update, note

    def _add(
        self,
        name: str,
        sheet: BaseModel,
        damage: dict[str, int],
        note: str,
        campaign: CampaignRef,
        kind: Kind,
        owner: str,
    ) -> Outcome:
        sheet_id = self.library.add(sheet, campaign=campaign.name, note=note)
        self.library.set_damage_taken(sheet_id, damage)
        self.library.link(sheet_id, name, campaign.id, kind.value, owner)
        return Outcome(name, "added", sheet_id, 1, bool(damage))

    def _local(self, link: SharedLink) -> dict[str, Any]:
        return json.loads(self.library.document(link.sheet_id))

    def _synced(self, link: SharedLink) -> dict[str, Any]:
        """The sheet as the document last agreed with it: what a local change is from."""
        try:
            return json.loads(self.library.document(link.sheet_id, link.synced))
        except LibraryError:  # that revision is gone: every local value counts as changed
            return {}

    def _link(self, name: str) -> SharedLink:
        link = self.library.sheet_for(name)
        if link is None:
            raise LibraryError(
                _("shared document {name}: no sheet on this machine follows it").format(name=name)
            )
        return link


@contextmanager
def _recorded(doc: Doc) -> Iterator[list[bytes]]:
    """The updates of every transaction on ``doc`` inside the block: exactly what changed
    (a state vector misses deletions, and a diff against one repeats every old one)."""
    made: list[bytes] = []

    def keep(event: TransactionEvent) -> None:
        made.append(event.update)

    subscription = doc.observe(keep)
    try:
        yield made
    finally:
        doc.unobserve(subscription)


def _three_way(
    base: Any, local: Any, remote: Any, *, at: str = "", conflicts: list[str] | None = None
) -> Any:
    """``remote`` with every change ``local`` made since ``base``: per key for objects,
    per item for lists of items with an id or a name, the local value where both changed
    a leaf (or a list without such items). Each place where the remote's change lost is
    added to ``conflicts`` (as ``notes``, ``skills[Boating].rating``). An item one side
    removed and the other changed is kept, changed."""
    if local == base:
        return remote
    if remote == base or local == remote:
        return local
    if isinstance(local, dict) and isinstance(remote, dict):
        was = base if isinstance(base, dict) else {}
        merged = {}
        for key in {**remote, **local}:
            value = _three_way(
                was.get(key, _ABSENT), local.get(key, _ABSENT), remote.get(key, _ABSENT),
                at=f"{at}.{key}" if at else str(key), conflicts=conflicts,
            )
            if value is not _ABSENT:
                merged[key] = value
        return merged
    if isinstance(local, list) and isinstance(remote, list):
        was = base if isinstance(base, list) else []
        identity = _identity(was, local, remote)
        if identity is not None:
            return _merged_items(identity, was, local, remote, at, conflicts)
    if local is _ABSENT:  # removed here, changed there: the change is kept
        return remote
    if conflicts is not None:
        conflicts.append(at or "the whole sheet")
    return local


def _identity(*lists: list[Any]) -> str | None:
    """The key that names each item of every list (``id``, else ``name``), if each item
    is an object holding it and no list names two items alike."""
    for key in ("id", "name"):
        if all(
            all(isinstance(item, dict) and isinstance(item.get(key), str) for item in items)
            and len({item[key] for item in items}) == len(items)
            for items in lists
        ):
            return key
    return None


def _merged_items(
    key: str, base: list[Any], local: list[Any], remote: list[Any], at: str,
    conflicts: list[str] | None,
) -> list[Any]:
    """Lists merged item by item: the remote's order, then the items new here."""
    was, here, there = ({item[key]: item for item in items} for items in (base, local, remote))
    order = [*there, *(name for name in here if name not in there)]
    merged = []
    for name in order:
        label = there.get(name, here.get(name, {})).get("name") or name
        item = _three_way(
            was.get(name, _ABSENT), here.get(name, _ABSENT), there.get(name, _ABSENT),
            at=f"{at}[{label}]", conflicts=conflicts,
        )
        if item is not _ABSENT:
            merged.append(item)
    return merged


_ABSENT = object()  # a key one side does not have


def _sheet_kind(kind: Kind | str) -> Kind:
    try:
        found = Kind(kind)
    except ValueError:
        found = None
    if found not in SHEET_KINDS:
        raise LibraryError(
            _(
                "'{kind}' documents do not hold a sheet; a sheet is shared as a character or npc"
            ).format(kind=kind)
        )
    return found  # type: ignore[return-value]


def _sheet(name: str, data: dict[str, Any]) -> BaseModel:
    """The sheet the document holds, parsed as a sheet file is (one line when invalid)."""
    source = f"shared sheet {name}"
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        raise DocumentError(
            _("{source}: holds a value that is not JSON").format(source=source)
        ) from None
    return loads(text, source)


def _damage(name: str, play: dict[str, Any]) -> dict[str, int]:
    damage = play.get("damage", {})
    if not isinstance(damage, dict):
        raise DocumentError(
            _("shared sheet {name}: its damage is not a table of tracks").format(name=name)
        )
    for track, taken in damage.items():
        if type(taken) is not int or taken < 0:
            raise DocumentError(
                _("shared sheet {name}: damage on '{track}' is not a whole number from 0").format(
                    name=name, track=track
                )
            )
    return {track: taken for track, taken in damage.items() if taken}


def _same_system(name: str, sheet: BaseModel, system: str) -> None:
    found: str = sheet.system  # type: ignore[attr-defined]
    if found != system:
        raise DocumentError(
            _("shared sheet {name}: it became a '{found}' sheet; it is a '{system}' one").format(
                name=name, found=found, system=system
            )
        )
