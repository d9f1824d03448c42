"""Each test chooses its language and leaves English behind it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sheetapp import i18n


@pytest.fixture
def language() -> Iterator[object]:
    """Call with a code to read every later string in that language; English after."""
    yield i18n.use_language
    i18n.use_language(i18n.SOURCE_LANGUAGE)
