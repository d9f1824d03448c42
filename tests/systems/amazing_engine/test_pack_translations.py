"""A pack's names in other languages: [translations.LANG] tables keyed by the pack's own
identifiers, checked like the rest of the pack (an unknown id or language is one line with
its line number), kept byte for byte by the pack editor, printed in the reader's language,
and carried in all five shipped languages by the three shipped packs."""

from __future__ import annotations

import io
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from sheetapp import i18n
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems.amazing_engine.catalog import (
    installed_universes,
    reload_catalogue,
    user_pack_folder,
)
from sheetapp.systems.amazing_engine.generation import blank_sheet
from sheetapp.systems.amazing_engine.model import Skill
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.pack_document import PackDocument
from sheetapp.systems.amazing_engine.packs import parse_pack
from sheetapp.systems.amazing_engine.universe import skill_key

from ...pdf.factory import text_of

LANGUAGES = ("de", "fr", "es", "pt_BR", "ar")

PACK = """\
id = "moonwell"
name = "Moonwell"

[[professions]]
id = "enchanter"
name = "Enchanter"
groups = ["Spellcraft"]

[[skill_groups]]
name = "Spellcraft"
skills = [
  { name = "Warding", attribute = "psyche", children = [
    { name = "Circles", attribute = "psyche" },
  ] },
]

# Hand-written, with its comments and its own layout.
[translations.de]
name = "Mondbrunnen"   # the academy's German name
description = "Eine Schule für Zauberer."

[translations.de.professions]
enchanter = { name = "Verzauberer", description = "Webt Schutzzauber." }

[translations.de.skill_groups.Spellcraft]
name = "Zauberkunst"

[translations.de.skills]
"Spellcraft > Warding" = "Abwehrzauber"
"Spellcraft > Warding > Circles" = "Bannkreise"
"""


@pytest.fixture
def german(tmp_path: Path, monkeypatch) -> Iterator[None]:
    """The reader's language set to German through sheetapp.i18n (a one-string catalog
    standing in for the shipped one, which is compiled only once complete)."""
    catalog = Catalog(locale="de", domain="sheetapp")
    catalog.add("Skills", "Fertigkeiten")
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / "sheetapp.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    i18n.use_language("de")
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def problems(text: str) -> list[str]:
    return [str(p) for p in parse_pack(text, "moon.toml").problems]


def test_a_pack_with_translations_has_no_problems() -> None:
    assert problems(PACK) == []


def test_an_unknown_id_or_language_is_one_line_with_its_line_number() -> None:
    text = PACK.replace('"Spellcraft > Warding > Circles"', '"Spellcraft > Warding > Circle"')
    text += '\n[translations.klingon]\nname = "Qo\'noS"\n'
    text += '\n[translations.fr.professions.enchantress]\nname = "Enchanteresse"\n'
    lines = text.splitlines()
    circle = next(i for i, x in enumerate(lines) if x.startswith('"Spellcraft > Warding > Circle"'))
    assert problems(text) == [
        f"moon.toml:{circle + 1}: warning: "
        "[translations.de.skills]: the pack has no 'Spellcraft > Warding > Circle'; "
        "did you mean 'Spellcraft > Warding > Circles'?",
        f"moon.toml:{lines.index('[translations.klingon]') + 1}: warning: "
        "[translations.klingon]: 'klingon' is not a language code; use one such as de, fr, "
        "es, pt_BR or ar",
        f"moon.toml:{lines.index('[translations.fr.professions.enchantress]') + 1}: warning: "
        "[translations.fr.professions]: the pack has no 'enchantress'; did you mean "
        "'enchanter'?",
    ]
    assert parse_pack(text, "moon.toml").usable  # a stale translation never stops play


