"""Every text a person reads goes through the catalog, and has room for a longer language.

The app runs in the marker pseudo-locale ``qps-ploc``: each translated string reads
``⟦Ƥřḗƒḗřḗƞƈḗş····⟧``, accented, in markers and 40% longer. The walk visits every sheet
form of every system page by page, the menus (submenus included, filled as they open), the
docks, every rule and app dialog, and every page of every system's new-character wizard,
at 1366x768.

- Untranslated: a visible label, button, group box, tab, placeholder, column header, table
  cell, tooltip, window title or menu item that still has two letters in a row once every marked
  run (``⟦...⟧``), the sheet's own words (names, notes: any string value of an open sheet)
  and the system names are taken out did not come whole from the catalog: a bare
  identifier shown as a word ("unhurt"), a piece glued beside a translated one
  (``_("Edit ") + name``, ``" · ".join`` of translated and English parts), an enum's value
  shown through ``.title()``. Inside the markers the catalog's letters are accented, so a
  word in plain letters there is a value put into the sentence as it is ("on BODY 4").
- Clipped: a label or button that is not word-wrapped and not an eliding label, narrower
  than the width its text asks for (``minimumSizeHint``, which for these is the text's
  width), shows only part of its text. With the 40% stretch this finds the labels a German
  or French translation would cut.
"""

from __future__ import annotations

import getpass
import html
import pkgutil
import re
from collections.abc import Iterator
from functools import lru_cache
from importlib import import_module
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QTabWidget,
    QTreeView,
    QWidget,
    QWizard,
)

import sheetapp.ui
from sheetapp import i18n
from sheetapp.i18n import available_languages
from sheetapp.interop.targets import TARGETS
from sheetapp.locale_format import native_name
from sheetapp.pseudo_locale import CLOSE_MARK, OPEN_MARK
from sheetapp.systems.amazing_engine.catalog import catalogue, installed_universes
from sheetapp.systems.registry import (
    get_system,
    modules,
    system_ids,
    systems_with_wizards,
    wizard_text,
)
from sheetapp.ui.campaign.dialogs import HostDialog, InviteDialog, JoinDialog, _device_name
from sheetapp.ui.campaign.phone_dialog import PhoneDialog
from sheetapp.ui.campaign.quitting import ask_with_a_box, cut_off_text
from sheetapp.ui.elided_label import ElidedLabel
from sheetapp.ui.library.generate_dialog import GenerateDialog
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.settings import Settings
from sheetapp.ui.theme import apply_theme
from sheetapp.ui.translator import install_translators
from sheetapp.ui.universe_editor.opening import edit_copy
from tests.marker_locale import marker_locale
from tests.ui.campaign.fakes import FakeCampaignService, presence
from tests.ui.conftest import _forget_changes
from tests.ui.dialogs import library_dialogs, prime, sheet_dialogs, sheet_of

# Every module of the window imported first, in English, as the app does before it reads a
# string (the language is chosen at start): a table built at import with ``_()`` would then
# hold English, which the walk sees, rather than depend on which test imported it first.
for _module in pkgutil.walk_packages(sheetapp.ui.__path__, "sheetapp.ui."):
    import_module(_module.name)

WORDS = re.compile(r"[^\W\d_]{2}")
# A value that reads as a code (``flesh_wound``, ``unhurt``, ``d6-pool``) is the sheet's
# identifier, not the person's word: shown as it is, it is a bare identifier, not data.
IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*")
TAGS = re.compile(r"<[^>]+>")


@pytest.fixture
def pseudo(qapp) -> Iterator[None]:
    i18n.use_language("qps-ploc")
    installed = install_translators(qapp)
    yield
    for translator in installed:
        qapp.removeTranslator(translator)
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def _strings(value: object, seen: set[int], depth: int = 0) -> Iterator[str]:
    """Every string held in ``value``: containers, dataclasses and models, recursively."""
    if isinstance(value, str):
        yield value
        return
    # (a universe's skill trees nest deep)
    if depth > 16 or id(value) in seen or isinstance(value, (int, float, bool, type(None))):
        return
    seen.add(id(value))
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    elif hasattr(value, "model_dump"):
        items = [value.model_dump(mode="json")]
    elif hasattr(value, "__dataclass_fields__"):
        items = [getattr(value, name) for name in value.__dataclass_fields__]
    else:
        return
    for item in items:
        yield from _strings(item, seen, depth + 1)


