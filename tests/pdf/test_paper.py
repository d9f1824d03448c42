"""Paper: the locale's default and the sizes pages come out at."""

from __future__ import annotations

import pytest

from sheetapp.pdf.kit.paper import default_paper, page_size, paper_from_environment


@pytest.mark.parametrize(
    ("name", "paper"),
    [
        ("en_US", "letter"),
        ("en_US.UTF-8", "letter"),
        ("fr_CA.utf8", "letter"),
        ("es_MX", "letter"),
        ("en_PH", "letter"),
        ("en-US", "letter"),
        ("English_United States.1252", "letter"),
        ("de_DE", "a4"),
        ("en_GB.UTF-8", "a4"),
        ("ja_JP", "a4"),
        ("C", "a4"),
        ("C.UTF-8", "a4"),
        ("POSIX", "a4"),
        ("", "a4"),
        (None, "a4"),
    ],
)
def test_default_paper(name: str | None, paper: str) -> None:
    assert default_paper(name) == paper


def test_environment_follows_posix_precedence() -> None:
    assert paper_from_environment({"LANG": "en_US.UTF-8"}) == "letter"
    assert paper_from_environment({"LANG": "en_US.UTF-8", "LC_PAPER": "de_DE"}) == "a4"
    assert paper_from_environment({"LC_ALL": "en_CA", "LC_PAPER": "de_DE"}) == "letter"
    assert paper_from_environment({"PAPERSIZE": "letter", "LC_ALL": "de_DE"}) == "letter"
    assert paper_from_environment({"PAPERSIZE": "tabloid", "LANG": "de_DE"}) == "a4"


def test_page_sizes_and_unknown_paper() -> None:
    assert page_size("letter") == pytest.approx((612, 792))
    assert page_size("A4") == pytest.approx((595.28, 841.89), abs=0.01)
    with pytest.raises(ValueError, match="unknown paper"):
        page_size("a5")
