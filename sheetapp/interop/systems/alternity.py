"""Alternity as a tabletop sees it: the six abilities, the four durability tracks, every
skill as the control die d20 with its situation die, read against its three scores."""

from __future__ import annotations

import re

from sheetapp.interop import foundry_alternity as to_foundry
from sheetapp.interop import foundry_alternity_import as from_foundry
from sheetapp.interop.mapping import FoundryTarget, SystemMapping
from sheetapp.interop.view import Check, Item, Stat, TabletopView, key_of
from sheetapp.systems.alternity.figures import ActionCheckFigures, ScoreFigures, sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Ability

_STEP = re.compile(r"([+-])(\d*)d(\d+)")


def control_roll(die: str) -> str:
    """``+d4`` -> ``1d20+1d4``; ``+d0`` (no situation die) -> ``1d20``."""
    match = _STEP.fullmatch(die.strip())
    if not match or match.group(3) == "0":
        return "1d20"
    sign, count, sides = match.groups()
    return f"1d20{sign}{count or 1}d{sides}"


def _check(
    key: str, label: str, score: ScoreFigures | ActionCheckFigures, group: str = "skills"
) -> Check:
    die = score.die if isinstance(score, ScoreFigures) else "+d0"  # the action check has none
    degrees = {"ordinary": score.ordinary, "good": score.good, "amazing": score.amazing}
    return Check(key, label, control_roll(die), degrees, group)


def view(sheet: AlternitySheet) -> TabletopView:
    fig = sheet_figures(sheet)
    stats = [
        Stat(key_of(a), a.title(), fig.abilities.get(a), group="abilities",
             path=f"abilities.{a}")
        for a in (ability.value for ability in Ability)
    ]
    stats += [
        Stat(key_of(t), t.title(), fig.durability[t] - fig.damage[t],
             maximum=fig.durability[t], group="durability")
        for t in ("stun", "wound", "mortal", "fatigue")
        if fig.durability[t] is not None  # a blank sheet has no Constitution yet
    ]
    stats += [
        Stat("last_resorts", "Last resort points", fig.last_resorts.current,
             maximum=fig.last_resorts.maximum, group="resources"),
        Stat("actions_per_round", "Actions per round", fig.actions_per_round or 0,
             group="combat"),
        Stat("species", "Species", sheet.species, group="details", path="species"),
        Stat("profession", "Profession", sheet.profession, group="details", path="profession"),
        Stat("career", "Career", sheet.career, group="details", path="career"),
        Stat("level", "Level", sheet.level, group="details", path="level"),
    ]
    # A blank sheet (no abilities yet) has no scores: None figures are left out.
    checks = [_check("action_check", "Action check",
                     fig.action_check, "combat")
              ] if fig.action_check else []
    checks += [_check(key_of(s.name), s.name, s.score)
               for s in fig.broad_skills if s.score]
    checks += [
        _check(key_of(s.broad, s.name), f"{s.broad}: {s.name}", s.score)
        for s in fig.specialty_skills if s.score
    ]
    items = [
        Item(w.name, "weapon", weight_kg=w.weight_kg, notes=w.notes,
             details={"skill": w.skill, "damage": w.damage, "kind": w.kind, "range": w.range,
                      "accuracy": w.accuracy, "carried": w.carried})
        for w in sheet.weapons
    ] + [
        Item(a.name, "armour", weight_kg=a.weight_kg, notes=a.notes,
             details={"li": a.li, "hi": a.hi, "en": a.en, "carried": a.carried})
        for a in sheet.armour
    ] + [
        Item(e.name, "gear", quantity=e.quantity, weight_kg=e.weight_kg, notes=e.notes,
             details={"carried": e.carried})
        for e in sheet.equipment
    ]
    biography = "\n\n".join(t for t in (sheet.background, sheet.notes) if t)
    return TabletopView(sheet.system, sheet.name, sheet.npc, biography, tuple(stats),
                        tuple(checks), tuple(items))


# Foundry's Alternity system: out through its character state and data models, back in
# from the character state of an actor made there.
TARGET = FoundryTarget(
    to_foundry.SYSTEM_ID, to_foundry.SYSTEM_VERSION, "character", to_foundry.system_data,
    to_foundry.items, from_foundry.read, bars=("stamina", "vitality"), npc_type="npc",
    flags=to_foundry.flags, complete=from_foundry.complete,
)
MAPPING = SystemMapping(
    view=view, name_path="name", notes_path="notes", blank=AlternitySheet, foundry=TARGET
)
