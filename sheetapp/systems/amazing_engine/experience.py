"""What a player does with XP, as operations on a sheet.

Each operation returns a new sheet and leaves the given one untouched, so the app can undo
by keeping the old one. An operation the rules forbid (spending XP that is not there,
taxing past double the chance) is refused with ``XpRefused`` and a reason a player can act
on; the ledger entries it writes are what the rules check when a sheet is loaded.
"""

from __future__ import annotations

from collections.abc import Sequence

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.chances import max_tax
from sheetapp.systems.amazing_engine.ledger import balance, made_at, transfer_problem
from sheetapp.systems.amazing_engine.model import (
    AmazingEngineSheet,
    CharacterXpEntry,
    CoreXpEntry,
    Skill,
)
from sheetapp.systems.amazing_engine.names import XP_PER_POOL_DIE, Attribute, Pool, label
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.systems.amazing_engine.rules.experience import TAX_STEP
from sheetapp.systems.plugin import XpRefused


def _copy(sheet: AmazingEngineSheet) -> AmazingEngineSheet:
    return sheet.model_copy(deep=True)


def character_balance(sheet: AmazingEngineSheet, index: int) -> int:
    return balance(sheet.characters[index].xp_ledger)


def core_balance(sheet: AmazingEngineSheet) -> int:
    return balance(sheet.core.xp_ledger) if sheet.core else 0


def award(
    sheet: AmazingEngineSheet, index: int, *, to_character: int, to_core: int, note: str = ""
) -> AmazingEngineSheet:
    """Split an award at once between the character and the core.

    The System Guide's example: 75 XP, 50 to the character and 25 to the core.
    """
    if to_character < 0 or to_core < 0 or to_character + to_core == 0:
        raise XpRefused(
            _("an award adds XP: give a positive amount to the character, the core or both")
        )
    if to_core and sheet.core is None:
        raise XpRefused(_("this character has no Player Core to take XP"))
    new = _copy(sheet)
    character = new.characters[index]
    if character.status == "dead":
        raise XpRefused(
            _("{value} is dead and earns no XP").format(value=character.name or _("this character"))
        )
    if to_character:
        character.xp_ledger.append(CharacterXpEntry(kind="award", amount=to_character, note=note))
    if to_core:
        assert new.core is not None
        new.core.xp_ledger.append(
            CoreXpEntry(kind="award", amount=to_core, note=note, character=character.id)
        )
    return new


def tax(
    sheet: AmazingEngineSheet, index: int, amount: int, *, chance: int, note: str = ""
) -> AmazingEngineSheet:
    """Spend XP before a roll to raise ``chance`` by ``amount``; spent whatever the roll."""
    available = character_balance(sheet, index)
    if amount <= 0 or amount % TAX_STEP:
        raise XpRefused(
            _("taxing spends XP in steps of {TAX_STEP} (5, 10, 15 ...)").format(TAX_STEP=TAX_STEP)
        )
    if amount > max(chance, 0):
        raise XpRefused(
            _(
                "taxing may at most double the chance: {chance} can take {max_tax} XP at most"
            ).format(chance=chance, max_tax=max_tax(chance, 10**9))
        )
    if amount > available:
        raise XpRefused(_("only {available} XP to spend").format(available=available))
    new = _copy(sheet)
    new.characters[index].xp_ledger.append(
        CharacterXpEntry(
            kind="tax", amount=-amount, note=note or _("check at {chance}").format(chance=chance)
        )
    )
    return new


def improve_attribute(
    sheet: AmazingEngineSheet, index: int, attribute: Attribute, points: int, *, note: str = ""
) -> AmazingEngineSheet:
    """Buy permanent attribute points between adventures, at the universe's price."""
    character = sheet.characters[index]
    universe, _unused = universe_or_generic(character.universe)
    if points <= 0:
        raise XpRefused(_("buy at least one point"))
    score = character.attributes.get(attribute)
    if score is None:
        raise XpRefused(_("{label} has no score yet").format(label=label(attribute)))
    if score + points > universe.attribute_max:
        raise XpRefused(
            _("{label} would be {value}; no attribute may pass {attribute_max}").format(
                label=label(attribute), value=score + points, attribute_max=universe.attribute_max
            )
        )
    cost = points * universe.xp_per_attribute_point
    available = character_balance(sheet, index)
    if cost > available:
        raise XpRefused(
            _("{points} points cost {cost} XP and {available} XP are available").format(
                points=points, cost=cost, available=available
            )
        )
    new = _copy(sheet)
    target = new.characters[index]
    target.attributes = {**target.attributes, attribute: score + points}
    target.xp_ledger.append(
        CharacterXpEntry(
            kind="attribute", amount=-cost, attribute=attribute, points=points, note=note
        )
    )
    return new


