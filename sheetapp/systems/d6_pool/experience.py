"""What a player does with XP, as operations on a sheet.

Each operation returns a new sheet and leaves the given one untouched, so the app can undo
by keeping the old one. One the rules forbid (XP not there, a skill past 6) is refused with
``XpRefused`` and a reason a player can act on; the ledger line it writes is what the rules
check when a sheet is loaded. ``*_cost`` functions give the price before buying.

Attributes may rise past 6 with XP (the text says they can go higher); skills and traits
stop at 6. Negative traits are not raised or bought.
"""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.systems.d6_pool.costs import NEW_RATING, PURCHASE_COST, raise_cost
from sheetapp.systems.d6_pool.ledger import balance
from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill, Trait, XpEntry
from sheetapp.systems.d6_pool.names import MAX_RATING, Attribute, label
from sheetapp.systems.plugin import XpRefused


def _copy(sheet: D6PoolSheet) -> D6PoolSheet:
    return sheet.model_copy(deep=True)


def _pay(sheet: D6PoolSheet, cost: int, what: str) -> None:
    available = balance(sheet.xp_ledger)
    if cost > available:
        raise XpRefused(
            _("{what} costs {cost} XP and {available} XP are available").format(
                what=what, cost=cost, available=available
            )
        )


def _target(current: int | None, to: int | None, shown: str, cap: int | None) -> int:
    if current is None:
        raise XpRefused(_("{shown} has no rating yet").format(shown=shown))
    target = current + 1 if to is None else to
    if target <= current:
        raise XpRefused(
            _("{shown} is already {current}: choose a higher rating").format(
                shown=shown, current=current
            )
        )
    if cap is not None and target > cap:
        raise XpRefused(
            _("{shown} would be {target}; ratings go no higher than {cap}").format(
                shown=shown, target=target, cap=cap
            )
        )
    return target


def award(sheet: D6PoolSheet, amount: int, *, note: str = "") -> D6PoolSheet:
    if amount <= 0:
        raise XpRefused(_("an award adds XP: give a positive amount"))
    new = _copy(sheet)
    new.xp_ledger.append(XpEntry(kind="award", amount=amount, note=note))
    return new


def attribute_cost(sheet: D6PoolSheet, attribute: Attribute, to: int | None = None) -> int:
    current = sheet.attributes.get(attribute)
    return raise_cost(current or 0, _target(current, to, label(attribute), None))


def raise_attribute(
    sheet: D6PoolSheet, attribute: Attribute, to: int | None = None, *, note: str = ""
) -> D6PoolSheet:
    """Raise an attribute to ``to`` (one step by default), paying for every step."""
    current = sheet.attributes.get(attribute)
    target = _target(current, to, label(attribute), None)
    assert current is not None
    cost = raise_cost(current, target)
    _pay(
        sheet,
        cost,
        _("{label} {current} to {target}").format(
            label=label(attribute), current=current, target=target
        ),
    )
    new = _copy(sheet)
    new.attributes = {**new.attributes, attribute: target}
    new.xp_ledger.append(
        XpEntry(
            kind="attribute",
            amount=-cost,
            attribute=attribute,
            name=label(attribute),
            from_rating=current,
            to_rating=target,
            note=note,
        )
    )
    return new


def _item(items: list, index: int, kind: str) -> Skill | Trait:
    if not 0 <= index < len(items):
        raise XpRefused(_("there is no {kind} {value}").format(kind=kind, value=index + 1))
    return items[index]


def skill_cost(sheet: D6PoolSheet, index: int, to: int | None = None) -> int:
    skill = _item(sheet.skills, index, "skill")
    return raise_cost(skill.rating or 0, _target(skill.rating, to, skill.name, MAX_RATING))


def trait_cost(sheet: D6PoolSheet, index: int, to: int | None = None) -> int:
    trait = _item(sheet.traits, index, "trait")
    if trait.kind == "negative":
        raise XpRefused(
            _("{value} is a negative trait; XP raises only positive ones").format(
                value=trait.name or _("this trait")
            )
        )
    return raise_cost(trait.rating or 0, _target(trait.rating, to, trait.name, MAX_RATING))


def raise_skill(
    sheet: D6PoolSheet, index: int, to: int | None = None, *, note: str = ""
) -> D6PoolSheet:
    cost = skill_cost(sheet, index, to)
    return _raise_item(sheet, "skill", index, to, cost, note)


def raise_trait(
    sheet: D6PoolSheet, index: int, to: int | None = None, *, note: str = ""
) -> D6PoolSheet:
    cost = trait_cost(sheet, index, to)
    return _raise_item(sheet, "trait", index, to, cost, note)


def _raise_item(
    sheet: D6PoolSheet, kind: str, index: int, to: int | None, cost: int, note: str
) -> D6PoolSheet:
    item = (sheet.skills if kind == "skill" else sheet.traits)[index]
    current = item.rating or 0
    target = current + 1 if to is None else to
    _pay(
        sheet,
        cost,
        _("{value} {current} to {target}").format(
            value=item.name or (_("Skill") if kind == "skill" else _("Trait")),
            current=current,
            target=target,
        ),
    )
    new = _copy(sheet)
    (new.skills if kind == "skill" else new.traits)[index].rating = target
    new.xp_ledger.append(
        XpEntry(
            kind=kind,  # type: ignore[arg-type]  # "skill" or "trait"
            amount=-cost,
            item=item.id,
            name=item.name,
            from_rating=current,
            to_rating=target,
            note=note,
        )
    )
    return new


def _new_name(sheet: D6PoolSheet, name: str, kind: str) -> str:
    shown = name.strip()
    if not shown:
        raise XpRefused(_("name the new {kind}").format(kind=kind))
    items = sheet.skills if kind == "skill" else sheet.traits
    if any(i.name.strip().casefold() == shown.casefold() for i in items):
        raise XpRefused(_("{shown} is already on the sheet: raise it instead").format(shown=shown))
    return shown


def buy_skill(
    sheet: D6PoolSheet, name: str, attribute: Attribute | None = None, *, note: str = ""
) -> D6PoolSheet:
    """Learn a new skill at rating 1."""
    shown = _new_name(sheet, name, "skill")
    return _buy(sheet, Skill(name=shown, attribute=attribute, rating=NEW_RATING), note)


def buy_trait(
    sheet: D6PoolSheet, name: str, attribute: Attribute | None = None, *, note: str = ""
) -> D6PoolSheet:
    """Gain a new positive trait at rating 1 (the GM approves every trait)."""
    shown = _new_name(sheet, name, "trait")
    return _buy(sheet, Trait(name=shown, attribute=attribute, rating=NEW_RATING), note)


def _buy(sheet: D6PoolSheet, item: Skill | Trait, note: str) -> D6PoolSheet:
    kind = "skill" if isinstance(item, Skill) else "trait"
    cost = PURCHASE_COST[f"new_{kind}"]
    _pay(sheet, cost, _("A new {kind} ({name})").format(kind=kind, name=item.name))
    new = _copy(sheet)
    if isinstance(item, Skill):
        new.skills.append(item)
    else:
        new.traits.append(item)
    new.xp_ledger.append(
        XpEntry(
            kind=f"new_{kind}",  # type: ignore[arg-type]  # "new_skill" or "new_trait"
            amount=-cost,
            item=item.id,
            name=item.name,
            note=note,
        )
    )
    return new
