"""Work on many sheets at once: generating NPCs into the library and awarding XP to a
group. Each system does the rules part through its ``GmSupport``; this module only loops,
stores and reports."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.play.batch_limits import MAX_COUNT
from sheetapp.play.support import NpcRequest, XpAward, gm_support
from sheetapp.storage.document import describe_validation
from sheetapp.storage.library import Library, LibraryError
from sheetapp.storage.library.library import DEFAULT_BATCH
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.registry import get_system

RETRIES = 12  # new NPCs drawn for one whose name the batch already has, before numbering it


def generate_npcs(
    request: NpcRequest, count: int, *, seed: int | None = None
) -> Iterator[BaseModel]:
    """``count`` NPCs with distinct names, made one at a time as they are consumed; a seed
    repeats the batch."""
    if isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        raise RequestError(
            _("generate 1 to {MAX_COUNT} NPCs at a time, not {count}").format(
                MAX_COUNT=number(MAX_COUNT), count=count
            )
        )
    support = gm_support(request.system)
    roller = Roller(seed)
    return distinct_names(lambda: support.generate(request, roller), count)


def people(sheet: BaseModel) -> list[Any]:
    """Who a sheet names: its characters (an Amazing Engine sheet), else the sheet."""
    return list(getattr(sheet, "characters", None) or [sheet])


def distinct_names(make: Callable[[], BaseModel], count: int) -> Iterator[BaseModel]:
    """``count`` sheets from ``make`` whose names all differ (ignoring case): one whose name
    is taken is drawn again, up to ``RETRIES`` times. Only when the names run out (a batch
    larger than the lists can name, or a template with a name list of one) does a name get
    a number, "Hana Sato 2"; from then on the batch numbers at once rather than redraw."""
    taken: set[str] = set()
    # The next number to try after each name: counting up from 2 every time would make a
    # batch of 100,000 over a few hundred names quadratic (taken only grows, so no lower
    # number can have come free).
    next_number: dict[str, int] = {}
    exhausted = False
    for _unused in range(count):
        sheet = make()
        for _retry in range(0 if exhausted else RETRIES):
            if _key(sheet) not in taken:
                break
            sheet = make()
        if _key(sheet) in taken:
            exhausted = True
            who = people(sheet)[0]
            base = who.name
            number = next_number.get(base.casefold(), 2)
            while f"{base} {number}".casefold() in taken:
                number += 1
            next_number[base.casefold()] = number + 1
            who.name = f"{base} {number}"
        taken.add(_key(sheet))
        yield sheet


def _key(sheet: BaseModel) -> str:
    return " / ".join(who.name for who in people(sheet)).casefold()


def generate_into(
    library: Library,
    request: NpcRequest,
    count: int,
    *,
    seed: int | None = None,
    campaign: str = "",
    tags: Iterable[str] = (),
    committed: Callable[[list[int]], None] | None = None,
    batch: int = DEFAULT_BATCH,
) -> list[int]:
    """Generate NPCs straight into the library, ``batch`` per commit; their ids."""
    sheets = generate_npcs(request, count, seed=seed)
    first = next(sheets)  # a request the system refuses stops here, before any write
    note = "generated" + (_(" (seed {seed})").format(seed=seed) if seed is not None else "")

    def all_sheets() -> Iterator[BaseModel]:
        yield first
        yield from sheets

    return library.add_many(
        all_sheets(), campaign=campaign, tags=tags, note=note, committed=committed, batch=batch
    )


@dataclass
class AwardReport:
    """Who got the XP (sheet ids, each saved as a new revision) and who did not, why."""

    awarded: list[int] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)


def award_xp(library: Library, ids: Iterable[int], award: XpAward) -> AwardReport:
    """Give ``award`` to each sheet's character. Those the rules refuse (a dead character,
    a share for a core the sheet lacks) are reported and left unchanged; the others are
    saved together."""
    report = AwardReport()
    changed: list[tuple[int, BaseModel]] = []
    for sheet_id in ids:
        try:
            sheet = library.load(sheet_id)
        except LibraryError as exc:
            report.refused.append((sheet_id, str(exc)))
            continue
        system_id: str = sheet.system  # type: ignore[attr-defined]
        support = gm_support(system_id)
        if support.award_xp is None:
            name = get_system(system_id).name
            reason = _(support.no_xp) or _("awarding XP is not available for {name} yet").format(
                name=name
            )
            report.refused.append((sheet_id, reason))
            continue
        try:
            changed.append((sheet_id, support.award_xp(sheet, award)))
        except ValidationError as exc:  # past a bound of the sheet: one line, not pydantic's
            report.refused.append((sheet_id, describe_validation(exc)))
        except ValueError as exc:
            report.refused.append((sheet_id, str(exc)))
    note = _("award {amount} XP").format(amount=award.amount) + (
        _(" (+{core} to the core)").format(core=award.core) if award.core else ""
    )
    library.save_many(changed, note=note + (f": {award.note}" if award.note else ""))
    report.awarded = [sheet_id for sheet_id, _unused in changed]
    return report
