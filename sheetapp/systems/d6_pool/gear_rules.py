"""What the text's sample gear does beyond a damage or armour rating.

- Strength needed (Buster Sword, 3): attacks with it lose 2 dice per point of Strength short.
- Armour cut (Buster Sword, 3): the target's armour counts that much less, never below 0.
- Doubled armour (shotguns): the target's armour counts double. Armour-piercing rounds
  cannot be had for such a weapon.
- Armour-piercing rounds: the target's Stamina + Armour counts less by the gun's damage.
- Autofire (M16): a target who dodges it takes the attack's successes off the dodge roll.
- Strength damage (Sap): a hit deals the wielder's Strength in damage, non-lethal when the
  weapon is; there is no damage roll.
- A granted trait (Potion of Fire-Breathing: Fire Breathing 3): the trait is the drinker's
  while the item is in use.

When armour is both cut and doubled we cut first (the text never combines them).

>>> from sheetapp.systems.d6_pool.model import Item
>>> buster = Item(name="Buster Sword", attack="melee", damage=10, strength_needed=3, armour_cut=3)
>>> damage_needed(buster, stamina=3, armour=4), strength_penalty(buster, 2)
(4, -2)
>>> shotgun = Item(name="Shotgun", attack="ranged", damage=5, doubles_armour=True)
>>> damage_needed(shotgun, stamina=3, armour=2)
7
"""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.systems.d6_pool.model import Item

DICE_PER_STRENGTH_SHORT = 2


def strength_penalty(item: Item, strength: int | None) -> int:
    """Dice an attack with ``item`` loses for want of Strength (0 or negative)."""
    if item.strength_needed is None:
        return 0
    short = max(0, item.strength_needed - (strength or 0))
    return -DICE_PER_STRENGTH_SHORT * short


def effective_armour(item: Item, armour: int) -> int:
    """The target's armour as this weapon meets it."""
    armour = max(0, armour - (item.armour_cut or 0))
    return armour * 2 if item.doubles_armour else armour


def damage_needed(item: Item, *, stamina: int, armour: int) -> int:
    """Successes a damage roll with ``item`` needs against Stamina + Armour."""
    needed = stamina + effective_armour(item, armour)
    if item.armour_piercing:
        needed -= item.damage or 0
    return max(0, needed)


def rules_text(item: Item) -> list[str]:
    """The item's own rules, a few words each, for the form and the sheet."""
    out = []
    if item.strength_needed is not None:
        out.append(
            _(
                "Str {strength_needed}+ (-{DICE_PER_STRENGTH_SHORT} attack dice per point short)"
            ).format(
                strength_needed=item.strength_needed,
                DICE_PER_STRENGTH_SHORT=DICE_PER_STRENGTH_SHORT,
            )
        )
    if item.armour_cut:
        out.append(_("target armour -{armour_cut}").format(armour_cut=item.armour_cut))
    if item.doubles_armour:
        out.append(_("target armour ×2"))
    if item.armour_piercing:
        out.append(_("AP: target Sta + Armour -{value}").format(value=item.damage or 0))
    if item.autofire:
        out.append(_("a dodge loses the attack's successes"))
    if item.strength_damage:
        kind = "" if item.lethal else _("non-lethal ")
        out.append(_("hit deals Strength in {kind}damage, no roll").format(kind=kind))
    if item.grants_trait.strip():
        out.append(
            _("gives {strip} {value} while in use").format(
                strip=item.grants_trait.strip(), value=item.trait_rating or 0
            )
        )
    return out
