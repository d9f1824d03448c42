"""How a d6 dice pool sheet shows in the library and at the table.

Two damage tracks count against Health: lethal and non-lethal damage are taken apart, and
each has its own thresholds (0 health, then minus Stamina). Initiative is a pool rolled
each round (Dexterity + Dodge), not a modifier added to a roll, so there is none to give.
"""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.systems.d6_pool.derived import health
from sheetapp.systems.d6_pool.ledger import balance
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.plugin import RosterInfo, Track

LETHAL, NONLETHAL = "lethal", "nonlethal"


def roster_info(sheet: D6PoolSheet) -> RosterInfo:
    words = [sheet.player, sheet.concept, sheet.appearance, sheet.notes]
    words += [s.name for s in sheet.skills] + [t.name for t in sheet.traits]
    words += [e.name for e in sheet.equipment] + [x.name for x in sheet.extra_attributes]
    return RosterInfo(
        name=sheet.name or sheet.player,
        npc=sheet.npc,
        text=" ".join(w for w in words if w),
        player=sheet.player,
        profession=sheet.concept,
        xp=balance(sheet.xp_ledger),
    )


def damage_tracks(sheet: D6PoolSheet) -> list[Track]:
    """Lethal and non-lethal damage, each against Health (2 x Stamina) and counted on
    below 0 down to minus Stamina, where the worst happens.

    >>> sheet = D6PoolSheet(attributes={"stamina": 3})
    >>> [(t.key, t.maximum, t.minimum) for t in damage_tracks(sheet)]
    [('lethal', 6, -3), ('nonlethal', 6, -3)]
    """
    stamina = sheet.attributes.get(Attribute.STAMINA)
    maximum = health(stamina)
    if stamina is None or maximum is None:
        return []
    return [
        Track(LETHAL, _("Lethal"), maximum, minimum=-stamina),
        Track(NONLETHAL, _("Non-lethal"), maximum, minimum=-stamina),
    ]


def sheet_initiative_modifier(_sheet: D6PoolSheet) -> int | None:
    """None: initiative is a Dexterity + Dodge pool's successes, ordered by the GM."""
    return None
