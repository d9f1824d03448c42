"""A shared character's document as the phone sees and changes it, computed on the host.

The phone shows what this module computes from the system's own code (the stat block's
figures, the tracks and condition of the Table, each check's exact odds) and sends
intents that this module carries out with the same code the desktop uses: damage and
healing through ``play.table.Table``, a GM's request through ``campaign.requests.apply``.
Both take a library; ``DocLibrary`` is one shared document seen as a library of one sheet,
so they run on it unchanged. Every change is written into the member's own copy of the
document, which sends it to the host's gate like any edit from their laptop.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Mapping
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from pycrdt import Doc, Map
from pydantic import BaseModel

from sheetapp.campaign import ydoc
from sheetapp.campaign.gate import MAX_ROLL_TEXT, ROLLS
from sheetapp.campaign.phone import dice_log
from sheetapp.campaign.phone.checks import checks, find
from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.play.damage import DamageError
from sheetapp.play.table import Table
from sheetapp.statblocks.text import blocks_of
from sheetapp.storage.document import DocumentError, dumps, loads
from sheetapp.systems.registry import get_system
from sheetapp.systems.rolls import Unrollable, odds_summary

ROLLS_KEPT = 50  # the newest rolls a document keeps; older ones are dropped as new come
GEAR_LISTS = ("weapons", "armour", "equipment", "tools")
MAX_QUANTITY = 1_000_000


class EditRefused(ValueError):
    """An edit the sheet cannot take; the message says why, in one line."""


class DocLibrary:
    """One character's document as a ``Library`` holding one sheet (any id): what
    ``Table`` and ``requests.apply`` read and write, kept in the document."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc

    def load(self, _sheet_id: int = 0, revision: int | None = None) -> BaseModel:
        try:
            return loads(json.dumps(ydoc.read(self.doc), ensure_ascii=False), "shared sheet")
        except DocumentError as exc:
            raise EditRefused(str(exc)) from None

    def row(self, _sheet_id: int = 0) -> SimpleNamespace:
        """What ``Table`` reads of the roster row: the system and the name."""
        sheet = self.load()
        return SimpleNamespace(system=sheet.system, name=getattr(sheet, "name", ""))  # type: ignore[attr-defined]

    def save(self, _sheet_id: int, sheet: BaseModel, *, note: str = "") -> int:
        ydoc.write(self.doc, json.loads(dumps(sheet)))
        return 0

    def damage_taken(self, _sheet_id: int = 0) -> dict[str, int]:
        damage = ydoc.read(self.doc, root=ydoc.PLAY).get("damage", {})
        return {k: v for k, v in damage.items() if isinstance(v, int)} if isinstance(
            damage, dict
        ) else {}

    def set_damage_taken(self, _sheet_id: int, taken: Mapping[str, int]) -> None:
        play = ydoc.read(self.doc, root=ydoc.PLAY)
        play["damage"] = {track: value for track, value in taken.items() if value}
        ydoc.write(self.doc, play, root=ydoc.PLAY)


def view(doc: Doc) -> dict[str, Any]:
    """Everything the phone shows of one character, as JSON values."""
    library = DocLibrary(doc)
    sheet = library.load()
    system_id: str = sheet.system  # type: ignore[attr-defined]
    plugin = get_system(system_id)
    focused, _prefix = plugin.focus(sheet, None)
    table = Table(library)  # type: ignore[arg-type]
    block = blocks_of(sheet, _index(sheet))[0]
    return {
        "name": block.name,
        "system": plugin.name,
        "facts": [fact for fact in block.facts if fact],
        "scores": [list(pair) for pair in block.scores],
        "figures": [list(pair) for pair in block.figures],
        "lines": [list(pair) for pair in block.lines if pair[1]],
        "tracks": [
            {
                "key": state.key,
                "label": state.label,
                "current": state.current,
                "maximum": state.maximum,
                "minimum": state.minimum,
                "taken": state.taken,
            }
            for state in table.tracks(0)
        ],
        "condition": table.condition(0),
        "checks": [_check(key, section, check) for key, section, check in checks(focused)],
        "gear": _gear(sheet),
        "notes": str(getattr(_holder(sheet), "notes", "")),
        "rolls": dice_log.rolls(doc)[:10],
    }


def _check(key: str, section: str, check: Any) -> dict[str, Any]:
    if isinstance(check, Unrollable):
        return {"key": key, "section": section, "name": check.name, "reason": check.reason}
    odds = check.odds()
    return {
        "key": key,
        "section": section,
        "name": check.name,
        "summary": odds_summary(odds),
        "odds": [[outcome, _exact(p)] for outcome, p in odds.items() if p],
    }


def _exact(p: Fraction | int) -> str:
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _index(sheet: BaseModel) -> int | None:
    """Which of a sheet's characters is played at the table (None: the sheet is one)."""
    characters = getattr(sheet, "characters", None)
    if not characters:
        return None
    focused, _prefix = get_system(sheet.system).focus(sheet, None)  # type: ignore[attr-defined]
    chosen = focused.characters[0].id if focused.characters else characters[0].id  # type: ignore[attr-defined]
    return next((i for i, c in enumerate(characters) if c.id == chosen), 0)


