"""What a game master would want to hear about a well-formed universe pack.

The models refuse what cannot be read at all (a missing name, an unknown attribute, a
formula that is not arithmetic). This pure pass finds what reads but is wrong or odd: a
profession naming a group no table defines, two skills of one name side by side, a stamina
formula that divides by zero for some attributes. Errors keep a pack out of the catalogue;
warnings are shown and the pack is used.
"""

from __future__ import annotations

import difflib
import itertools
from collections import Counter
from dataclasses import dataclass

from sheetapp.dice import DiceExpressionError, parse
from sheetapp.findings import Severity
from sheetapp.formulas import FormulaError
from sheetapp.i18n import _, ngettext
from sheetapp.locale_format import names
from sheetapp.systems.amazing_engine.names import FREE_DICE, Attribute
from sheetapp.systems.amazing_engine.universe import SkillNode, Universe, skill_key

MAX_TREE_DEPTH = 10  # basic skill plus nine levels of specialty; sheets store up to 20
MAX_SKILLS = 3000
MAX_HINT_LENGTH = 40  # names compared for "did you mean"; group names are a few words
MAX_HINTS = 10  # unknown groups given a hint; past that (a pack gone wrong) the bare error
MAX_LISTED = 12  # choices listed when none is close

# The System Guide ties stamina to Willpower and Reflexes and body to Fitness in every
# universe; a pack that forgets them has most likely a typo.
FORMULA_SOURCES = {"stamina": {"willpower", "reflexes"}, "body": {"fitness"}}
# Attribute values a formula must survive: every score from 0 to 100 on all attributes at
# once, and every mix of two of these (odd attributes one, even ones the other).
_PROBE_VALUES = (0, 3, 25, 50, 90)
_PROBES = [(v, v) for v in range(101)] + list(itertools.product(_PROBE_VALUES, repeat=2))

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class PackIssue:
    severity: Severity
    code: str
    loc: Loc
    message: str


def check_universe(universe: Universe) -> list[PackIssue]:
    found = _duplicates(universe)
    found += _profession_groups(universe)
    found += _trees(universe)
    found += _formulas(universe)
    found += _settings(universe)
    found += _catalogue(universe)
    found += _translations(universe)
    return found


def _error(code: str, loc: Loc, message: str) -> PackIssue:
    return PackIssue(Severity.ERROR, code, loc, message)


def _warning(code: str, loc: Loc, message: str) -> PackIssue:
    return PackIssue(Severity.WARNING, code, loc, message)


def did_you_mean(word: str, choices: list[str]) -> str:
    """A hint for a misspelt name: the closest choice, else (some of) the choices.

    Fuzzy matching costs about the product of the two lengths per choice, so only names of
    up to ``MAX_HINT_LENGTH`` characters are compared: typos worth a hint are in short names,
    and a hostile pack of long, alike names must not take minutes.
    """
    short = [c for c in choices if len(c) <= MAX_HINT_LENGTH]
    close = difflib.get_close_matches(word, short, n=1) if len(word) <= MAX_HINT_LENGTH else []
    if close:
        return _("; did you mean '{name}'?").format(name=close[0])
    if not choices:
        return ""
    listed = ", ".join(choices[:MAX_LISTED])
    if len(choices) > MAX_LISTED:
        more = len(choices) - MAX_LISTED
        return ngettext(
            "; known: {names} and {n} more", "; known: {names} and {n} more", more
        ).format(names=listed, n=more)
    return _("; known: {names}").format(names=listed)


def _duplicates(universe: Universe) -> list[PackIssue]:
    found: list[PackIssue] = []
    for table, values in (
        ("professions", [p.id for p in universe.professions]),
        ("species", [s.id for s in universe.species]),
        ("skill_groups", [g.name for g in universe.skill_groups]),
    ):
        key = "name" if table == "skill_groups" else "id"
        seen: set[str] = set()
        for index, value in enumerate(values):
            if value in seen:
                found.append(
                    _error(
                        "pack.duplicate",
                        (table, index, key),
                        _("{key} '{value}' is used twice in [[{table}]]; give each its own").format(
                            key=key, value=value, table=table
                        ),
                    )
                )
            seen.add(value)
    return found


def _profession_groups(universe: Universe) -> list[PackIssue]:
    names = [g.name for g in universe.skill_groups]
    known = set(names)
    hints = 0
    found: list[PackIssue] = []
    if not universe.professions:
        found.append(
            _warning(
                "pack.no_professions",
                ("id",),
                _("the pack has no [[professions]]; every character needs one"),
            )
        )
    for p_index, profession in enumerate(universe.professions):
        if not profession.groups:
            found.append(
                _warning(
                    "pack.profession.no_groups",
                    ("professions", p_index, "id"),
                    _(
                        "profession '{id}' lists no skill groups, so it grants no "
                        'profession skills; add groups = ["..."]'
                    ).format(id=profession.id),
                )
            )
        for g_index, group in enumerate(profession.groups):
            if group not in known:
                hints += 1
                hint = did_you_mean(group, names) if hints <= MAX_HINTS else ""
                found.append(
                    _error(
                        "pack.profession.unknown_group",
                        ("professions", p_index, "groups", g_index),
                        _(
                            "profession '{id}' lists group '{group}' but no "
                            "[[skill_groups]] has that name{hint}"
                        ).format(id=profession.id, group=group, hint=hint),
                    )
                )
    return found


