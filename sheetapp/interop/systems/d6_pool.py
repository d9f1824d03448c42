"""The d6 dice pool as a tabletop sees it: attributes, health against lethal and nonlethal
damage, every skill as its pool of d6 counting fives and sixes."""

from __future__ import annotations

from sheetapp.interop.mapping import SystemMapping
from sheetapp.interop.view import Check, Item, Stat, TabletopView, key_of
from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import Attribute

SUCCESS_AT = 5  # a die showing this or more is a success (sheetapp.systems.d6_pool.odds)


def view(sheet: D6PoolSheet) -> TabletopView:
    fig = sheet_figures(sheet)
    stats = [
        Stat(key_of(a), a.title(), fig.attributes.get(a), group="scores",
             path=f"attributes.{a}")
        for a in (attribute.value for attribute in Attribute)
    ]
    # One Health takes both kinds of damage (docs/systems/d6-pool.md); what each kind took
    # travels beside it.
    damage = fig.damage
    stats.append(Stat("health", "Health", damage.left, maximum=fig.health, group="resources"))
    for kind, taken in (("lethal", damage.lethal), ("nonlethal", damage.nonlethal)):
        stats.append(
            Stat(f"damage_{kind}", f"Damage taken ({kind})", taken.taken, group="details")
        )
    stats.append(Stat("xp", "Experience", fig.xp, group="details"))
    checks = [
        Check(key_of(s.name), s.name, f"{s.pool.dice}d6>{SUCCESS_AT}",
              {"dice": s.pool.dice})
        for s in fig.skills if s.pool
    ]
    checks += [
        Check(key_of("attack", w.name), f"Attack: {w.name}",
              f"{w.attack_pool.dice}d6>{SUCCESS_AT}", {"dice": w.attack_pool.dice},
              "combat")
        for w in fig.weapons
    ]
    items = [
        Item(i.name, "weapon" if i.attack else "armour" if i.armour is not None else "gear",
             notes=i.notes,
             details={k: v for k, v in (("damage", i.damage), ("armour", i.armour),
                                        ("bonus", i.bonus), ("skill", i.skill),
                                        ("attack", i.attack), ("lethal", i.lethal),
                                        ("equipped", i.equipped)) if v not in (None, "")})
        for i in sheet.equipment
    ]
    return TabletopView(sheet.system, sheet.name, sheet.npc, sheet.notes, tuple(stats),
                        tuple(checks), tuple(items))


MAPPING = SystemMapping(view=view, name_path="name", notes_path="notes", blank=D6PoolSheet)
