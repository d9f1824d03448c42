"""What a game master is told about a universe pack reads in their language: every problem
the reader and the checks find goes through the catalog (a marking catalog stands in, so
the test needs no compiled language), the pack's own names and numbers placed in it."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest

from sheetapp import i18n
from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES, parse_pack

from .test_universe_packs import GOOD

OPEN, CLOSE = "⟪", "⟫"


class Marking(gettext.NullTranslations):
    """Every string from the catalog, wrapped in marks."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


@pytest.fixture
def marked(monkeypatch) -> Iterator[None]:
    monkeypatch.setattr(i18n._Active, "catalog", Marking())
    yield


NO_PROFESSIONS = GOOD[: GOOD.index("[[professions]]")] + GOOD[GOOD.index("[[skill_groups]]") :]
BROKEN = {
    "no professions": NO_PROFESSIONS,
    "a profession twice": GOOD.replace(
        '[[skill_groups]]\nname = "Spellcraft"',
        '[[professions]]\nid = "enchanter"\nname = "Again"\ngroups = ["Lore"]\n\n'
        '[[skill_groups]]\nname = "Spellcraft"',
        1,
    ),
    "a profession with no groups": GOOD.replace(
        'groups = [\n  "Spellcraft",\n  "Lore",\n]', "groups = []"
    ),
    "an unknown group": GOOD.replace('  "Lore",\n]', '  "Loer",\n]'),
    "a group with no skills": GOOD.replace(
        'skills = [{ name = "History", attribute = "learning" }]', "skills = []"
    ),
    "a skill twice": GOOD.replace(
        '{ name = "Circles"', '{ name = "Warding", attribute = "psyche" },\n    { name = "Warding"'
    ),
    "a basic enhancement": GOOD.replace(
        '{ name = "Warding", attribute = "psyche", children',
        '{ name = "Warding", attribute = "psyche", enhancement = true, children',
    ),
    "a formula without its sources": GOOD.replace(
        'stamina = "ceil((willpower + reflexes) / 2)"', 'stamina = "willpower"'
    ),
    "a formula dividing by zero": GOOD.replace(
        'body = "ceil(fitness / 5)"', 'body = "fitness // (fitness - 30)"'
    ),
    "a negative formula": GOOD.replace('body = "ceil(fitness / 5)"', 'body = "fitness - 60"'),
    "a formula missing": GOOD.replace('body = "ceil(fitness / 5)"\n', ""),
    "caps": GOOD.replace('name = "Moonwell"', 'name = "Moonwell"\ndice_cap = 6'),
    "a low dice cap": GOOD.replace('name = "Moonwell"', 'name = "Moonwell"\ndice_cap = 2'),
    "a creation cap past the top": GOOD.replace(
        'name = "Moonwell"', 'name = "Moonwell"\ncreation_cap = 95\nattribute_max = 90'
    ),
    "an unknown attribute": GOOD.replace(
        'attribute = "psyche", enhancement', 'attribute = "magic", enhancement'
    ),
    "an unknown key": GOOD.replace('name = "Enchanter"', 'name = "Enchanter"\ncolour = "blue"'),
    "a missing name": GOOD.replace(
        '[[skill_groups]]\nname = "Lore"', '[[skill_groups]]\ntitle = "Lore"'
    ),
    "a bad id": GOOD.replace('id = "moonwell"', 'id = "Moon Well"'),
    "an empty name": GOOD.replace('name = "Moonwell"', 'name = ""'),
    "another format": GOOD.replace('name = "Moonwell"', 'name = "Moonwell"\nformat = 2'),
    "bad TOML": GOOD.replace("[[professions]]\nid", "[[professions]\nid"),
    "free dice": GOOD.replace('name = "Moonwell"', 'name = "Moonwell"\nfree_dice = 4'),
    "a long number": GOOD.replace(
        'name = "Moonwell"', 'name = "Moonwell"\ndice_cap = ' + "9" * 120
    ),
    "a long key": GOOD + "\n[x]\n" + ".".join("k" * 12) + " = 1\n",
    "deep inline tables": 'id = "x"\nname = "x"\nx = ' + "[" * 60 + "]" * 60,
    "too large": "#" * (MAX_PACK_BYTES + 1),
}


@pytest.mark.parametrize("name", BROKEN)
def test_every_problem_with_a_pack_reads_through_the_catalog(marked, name: str) -> None:
    assert BROKEN[name] != GOOD  # the mutation found its place
    report = parse_pack(BROKEN[name].encode("utf-8"), "pack.toml")
    assert report.problems, name
    unmarked = [p.message for p in report.problems if OPEN not in p.message]
    assert unmarked == [], name


def test_a_pack_that_is_not_utf8_is_told_so_in_the_language(marked) -> None:
    data = GOOD.encode("utf-8").replace(b"Enchanter", b"Enchant\xe9r")
    (problem,) = parse_pack(data, "latin.toml").problems
    assert problem.message.startswith(OPEN)


def test_an_unforeseen_failure_is_told_in_the_language(marked, monkeypatch) -> None:
    from sheetapp.systems.amazing_engine import packs

    def broken(universe: object) -> list:
        raise RuntimeError("boom")

    monkeypatch.setattr(packs, "check_universe", broken)
    (problem,) = parse_pack(GOOD, "pack.toml").problems
    assert problem.message.startswith(OPEN) and "boom" in problem.message
