"""Each test chooses its language and leaves English behind it."""

from __future__ import annotations

import pkgutil
from collections.abc import Iterator
from importlib import import_module

import pytest

import sheetapp
from sheetapp import i18n

# Every module imported now, at collection, in English: a few tables are built at import
# with their words read then (the app chooses its language before it imports them), so a
# test here that runs a command in another language must not be the first to import one,
# or the English tests after it would read that language.
for _module in pkgutil.walk_packages(sheetapp.__path__, "sheetapp."):
    if not _module.name.endswith("__main__"):
        import_module(_module.name)


@pytest.fixture
def language() -> Iterator[object]:
    """Call with a code to read every later string in that language; English after."""
    yield i18n.use_language
    i18n.use_language(i18n.SOURCE_LANGUAGE)
