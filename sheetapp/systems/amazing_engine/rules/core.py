"""Rules of the Player Core: ranks, pool dice, and which characters may be active."""

from __future__ import annotations

from collections import Counter

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import universe_name
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import RANK_POINTS, Pool, label
from sheetapp.systems.amazing_engine.pool_dice import computed_pool_dice


def check_core(sheet: AmazingEngineSheet) -> list[Finding]:
    if sheet.core is None:
        return _check_coreless(sheet)
    return [*_check_ranks(sheet), *_check_dice(sheet), *_check_characters(sheet)]


def _check_coreless(sheet: AmazingEngineSheet) -> list[Finding]:
    found = []
    for i, character in enumerate(sheet.characters):
        if character.creation.method in ("prime", "from-core"):
            found.append(
                error(
                    "ae.creation.needs_core",
                    join_path("characters", i, "creation", "method"),
                    _(
                        "'{method}' creation needs a Player Core, and this sheet has "
                        "none; add a core or record the character as 'manual'."
                    ).format(method=character.creation.method),
                )
            )
    return found


def _check_ranks(sheet: AmazingEngineSheet) -> list[Finding]:
    assert sheet.core is not None
    ranks = sheet.core.ranks
    found: list[Finding] = []
    for pool, rank in ranks.items():
        if rank not in RANK_POINTS:
            found.append(
                error(
                    "ae.ranks.range",
                    join_path("core", "ranks", pool.value),
                    _("{label} has rank {rank}; ranks run from 1 (best) to 4.").format(
                        label=label(pool), rank=rank
                    ),
                )
            )
    counts = Counter(ranks.values())
    for pool, rank in ranks.items():
        if rank in RANK_POINTS and counts[rank] > 1:
            others = [label(p) for p, r in ranks.items() if r == rank and p is not pool]
            found.append(
                error(
                    "ae.ranks.duplicate",
                    join_path("core", "ranks", pool.value),
                    _(
                        "{label} and {join} both hold rank {rank}; each pool needs a "
                        "different rank from 1 to 4."
                    ).format(label=label(pool), join=", ".join(others), rank=rank),
                )
            )
    for pool in Pool:
        if pool not in ranks:
            found.append(
                warning(
                    "ae.ranks.missing",
                    join_path("core", "ranks", pool.value),
                    _("{label} has no rank yet; give each pool a rank from 1 to 4.").format(
                        label=label(pool)
                    ),
                )
            )
    return found


def _check_dice(sheet: AmazingEngineSheet) -> list[Finding]:
    assert sheet.core is not None
    stored = sheet.core.dice
    computed = computed_pool_dice(sheet)
    found: list[Finding] = []
    if stored is None:
        if computed is None and sheet.characters:
            has_prime = any(c.creation.method == "prime" for c in sheet.characters)
            found.append(
                info(
                    "ae.core.dice_pending",
                    join_path("core", "dice"),
                    _("Pool dice are rated from the prime character's final attributes; ")
                    + (
                        _("they appear once all eight are known.")
                        if has_prime
                        else _("add the prime character, or enter the core's dice.")
                    ),
                )
            )
        return found
    for pool in Pool:
        path = join_path("core", "dice", pool.value)
        if pool not in stored:
            found.append(
                warning(
                    "ae.core.dice_missing",
                    path,
                    _("{label} has no dice.").format(label=label(pool)),
                )
            )
        elif stored[pool] < 1:
            found.append(
                error(
                    "ae.core.dice_range",
                    path,
                    _("{label} has {stored} dice; a pool rates at least 1 die.").format(
                        label=label(pool), stored=stored[pool]
                    ),
                )
            )
        elif computed is not None and stored[pool] != computed[pool]:
            found.append(
                error(
                    "ae.core.dice_mismatch",
                    path,
                    _(
                        "{label} is recorded with {stored} dice but the prime "
                        "character's attributes rate it {computed} (their sum divided by "
                        "ten, rounded up); dice bought later belong in the core XP "
                        "ledger."
                    ).format(label=label(pool), stored=stored[pool], computed=computed[pool]),
                )
            )
    return found


def _check_characters(sheet: AmazingEngineSheet) -> list[Finding]:
    found: list[Finding] = []
    primes = [i for i, c in enumerate(sheet.characters) if c.creation.method == "prime"]
    for i in primes[1:]:
        found.append(
            error(
                "ae.characters.second_prime",
                join_path("characters", i, "creation", "method"),
                _("A core has one prime character; characters made later are 'from-core'."),
            )
        )
    active: dict[str, int] = {}
    for i, character in enumerate(sheet.characters):
        if character.status != "active":
            continue
        if character.universe in active:
            first = sheet.characters[active[character.universe]]
            found.append(
                error(
                    "ae.characters.same_universe",
                    join_path("characters", i, "status"),
                    _(
                        "'{value}' and '{value2}' are both active in {universe_name}; a "
                        "core has one active character per universe, so retire one or "
                        "mark it dead."
                    ).format(
                        value=character.name or _("This character"),
                        value2=first.name or _("another"),
                        universe_name=universe_name(character.universe),
                    ),
                )
            )
        else:
            active[character.universe] = i
    return found
