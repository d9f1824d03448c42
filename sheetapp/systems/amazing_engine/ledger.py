"""XP ledgers read back: balances and what was bought.

The ledger is the only record of XP; balances and purchased attribute points are always
derived from it, so a sheet cannot show a balance that disagrees with its history.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.model import Character, XpEntry
from sheetapp.systems.amazing_engine.names import Attribute, Pool


def running_balances(ledger: Sequence[XpEntry]) -> list[int]:
    """The balance after each entry.

    >>> from sheetapp.systems.amazing_engine.model import CharacterXpEntry as E
    >>> running_balances([E(kind="award", amount=50), E(kind="tax", amount=-20)])
    [50, 30]
    """
    return list(accumulate(entry.amount for entry in ledger))


def balance(ledger: Sequence[XpEntry]) -> int:
    return sum(entry.amount for entry in ledger)


def bought_attribute_points(character: Character) -> dict[Attribute, int]:
    """Attribute points bought with character XP since creation."""
    bought = dict.fromkeys(Attribute, 0)
    for entry in character.xp_ledger:
        if entry.kind == "attribute" and entry.attribute is not None:
            bought[entry.attribute] += entry.points or 0
    return bought


def bought_pool_dice(ledger: Sequence[XpEntry]) -> dict[Pool, int]:
    """Pool dice bought with core XP."""
    bought = dict.fromkeys(Pool, 0)
    for entry in ledger:
        if entry.kind == "pool_die" and entry.pool is not None:
            bought[entry.pool] += entry.points or 0
    return bought


def made_at(character: Character) -> int | None:
    """The core ledger position at which the character was made (None: not recorded).

    The prime character is made with the core, before any XP, so it counts as made at 0.
    """
    if character.creation.core_xp_entries is not None:
        return character.creation.core_xp_entries
    return 0 if character.creation.method == "prime" else None


def transfer_problem(
    ledger: Sequence[XpEntry], position: int, character: Character
) -> tuple[str, str] | None:
    """Why core XP may not go to ``character`` at ``position`` of the core ledger (a finding
    code and a reason), or None when it may.

    Entries are read in order: core XP goes to a character when it is made, so every entry
    between its making and the transfer must be a transfer too; and XP the character itself
    deposited before the transfer shows the transfer came too late. What the character
    deposits after receiving a transfer is ordinary core XP.
    """
    name = character.name or _("this character")
    if any(e.kind == "award" and e.character == character.id for e in ledger[:position]):
        return (
            "ae.xp.transfer_to_earner",
            _(
                "'{name}' had already put XP into the core, which is beyond its "
                "reach; core XP goes to a character when it is made."
            ).format(name=name),
        )
    made = made_at(character)
    if made is None:
        return None
    if made > position:
        return (
            "ae.xp.transfer_before_made",
            _(
                "'{name}' was made after this entry; a transfer cannot come before the character."
            ).format(name=name),
        )
    if any(e.kind != "transfer" for e in ledger[made:position]):
        return (
            "ae.xp.transfer_late",
            _(
                "'{name}' was made before core entries that precede this "
                "transfer; core XP goes to a character when it is made, out of "
                "XP deposited before."
            ).format(name=name),
        )
    return None


def creation_attributes(character: Character) -> dict[Attribute, int]:
    """The scores the character started play with (current scores less bought points)."""
    bought = bought_attribute_points(character)
    return {a: score - bought[a] for a, score in character.attributes.items()}
