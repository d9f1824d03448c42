"""Folding ASCII text takes a short way (every generated NPC's text is folded when stored);
it must fold exactly as the long way does for any text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.storage.library.search_text import fold


@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_ascii_folds_as_it_would_beside_an_accent(text: str) -> None:
    # "é" sends the whole text the long way (Unicode folding); it folds to "e" alone.
    assert fold(text) + "e" == fold(text + "é")


def test_every_ascii_control_character_folds_to_a_space() -> None:
    controls = "".join(chr(c) for c in [*range(32), 127])
    assert fold(controls) == " " * len(controls)
    assert fold("Bessa\tBRINDLE\x00") == "bessa brindle "
