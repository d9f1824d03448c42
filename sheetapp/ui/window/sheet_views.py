"""What of a sheet's form is in sight, read at quit and shown again at the next start: the
page (and the tab within it, where a page has tabs) and how far down it is scrolled.

Read from the widgets themselves, not from each system's form: a form's pages are a
``QTabWidget``, a page may hold tabs of its own, and what scrolls is a ``QScrollArea``; so
every system's form is covered without code of its own.
"""

from __future__ import annotations

from PySide6.QtWidgets import QScrollArea, QScrollBar, QTabWidget, QWidget

from sheetapp.ui.open_tab import MAX_DEPTH


def _first(widget: QWidget, kind: type) -> QWidget | None:
    """The nearest ``kind`` inside ``widget``, breadth first, not looking inside tabs
    (a page's own tabs are the next level down)."""
    level = [widget]
    while level:
        below = []
        for parent in level:
            for child in parent.children():
                if isinstance(child, kind):
                    return child
                if isinstance(child, QWidget) and not isinstance(child, QTabWidget):
                    below.append(child)
        level = below
    return None


def view_of(form: QWidget) -> tuple[tuple[int, ...], int]:
    """The page in sight, then the tab in sight within it..., and the scroll position of
    that innermost page."""
    pages: list[int] = []
    widget = form
    while len(pages) < MAX_DEPTH:
        tabs = _first(widget, QTabWidget)
        if not isinstance(tabs, QTabWidget) or tabs.currentWidget() is None:
            break
        pages.append(tabs.currentIndex())
        widget = tabs.currentWidget()
    area = _first(widget, QScrollArea)
    return tuple(pages), area.verticalScrollBar().value() if isinstance(area, QScrollArea) else 0


def show_view(form: QWidget, pages: tuple[int, ...], scroll: int) -> None:
    """Show the pages ``view_of`` read (as far as the form still has them) and scroll the
    innermost one as it was, once its content is laid out."""
    widget = form
    for index in pages:
        tabs = _first(widget, QTabWidget)
        if not isinstance(tabs, QTabWidget) or not 0 <= index < tabs.count():
            return
        tabs.setCurrentIndex(index)  # a page built on first sight is built now
        widget = tabs.currentWidget()
    area = _first(widget, QScrollArea)
    if scroll and isinstance(area, QScrollArea):
        scroll_when_laid_out(area.verticalScrollBar(), scroll)


def scroll_when_laid_out(bar: QScrollBar, value: int) -> None:
    """Scroll to ``value`` now when the content reaches that far, else as soon as laying it
    out (when its tab is first shown) makes it reach."""
    if bar.maximum() >= value:
        bar.setValue(value)
        return

    def reached(_low: int, high: int) -> None:
        if high >= value:
            bar.rangeChanged.disconnect(reached)
            bar.setValue(value)

    bar.rangeChanged.connect(reached)
