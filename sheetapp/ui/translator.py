"""Qt's own strings in the reader's language: the catalog first, then Qt's translations.

Qt asks its installed translators for the words it draws itself (a line edit's context
menu, a button box's standard buttons, a file dialog). ``CatalogTranslator`` answers from
sheetapp's gettext catalog (calibre's ``Translator`` in ``src/calibre/gui2/__init__.py``
does the same), and where the catalog has nothing Qt falls through to its own qtbase
translations, loaded beside it from ``QLibraryInfo``'s translations folder (as Picard
does). In the pseudo-locales every Qt string is pseudo-translated too, so the marker test
sees the standard buttons as well.
"""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QLocale, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from sheetapp import i18n
from sheetapp.pseudo_locale import pseudo_text

# Qt writes numbers in these languages with the language's own digits (Arabic-Indic), where
# Babel's figures (sheetapp.locale_format), the PDFs and most of these keyboards use Latin
# ones. Qt 6 cannot change a locale's digits, so number fields take the region of the same
# language whose numbers read as Babel's do (1,234.5); tests/ui/test_digits.py checks that.
LATIN_DIGITS = {"ar": "ar_AE"}


class CatalogTranslator(QTranslator):
    """Routes Qt's lookups to sheetapp's catalog; no answer lets Qt ask the next."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        # None (a null QString, not an empty one) is Qt's "not here, ask the next".
        if not source:
            return None
        code = i18n.language()
        if code in i18n.PSEUDO_LANGUAGES:
            return pseudo_text(source, mirrored=i18n.is_right_to_left(code))
        found = i18n.catalog_lookup(source)
        return None if found is None or code == i18n.SOURCE_LANGUAGE else found

    def isEmpty(self) -> bool:
        return i18n.language() == i18n.SOURCE_LANGUAGE


def install_translators(app: QApplication) -> list[QTranslator]:
    """Install Qt's translations for the language in use and the catalog bridge (asked
    first: Qt asks the last installed first), set the window's direction and Qt's locale
    (number fields, calendars); the translators are returned for the caller to keep."""
    code = i18n.language()
    installed: list[QTranslator] = []
    if code == i18n.SOURCE_LANGUAGE:
        # Qt's words are English already; a bridge would only cost every lookup Qt makes
        # (its menus and key names ask many) a call into Python before the first paint.
        return installed
    if code not in i18n.PSEUDO_LANGUAGES:
        qt_own = QTranslator(app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_own.load(QLocale(code), "qtbase", "_", folder):
            app.installTranslator(qt_own)
            installed.append(qt_own)
        QLocale.setDefault(number_locale(code))
    bridge = CatalogTranslator(app)
    app.installTranslator(bridge)
    installed.append(bridge)
    app.setLayoutDirection(
        Qt.LayoutDirection.RightToLeft
        if i18n.is_right_to_left(code)
        else Qt.LayoutDirection.LeftToRight
    )
    return installed


def number_locale(code: str) -> QLocale:
    """Qt's locale for ``code``'s number fields and calendars: the language's own, with
    Latin digits (``LATIN_DIGITS``)."""
    return QLocale(LATIN_DIGITS.get(code.split("_")[0], code))
