"""Rules of the XP ledgers: awards only add, spending only subtracts, nothing goes negative,
and every purchase costs what the universe says."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.ledger import running_balances, transfer_problem
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, XpEntry
from sheetapp.systems.amazing_engine.names import TAX_STEP, XP_PER_POOL_DIE, label
from sheetapp.systems.amazing_engine.universe import Universe

DEPOSITS = {"award"}
WITHDRAWALS = {"tax", "attribute", "skill", "lost", "pool_die"}


def check_core_ledger(sheet: AmazingEngineSheet) -> list[Finding]:
    if sheet.core is None:
        return []
    ledger = sheet.core.xp_ledger
    found = _signs_and_balance(ledger, ("core", "xp_ledger"), "core")
    ids = {c.id: c for c in sheet.characters}
    for i, entry in enumerate(ledger):
        path = join_path("core", "xp_ledger", i)
        if entry.kind == "pool_die":
            if entry.pool is None or not entry.points:
                found.append(
                    error(
                        "ae.xp.pool_die_incomplete",
                        path,
                        _("A pool die purchase names the pool and the number of dice."),
                    )
                )
            elif entry.amount != -entry.points * XP_PER_POOL_DIE:
                found.append(
                    error(
                        "ae.xp.pool_die_cost",
                        path,
                        _("{points} {label} dice cost {value} XP, not {value2}.").format(
                            points=entry.points,
                            label=label(entry.pool),
                            value=entry.points * XP_PER_POOL_DIE,
                            value2=-entry.amount,
                        ),
                    )
                )
        if entry.kind == "transfer":
            target = ids.get(entry.character or "")
            if target is None:
                found.append(
                    error(
                        "ae.xp.transfer_target",
                        path,
                        _("A transfer names the character who receives the XP."),
                    )
                )
            elif (problem := transfer_problem(ledger, i, target)) is not None:
                found.append(error(problem[0], path, problem[1]))
    return found


def check_transfers(sheet: AmazingEngineSheet) -> list[Finding]:
    """Pair each transfer into a character with one transfer out of the core, same amount."""
    found: list[Finding] = []
    left_core = [
        (e.character, -e.amount)
        for e in (sheet.core.xp_ledger if sheet.core else [])
        if e.kind == "transfer"
    ]
    for index, character in enumerate(sheet.characters):
        for i, entry in enumerate(character.xp_ledger):
            if entry.kind != "transfer":
                continue
            key = (character.id, entry.amount)
            if key in left_core:
                left_core.remove(key)
                continue
            found.append(
                error(
                    "ae.xp.transfer_unmatched",
                    join_path("characters", index, "xp_ledger", i),
                    _(
                        "{amount} XP arrive by transfer but never left the Player Core; "
                        "transfers come only from core XP."
                    ).format(amount=entry.amount),
                )
            )
    return found


def check_character_ledger(index: int, character: Character, universe: Universe) -> list[Finding]:
    where = ("characters", index, "xp_ledger")
    ledger = character.xp_ledger
    found = _signs_and_balance(ledger, where, "character")
    for i, entry in enumerate(ledger):
        path = join_path(*where, i)
        if entry.kind == "tax" and entry.amount % TAX_STEP:
            found.append(
                error(
                    "ae.xp.tax_step",
                    path,
                    _("{value} XP taxed; taxing spends XP in steps of {TAX_STEP}.").format(
                        value=-entry.amount, TAX_STEP=TAX_STEP
                    ),
                )
            )
        if entry.kind == "attribute":
            if entry.attribute is None or not entry.points:
                found.append(
                    error(
                        "ae.xp.attribute_incomplete",
                        path,
                        _("An attribute purchase names the attribute and the points."),
                    )
                )
            elif entry.amount != -entry.points * universe.xp_per_attribute_point:
                cost = entry.points * universe.xp_per_attribute_point
                found.append(
                    error(
                        "ae.xp.attribute_cost",
                        path,
                        _(
                            "{points} points of {label} cost {cost} XP in {name} "
                            "({xp_per_attribute_point} a point), not {value}."
                        ).format(
                            points=entry.points,
                            label=label(entry.attribute),
                            cost=cost,
                            name=universe.name,
                            xp_per_attribute_point=universe.xp_per_attribute_point,
                            value=-entry.amount,
                        ),
                    )
                )
    for i, entry in enumerate(ledger):
        if entry.kind == "skill" and entry.amount != -universe.xp_per_skill:
            found.append(
                warning(
                    "ae.xp.skill_cost",
                    join_path(*where, i, "amount"),
                    _(
                        "A new skill costs {xp_per_skill} XP in {name}, not {value}; "
                        "keep it if your GM priced this skill differently."
                    ).format(
                        xp_per_skill=universe.xp_per_skill, name=universe.name, value=-entry.amount
                    ),
                )
            )
    if character.status == "dead" and sum(e.amount for e in ledger) > 0:
        found.append(
            warning(
                "ae.xp.dead_balance",
                join_path(*where),
                _("A dead character's XP is lost; record the loss so the balance "
                "is 0 (the core's XP stays)."),
            )
        )
    return found


def _signs_and_balance(ledger: list[XpEntry], where: tuple, owner: str) -> list[Finding]:
    found: list[Finding] = []
    for i, entry in enumerate(ledger):
        path = join_path(*where, i, "amount")
        if entry.kind in DEPOSITS and entry.amount <= 0:
            found.append(
                error(
                    "ae.xp.sign",
                    path,
                    _("An award adds XP; {amount} is not a positive amount.").format(
                        amount=entry.amount
                    ),
                )
            )
        if entry.kind in WITHDRAWALS and entry.amount >= 0:
            found.append(
                error(
                    "ae.xp.sign",
                    path,
                    _("A '{kind}' entry spends XP; write it as a negative amount.").format(
                        kind=entry.kind
                    ),
                )
            )
        if entry.kind == "transfer":
            wrong = entry.amount >= 0 if owner == "core" else entry.amount <= 0
            if wrong:
                direction = (
                    _("leaves the core (negative)")
                    if owner == "core"
                    else _("arrives at the character (positive)")
                )
                found.append(
                    error(
                        "ae.xp.sign", path, _("A transfer {direction}.").format(direction=direction)
                    )
                )
    for i, running in enumerate(running_balances(ledger)):
        if running < 0:
            found.append(
                error(
                    "ae.xp.negative",
                    join_path(*where, i),
                    _(
                        "The {owner} XP balance falls to {running} here; XP can never go "
                        "below 0, so spend less or record the award first."
                    ).format(owner=owner, running=running),
                )
            )
            break
    return found