def _trees(universe: Universe) -> list[PackIssue]:
    found: list[PackIssue] = []
    total = 0
    for g_index, group in enumerate(universe.skill_groups):
        if not group.skills:
            found.append(
                _warning(
                    "pack.group.empty",
                    ("skill_groups", g_index, "name"),
                    _("skill group '{group}' has no skills").format(group=group.name),
                )
            )
        stack: list[tuple[Loc, tuple[SkillNode, ...], int]] = [
            (("skill_groups", g_index, "skills"), group.skills, 1)
        ]
        while stack:
            loc, nodes, depth = stack.pop()
            counts = Counter(n.name for n in nodes)
            for index, node in enumerate(nodes):
                total += 1
                here = (*loc, index)
                if counts[node.name] > 1:
                    found.append(
                        _error(
                            "pack.skill.duplicate",
                            (*here, "name"),
                            _(
                                "'{skill}' appears twice at one level of '{group}'; "
                                "rename one so sheets can tell them apart"
                            ).format(skill=node.name, group=group.name),
                        )
                    )
                    counts[node.name] = 1  # report each name once
                if depth == 1 and node.enhancement:
                    found.append(
                        _warning(
                            "pack.skill.basic_enhancement",
                            (*here, "enhancement"),
                            _(
                                "'{skill}' is a basic skill marked as an enhancement; an "
                                "enhancement refines the skill above it, so move it under "
                                "one or drop enhancement = true"
                            ).format(skill=node.name),
                        )
                    )
                if depth == MAX_TREE_DEPTH and node.children:
                    found.append(
                        _error(
                            "pack.skill.too_deep",
                            (*here, "children"),
                            _(
                                "the tree under '{skill}' goes deeper than {n} levels; flatten it"
                            ).format(skill=node.name, n=MAX_TREE_DEPTH),
                        )
                    )
                elif node.children:
                    stack.append(((*here, "children"), node.children, depth + 1))
    if total > MAX_SKILLS:
        found.append(
            _error(
                "pack.skill.too_many",
                ("skill_groups",),
                _("the pack has {n} skills; at most {most} are read").format(
                    n=total, most=MAX_SKILLS
                ),
            )
        )
    return found


def _formulas(universe: Universe) -> list[PackIssue]:
    found: list[PackIssue] = []
    for key, formula in universe.compiled_formulas.items():
        loc = ("formulas", key)
        wanted = FORMULA_SOURCES.get(key, set())
        missing = sorted(wanted - formula.used_names)
        if missing:
            found.append(
                _warning(
                    "pack.formula.sources",
                    loc,
                    _(
                        "{formula} does not use {missing}; in every universe {formula} grows "
                        "with {wanted}"
                    ).format(
                        formula=key,
                        missing=names(missing, style="or"),
                        wanted=names(sorted(wanted)),
                    ),
                )
            )
        negative: PackIssue | None = None
        for low, high in _PROBES:
            values = {a.value: (low if i % 2 else high) for i, a in enumerate(Attribute)}
            shown = _shown(values, formula.used_names)
            try:
                result = formula.evaluate(values)
            except FormulaError as exc:
                found.append(
                    _error(
                        "pack.formula.fails",
                        loc,
                        _("{formula}: {reason} {values}").format(
                            formula=key, reason=exc, values=shown
                        ),
                    )
                )
                negative = None  # the error says enough
                break
            if negative is None and key in FORMULA_SOURCES and result < 0 and min(low, high) >= 3:
                negative = _warning(
                    "pack.formula.negative",
                    loc,
                    _(
                        "{formula} comes out at {result} {values}; it should not be negative "
                        "for a playable character"
                    ).format(formula=key, result=result, values=shown),
                )
        if negative is not None:
            found.append(negative)
    return found


def _shown(values: dict[str, int], used: frozenset[str]) -> str:
    # Formula names (fitness, reflexes) are the pack's own words, as the pack writes them.
    pairs = ", ".join(f"{k} {v}" for k, v in values.items() if k in used)
    return _("(with {values})").format(values=pairs)