def _holder(sheet: BaseModel) -> BaseModel:
    """What holds the played character's notes and gear: the sheet, or its character."""
    index = _index(sheet)
    return sheet if index is None else sheet.characters[index]  # type: ignore[attr-defined]


def _base(sheet: BaseModel) -> list[str | int]:
    """The JSON path of ``_holder`` in the sheet."""
    index = _index(sheet)
    return [] if index is None else ["characters", index]


def _gear(sheet: BaseModel) -> list[dict[str, Any]]:
    holder = _holder(sheet)
    rows: list[dict[str, Any]] = []
    for name in GEAR_LISTS:
        items = getattr(holder, name, None)
        if isinstance(items, str) and items.strip():
            rows.append({"list": name, "row": -1, "name": items.strip()})
        elif isinstance(items, list):
            for row, item in enumerate(items):
                data = item.model_dump(mode="json")
                rows.append({
                    "list": name,
                    "row": row,
                    "name": str(data.get("name", "")),
                    "quantity": data.get("quantity"),
                    "notes": str(data.get("notes", "")),
                })
    return rows


def roll(doc: Doc, key: str, by: str, roller: Roller) -> dict[str, Any]:
    """Roll the check ``key`` with the system's own dice and write the reading to the
    document's dice log, where the GM's copy of the character reads it."""
    sheet = DocLibrary(doc).load()
    focused, _prefix = get_system(sheet.system).focus(sheet, None)  # type: ignore[attr-defined]
    check = find(focused, key)
    if check is None:
        raise EditRefused(_("This sheet has no such roll any more."))
    if isinstance(check, Unrollable):
        raise EditRefused(
            _("{name} cannot be rolled: {reason}").format(name=check.name, reason=check.reason)
        )
    reading = check.roll(roller)
    entry = {"at": time.time(), "by": by, "text": f"{check.name}: {reading.text()}"[:MAX_ROLL_TEXT]}
    kept = ydoc.read(doc, root=ROLLS)
    newest = sorted(kept, key=lambda k: -dice_log.at(kept[k]))
    log = doc.get(ROLLS, type=Map)
    with doc.transaction():
        for stale in newest[ROLLS_KEPT - 1 :]:
            del log[stale]
        log[uuid.uuid4().hex] = Map(entry)
    return {"name": check.name, "result": reading.result, "outcome": reading.outcome,
            "dice": reading.dice,
            "detail": reading.detail, "text": entry["text"]}


def hurt(doc: Doc, track: str, amount: int, *, healing: bool = False) -> None:
    """Damage on (or healing of) one track, landed by the system's rules as at the Table."""
    table = Table(DocLibrary(doc))  # type: ignore[arg-type]
    try:
        if healing:
            table.heal(0, track, amount)
        else:
            table.hurt(0, track, amount)
    except (DamageError, ValueError) as exc:
        raise EditRefused(" ".join(str(exc).split())) from None


def set_notes(doc: Doc, text: str) -> None:
    """The played character's notes, replaced by ``text``."""
    _edit(doc, ["notes"], text)


def set_quantity(doc: Doc, gear_list: str, row: int, quantity: int) -> None:
    """How many of one gear row (ammunition, money and supplies are kept as gear rows)."""
    if gear_list not in GEAR_LISTS or isinstance(row, bool) or not isinstance(row, int) or row < 0:
        raise EditRefused(_("There is no such list of gear."))
    if isinstance(quantity, bool) or not isinstance(quantity, int):
        raise EditRefused(_("A quantity is a whole number."))
    if not 0 <= quantity <= MAX_QUANTITY:
        raise EditRefused(_("A quantity is from 0 to {most}.").format(most=MAX_QUANTITY))
    _edit(doc, [gear_list, row, "quantity"], quantity)


def _edit(doc: Doc, path: list[str | int], value: Any) -> None:
    """Set one value of the played character, checked as a sheet before it is written."""
    library = DocLibrary(doc)
    sheet = library.load()
    data = ydoc.read(doc)
    target: Any = data
    for step in [*_base(sheet), *path[:-1]]:
        try:
            target = target[step]
        except (KeyError, IndexError, TypeError):
            raise EditRefused(_("This sheet has no such row.")) from None
    last = path[-1]
    if isinstance(target, dict) and isinstance(last, str):
        if last not in target and last != "notes":
            raise EditRefused(_("This sheet keeps no {field}.").format(field=last))
        target[last] = value
    elif isinstance(target, list) and isinstance(last, int) and 0 <= last < len(target):
        target[last] = value
    else:
        raise EditRefused(_("This sheet has no such row."))
    try:
        loads(json.dumps(data, ensure_ascii=False), "the changed sheet")
    except DocumentError as exc:
        raise EditRefused(str(exc)) from None
    ydoc.write(doc, data)
