"""The skill groups and their trees: basic skills, specialties and enhancements, each with
the attribute it checks and whether it can be tried untrained.

Groups are ``[[skill_groups]]`` records; a tree's structure changes (add, remove, move up or
down, indent under the skill above, outdent) go through ``skill_tree_edits`` and render the
group's tree anew. A skill's own keys change in place.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _
from sheetapp.systems.amazing_engine import skill_tree_edits as edits
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.ui.labels import literal
from sheetapp.ui.theme import mark_finding
from sheetapp.ui.universe_editor.document import PackEditorDocument

Where = tuple[int, ...]
Place = tuple[int, Where]  # group index, skill index path (() for the group itself)
LEARNED = ((None, N_("As the attribute says")), (True, N_("Yes: needs training")),
           (False, N_("No: anyone may try")))


class SkillTree(QTreeWidget):
    """The tree, with drag and drop that asks for a move instead of moving items itself:
    the page turns the drop into one undoable edit of the pack, and the tree is shown
    again from the pack."""

    drop_requested = Signal(object, object, int)  # the dragged item, the new parent, index

    def __init__(self) -> None:
        super().__init__(objectName="skill_tree")
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)

    def dropEvent(self, event: QDropEvent) -> None:
        dragged = self.currentItem()
        target = self.itemAt(event.position().toPoint())
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()
        if dragged is None or target is None:
            return
        where = self.dropIndicatorPosition()
        if where == QAbstractItemView.DropIndicatorPosition.OnItem:
            self.drop_requested.emit(dragged, target, target.childCount())
            return
        parent = target.parent()
        if parent is None:
            return  # between groups: a skill belongs inside one
        index = parent.indexOfChild(target)
        if where == QAbstractItemView.DropIndicatorPosition.BelowItem:
            index += 1
        self.drop_requested.emit(dragged, parent, index)


class SkillsPage(QWidget):
    def __init__(self, document: PackEditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page_skills")
        self.document = document
        self.tree = SkillTree()
        self.tree.drop_requested.connect(self._dropped)
        self.tree.setHeaderLabels([_("Skill"), _("Attribute"), _("Kind")])
        self.tree.setColumnWidth(0, 260)
        self.tree.currentItemChanged.connect(lambda *_: self._show_fields())
        self._places: dict[int, Place] = {}

        grid = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        for index, (key, text, tip) in enumerate((
            ("add_group", _("Add &group"), _("A new skill group at the end.")),
            ("add_skill", _("Add &skill"), _("A new basic skill in the selected group.")),
            ("add_specialty", _("Add s&pecialty"),
             _("A new specialty under the selected skill.")),
            ("remove", _("&Remove"), _("Remove the selected skill and its specialties, or the "
                                       "selected group.")),
            ("up", _("Move &up"), _("Before the skill above it.")),
            ("down", _("Move do&wn"), _("After the skill below it.")),
            ("indent", _("&Indent"), _("Make it a specialty of the skill above it.")),
            ("outdent", _("&Outdent"), _("Make it a sibling of the skill it belongs to.")),
        )):
            button = QPushButton(text, objectName=f"skills_{key}")
            button.setToolTip(tip)
            button.clicked.connect(getattr(self, f"_{key}"))
            grid.addWidget(button, index // 4, index % 4)
            self.buttons[key] = button
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.tree, 1)
        left_layout.addLayout(grid)

        fields = QWidget()
        outer = QVBoxLayout(fields)
        form = QFormLayout()
        outer.addLayout(form)
        outer.addStretch(1)
        self.name = QLineEdit(objectName="skill_name")
        self.name.setMaxLength(200)
        self.name.textEdited.connect(self._name_edited)
        form.addRow(_("&Name:"), self.name)
        self.attribute = QComboBox(objectName="skill_attribute")
        for attribute in Attribute:
            self.attribute.addItem(label(attribute), attribute.value)
        self.attribute.setToolTip(_("The attribute the skill's checks use."))
        self.attribute.currentIndexChanged.connect(
            lambda: self._node_edit("attribute", self.attribute.currentData())
        )
        form.addRow(_("&Attribute:"), self.attribute)
        self.enhancement = QCheckBox(_("An &enhancement of the skill above (+bonus, no penalty)"),
                                     objectName="skill_enhancement")
        self.enhancement.toggled.connect(
            lambda on: self._node_edit("enhancement", True if on else None)
        )
        form.addRow("", self.enhancement)
        self.learned = QComboBox(objectName="skill_learned")
        for value, text in LEARNED:
            self.learned.addItem(_(text), value)
        self.learned.setToolTip(_(
            "Whether the skill needs training. Left to the attribute, a Learning skill does "
            "and any other is tried at half the attribute."
        ))
        self.learned.currentIndexChanged.connect(
            lambda: self._node_edit("learned", self.learned.currentData())
        )
        form.addRow(_("Needs &training:"), self.learned)
        self.description = QPlainTextEdit(objectName="group_description")
        self.description.setMaximumHeight(90)
        self.description.textChanged.connect(self._description_edited)
        form.addRow(_("Group &description:"), self.description)

        split = QSplitter()
        split.addWidget(left)
        split.addWidget(fields)
        split.setStretchFactor(0, 1)
        split.setSizes([620, 420])
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        document.pack_changed.connect(self.refresh)
        self.refresh()

    # --- reading the pack --------------------------------------------------------------------

    def _groups(self) -> list[dict[str, Any]]:
        return self.document.pack.records("skill_groups")

    def _tree_of(self, group: int) -> list[dict[str, Any]]:
        groups = self._groups()
        if not 0 <= group < len(groups):
            return []
        skills = groups[group].get("skills") or []
        return [s for s in skills if isinstance(s, dict)]

    def current(self) -> Place | None:
        item = self.tree.currentItem()
        return self._places.get(id(item)) if item is not None else None

    # --- showing -----------------------------------------------------------------------------

    def refresh(self, select: Place | None = None) -> None:
        keep = select if select is not None else self.current()
        self._places.clear()
        chosen = None
        with QSignalBlocker(self.tree):
            self.tree.clear()
            self._items: dict[Place, QTreeWidgetItem] = {}
            for g_index, group in enumerate(self._groups()):
                top = QTreeWidgetItem([literal(str(group.get("name", ""))), "", _("Group")])
                font = top.font(0)
                font.setBold(True)
                top.setFont(0, font)
                self.tree.addTopLevelItem(top)
                self._remember(top, (g_index, ()))
                self._add_nodes(top, g_index, (), self._tree_of(g_index))
            self.tree.expandAll()
            if keep is not None:
                chosen = self._items.get(keep) or self._items.get((keep[0], ()))
            if chosen is None and self.tree.topLevelItemCount():
                chosen = self.tree.topLevelItem(0)
            if chosen is not None:
                self.tree.setCurrentItem(chosen)
        self._show_fields()

    def _remember(self, item: QTreeWidgetItem, place: Place) -> None:
        self._places[id(item)] = place
        self._items[place] = item

    def _add_nodes(self, parent: QTreeWidgetItem, group: int, prefix: Where,
                   nodes: list[dict[str, Any]]) -> None:
        for index, node in enumerate(nodes):
            where = (*prefix, index)
            kind = (_("Enhancement") if node.get("enhancement") else
                    _("Basic skill") if len(where) == 1 else _("Specialty"))
            attribute = node.get("attribute", "")
            shown = label(Attribute(attribute)) if attribute in Attribute._value2member_map_ \
                else str(attribute)
            item = QTreeWidgetItem([literal(str(node.get("name", ""))), shown, kind])
            parent.addChild(item)
            self._remember(item, (group, where))
            children = node.get("children") or []
            self._add_nodes(item, group, where, [c for c in children if isinstance(c, dict)])

    def _show_fields(self) -> None:
        place = self.current()
        is_group = place is not None and place[1] == ()
        node = self._node(place) if place is not None and not is_group else None
        group = self._groups()[place[0]] if place is not None else {}
        for widget in (self.name, self.attribute, self.enhancement, self.learned,
                       self.description):
            widget.blockSignals(True)
        self.name.setEnabled(place is not None)
        name = (group.get("name") if is_group else (node or {}).get("name")) or ""
        if self.name.text() != name:
            self.name.setText(str(name))
        for widget in (self.attribute, self.enhancement, self.learned):
            widget.setEnabled(node is not None)
        self.description.setEnabled(is_group)
        if node is not None:
            index = self.attribute.findData(node.get("attribute"))
            self.attribute.setCurrentIndex(max(index, 0))
            self.enhancement.setChecked(bool(node.get("enhancement")))
            self.learned.setCurrentIndex(max(self.learned.findData(node.get("learned")), 0))
        text = str(group.get("description", "")) if is_group else ""
        if self.description.toPlainText() != text:
            self.description.setPlainText(text)
        for widget in (self.name, self.attribute, self.enhancement, self.learned,
                       self.description):
            widget.blockSignals(False)
        has_node = node is not None
        self.buttons["add_skill"].setEnabled(place is not None)
        self.buttons["add_specialty"].setEnabled(has_node)
        self.buttons["remove"].setEnabled(place is not None)
        for key in ("up", "down", "indent", "outdent"):
            self.buttons[key].setEnabled(has_node)

    def _node(self, place: Place) -> dict[str, Any] | None:
        tree = self._tree_of(place[0])
        return edits.node_at(tree, place[1]) if edits.exists(tree, place[1]) else None

    def select(self, loc: tuple[str | int, ...]) -> None:
        """Show the group or skill a finding's key path points at."""
        if len(loc) < 2 or not isinstance(loc[1], int):
            return
        where = tuple(part for part in loc[3:] if isinstance(part, int))
        item = self._items.get((loc[1], where)) or self._items.get((loc[1], ()))
        if item is not None:
            self.tree.setCurrentItem(item)
            self.tree.scrollToItem(item)
        field = next((p for p in reversed(loc) if isinstance(p, str)), "")
        widget = {"attribute": self.attribute, "enhancement": self.enhancement,
                  "learned": self.learned, "description": self.description}.get(field, self.name)
        widget.setFocus()

    def mark(self, marks: dict[str, str]) -> None:
        mark_finding(self.tree, marks.get("", ""))
        mark_finding(self.name, marks.get("name", ""))

    # --- editing -----------------------------------------------------------------------------

    def _name_edited(self, text: str) -> None:
        place = self.current()
        if place is None:
            return
        group, where = place
        if where == ():
            self.document.set_value(("skill_groups", group, "name"), text, _("Rename group"))
        else:
            self._node_edit("name", text)

    def _description_edited(self) -> None:
        place = self.current()
        if place is None or place[1] != ():
            return
        text = self.description.toPlainText()
        self.document.set_value(
            ("skill_groups", place[0], "description"), text or None, _("Change description")
        )

    def _node_edit(self, key: str, value: Any) -> None:
        place = self.current()
        if place is None or place[1] == ():
            return
        group, where = place
        node = self._node(place)
        if node is None or node.get(key) == value:
            return
        if key in node and value is not None:  # in place: the layout around it is kept
            change = lambda pack: pack.set_node_value(group, where, key, value)  # noqa: E731
        else:  # a key added or dropped: the tree is written again in the usual layout
            tree = self._tree_of(group)
            changed = edits.node_at(tree, where)
            if value is None:
                changed.pop(key, None)
            else:
                changed[key] = value
            change = lambda pack: pack.set_skills(group, tree)  # noqa: E731
        self.document.edit(change, _("Change skill"), merge=repr(("skill", group, where, key)))
        self._reselect(place)

    def _structure(self, group: int, result: edits.Edit, text: str) -> None:
        if result is None:
            return
        tree, where = result
        self.document.edit(lambda pack: pack.set_skills(group, tree), text)
        self._reselect((group, where))

    def _reselect(self, place: Place) -> None:
        item = self._items.get(place)
        if item is not None:
            self.tree.setCurrentItem(item)

    def _dropped(self, dragged: QTreeWidgetItem, parent: QTreeWidgetItem, index: int) -> None:
        source = self._places.get(id(dragged))
        target = self._places.get(id(parent))
        if source is not None and target is not None:
            self.move_skill(source, target, index)

    def move_skill(self, source: Place, parent: Place, index: int) -> None:
        """Move a skill (with its specialties) under ``parent`` (a group or a skill, in the
        same group or another) at ``index``: what a drop does, as one step."""
        (group, where), (to_group, under) = source, parent
        if where == ():
            return  # groups are reordered on their own page's terms, not dropped
        if group == to_group:
            self._structure(group, edits.reparent(self._tree_of(group), where, under, index),
                            _("Move skill"))
            return
        tree = self._tree_of(group)
        if not edits.exists(tree, where):
            return
        node = edits.node_at(tree, where)
        removed = edits.remove(tree, where)
        target = self._tree_of(to_group)
        if removed is None or (under and not edits.exists(target, under)):
            return
        added = edits.reparent([*target, node], (len(target),), under, index)
        if added is None:
            return
        left, _gone = removed
        moved, at = added

        def change(pack) -> None:
            pack.set_skills(group, left)
            pack.set_skills(to_group, moved)

        self.document.edit(change, _("Move skill"))
        self._reselect((to_group, at))

    def _add_group(self) -> None:
        count = len(self._groups())
        name = _("New group {n}").format(n=count + 1)
        self.document.edit(
            lambda pack: pack.insert_record("skill_groups", count, {"name": name, "skills": []}),
            _("Add group"),
        )
        self._reselect((count, ()))
        self.name.setFocus()
        self.name.selectAll()

    def _new_node(self, attribute: str = "reflexes") -> dict[str, Any]:
        return {"name": _("New skill"), "attribute": attribute}

    def _add_skill(self) -> None:
        place = self.current()
        if place is None:
            return
        group = place[0]
        self._structure(group, edits.add(self._tree_of(group), (), self._new_node()),
                        _("Add skill"))
        self.name.setFocus()
        self.name.selectAll()

    def _add_specialty(self) -> None:
        place = self.current()
        node = self._node(place) if place is not None else None
        if place is None or node is None:
            return
        group, where = place
        new = self._new_node(str(node.get("attribute", "reflexes")))
        self._structure(group, edits.add(self._tree_of(group), where, new), _("Add specialty"))
        self.name.setFocus()
        self.name.selectAll()

    def _remove(self) -> None:
        place = self.current()
        if place is None:
            return
        group, where = place
        if where == ():
            self.document.edit(lambda pack: pack.remove_record("skill_groups", group),
                               _("Remove group"))
            return
        self._structure(group, edits.remove(self._tree_of(group), where), _("Remove skill"))

    def _shape(self, edit, text: str) -> None:
        place = self.current()
        if place is None or place[1] == ():
            return
        group, where = place
        self._structure(group, edit(self._tree_of(group), where), text)

    def _up(self) -> None:
        self._shape(lambda tree, where: edits.move(tree, where, -1), _("Move skill up"))

    def _down(self) -> None:
        self._shape(lambda tree, where: edits.move(tree, where, 1), _("Move skill down"))

    def _indent(self) -> None:
        self._shape(edits.indent, _("Indent skill"))

    def _outdent(self) -> None:
        self._shape(edits.outdent, _("Outdent skill"))

