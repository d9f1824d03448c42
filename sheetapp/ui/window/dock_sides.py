"""Docks on the side a reader of the window's language expects.

Qt mirrors what a widget lays out under a right-to-left direction, but not the main window's
dock areas: ``Qt.RightDockWidgetArea`` is the right-hand edge in Arabic too, and docks laid
side by side under the sheet keep their left-to-right order. The window names its areas as
an English reader sees them (the Dice on the right: ``addDockWidget`` goes through
``on_screen``), and a layout saved in one direction and restored in the other is turned
round by ``mirror``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

Area = Qt.DockWidgetArea
SIDES = {
    Area.LeftDockWidgetArea: Area.RightDockWidgetArea,
    Area.RightDockWidgetArea: Area.LeftDockWidgetArea,
}
EDGES = (Area.TopDockWidgetArea, Area.BottomDockWidgetArea)


def on_screen(area: Area, direction: Qt.LayoutDirection) -> Area:
    """The area an English reader calls ``area``, for a window laid out in ``direction``."""
    if direction == Qt.LayoutDirection.RightToLeft:
        return SIDES.get(area, area)
    return area


def mirror(window: QMainWindow) -> None:
    """Turn the window's docks round left for right: the docks on one side go to the other
    in the same order from the top, with their tabs, the tab in front, their sizes and
    whether they are shown; docks side by side along the top or bottom swap their order.
    Floating docks stay where the person put them on the screen."""
    window.layout().activate()  # the places to read, also before the window is first shown
    docks = [
        dock
        for dock in window.findChildren(QDockWidget)
        if dock.parentWidget() is window and not dock.isFloating()
    ]
    in_area = {
        area: [dock for dock in docks if window.dockWidgetArea(dock) == area]
        for area in (*SIDES, *EDGES)
    }
    # Every area is read before any dock moves: docks added to a side go after those there.
    moves = [(area, target, _groups(window, in_area[area], area)) for area, target in SIDES.items()]
    for area in EDGES:
        groups = _groups(window, in_area[area], area)
        if len(groups) > 1:
            moves.append((area, area, groups[::-1]))
    for area, target, groups in moves:
        orientation = Qt.Orientation.Vertical if area in SIDES else Qt.Orientation.Horizontal
        for group in groups:
            _place(window, target, group, orientation)
        for dock in in_area[area]:  # closed docks: where they come back when shown
            if dock.isHidden() and target != area:
                QMainWindow.addDockWidget(window, target, dock)
    for area, _target, groups in moves:
        across = Qt.Orientation.Horizontal if area in SIDES else Qt.Orientation.Vertical
        along = Qt.Orientation.Vertical if area in SIDES else Qt.Orientation.Horizontal
        firsts = [group.docks[0] for group in groups]
        if firsts:
            window.resizeDocks(firsts, [group.size(across) for group in groups], across)
            window.resizeDocks(firsts, [group.size(along) for group in groups], along)


class _Group:
    """Docks shown in one place of an area (one, or several as tabs), the one in front
    first, and the size of that place."""

    def __init__(self, docks: list[QDockWidget], width: int, height: int) -> None:
        self.docks = docks
        self._width, self._height = width, height

    def size(self, orientation: Qt.Orientation) -> int:
        return self._width if orientation == Qt.Orientation.Horizontal else self._height


def _groups(window: QMainWindow, docks: list[QDockWidget], area: Area) -> list[_Group]:
    """The shown docks of ``area`` in groups of tabs, from top to bottom on a side and from
    left to right along an edge."""
    seen: set[int] = set()
    groups: list[tuple[int, _Group]] = []
    inside = window.rect()
    for dock in docks:
        if dock.isHidden() or id(dock) in seen:
            continue
        members = [dock, *window.tabifiedDockWidgets(dock)]
        seen.update(id(member) for member in members)
        # The tab in front lies in the window; Qt moves the ones behind it out of sight.
        front = next((m for m in members if inside.intersects(m.geometry())), dock)
        members.remove(front)
        place = front.geometry()
        where = place.y() if area in SIDES else place.x()
        groups.append((where, _Group([front, *members], place.width(), place.height())))
    return [group for _where, group in sorted(groups, key=lambda pair: pair[0])]


def _place(window: QMainWindow, area: Area, group: _Group, orientation: Qt.Orientation) -> None:
    """Add ``group`` at the end of ``area``, its tabs together, its front tab in front."""
    front, *behind = group.docks
    # The base class's: ``area`` is already the one on screen (see ``on_screen``).
    QMainWindow.addDockWidget(window, area, front, orientation)
    for dock in behind:
        window.tabifyDockWidget(front, dock)
    front.raise_()