def test_a_misspelt_key_in_a_translation_is_refused_like_any_other() -> None:
    report = parse_pack(PACK.replace('name = "Zauberkunst"', 'nmae = "Zauberkunst"'), "m.toml")
    assert not report.usable
    assert "unknown key 'nmae'; did you mean 'name'?" in str(report.problems[0])


def test_the_pack_editor_keeps_the_translations_byte_for_byte() -> None:
    start = PACK.index("# Hand-written")
    pack = PackDocument(PACK)
    pack.set_value(("name",), "Moonwell Academy")
    pack.insert_record("professions", 1, {"id": "scribe", "name": "Scribe", "groups": []})
    pack.set_node_value(0, (0,), "attribute", "willpower")
    text = pack.text
    assert text.endswith(PACK[start:])
    report = parse_pack(text, "moon.toml")
    assert report.usable and [p.id for p in report.universe.professions] == [
        "enchanter",
        "scribe",
    ]


def test_names_follow_the_reader_s_language_and_fall_back_to_the_pack_s_own(german) -> None:
    universe = parse_pack(PACK, "moon.toml").universe
    assert universe.shown_name == "Mondbrunnen"
    assert universe.profession_name(universe.professions[0]) == "Verzauberer"
    assert universe.skill_name("Spellcraft", ("Warding", "Circles")) == "Bannkreise"
    i18n.use_language("qps-ploc")  # a language the pack lacks
    assert universe.shown_name == "Moonwell"
    assert universe.skill_name("Spellcraft", ("Warding", "Circles")) == "Circles"


def install_pack() -> None:
    user_pack_folder().mkdir(parents=True, exist_ok=True)
    (user_pack_folder() / "moonwell.toml").write_text(PACK, encoding="utf-8")
    reload_catalogue()


def test_the_pdf_prints_skills_and_profession_in_the_reader_s_language(german) -> None:
    install_pack()
    sheet = blank_sheet(installed_universes()["moonwell"], npc=True)
    character = sheet.characters[0]
    character.name = "Ilse"
    character.profession = "enchanter"
    character.skills = [
        Skill(group="Spellcraft", path=["Warding"], attribute=Attribute.PSYCHE),
        Skill(group="Spellcraft", path=["Warding", "Circles"], attribute=Attribute.PSYCHE),
    ]
    text = text_of(export_pdf_bytes([sheet]))
    assert "Verzauberer" in text and "Abwehrzauber" in text and "Bannkreise" in text
    assert "Zauberkunst" in text and "Warding" not in text
    blank = text_of(export_blank_bytes("amazing-engine", universe="moonwell"))
    assert "Abwehrzauber" in blank and "Mondbrunnen" in blank


SHIPPED = sorted(
    item.name
    for item in resources.files("sheetapp.resources").joinpath("universes").iterdir()
    if item.name.endswith(".toml")
)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_pack_names_everything_in_all_five_languages(name: str) -> None:
    text = resources.files("sheetapp.resources").joinpath("universes", name).read_text("utf-8")
    report = parse_pack(text, name)
    assert [str(p) for p in report.problems] == []
    universe = report.universe
    assert universe is not None and set(universe.translations) == set(LANGUAGES)
    for code in LANGUAGES:
        words = universe.translations[code]
        assert words.name and words.description, code
        for profession in universe.professions:
            wording = words.professions[profession.id]
            assert wording.name and bool(wording.description) == bool(profession.description)
        for group in universe.skill_groups:
            wording = words.skill_groups[group.name]
            assert wording.name and bool(wording.description) == bool(group.description)
        for species in universe.species:
            wording = words.species[species.id]
            assert wording.name and bool(wording.description) == bool(species.description)
        missing = [
            skill_key(g, path)
            for g, path, _node in universe.walk_skills()
            if skill_key(g, path) not in words.skills
        ]
        assert missing == [], (code, missing[:5])
        gear = [i.name for t in ("weapons", "armour", "equipment") for i in getattr(universe, t)]
        assert [name for name in gear if not words.gear.get(name)] == [], code
