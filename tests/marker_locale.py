"""The marker pseudo-locale made from the strings the code marks now, not the compiled one:
a string marked on a branch reads marked before the catalogs are brought up to date."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from sheetapp import i18n
from sheetapp.i18n_tools import extracted, mo_bytes
from sheetapp.pseudo_locale import pseudo_text


@contextmanager
def marker_locale(folder: Path) -> Iterator[None]:
    """``qps-ploc`` of every string ``extracted()`` finds, in use; English after."""
    pseudo = Catalog(locale=None, domain=i18n.DOMAIN, fuzzy=False)
    for message in extracted():
        if not message.id:
            continue
        if isinstance(message.id, (tuple, list)):
            string: str | tuple[str, ...] = tuple(pseudo_text(s) for s in message.id)
        else:
            string = pseudo_text(message.id)
        pseudo[message.id] = Message(message.id, string, context=message.context)
    mo = folder / "qps-ploc" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(mo_bytes(pseudo))
    shipped = i18n.LOCALE_DIR
    i18n.LOCALE_DIR = folder
    try:
        i18n.use_language("qps-ploc")
        assert i18n.language() == "qps-ploc"
        yield
    finally:
        i18n.LOCALE_DIR = shipped
        i18n.use_language(i18n.SOURCE_LANGUAGE)
