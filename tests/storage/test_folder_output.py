"""A folder export writes all its files or none: names that one case-insensitive file
system would take as one are kept apart, a link in the way is refused before anything is
written, and a rename that fails part way leaves no temporary file and says what was
written."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from sheetapp.storage import folder_output
from sheetapp.storage.atomic import TEMP_SUFFIX
from sheetapp.storage.folder_output import fit_names, write_folder
from tests.marker_locale import marker_locale

PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")  # the marker locale accents every letter it gives
FILES = [("Ana.json", b"first"), ("Bo.json", b"second"), ("Cy.json", b"third")]


def test_names_that_differ_only_in_case_or_normalisation_get_distinct_names() -> None:
    names = fit_names(["Ana.json", "ANA.json", "ana.json", "Zoë.json", "Zoe\u0308.json"], 255)
    folded = {n.casefold() for n in names}
    assert len(folded) == 5
    assert names[:2] == ["Ana.json", "ANA-2.json"]


def test_ana_and_ana_in_capitals_are_two_files(tmp_path: Path) -> None:
    written = write_folder(tmp_path / "out", [("Ana.json", b"a"), ("ANA.json", b"b")],
                           replace=False)
    assert sorted(p.read_bytes() for p in written) == [b"a", b"b"]
    assert len({p.name.casefold() for p in written}) == 2


@pytest.mark.parametrize("how", ["symbolic link", "hard link"])
def test_a_link_in_the_way_is_refused_before_anything_is_written(tmp_path: Path, how) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(b"kept")
    out = tmp_path / "out"
    out.mkdir()
    if how == "symbolic link":
        (out / "Bo.json").symlink_to(elsewhere)
    else:
        os.link(elsewhere, out / "Bo.json")
    with pytest.raises(OSError, match=r"Bo\.json is a .*nothing was written") as refused:
        write_folder(out, FILES, replace=True)
    assert "\n" not in refused.value.strerror
    assert elsewhere.read_bytes() == b"kept"
    assert sorted(p.name for p in out.iterdir()) == ["Bo.json"]


def test_a_rename_failing_part_way_leaves_no_temporary_and_says_what_was_written(
    tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    real = os.replace
    done: list[str] = []

    def replace(source, target):
        if len(done) == 1:
            raise OSError(13, "Permission denied", str(target))
        done.append(str(target))
        real(source, target)

    monkeypatch.setattr(folder_output.os, "replace", replace)
    with pytest.raises(OSError) as failed:
        write_folder(out, FILES, replace=False)
    assert "1 of 3 files were written" in failed.value.strerror
    assert "Ana.json" in failed.value.strerror
    left = sorted(p.name for p in out.iterdir())
    assert left == ["Ana.json"]
    assert not [n for n in left if n.endswith(TEMP_SUFFIX)]


def test_a_folder_export_refused_says_why_through_the_catalog(tmp_path: Path) -> None:
    """A German reader read 'Schreiben nicht möglich: Bo.json is a symbolic link; ...':
    the refusals of a folder export are whole sentences of the catalog."""
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(b"kept")
    out = tmp_path / "out"
    out.mkdir()
    (out / "Bo.json").symlink_to(elsewhere)
    (out / "Cy.json").symlink_to(elsewhere)
    a_file = tmp_path / "a_file"
    a_file.write_bytes(b"")
    with marker_locale(tmp_path / "locale"):
        with pytest.raises(OSError) as links:
            write_folder(out, FILES, replace=True)
        with pytest.raises(OSError) as not_a_folder:
            write_folder(a_file, FILES, replace=True)
    for refused in (links.value, not_a_folder.value):
        words = PLAIN_WORD.findall(refused.strerror.replace("Bo.json", " "))
        assert words == [], refused.strerror
