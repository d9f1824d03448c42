"""The Help window: a short manual in our own words, searchable, opened at the topic of what
the person is looking at (F1).

The topics are Markdown files in ``resources/help/`` (Qt renders Markdown), listed in order by
``contents.txt``, written in English and shown in the person's language piece by piece
through the catalog (``sheetapp.help_text``). The keyboard topic is completed from the
window's own actions when it is shown, so the shortcuts it lists are the ones that work.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence, QShortcut, QTextDocument
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QSplitter,
    QStyle,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from sheetapp import __version__
from sheetapp.data_dir import data_dir
from sheetapp.help_text import topic_files, translated
from sheetapp.i18n import _
from sheetapp.ui.filter_keys import pair_with_list


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    text: str  # Markdown


def load_topics() -> list[Topic]:
    topics = []
    for topic_id, english in topic_files():
        text = translated(english, _)
        title = text.splitlines()[0].lstrip("# ").strip()
        topics.append(Topic(topic_id, title, text))
    return topics


class HelpWindow(QWidget):
    """``shortcuts``: (what, keys) pairs added to the keyboard topic."""

    def __init__(self, shortcuts: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("help_window")
        self.setWindowTitle(_("sheetapp Help"))
        self.resize(900, 600)
        self._topics = {t.id: t for t in load_topics()}
        if "shortcuts" in self._topics:
            self._topics["shortcuts"] = _with_shortcuts(self._topics["shortcuts"], shortcuts)

        self.search = QLineEdit(objectName="help_search")
        self.search.setPlaceholderText(_("Search the help"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.list = QListWidget(objectName="help_topics")
        for topic in self._topics.values():
            item = QListWidgetItem(topic.title)
            item.setData(Qt.ItemDataRole.UserRole, topic.id)
            self.list.addItem(item)
        self.list.currentItemChanged.connect(self._show_current)
        self.browser = QTextBrowser(objectName="help_text")
        self.browser.setOpenExternalLinks(False)
        # Down goes to the topics; Enter shows the one left (or the one chosen) to be read.
        pair_with_list(self.search, self.list, self.browser.setFocus)

        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.search)
        column.addWidget(self.list)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(self.browser)
        split.setStretchFactor(1, 3)
        # Every topic's title whole: its width, the list's frame and item margins, and room
        # for a scroll bar should the list ever need one.
        metrics = self.list.fontMetrics()
        widest = max((metrics.horizontalAdvance(t.title) for t in self._topics.values()), default=0)
        bar = self.list.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        left.setMinimumWidth(widest + bar + 4 * self.list.frameWidth() + 16)
        split.setSizes([max(220, left.minimumWidth()), 680])
        layout = QHBoxLayout(self)
        layout.addWidget(split)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, self.search.setFocus)
        QShortcut(QKeySequence("Esc"), self, self.close)

    @property
    def current_topic(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def show_topic(self, topic_id: str) -> None:
        """Bring the window forward at ``topic_id`` (the first topic if there is none)."""
        self.search.clear()
        wanted = topic_id if topic_id in self._topics else next(iter(self._topics), "")
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == wanted:
                self.list.setCurrentRow(row)
        self.show()
        self.raise_()
        self.activateWindow()

    def show_place(self, field: str) -> None:
        """Select where the topic shown first names ``field`` ("Fitness Score": the whole
        name, else its first word), so the eye and a screen reader start there."""
        words = field.split()
        for wanted in (field, words[0] if words else ""):
            if wanted and self.browser.find(wanted, QTextDocument.FindFlag(0)):
                self.browser.ensureCursorVisible()
                return

    def _filter(self, text: str) -> None:
        """Keep the topics holding every word typed; show the first and mark the words."""
        words = text.casefold().split()
        first = None
        for row in range(self.list.count()):
            item = self.list.item(row)
            body = self._topics[item.data(Qt.ItemDataRole.UserRole)].text.casefold()
            matches = all(word in body for word in words)
            item.setHidden(not matches)
            if matches and first is None:
                first = item
        if first is not None and first is not self.list.currentItem():
            self.list.setCurrentItem(first)
        self._mark(words)

    def _show_current(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        self.browser.setMarkdown(self._topics[item.data(Qt.ItemDataRole.UserRole)].text)
        self._mark(self.search.text().casefold().split())

    def _mark(self, words: list[str]) -> None:
        """Select the first place of the first word typed, so the eye finds it."""
        cursor = self.browser.textCursor()
        cursor.movePosition(cursor.MoveOperation.Start)
        self.browser.setTextCursor(cursor)
        if words:
            self.browser.find(words[0], QTextDocument.FindFlag(0))


def _with_shortcuts(topic: Topic, shortcuts: list[tuple[str, str]]) -> Topic:
    rows = "\n".join(f"| {what} | {keys} |" for what, keys in shortcuts)
    table = (
        _("\n## The menus' shortcuts\n\n| Command | Keys |\n| --- | --- |\n{rows}\n").format(
            rows=rows
        )
        if shortcuts
        else ""
    )
    return Topic(topic.id, topic.title, topic.text + table)


def open_help(widget: QWidget, topic: str) -> HelpWindow:
    """Show the help at ``topic`` for ``widget`` (see ``help_topic.topic_for``), at the
    first place it names the field (by its accessible name: the label beside it). From a
    dialog the help window is the dialog's own (a modal dialog blocks every other window);
    from the main window it is reused."""
    top = widget.window()
    shown = top.findChild(HelpWindow, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if shown is None:
        shown = HelpWindow(window_shortcuts(), top)
    shown.show_topic(topic)
    shown.show_place(widget.accessibleName() if widget is not top else "")
    return shown


def window_shortcuts() -> list[tuple[str, str]]:
    """What each of the main window's menu shortcuts does, as the menus say it."""
    found: dict[str, str] = {}
    for top in QApplication.topLevelWidgets():
        if not isinstance(top, QMainWindow):
            continue
        for action in top.findChildren(QAction):
            keys = list(
                dict.fromkeys(
                    k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
                )
            )
            what = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            what = what.split("\t")[0].rstrip("…").strip()
            if keys and what:
                found.setdefault(what, ", ".join(keys))
    return sorted(found.items())


def about_text(library: Path | None) -> str:
    """Help ▸ About: the version, where the person's data is, and the bundled fonts' licences
    (their terms ask for the notice to travel with the program)."""
    import platform  # only here, off the start-up path

    rows = [
        (
            _("Version"),
            _(
                "sheetapp {version__} (Python {python_version}, Qt {qVersion}, "
                "PySide6 {pyside_version})"
            ).format(
                version__=__version__,
                python_version=platform.python_version(),
                qVersion=qVersion(),
                pyside_version=pyside_version,
            ),
        ),
        (_("Data folder"), str(data_dir())),
        (_("Library"), str(library) if library is not None else _("not open")),
        (
            _("Fonts"),
            _(
                "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Devanagari and Noto "
                "Sans Thai, © Google LLC, SIL Open Font License 1.1; Droid Sans Fallback, "
                "© Google Corp., Apache License 2.0 (the licence texts are in the fonts folder "
                "of the installed program)"
            ),
        ),
    ]
    cells = "".join(f"<tr><td><b>{escape(k)}</b></td><td>{escape(v)}</td></tr>" for k, v in rows)
    return _(
        "<p>Character sheets for tabletop role-playing games: fill in, "
        "check, print, and keep a roster.</p><table "
        "cellspacing=6>{cells}</table>"
    ).format(cells=cells)