def _game_data() -> set[str]:
    """The rules' own catalogues and the universe packs: game data (skill, gear and trait
    names, a universe's description), which packs translate per language, not the catalog;
    a string the catalog holds is the catalog's wherever a table keeps it ("BODY" in a
    names table shown bare is not data). Product names (the systems, the tabletops, the
    app) stay as they are."""
    seen: set[int] = set()
    found: set[str] = set()
    products = {"sheetapp", *(t.label for t in TARGETS.values())}
    for system_id in system_ids():
        products.add(get_system(system_id).name)
        products.add(wizard_text(system_id).replace("&", "").removesuffix("…"))
        # the rules' item lists, names (professions) and a random character's gear
        for part in ("catalog", "names", "generation"):
            try:
                module = import_module(f"sheetapp.systems.{system_id.replace('-', '_')}.{part}")
            except ImportError:
                continue
            for name, value in vars(module).items():
                if not name.startswith("_") and not callable(value):
                    found.update(_strings(value, seen))
    for universe in installed_universes().values():
        found.update((universe.name, *_strings(universe, seen)))
    # Preferences lists each language by its own name, whatever the window's language (the
    # pseudo-locales, for testing, by their codes).
    products.update(native_name(code) for code in available_languages())
    products.update(i18n.PSEUDO_LANGUAGES)
    return {text.strip() for text in found} | products


def data_words(window: MainWindow | None = None, *sheets: object) -> set[str]:
    """The person's own words on screen: every string of an open sheet, and game data."""
    models = [*sheets, *(d.sheet for d in (window.documents() if window else []))]
    found = _game_data()
    for model in models:  # a value that reads as a code is the sheet's identifier
        found.update(
            text.strip() for text in _strings(model, set()) if not IDENTIFIER.fullmatch(text)
        )
    # a name as lists show it: changed (*), cut short (…), an enhancement skill ( *)
    return found | {f"{word}{mark}" for word in found for mark in ("*", "…", " *")}


def _is_data(plain: str, data: set[str]) -> bool:
    """A person's own text: their words, or a file's path."""
    return plain in data or "/" in plain or "\\" in plain


MARKED_RUN = re.compile(rf"{OPEN_MARK}[^{OPEN_MARK}{CLOSE_MARK}]*{CLOSE_MARK}")
ASCII_LETTERS_KEPT = re.compile(r"[^A-Za-z0-9\s]")  # inside a marked run: all but plain letters


@lru_cache(maxsize=8)
def _data_pattern(data: frozenset[str]) -> re.Pattern[str]:
    """The person's words as one pattern, matched as whole words, longest first, so a
    text that puts a name beside a translated phrase (``Ada · ⟦Ŀḗṽḗŀ⟧ 3``) passes."""
    # a word as the sheet holds it and as the text is read, a mnemonic's "&" dropped
    spelt = {w for word in data for w in (word, word.replace("&", "")) if len(w) > 1}
    words = sorted(spelt, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)")


def _inside(run: re.Match[str]) -> str:
    """A marked run's own letters (accented: the catalog's) dropped; what stays is what a
    placeholder put there, plain letters of a value that did not come through it."""
    return " " + ASCII_LETTERS_KEPT.sub(" ", run.group()[1:-1]) + " "


# Dates and times Babel writes: the pseudo-locales format figures as English does
# (``locale_format.PSEUDO_FORMATS``), so "Nov 27, 2026, 2:34:20 AM" is the locale's, not ours.
BABEL_DATE_WORDS = re.compile(
    r"(?<!\w)(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec) \d{1,2}, \d{4}"
    r"|\d{1,2}:\d{2}(?::\d{2})?\s?[AP]M(?!\w)"
)


def leftover(text: str, data: set[str]) -> str:
    """What of ``text`` came neither through the catalog nor from the person: marked runs
    (nested ones from the inside out) reduced to the values put into them, and the
    person's words taken out. A word put into a translated sentence as it is ("on BODY 4"
    in Arabic) stays in plain letters inside the markers, and is found there."""
    plain = html.unescape(TAGS.sub("", text or "")).replace("&", "").replace("\xa0", " ").strip()
    if _is_data(plain, data):
        return ""
    plain = BABEL_DATE_WORDS.sub(" ", plain)  # first: a sheet's "25" would cut "3:25 AM"
    plain = _data_pattern(frozenset(data)).sub(" ", plain)
    while True:
        unmarked = MARKED_RUN.sub(_inside, plain)
        if unmarked == plain:
            break
        plain = unmarked
    return plain.strip() if WORDS.search(plain) else ""


