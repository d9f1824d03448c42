"""Work on many sheets at once: generating NPCs into the library and awarding XP to a
group. Each system does the rules part through its ``GmSupport``; this module only loops,
stores and reports."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.play.support import NpcRequest, XpAward, gm_support
from sheetapp.storage.library import Library, LibraryError
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.registry import get_system

MAX_COUNT = 100_000


def generate_npcs(
    request: NpcRequest, count: int, *, seed: int | None = None
) -> Iterator[BaseModel]:
    """``count`` NPCs, made one at a time as they are consumed; a seed repeats the batch."""
    if isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        raise RequestError(f"generate 1 to {MAX_COUNT:,} NPCs at a time, not {count}")
    support = gm_support(request.system)
    roller = Roller(seed)
    return (support.generate(request, roller) for _ in range(count))


def generate_into(
    library: Library,
    request: NpcRequest,
    count: int,
    *,
    seed: int | None = None,
    campaign: str = "",
    tags: Iterable[str] = (),
    committed: Callable[[list[int]], None] | None = None,
) -> list[int]:
    """Generate NPCs straight into the library, a batch per commit; their ids."""
    sheets = generate_npcs(request, count, seed=seed)
    first = next(sheets)  # a request the system refuses stops here, before any write
    note = "generated" + (f" (seed {seed})" if seed is not None else "")

    def all_sheets() -> Iterator[BaseModel]:
        yield first
        yield from sheets

    return library.add_many(
        all_sheets(), campaign=campaign, tags=tags, note=note, committed=committed
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
            reason = support.no_xp or f"awarding XP is not available for {name} yet"
            report.refused.append((sheet_id, reason))
            continue
        try:
            changed.append((sheet_id, support.award_xp(sheet, award)))
        except ValueError as exc:
            report.refused.append((sheet_id, str(exc)))
    note = f"award {award.amount} XP" + (f" (+{award.core} to the core)" if award.core else "")
    library.save_many(changed, note=note + (f": {award.note}" if award.note else ""))
    report.awarded = [sheet_id for sheet_id, _ in changed]
    return report
