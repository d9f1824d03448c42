"""The language is --lang, else the Preferences choice, else the system's locale, else
English; a language sheetapp does not ship is one clear line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp import i18n
from sheetapp.cli.main import main
from sheetapp.pseudo_locale import OPEN_MARK

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _english_after(monkeypatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_the_option_then_the_preference_then_the_system(monkeypatch) -> None:
    monkeypatch.setenv("LANG", "qps-plocm.UTF-8")
    assert i18n.resolve_language("qps-ploc", "qps-plocm") == "qps-ploc"
    assert i18n.resolve_language(None, "qps-ploc") == "qps-ploc"
    assert i18n.resolve_language(None, None) == "qps-plocm"
    monkeypatch.setenv("LANG", "xx_YY.UTF-8")
    assert i18n.resolve_language(None, "gone") == "en"  # a stale preference falls through


def test_a_locale_name_finds_its_language(tmp_path, monkeypatch) -> None:
    for code in ("de", "pt_BR"):
        folder = tmp_path / code / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "sheetapp.mo").write_bytes(b"")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.resolve_language("de_AT.UTF-8") == "de"
    assert i18n.resolve_language("pt") == "pt_BR"
    assert i18n.resolve_language("pt-BR") == "pt_BR"
    monkeypatch.setenv("LANGUAGE", "fr:de")
    assert i18n.resolve_language() == "de"


def test_the_preference_is_read_without_qt(tmp_path) -> None:
    settings = tmp_path / "settings.ini"
    settings.write_text("[preferences]\nlanguage=qps-ploc\ntheme=dark\n", encoding="utf-8")
    assert i18n.preferred_language(settings) == "qps-ploc"
    settings.write_text("[preferences]\nlanguage=system\n", encoding="utf-8")
    assert i18n.preferred_language(settings) is None
    settings.write_bytes(b"\xff\xfe[broken")
    assert i18n.preferred_language(settings) is None


def test_an_unknown_language_is_one_line(capsys) -> None:
    assert main(["--lang", "xx", "roll", "2d6"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'xx'" in err and "qps-ploc" in err


def test_messages_and_help_follow_the_option_but_json_keys_do_not(capsys, tmp_path) -> None:
    assert main(["roll", "2q6", "--lang", "qps-ploc"]) == 2
    assert capsys.readouterr().err.startswith(OPEN_MARK)
    with pytest.raises(SystemExit):
        main(["--lang=qps-ploc", "--help"])
    assert OPEN_MARK in capsys.readouterr().out
    assert main(["--lang", "qps-ploc", "roll", "2d6", "--seed", "1", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert all(key.isascii() and OPEN_MARK not in key for key in shown)


def test_the_preference_chosen_in_the_window_reaches_the_command_line(tmp_path) -> None:
    """Preferences writes the INI file the Qt-free start reads: a headless command then
    answers in the chosen language without --lang."""
    (tmp_path / "settings.ini").write_text("[preferences]\nlanguage=qps-ploc\n", encoding="utf-8")
    env = {**os.environ, "SHEETAPP_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(variable, None)
    done = subprocess.run(
        [sys.executable, "-m", "sheetapp", "roll", "2q6"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 2 and done.stderr.startswith(OPEN_MARK)
