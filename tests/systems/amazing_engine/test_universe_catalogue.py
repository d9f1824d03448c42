"""A game master's packs beside the shipped ones: loaded, reported when broken, never hiding
the others, never replacing a shipped universe, and read again only on reload."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.storage.document import load, save
from sheetapp.systems.amazing_engine.catalog import (
    catalogue,
    check_pack_file,
    installed_universes,
    reload_catalogue,
    universe_or_generic,
    user_pack_folder,
)
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.generation import random_npc_sheet, random_prime_sheet
from sheetapp.systems.amazing_engine.rules import check

from .test_universe_packs import GOOD


def write_pack(name: str, text: str) -> Path:
    folder = user_pack_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def codes(sheet) -> set[str]:
    return {f.code for f in check(sheet)}


def test_with_no_packs_folder_only_the_shipped_universes_are_there() -> None:
    found = reload_catalogue()
    assert not user_pack_folder().exists()
    assert [e.source for e in found] == ["shipped"] * 3
    assert found.problems == () and found.refused == ()
    assert next(iter(found.universes)) == "generic"


def test_a_broken_pack_is_reported_and_skipped_beside_a_good_one() -> None:
    good = write_pack("moonwell.toml", GOOD)
    text = GOOD.replace('id = "moonwell"', 'id = "other"')
    broken = write_pack(
        "aaa-broken.toml", text.replace('"psyche", enhancement', '"magic", enhancement')
    )
    found = reload_catalogue()
    assert found.entries["moonwell"].source == "user"
    assert found.entries["moonwell"].file == str(good)
    assert "other" not in found.universes
    assert {"generic", "verdigris", "drift-salvage", "moonwell"} == set(found.universes)
    assert found.refused == (str(broken),)
    [problem] = found.problems
    assert problem.file == str(broken) and problem.line == 21
    assert "attribute 'magic'" in problem.message
    assert found.problems_for(str(good)) == []


def test_characters_made_in_a_game_masters_universe_validate() -> None:
    write_pack("moonwell.toml", GOOD)
    universe = reload_catalogue().universes["moonwell"]
    for seed in range(20):
        made = (
            random_prime_sheet(Roller(seed), universe),
            random_npc_sheet(Roller(seed), universe),
        )
        for sheet in made:
            assert [f for f in check(sheet) if f.severity is Severity.ERROR] == []
            assert sheet.characters[0].profession == "enchanter"


def test_a_pack_may_not_replace_a_shipped_universe() -> None:
    path = write_pack("generic.toml", 'id = "generic"\nname = "Mine"\n')
    found = reload_catalogue()
    assert found.universes["generic"].name == "Generic"
    assert found.entries["generic"].source == "shipped"
    clash = [p for p in found.problems if p.code == "pack.id_taken"]
    assert len(clash) == 1 and clash[0].file == str(path) and clash[0].line == 1
    assert "already used by a shipped universe" in clash[0].message
    assert 'id = "generic-house"' in clash[0].message
    assert str(path) in found.refused


def test_of_two_user_packs_with_one_id_the_first_by_file_name_wins() -> None:
    first = write_pack("a.toml", GOOD)
    second = write_pack("b.toml", "\n\n" + GOOD.replace('name = "Moonwell"', 'name = "Second"'))
    found = reload_catalogue()
    assert found.entries["moonwell"].file == str(first)
    [clash] = [p for p in found.problems if p.code == "pack.id_taken"]
    assert clash.file == str(second) and clash.line == 3 and str(first) in clash.message
    # check says the same of the loser, and nothing of the winner
    assert any(p.code == "pack.id_taken" for p in check_pack_file(second).problems)
    assert check_pack_file(first).problems == ()


def test_hidden_files_and_other_files_are_not_packs() -> None:
    write_pack(".#moonwell.toml", "not toml at all [")
    write_pack("notes.txt", "not toml at all [")
    (user_pack_folder() / "folder.toml").mkdir()
    found = reload_catalogue()
    assert found.problems == () and len(found.entries) == 3


def test_the_catalogue_is_read_once_until_reloaded() -> None:
    path = write_pack("moonwell.toml", GOOD)
    assert catalogue().universes["moonwell"].name == "Moonwell"
    path.write_text(GOOD.replace('name = "Moonwell"', 'name = "Moonwell Academy"'))
    assert catalogue().universes["moonwell"].name == "Moonwell"
    assert catalogue() is catalogue()
    assert reload_catalogue().universes["moonwell"].name == "Moonwell Academy"
    assert installed_universes()["moonwell"].name == "Moonwell Academy"


def test_another_data_folder_is_another_catalogue(tmp_path, monkeypatch) -> None:
    write_pack("moonwell.toml", GOOD)
    assert "moonwell" in catalogue().universes
    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(tmp_path / "elsewhere"))
    assert "moonwell" not in catalogue().universes


def test_a_sheet_whose_universe_is_missing_still_opens_with_a_finding(tmp_path) -> None:
    write_pack("moonwell.toml", GOOD)
    sheet = random_prime_sheet(Roller(5), reload_catalogue().universes["moonwell"])
    path = tmp_path / "wizard.json"
    save(path, sheet)
    assert "ae.universe.unknown" not in codes(load(path))

    (user_pack_folder() / "moonwell.toml").unlink()
    reload_catalogue()
    reopened = load(path)
    assert reopened.characters[0].universe == "moonwell"  # remembered, not rewritten
    found = [f for f in check(reopened) if f.code == "ae.universe.unknown"]
    assert len(found) == 1 and found[0].severity is Severity.WARNING
    assert "'moonwell' is not installed" in found[0].message
    assert universe_or_generic("moonwell") == (installed_universes()["generic"], False)
    assert sheet_figures(reopened)  # figures still come, from the generic settings


def test_check_pack_file_reads_what_the_catalogue_would(tmp_path) -> None:
    path = tmp_path / "loose.toml"
    path.write_text(GOOD.replace('"Lore",\n]', '"Loer",\n]'))
    report = check_pack_file(path)
    assert [(p.line, p.code) for p in report.problems] == [(13, "pack.profession.unknown_group")]
    with pytest.raises(OSError):
        check_pack_file(tmp_path / "missing.toml")


def test_a_shipped_pack_checked_as_a_file_does_not_clash_with_itself() -> None:
    from importlib import resources

    shipped = resources.files("sheetapp.resources").joinpath("universes", "verdigris.toml")
    assert check_pack_file(Path(str(shipped))).problems == ()


def test_pack_problems_read_as_json() -> None:
    write_pack("x.toml", 'id = "x"\nname = 3')
    [problem] = reload_catalogue().problems
    data = json.loads(json.dumps(problem.as_dict()))
    assert data["line"] == 2 and data["severity"] == "error" and data["file"].endswith("x.toml")