def not_from_the_catalog(text: str, data: set[str]) -> bool:
    """Two letters in a row left once the catalog's and the person's words are out."""
    return bool(WORDS.search(leftover(text, data)))


def texts(widget: QWidget) -> list[str]:
    """What ``widget`` shows as text of its own."""
    if isinstance(widget, QLabel):
        return [widget.text()]
    if isinstance(widget, QAbstractButton):
        return [widget.text()]
    if isinstance(widget, QGroupBox):
        return [widget.title()]
    if isinstance(widget, QTabBar):
        return [widget.tabText(i) for i in range(widget.count()) if widget.isTabVisible(i)]
    if isinstance(widget, QLineEdit) and not widget.text():
        return [widget.placeholderText()]
    if isinstance(widget, QComboBox) and not widget.isEditable():
        return [widget.itemText(i) for i in range(widget.count())]
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        # A table's columns head its horizontal header, a tree's its one header.
        header = getattr(widget, "horizontalHeader", getattr(widget, "header", lambda: None))()
        shown = []
        if header is not None and header.isVisible():
            shown = [
                str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                for c in range(model.columnCount())
                if not header.isSectionHidden(c)
            ]
        if header is not None:  # a table's cells: a choice's label, a Roll button
            shown += [
                str(index.data() or "")
                for index in _shown_rows(widget, model)
                for index in (index.siblingAtColumn(c) for c in range(model.columnCount()))
                if not header.isSectionHidden(index.column())
            ]
        return shown
    return []


def _shown_rows(view: QAbstractItemView, model, parent=None, limit: int = 20) -> list:
    """The first rows a person sees: a table's, and a tree's with the rows of the branches
    it shows open."""
    parent = parent if parent is not None else QModelIndex()
    rows = []
    for r in range(min(model.rowCount(parent), limit)):
        index = model.index(r, 0, parent)
        rows.append(index)
        if isinstance(view, QTreeView) and view.isExpanded(index):
            rows += _shown_rows(view, model, index, limit)
    return rows


def untranslated(root: QWidget, where: str, data: set[str]) -> list[str]:
    found = []
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisible():
            continue
        shown = [*texts(widget), widget.toolTip()]
        if widget.isWindow():
            shown.append(widget.windowTitle())
        for text in shown:
            if not_from_the_catalog(text, data):
                plain = TAGS.sub("", text).replace("&", "").strip()
                found.append(f"{where}: {type(widget).__name__} {widget.objectName()!r}: {plain!r}")
    return found


def _combo_cut(combo: QComboBox) -> bool:
    """A drop-down list whose shown choice is wider than the room its box leaves for it."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    room = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    return room.width() + 1 < combo.fontMetrics().horizontalAdvance(combo.currentText())


def clipped(root: QWidget, where: str) -> list[str]:
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible() or isinstance(widget, ElidedLabel):
            continue
        if isinstance(widget, QComboBox) and not widget.isEditable() and _combo_cut(widget):
            found.append(
                f"{where}: QComboBox {widget.objectName()!r} cuts {widget.currentText()!r}"
            )
            continue
        if isinstance(widget, QLabel) and (widget.wordWrap() or not widget.text()):
            continue
        if not isinstance(widget, (QLabel, QAbstractButton)) or not WORDS.search(texts(widget)[0]):
            continue  # a symbol button (▲, ×) is as narrow as its design
        if widget.width() + 1 < widget.minimumSizeHint().width():
            found.append(
                f"{where}: {type(widget).__name__} {widget.objectName()!r} "
                f"{widget.width()} < {widget.minimumSizeHint().width()} px: {texts(widget)[0]!r}"
            )
    return found


def menu_texts(menu: QMenu, where: str, data: set[str]) -> list[str]:
    menu.aboutToShow.emit()  # menus filled as they open (Recent, Export To)
    found = []
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        plain = action.text().replace("&", "").split("\t")[0].strip()
        inner = f"{where} › {plain}"
        if not_from_the_catalog(action.text().replace("\t", " "), data):
            found.append(f"{inner}: menu item not translated")
        if action.menu() is not None:
            found += menu_texts(action.menu(), inner, data)
    return found


def form_pages(window: MainWindow) -> Iterator[str]:
    """Bring each page of each open sheet to the front in turn, pages inside pages too (an
    Amazing Engine character's Skills inside the sheet's character tabs); yields where."""
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        form = window.current_form()
        outer = [  # the form's own page sets, not ones inside its pages
            t
            for t in (form.findChildren(QTabWidget) if form else [])
            if not form.isAncestorOf(_tabs_holding(t) or window)
        ]
        if not outer:
            QApplication.processEvents()
            yield f"{window.tabs.tabText(index)} › roster"
        for tabs in outer:
            yield from _pages(tabs, window.tabs.tabText(index))


def _tabs_holding(widget: QWidget) -> QTabWidget | None:
    """The nearest page set ``widget`` sits in, within the sheet's form."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QTabWidget):
        parent = parent.parentWidget()
    return parent


