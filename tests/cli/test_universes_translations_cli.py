"""``sheetapp universes`` with packs' translations: the list names each universe in the
reader's language, ``--json`` keeps the pack's own names, and ``check`` gives one line, with
its line number, for a translation naming nothing in the pack."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from sheetapp import i18n
from sheetapp.cli.main import main

from ..systems.amazing_engine.test_pack_translations import PACK


@pytest.fixture
def german_installed(tmp_path: Path, monkeypatch) -> Iterator[None]:
    """A German catalog where ``--lang de`` finds it (the shipped one is compiled only once
    complete)."""
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, Catalog(locale="de", domain="sheetapp"))
    (folder / "sheetapp.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_the_list_names_universes_in_the_reader_s_language(capsys, german_installed) -> None:
    assert main(["universes", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Wrackdrift" in out and "Drift Salvage" not in out
    assert main(["universes", "--json", "--lang", "de"]) == 0
    names = {u["id"]: u["name"] for u in json.loads(capsys.readouterr().out)["universes"]}
    assert names["drift-salvage"] == "Drift Salvage"  # identifiers and the pack's own words


def test_check_names_a_translation_of_nothing_with_its_line(capsys, tmp_path: Path) -> None:
    path = tmp_path / "moon.toml"
    path.write_text(PACK + '\n[translations.es.skills]\n"Spellcraft > Wardng" = "Guardas"\n')
    assert main(["universes", "check", str(path)]) == 0  # a warning: the pack is still used
    out = capsys.readouterr().out.splitlines()
    line = len(PACK.splitlines()) + 3
    assert out[0] == (
        f"{path}:{line}: warning: [translations.es.skills]: the pack has no "
        "'Spellcraft > Wardng'; did you mean 'Spellcraft > Warding'?"
    )
    assert out[1].startswith(f"{path}: ok: 'moonwell'")
