"""The words an Amazing Engine sheet prints: labels and ledger lines.

Labels are our own short wording; the universe's names for professions and species come
from its pack, so a sheet prints "Physician", not the id "physician".
"""

from __future__ import annotations

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.amazing_engine.catalog import universe_name, universe_or_generic
from sheetapp.systems.amazing_engine.model import Character, XpEntry
from sheetapp.systems.amazing_engine.names import Attribute, Pool, label

SYSTEM_NAME = N_("Amazing Engine")  # the registry's name: read through _() where printed

STATUS = TranslatedTable({"active": N_("Active"), "retired": N_("Retired"), "dead": N_("Dead")})

LOAD_STATUS = TranslatedTable({
    "unhindered": N_("Unhindered"),
    "slowed": N_("Slowed: run and sprint halved"),
    "walk_only": N_("Walk only"),
    "overloaded": N_("Overloaded"),
})

AREAS = (("general", N_("General")), ("non_vital", N_("Non-vital")), ("vital", N_("Vital")))


def system_line(universe_id: str | None) -> str:
    """What the header's right side says: the system, and the universe when there is one."""
    system = _(SYSTEM_NAME)
    return f"{system} · {universe_name(universe_id)}" if universe_id else system


def profession_name(character: Character) -> str:
    universe, _unused = universe_or_generic(character.universe)
    found = universe.profession(character.profession)
    return universe.profession_name(found) if found else character.profession


def species_name(character: Character) -> str:
    universe, _unused = universe_or_generic(character.universe)
    found = next((s for s in universe.species if s.id == character.species), None)
    return universe.species_name(found) if found else character.species


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount)


def ledger_line(entry: XpEntry) -> str:
    """What an XP ledger entry did, in a few words."""
    if entry.kind == "attribute" and entry.attribute is not None:
        name = label(Attribute(entry.attribute))
        if not entry.points:
            return name
        # Translators: points bought for an attribute with XP: "Fitness +2"
        return _("{attribute} +{points}").format(attribute=name, points=entry.points)
    if entry.kind == "pool_die" and entry.pool is not None:
        pool = label(Pool(entry.pool))
        if not entry.points:
            return _("{label} pool die").format(label=pool)
        return _("{label} pool die +{points}").format(label=pool, points=entry.points)
    if entry.kind == "skill":
        return _("Skill: {skill}").format(skill=entry.skill) if entry.skill else _("Skill")
    if entry.kind == "tax":
        return (
            _("Taxed: {skill}").format(skill=entry.skill) if entry.skill else _("Taxed for a check")
        )
    if entry.kind == "transfer":
        return (
            _("Transfer: {character}").format(character=entry.character)
            if entry.character
            else _("Transfer")
        )
    # the kinds left, and an attribute or pool line that names none
    return {
        "award": _("Award"),
        "lost": _("Lost"),
        "attribute": _("Attribute"),
        "pool_die": _("Pool die"),
    }.get(entry.kind, _("Adjustment"))
