"""The wizard page where the player ticks the character's starting skills in the universe's
skill trees, with the profession and free slots counted live.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from PySide6.QtCore import QModelIndex, QSignalBlocker, Qt
from PySide6.QtWidgets import QHeaderView, QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout

from sheetapp.i18n import N_, _
from sheetapp.systems.amazing_engine.names import label
from sheetapp.systems.amazing_engine.skill_choice import skill_slots
from sheetapp.systems.amazing_engine.universe import SkillNode, Universe
from sheetapp.ui.amazing_engine.wizard_draft import CharacterStepPage, Host, SkillKey, Snapshot

# --- f. skills ------------------------------------------------------------------------------


def skill_kind(node: SkillNode, depth: int) -> str:
    if node.enhancement:
        return _("Enhancement")
    return _("Basic skill") if depth == 1 else _("Specialty")


class SkillsPage(CharacterStepPage):
    """The universe's skill trees; a specialty can be ticked once the skill above it is."""

    SOURCE_TEXT: ClassVar[dict[str, str]] = {
        "profession": N_("Profession"),
        "free": N_("Free choice"),
    }

    def __init__(self, host: Host, *, error_scope: str = "") -> None:
        super().__init__(
            host,
            _("Skills"),
            _("Profession skills come from your profession's groups; free skills from any "
            "group. Each ticked skill uses a profession slot while one fits, else a free one. "
            "A specialty needs the skill above it. Fewer skills than allowed is fine."),
        )
        self._scope = error_scope
        counts = QVBoxLayout()
        counts.setSpacing(2)
        self.profession_count = QLabel(objectName="profession_count")
        self.profession_count.setProperty("role", "figure")
        self.free_count = QLabel(objectName="free_count")
        self.free_count.setProperty("role", "figure")
        for count in (self.profession_count, self.free_count):
            count.setWordWrap(True)
            counts.addWidget(count)
        self.body.addLayout(counts)
        self.tree = QTreeWidget(objectName="skills")
        self.tree.setHeaderLabels([_("Skill"), _("Attribute"), _("Kind"), _("Taken as")])
        self.tree.setToolTip(
            _("Tick the skills your character starts with. Unticking a skill also drops the "
            "specialties below it.")
        )
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemChanged.connect(self._item_changed)
        self.body.addWidget(self.tree, 1)
        self.mark(self.character_path("skills"), self.tree)
        self._built_for: tuple[str, str] | None = None
        self._items: dict[SkillKey, QTreeWidgetItem] = {}
        self._keys: dict[int, SkillKey] = {}

    def prefixes(self) -> tuple[str, ...]:
        return (self.character_path("skills"),)

    def error_scope(self) -> str | None:
        return self._scope

    def _build_tree(self, universe: Universe, profession_groups: Sequence[str]) -> None:
        """One top item per group (profession groups marked), skills nested below."""
        self._items.clear()
        self._keys.clear()
        with QSignalBlocker(self.tree):
            self.tree.clear()
            for group in universe.skill_groups:
                top = QTreeWidgetItem([universe.group_name(group.name), "", _("Group"), ""])
                top.setFlags(Qt.ItemFlag.ItemIsEnabled)
                if group.name in profession_groups:
                    top.setText(2, _("Profession group"))
                    font = top.font(0)
                    font.setBold(True)
                    top.setFont(0, font)
                self.tree.addTopLevelItem(top)
                self._add_nodes(top, universe, group.name, (), group.skills)
            self.tree.expandAll()
            # No current row until the player picks one: a focus frame on a group looks odd.
            self.tree.setCurrentIndex(QModelIndex())

    def _add_nodes(
        self,
        parent: QTreeWidgetItem,
        universe: Universe,
        group: str,
        prefix: tuple[str, ...],
        nodes: Sequence[SkillNode],
    ) -> None:
        for node in nodes:
            path = (*prefix, node.name)
            shown = universe.skill_name(group, path)
            item = QTreeWidgetItem([shown, label(node.attribute), skill_kind(node, len(path))])
            item.setCheckState(0, Qt.CheckState.Unchecked)
            item.setToolTip(
                0,
                _("Checks against {label}.").format(label=label(node.attribute))
                + (_(" Needs the skill above it first.") if len(path) > 1 else ""),
            )
            parent.addChild(item)
            self._items[(group, path)] = item
            self._keys[id(item)] = (group, path)
            self._add_nodes(item, universe, group, path, node.children)

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        # Keys live in a Python dict, not in item data: PySide6 6.12 drops a reference to
        # None whenever an item is asked for a role it does not hold.
        key = self._keys.get(id(item))
        if column != 0 or key is None:
            return
        group, path = key
        keys = self.host.draft.skills
        if item.checkState(0) == Qt.CheckState.Checked:
            if (group, path) not in keys:
                keys.append((group, path))
        else:
            depth = len(path)
            keys[:] = [k for k in keys if not (k[0] == group and k[1][:depth] == path)]
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        universe = snapshot.universe
        character = snapshot.character
        profession = universe.profession(character.profession)
        groups = profession.groups if profession else ()
        signature = (universe.id, character.profession)
        if signature != self._built_for:
            self._built_for = signature
            self._build_tree(universe, groups)
        sources = {(s.group, tuple(s.path)): s.source for s in character.skills}
        with QSignalBlocker(self.tree):
            for key, item in self._items.items():
                taken = key in sources
                parent_key = (key[0], key[1][:-1])
                open_ = len(key[1]) == 1 or parent_key in sources
                item.setCheckState(0, Qt.CheckState.Checked if taken else Qt.CheckState.Unchecked)
                flags = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable
                item.setFlags(flags | Qt.ItemFlag.ItemIsEnabled if open_ else flags)
                item.setText(3, self.SOURCE_TEXT.get(sources.get(key, ""), ""))
        slots = skill_slots(character, universe)
        p_taken, p_allowed = slots["profession"]
        f_taken, f_allowed = slots["free"]
        self.profession_count.setText(
            _(
                "Profession skills: {p_taken} of {p_allowed} (one per 10 points "
                "of Learning or part of 10)"
            ).format(p_taken=p_taken, p_allowed=p_allowed)
        )
        self.free_count.setText(
            _("Free skills: {f_taken} of {f_allowed} (one per full 15 points of Intuition)").format(
                f_taken=f_taken, f_allowed=f_allowed
            )
        )
