"""Sheets on disk: what loads, what is refused (clearly, touching nothing), and atomic saves."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sheetapp.dice import Roller
from sheetapp.storage import atomic, document
from sheetapp.storage.document import DocumentError, json_schema, load, loads, save
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet


@pytest.fixture
def sheet() -> AmazingEngineSheet:
    return random_prime_sheet(Roller(7), builtin_universes()["generic"])


def write(tmp_path: Path, text: str | bytes, name: str = "sheet.json") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def refused(path: Path) -> str:
    before = path.read_bytes(), path.stat().st_mtime_ns
    with pytest.raises(DocumentError) as caught:
        load(path)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before  # nothing on disk touched
    message = str(caught.value)
    assert message.startswith(str(path))
    return message


def test_saved_sheets_load_back_equal_with_the_envelope_first(tmp_path, sheet) -> None:
    path = tmp_path / "hero.json"
    save(path, sheet)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data)[:3] == ["format", "format_version", "system"]
    assert data["format"] == "sheetapp" and data["format_version"] == 1
    assert load(path) == sheet


def test_markup_and_non_latin_names_survive_a_round_trip(tmp_path, sheet) -> None:
    sheet.characters[0].name = "</para><b>&amp; Ηρακλής Жуков 李白"
    save(tmp_path / "s.json", sheet)
    assert load(tmp_path / "s.json").characters[0].name == sheet.characters[0].name


def test_a_document_with_only_the_interoperable_keys_loads(tmp_path) -> None:
    path = write(
        tmp_path,
        json.dumps(
            {
                "format": "sheetapp",
                "format_version": 1,
                "system": "amazing-engine",
                "core": {"player": "Ana", "ranks": {"physique": 1}},
                "characters": [
                    {
                        "name": "Ana",
                        "universe": "generic",
                        "status": "active",
                        "attributes": {"fitness": 30},
                    }
                ],
            }
        ),
    )
    loaded = load(path)
    assert loaded.characters[0].attributes["fitness"] == 30


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not valid JSON at line 1, column 2"),
        ("[1, 2]", "a sheet is a JSON object"),
        ('{"format": "other"}', "not a sheetapp sheet"),
        (
            '{"format": "sheetapp", "format_version": 99, "system": "amazing-engine"}',
            "newer sheetapp",
        ),
        (
            '{"format": "sheetapp", "format_version": "1", "system": "amazing-engine"}',
            "format_version",
        ),
        (
            '{"format": "sheetapp", "format_version": 1, "system": "chess"}',
            "unknown system 'chess'",
        ),
        ('{"format": "sheetapp", "format_version": 1}', "'system' is missing"),
        (
            '{"format": "sheetapp", "format_version": 1, "system": "amazing-engine", '
            '"characters": [{"attributes": {"fitness": "strong"}}]}',
            "characters[0].attributes.fitness",
        ),
        (
            '{"format": "sheetapp", "format_version": 1, "system": "amazing-engine", '
            '"charcters": []}',
            "charcters: is not a field of this sheet",
        ),
        ('{"format": "sheetapp", "format": "sheetapp"}', "appears twice"),
        (
            '{"format": "sheetapp", "format_version": 1, "system": "amazing-engine", '
            '"characters": [{"attributes": {"fitness": NaN}}]}',
            "NaN",
        ),
        (
            '{"format": "sheetapp", "format_version": 1, "system": "amazing-engine", '
            '"characters": [{"attributes": {"fitness": 100000000000}}]}',
            "must be at most",
        ),
    ],
)
def test_broken_files_are_refused_with_one_clear_line(tmp_path, content, expected) -> None:
    message = refused(write(tmp_path, content))
    assert expected in message
    assert "\n" not in message


def test_binary_and_deeply_nested_files_are_refused(tmp_path) -> None:
    assert "not UTF-8" in refused(write(tmp_path, b"\xff\xfe\x00garbage", "a.json"))
    assert "deeply" in refused(write(tmp_path, "[" * 100_000 + "]" * 100_000, "b.json"))


def test_a_file_too_large_to_be_a_sheet_is_refused_unread(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(document, "MAX_BYTES", 1000)
    assert "at most" in refused(write(tmp_path, " " * 2000))


def test_a_missing_file_is_reported(tmp_path) -> None:
    with pytest.raises(DocumentError, match="cannot read"):
        load(tmp_path / "nowhere.json")


def test_a_crash_during_save_leaves_the_old_file_whole_and_no_temp_files(
    tmp_path, sheet, monkeypatch
) -> None:
    path = tmp_path / "hero.json"
    save(path, sheet)
    old = path.read_bytes()
    sheet.characters[0].name = "Changed"

    def crash(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save(path, sheet)
    assert path.read_bytes() == old
    assert atomic.stale_temp_files(tmp_path) == []


def test_saving_keeps_the_files_permissions(tmp_path, sheet) -> None:
    path = tmp_path / "hero.json"
    save(path, sheet)
    path.chmod(0o600)
    save(path, sheet)
    assert path.stat().st_mode & 0o777 == 0o600


def test_the_json_schema_comes_from_the_models() -> None:
    schema = json_schema("amazing-engine")
    assert schema["required"][:3] == ["format", "format_version", "system"]
    assert "characters" in schema["properties"]
    assert "Character" in schema["$defs"]


def test_loads_accepts_text(sheet) -> None:
    assert loads(document.dumps(sheet)) == sheet


def test_stale_temp_files_from_a_crash_are_removed_but_a_save_in_progress_is_not(
    tmp_path,
) -> None:
    import os
    import time

    from sheetapp.storage.atomic import remove_stale_temp_files

    old = tmp_path / ".sheetapp-hero.json.abc.tmp"
    young = tmp_path / ".sheetapp-hero.json.def.tmp"
    mine = tmp_path / "hero.json"
    for path in (old, young, mine):
        path.write_text("{}")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    assert remove_stale_temp_files(tmp_path) == [old]
    assert young.exists() and mine.exists() and not old.exists()


def test_a_hostile_key_still_makes_a_one_line_error() -> None:
    raw = (
        '{"format": "sheetapp", "format_version": 1, "system": "amazing-engine", "a\\nb\\u001b": 1}'
    )
    with pytest.raises(DocumentError) as caught:
        loads(raw, "evil.json")
    message = str(caught.value)
    assert "\n" not in message and "\x1b" not in message
    assert "a\\nb\\x1b" in message  # the key is still recognisable