def _pages(tabs: QTabWidget, where: str) -> Iterator[str]:
    for page in range(tabs.count()):
        tabs.setCurrentIndex(page)
        QApplication.processEvents()
        here = f"{where} › {tabs.tabText(page)}"
        inner = [t for t in tabs.widget(page).findChildren(QTabWidget) if _tabs_holding(t) is tabs]
        if not inner:
            yield here
        for nested in inner:
            yield from _pages(nested, here)


@pytest.fixture
def every_form(qtbot, pseudo, hero_file: Path) -> MainWindow:
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(hero_file)
    for system_id in system_ids():
        window.new_random_npc(system_id)
    window.library_tab  # noqa: B018 (the roster and the Table dock, as after the first paint)
    window.show_table()
    return window


def test_every_form_menu_and_dock_reads_through_the_catalog(every_form: MainWindow) -> None:
    window = every_form
    data = data_words(window)
    found: list[str] = []
    menus_read: set[int] = set()
    for where in form_pages(window):
        found += untranslated(window, where, data)
        if window.tabs.currentIndex() not in menus_read:  # each sheet's own Sheet menu
            menus_read.add(window.tabs.currentIndex())
            for action in window.menuBar().actions():
                found += menu_texts(action.menu(), action.text(), data)
    assert not found, "\n".join(sorted(set(found)))


def test_every_form_and_dock_has_room_for_a_longer_language(every_form: MainWindow) -> None:
    found: list[str] = []
    for where in form_pages(every_form):
        found += clipped(every_form, where)
    assert not found, "\n".join(sorted(set(found)))


@pytest.mark.parametrize("name", sorted(sheet_dialogs()))
def test_every_dialog_reads_through_the_catalog_with_room(qtbot, pseudo, name: str) -> None:
    dialog = sheet_dialogs()[name]()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    # the dialogs' own data: tags, groups, sides and initials (tests/ui/dialogs.py)
    data = data_words(None, prime()) | {"friend", "foe", "Heroes", "Bandits", "A", "B"}
    data |= {"crew", "Crew", "Harbour", "Kess", "Tomas", "Wolfgang", "hero"}  # "hero": a file
    found = untranslated(dialog, name, data) + clipped(dialog, name)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("system_id", systems_with_wizards())
def test_every_wizard_page_reads_through_the_catalog_with_room(
    qtbot, pseudo, system_id: str
) -> None:
    wizard: QWizard = import_module(modules(system_id).wizard).create_wizard(None, Settings())
    qtbot.addWidget(wizard)
    wizard.resize(1366, 768)
    found: list[str] = []
    for page_id in wizard.pageIds():
        wizard.setStartId(page_id)
        wizard.restart()
        wizard.show()
        qtbot.waitExposed(wizard)
        QApplication.processEvents()
        where = f"{system_id} wizard page {page_id}"
        found += untranslated(wizard, where, data_words()) + clipped(wizard, where)
    assert not found, "\n".join(sorted(set(found)))


