"""A tab bar takes the wheel only when the wheel starts over it: scrolling a form on with the
pointer drifted onto its page tabs keeps scrolling the form, and never flips the page."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QTabBar, QWidget

from sheetapp.ui import field_input

from .test_field_typing import form_pages, new_blank
from .test_wheel import wheel_over


class Clock:
    """``time`` as field_input reads it, moved on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


def a_label(area: QScrollArea) -> QWidget:
    """Somewhere on the page the wheel scrolls it: a label in view."""
    return next(
        label
        for label in area.widget().findChildren(QLabel)
        if label.isVisible()
        and label.text()
        and area.viewport().rect().contains(label.mapTo(area.viewport(), label.rect().center()))
    )


def scrolling_page(window, qtbot):
    """A d6 sheet in a window short enough that its first page scrolls."""
    window.resize(1000, 520)
    form = new_blank(window, "d6-pool")
    QApplication.processEvents()
    pages = form_pages(form)
    page = pages.currentWidget()
    area = page if isinstance(page, QScrollArea) else page.findChild(QScrollArea)
    assert area is not None and area.verticalScrollBar().maximum() > 0
    return pages, area


def test_the_wheel_drifting_onto_the_tabs_scrolls_on(window, qtbot, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(field_input, "time", clock, raising=False)
    pages, area = scrolling_page(window, qtbot)
    bar, tabs = area.verticalScrollBar(), pages.findChild(QTabBar)
    wheel_over(a_label(area))
    after_one = bar.value()
    assert after_one > 0
    clock.now += 0.2  # the next notch of the same turn, the pointer now on the tabs
    wheel_over(tabs)
    assert pages.currentIndex() == 0  # the page did not flip
    assert bar.value() > after_one  # the form scrolled on


def test_a_wheel_begun_on_the_tabs_switches_them(window, qtbot, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(field_input, "time", clock, raising=False)
    pages, area = scrolling_page(window, qtbot)
    wheel_over(a_label(area))
    clock.now += 2.0  # a pause: the person turns to the tabs on purpose
    wheel_over(pages.findChild(QTabBar))
    assert pages.currentIndex() == 1