def _settings(universe: Universe) -> list[PackIssue]:
    found: list[PackIssue] = []
    if universe.creation_cap > universe.attribute_max:
        found.append(
            _warning(
                "pack.settings.caps",
                ("creation_cap",),
                _(
                    "creation_cap {cap} is above attribute_max {max}; a new character could "
                    "start past the ceiling"
                ).format(cap=universe.creation_cap, max=universe.attribute_max),
            )
        )
    if universe.dice_cap * 10 > universe.creation_cap:
        found.append(
            _error(
                "pack.settings.dice_cap_roll",
                ("dice_cap",),
                _(
                    "dice_cap {dice_cap} lets a roll reach {reach}, past creation_cap {cap}; "
                    "raise creation_cap to {reach} or lower dice_cap to {lower}"
                ).format(
                    dice_cap=universe.dice_cap,
                    reach=universe.dice_cap * 10,
                    cap=universe.creation_cap,
                    lower=universe.creation_cap // 10,
                ),
            )
        )
    typical = 4 * 5 + FREE_DICE  # four pools of about five dice, plus the free ones
    if universe.dice_cap * len(Attribute) < typical:
        found.append(
            _warning(
                "pack.settings.dice_cap",
                ("dice_cap",),
                _(
                    "dice_cap {dice_cap} leaves room for only {room} dice, fewer than a "
                    "typical core's {typical}; the System Guide's default is 5"
                ).format(
                    dice_cap=universe.dice_cap,
                    room=universe.dice_cap * len(Attribute),
                    typical=typical,
                ),
            )
        )
    return found


GEAR_TABLES = ("weapons", "armour", "equipment")


def _catalogue(universe: Universe) -> list[PackIssue]:
    """The gear catalogue: every name once across the three tables (a profession's gear
    names them), damage that the dice roller reads, and professions naming real items."""
    found: list[PackIssue] = []
    seen: set[str] = set()
    for table in GEAR_TABLES:
        for index, item in enumerate(getattr(universe, table)):
            if item.name in seen:
                found.append(
                    _error(
                        "pack.gear.duplicate",
                        (table, index, "name"),
                        _(
                            "'{name}' is in the gear catalogue twice; a profession's gear "
                            "names items, so give each its own name"
                        ).format(name=item.name),
                    )
                )
            seen.add(item.name)
    for index, weapon in enumerate(universe.weapons):
        try:
            parse(weapon.damage)
        except DiceExpressionError as exc:
            found.append(
                _error(
                    "pack.gear.damage",
                    ("weapons", index, "damage"),
                    _(
                        "weapon '{name}': damage '{damage}' is not dice such as 2d6 or "
                        "1d8+1 ({reason})"
                    ).format(name=weapon.name, damage=weapon.damage, reason=exc),
                )
            )
    names = [item.name for table in GEAR_TABLES for item in getattr(universe, table)]
    hints = 0
    for p_index, profession in enumerate(universe.professions):
        for g_index, name in enumerate(profession.gear):
            if name not in seen:
                hints += 1
                hint = did_you_mean(name, names) if hints <= MAX_HINTS else ""
                found.append(
                    _error(
                        "pack.profession.unknown_gear",
                        ("professions", p_index, "gear", g_index),
                        _(
                            "profession '{id}' starts with '{item}' but the gear catalogue "
                            "has no item of that name{hint}"
                        ).format(id=profession.id, item=name, hint=hint),
                    )
                )
    return found


def _translations(universe: Universe) -> list[PackIssue]:
    """[translations]: a language code Babel knows, and keys naming things the pack has
    (a renamed skill leaves its translation behind; the reader would silently lose it).
    Warnings: an unused translation never stops the pack being played."""
    known = {
        "professions": {p.id for p in universe.professions},
        "skill_groups": {g.name for g in universe.skill_groups},
        "skills": {skill_key(g, path) for g, path, _node in universe.walk_skills()},
        "species": {s.id for s in universe.species},
        "gear": {item.name for table in GEAR_TABLES for item in getattr(universe, table)},
    }
    found: list[PackIssue] = []
    for code, translation in universe.translations.items():
        if not _is_language(code):
            found.append(
                _warning(
                    "pack.translation.language",
                    ("translations", code),
                    _(
                        "[translations.{code}]: '{code}' is not a language code; use one "
                        "such as de, fr, es, pt_BR or ar"
                    ).format(code=code),
                )
            )
            continue
        for table, ids in known.items():
            for key in getattr(translation, table):
                if key not in ids:
                    hint = did_you_mean(key, sorted(ids))
                    found.append(
                        _warning(
                            "pack.translation.unknown",
                            ("translations", code, table, key),
                            _(
                                "[translations.{code}.{table}]: the pack has no '{key}'{hint}"
                            ).format(code=code, table=table, key=key, hint=hint),
                        )
                    )
    return found


def _is_language(code: str) -> bool:
    """Whether ``code`` names a language (``de``, ``pt_BR``), as Babel's locale data says."""
    from babel import Locale, UnknownLocaleError  # only when a pack has translations

    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError, TypeError):
        return False
    return True