def test_the_walk_sees_what_is_not_translated(qtbot, pseudo) -> None:
    """The check itself: a label set without the catalog is found, one through it is not."""
    root = QWidget()
    qtbot.addWidget(root)
    plain, through = QLabel("Not translated", root), QLabel(i18n._("Preferences"), root)
    plain.move(0, 0)
    through.move(0, 30)
    root.show()
    assert untranslated(root, "probe", set()) == ["probe: QLabel '': 'Not translated'"]
    # every word inside a marker, or the person's own: a marker somewhere is not enough
    plain.setText(f"{i18n._('Wounds')} · unhurt")
    through.setText(f"Ada · {i18n._('Wounds')}: {i18n._('Preferences')} 3")
    assert untranslated(root, "probe", {"Ada"}) == [
        f"probe: QLabel '': '{i18n._('Wounds')} · unhurt'"
    ]
    plain.setText(i18n._("Edit {field}").format(field=i18n._("Wounds")))
    assert untranslated(root, "probe", {"Ada"}) == []
    # a bare word put into a translated sentence stays in plain letters inside the markers
    plain.setText(i18n._("Edit {field}").format(field="BODY"))
    assert len(untranslated(root, "probe", {"Ada"})) == 1
    plain.setText(i18n._("Edit {field}").format(field="Ada"))
    assert untranslated(root, "probe", {"Ada"}) == []
    plain.adjustSize()
    through.adjustSize()
    narrow = QLabel(i18n._("Preferences"), root)
    narrow.setFixedWidth(20)
    narrow.show()
    assert len(clipped(root, "probe")) == 1


def test_the_library_dialogs_read_through_the_catalog_with_room(qtbot, pseudo, window) -> None:
    dialogs = library_dialogs(window)
    data = data_words(window, prime(), sheet_of("d6-pool")) | {"Ada"}
    found: list[str] = []
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        found += untranslated(dialog, dialog.windowTitle(), data)
        found += clipped(dialog, dialog.windowTitle())
    assert not found, "\n".join(found)


def test_the_name_lists_titles_read_through_the_catalog(qtbot, window, tmp_path: Path) -> None:
    """Generate NPCs' "Names from" choices and their tooltips: the shipped lists' titles
    are the catalog's (read from their files), not English in every language."""
    library = window.library_session.library
    rows = library.rows([library.add(prime())])
    with marker_locale(tmp_path):
        dialog = GenerateDialog(rows, library.campaigns(), system=rows[0].system)
        qtbot.addWidget(dialog)
        combo = dialog.names
        shown = [combo.itemText(i) for i in range(combo.count())]
        shown += [combo.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(combo.count())]
    assert len(shown) >= 2 * 7
    assert [text for text in shown if not_from_the_catalog(text, set())] == []


def test_every_universe_editor_page_reads_through_the_catalog_with_room(
    qtbot, pseudo, tmp_path: Path
) -> None:
    """The pack editor on a copy of the generic universe, page by page, and its menus."""
    folder = tmp_path / "packs"
    folder.mkdir()
    editor = edit_copy(None, folder, catalogue().entries["generic"])
    qtbot.addWidget(editor)
    editor.resize(1366, 768)
    qtbot.waitExposed(editor)
    data = data_words() | {editor.document.path.name}
    found: list[str] = []
    for row in range(editor.nav.count()):
        editor.nav.setCurrentRow(row)
        QApplication.processEvents()
        where = f"universe editor › {editor.nav.item(row).text()}"
        found += untranslated(editor, where, data) + clipped(editor, where)
    for action in editor.menuBar().actions():
        found += menu_texts(action.menu(), action.text(), data)
    assert not found, "\n".join(sorted(set(found)))


def test_the_campaign_dialogs_and_quit_while_hosting_read_through_the_catalog(
    qtbot, pseudo, monkeypatch
) -> None:
    service = FakeCampaignService()
    service.host("Tuesday Night", "Dana")
    service.set_presence([presence("m-ana", "Ana")])
    service.member = lambda: service.member_list[0]  # the live service's own, the GM
    dialog = PhoneDialog(service)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    data = {"Ana", "Dana", "Tuesday Night", getpass.getuser(), _device_name()}
    found = untranslated(dialog, "pair a phone", data) + clipped(dialog, "pair a phone")
    for other in (HostDialog(service), JoinDialog(service), InviteDialog(service)):
        qtbot.addWidget(other)
        other.show()
        qtbot.waitExposed(other)
        found += untranslated(other, other.windowTitle(), data)
        found += clipped(other, other.windowTitle())

    def look(box: QMessageBox) -> int:
        box.show()
        qtbot.waitExposed(box)
        found.extend(untranslated(box, "quit while hosting", data))
        box.close()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", look)
    parent = QWidget()
    qtbot.addWidget(parent)
    ask_with_a_box(parent, cut_off_text("Tuesday Night", 2))
    assert not found, "\n".join(found)