def buy_skill(
    sheet: AmazingEngineSheet, index: int, group: str, path: Sequence[str], *, note: str = ""
) -> AmazingEngineSheet:
    """Learn a new skill of the universe's trees with character XP."""
    character = sheet.characters[index]
    universe, _unused = universe_or_generic(character.universe)
    chain = universe.find_skill(group, tuple(path))
    if chain is None:
        raise XpRefused(
            _("{join} is not a skill of {group} in {name}").format(
                join=" > ".join(path), group=group, name=universe.shown_name
            )
        )
    known = {(s.group, tuple(s.path)) for s in character.skills}
    if (group, tuple(path)) in known:
        raise XpRefused(_("{join} is already known").format(join=' > '.join(path)))
    if len(path) > 1 and (group, tuple(path[:-1])) not in known:
        raise XpRefused(_("learn {join} first").format(join=' > '.join(path[:-1])))
    cost = universe.xp_per_skill
    available = character_balance(sheet, index)
    if cost > available:
        raise XpRefused(
            _("a new skill costs {cost} XP and {available} XP are available").format(
                cost=cost, available=available
            )
        )
    new = _copy(sheet)
    target = new.characters[index]
    target.skills.append(Skill.from_tree(group, tuple(path), chain[-1], "xp"))
    target.xp_ledger.append(
        CharacterXpEntry(kind="skill", amount=-cost, skill=" > ".join(path), note=note)
    )
    return new


def buy_pool_die(
    sheet: AmazingEngineSheet, pool: Pool, count: int = 1, *, note: str = ""
) -> AmazingEngineSheet:
    """Add dice to a pool with core XP; only characters made afterwards benefit."""
    if sheet.core is None:
        raise XpRefused(_("this sheet has no Player Core"))
    if count <= 0:
        raise XpRefused(_("buy at least one die"))
    cost = count * XP_PER_POOL_DIE
    available = core_balance(sheet)
    if cost > available:
        raise XpRefused(
            _("{count} {label} dice cost {cost} core XP and {available} are available").format(
                count=count, label=label(pool), cost=cost, available=available
            )
        )
    new = _copy(sheet)
    assert new.core is not None
    before = current_pool_dice(sheet)
    for character in new.characters:  # characters made already keep the dice they had
        if character.creation.method == "from-core" and character.creation.pool_dice is None:
            character.creation.pool_dice = before
    new.core.xp_ledger.append(
        CoreXpEntry(kind="pool_die", amount=-cost, pool=pool, points=count, note=note)
    )
    return new


def transfer_refusal(sheet: AmazingEngineSheet, index: int) -> str | None:
    """Why character ``index`` cannot take core XP now, or None when it can.

    Core XP goes to an active character of this core at its making, out of XP deposited
    before it was made (see ``ledger.transfer_problem``); a character whose making was not
    recorded cannot be placed in the ledger's order, so it is refused too.
    """
    if sheet.core is None:
        return _("this sheet has no Player Core")
    character = sheet.characters[index]
    name = character.name or _("this character")
    if character.status != "active":
        return _("{name} is {status}; transfer to an active character").format(
            name=name, status=character.status
        )
    if made_at(character) is None:
        return _("when {name} was made is not recorded, so no core XP can reach it").format(
            name=name
        )
    ledger = sheet.core.xp_ledger
    problem = transfer_problem(ledger, len(ledger), character)
    return None if problem is None else problem[1]


def transfer_candidates(sheet: AmazingEngineSheet) -> list[int]:
    """The characters core XP may go to now (what the transfer dialog offers)."""
    return [i for i in range(len(sheet.characters)) if transfer_refusal(sheet, i) is None]


def transfer(
    sheet: AmazingEngineSheet, index: int, amount: int, *, note: str = ""
) -> AmazingEngineSheet:
    """Withdraw core XP into a character of this core at its making; it can never go back."""
    refusal = transfer_refusal(sheet, index)
    if refusal is not None:
        raise XpRefused(refusal)
    assert sheet.core is not None
    if amount <= 0:
        raise XpRefused(_("transfer a positive amount"))
    available = core_balance(sheet)
    if amount > available:
        raise XpRefused(_("the core holds {available} XP").format(available=available))
    character = sheet.characters[index]
    new = _copy(sheet)
    assert new.core is not None
    new.core.xp_ledger.append(
        CoreXpEntry(kind="transfer", amount=-amount, character=character.id, note=note)
    )
    new.characters[index].xp_ledger.append(
        CharacterXpEntry(kind="transfer", amount=amount, note=note)
    )
    return new


def mark_dead(sheet: AmazingEngineSheet, index: int, *, note: str = "") -> AmazingEngineSheet:
    """The character dies: its own XP is lost, the core's stays, its universe is free again."""
    new = _copy(sheet)
    character = new.characters[index]
    character.status = "dead"
    left = balance(character.xp_ledger)
    if left > 0:
        character.xp_ledger.append(
            CharacterXpEntry(kind="lost", amount=-left, note=note or _("lost at death"))
        )
    return new


def retire(sheet: AmazingEngineSheet, index: int) -> AmazingEngineSheet:
    """The character leaves play for good, which frees its universe for a new one."""
    new = _copy(sheet)
    new.characters[index].status = "retired"
    return new
