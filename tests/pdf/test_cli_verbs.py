"""``sheetapp export-pdf`` and ``sheetapp blank`` end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.storage.document import save

from .factory import equipped_sheet, npc_sheets, read


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    paths = []
    for i, sheet in enumerate([equipped_sheet(), *npc_sheets(2)]):
        path = tmp_path / f"s{i}.json"
        save(path, sheet)
        paths.append(str(path))
    return paths


def test_export_pdf_makes_one_file_of_all_sheets(tmp_path, capsys, files) -> None:
    out = tmp_path / "party.pdf"
    code, stdout, err = run(capsys, "export-pdf", *files, "-o", str(out), "--paper", "letter")
    assert (code, err) == (0, "")
    assert "wrote" in stdout
    reader = read(out.read_bytes())
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612, abs=1)
    assert len(reader.outline) == 5  # core, two characters, two NPCs


def test_no_duplex_leaves_out_the_empty_back_pages(tmp_path, capsys, files) -> None:
    both, one = tmp_path / "both.pdf", tmp_path / "one.pdf"
    assert run(capsys, "export-pdf", *files, "-o", str(both))[0] == 0
    assert run(capsys, "export-pdf", *files, "-o", str(one), "--no-duplex")[0] == 0
    two_sided, one_sided = read(both.read_bytes()), read(one.read_bytes())
    starts = [two_sided.get_destination_page_number(e) + 1 for e in two_sided.outline]
    assert all(page % 2 == 1 for page in starts)
    assert len(one_sided.pages) < len(two_sided.pages)
    assert len(one_sided.outline) == len(two_sided.outline) == 5
    blank_both, blank_one = tmp_path / "blank.pdf", tmp_path / "blank-one.pdf"
    assert run(capsys, "blank", "amazing-engine", "-o", str(blank_both))[0] == 0
    assert run(capsys, "blank", "amazing-engine", "-o", str(blank_one), "--no-duplex")[0] == 0
    assert len(read(blank_both.read_bytes()).pages) == len(read(blank_one.read_bytes()).pages) + 1


def test_export_pdf_paper_defaults_to_the_locale(tmp_path, capsys, files, monkeypatch) -> None:
    monkeypatch.delenv("PAPERSIZE", raising=False)
    for lang, width in (("en_US.UTF-8", 612), ("de_DE.UTF-8", 595.28)):
        monkeypatch.setenv("LC_ALL", lang)
        out = tmp_path / f"{lang}.pdf"
        assert run(capsys, "export-pdf", files[1], "-o", str(out))[0] == 0
        assert float(read(out.read_bytes()).pages[0].mediabox.width) == pytest.approx(width, 1)


def test_stat_blocks_flag(tmp_path, capsys, files) -> None:
    out = tmp_path / "npcs.pdf"
    assert run(capsys, "export-pdf", *files[1:], "--stat-blocks", "-o", str(out))[0] == 0
    assert len(read(out.read_bytes()).pages) == 1


def test_a_broken_file_is_one_line_exit_2_and_writes_nothing(tmp_path, capsys, files) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    out = tmp_path / "never.pdf"
    code, _, err = run(capsys, "export-pdf", files[0], str(broken), "-o", str(out))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("sheetapp: ") and "broken.json" in err
    assert not out.exists()
    code, _, err = run(capsys, "export-pdf", str(tmp_path / "missing.json"), "-o", str(out))
    assert code == 2 and err.count("\n") == 1 and not out.exists()


def test_export_replaces_the_output_only_with_force(tmp_path, capsys, files) -> None:
    out = tmp_path / "old.pdf"
    out.write_bytes(b"old")
    code, _, err = run(capsys, "export-pdf", files[1], "-o", str(out))
    assert code == 2 and "--force" in err and out.read_bytes() == b"old"
    assert run(capsys, "export-pdf", files[1], "-o", str(out), "--force")[0] == 0
    assert out.read_bytes().startswith(b"%PDF-")


def test_blank_verb(tmp_path, capsys) -> None:
    out = tmp_path / "blank.pdf"
    code, _, err = run(
        capsys,
        "blank",
        "amazing-engine",
        "--fillable",
        "--universe",
        "generic",
        "--paper",
        "a4",
        "-o",
        str(out),
    )
    assert (code, err) == (0, "")
    assert len(read(out.read_bytes()).get_fields() or {}) > 20


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown system 'chess'"),
        (["amazing-engine", "--universe", "nowhere"], "unknown universe 'nowhere'"),
    ],
)
def test_blank_errors_are_one_line(tmp_path, capsys, args, message) -> None:
    out = tmp_path / "x.pdf"
    code, _, err = run(capsys, "blank", *args, "-o", str(out))
    assert code == 2 and message in err and err.count("\n") == 1
    assert not out.exists()


def test_unwritable_output_is_one_line(tmp_path, capsys) -> None:
    out = tmp_path / "no" / "such" / "dir.pdf"
    code, _, err = run(capsys, "blank", "amazing-engine", "-o", str(out))
    assert code == 2 and "cannot write" in err and err.count("\n") == 1


def test_ledger_option_shortens_ledgers_only_when_given(tmp_path, capsys, files) -> None:
    whole, short = tmp_path / "whole.pdf", tmp_path / "short.pdf"
    assert run(capsys, "export-pdf", files[0], "-o", str(whole))[0] == 0
    assert run(capsys, "export-pdf", files[0], "-o", str(short), "--ledger", "last:1")[0] == 0
    whole_text = "".join(p.extract_text() for p in read(whole.read_bytes()).pages)
    short_text = "".join(p.extract_text() for p in read(short.read_bytes()).pages)
    assert "earlier entries" not in whole_text
    assert "1 earlier entry is in the file" in short_text


@pytest.mark.parametrize("value", ["last:0", "first:3", "last:", "10"])
def test_a_bad_ledger_option_is_refused(tmp_path, capsys, files, value) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["export-pdf", files[0], "-o", str(tmp_path / "x.pdf"), "--ledger", value])
    assert exit_.value.code == 2
    assert "expected last:N" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()
