"""Skills as the universe's trees, each with its check chance; tick a skill to know it."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QHeaderView, QLabel, QTreeView, QVBoxLayout, QWidget

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.chances import chain_chance, known_by_group
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import label
from sheetapp.systems.amazing_engine.rolls import skill_check
from sheetapp.systems.amazing_engine.skill_choice import skill_slots, with_skill, without_skill
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.rolls import Check, Unrollable
from sheetapp.ui.amazing_engine.character_tab import CharacterTab
from sheetapp.ui.amazing_engine.tips import CHECK_READING
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.roll_buttons import ROLL, install_rolls

KeyRole = Qt.ItemDataRole.UserRole + 1
HEADERS = (N_("Skill"), N_("Checks"), N_("Chance"), N_("Source"), ROLL)
# Where a known skill came from, in the Source column (the sheet stores the key).
SOURCES = TranslatedTable(
    {
        # Translators: a skill's source: one of the profession's skills
        "profession": N_("profession"),
        # Translators: a skill's source: a free skill (one per full 15 points of Intuition)
        "free": N_("free"),
        "xp": N_("bought with XP"),
        # Translators: a skill's source: given by the species or the universe
        "granted": N_("granted"),
    }
)
ROLL_COLUMN = HEADERS.index(ROLL)
HEADER_TIPS = (
    N_("The universe's skill groups, skills and specialties; tick one to know it."),
    N_("Checks marked in play towards improving the skill."),
    N_(
        "The percentage to roll at or under (a roll equal to it succeeds: our reading): the "
        "attribute, plus the skill's bonus when known (hover a chance for its steps)."
    ),
    N_("Where the skill came from: profession, free choice or bought with XP."),
    N_("Roll the skill's check: d100 at or under its chance (or double-click the skill)."),
)


class SkillsTab(CharacterTab):
    def __init__(
        self,
        document: SheetDocument,
        index: int,
        fields: FieldRegistry,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, index, fields, parent)
        layout = QVBoxLayout(self)
        self.counts = QLabel(objectName="skill_counts")
        self.counts.setToolTip(
            _(
                "Skills allowed at creation and how many are taken: profession skills from "
                "Learning, free skills from Intuition, more bought with XP."
            )
        )
        self.counts.setWordWrap(True)
        layout.addWidget(self.counts)
        self.model = QStandardItemModel(self)
        self.view = QTreeView(objectName="skills")
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        layout.addWidget(self.view, 1)
        hint = QLabel(
            _(
                "Tick a skill to know it; a specialty needs the skill above it. "
                "Roll a skill with its button or a double-click: the result goes to the Dice panel."
            )
        )
        hint.setProperty("role", "hint")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        fields.add(("characters", index, "skills"), self.view)
        self.model.itemChanged.connect(self._item_changed)
        install_rolls(
            self.view,
            ROLL_COLUMN,
            self.check_at,
            lambda: self._character().name,
            double_click=range(len(HEADERS)),
        )
        self._signature: object = None
        self._structure: object = None
        self._rows: dict = {}
        self._building = False
        self.watch()

    def _character(self) -> Character:
        sheet: AmazingEngineSheet = self.document.sheet  # type: ignore[assignment]
        return sheet.characters[self.index]

    def show_character(self, character: Character) -> None:
        universe, _unused = universe_or_generic(character.universe)
        signature = (
            universe,  # the object: a reloaded pack with the same id is a new one
            character.profession,
            dict(character.attributes),
            [s.model_dump() for s in character.skills],
        )
        if signature == self._signature:
            return
        self._signature = signature
        slots = skill_slots(character, universe)
        p_taken, p_allowed = slots["profession"]
        f_taken, f_allowed = slots["free"]
        self.counts.setText(
            _(
                "Profession skills: {p_taken} of {p_allowed} (one per 10 points "
                "of Learning or part) · Free skills: {f_taken} of {f_allowed} "
                "(one per full 15 points of Intuition) · Bought with XP: {sum}"
            ).format(
                p_taken=p_taken,
                p_allowed=p_allowed,
                f_taken=f_taken,
                f_allowed=f_allowed,
                sum=sum(s.source == "xp" for s in character.skills),
            )
        )
        known = {(s.group, tuple(s.path)): s for s in character.skills}
        extras = tuple(key for key in known if universe.find_skill(key[0], key[1]) is None)
        structure = (universe, character.profession, extras)
        self._building = True
        try:
            if structure != self._structure:
                self._structure = structure
                self._build(character, universe, extras, known)
            self._update(character, universe, known)
        finally:
            self._building = False

    def _build(self, character: Character, universe, extras: tuple, known: dict) -> None:
        """Lay out the universe's trees; values are filled in by ``_update``."""
        expanded = self._expanded_keys()
        self._rows: dict[tuple, tuple[QStandardItem, list, QStandardItem, QStandardItem]] = {}
        self._roll_cells: dict[tuple, QStandardItem] = {}
        self.model.clear()
        self.model.setHorizontalHeaderLabels([_(h) for h in HEADERS])
        for column, tip in enumerate(HEADER_TIPS):
            self.model.horizontalHeaderItem(column).setToolTip(tip)
        profession = universe.profession(character.profession)
        bold = QFont()
        bold.setBold(True)
        for group in universe.skill_groups:
            mine = profession is not None and group.name in profession.groups
            shown = universe.group_name(group.name)
            group_item = self._cell(shown + (_("  ★ profession") if mine else ""))
            group_item.setFont(bold)
            group_item.setData(("group", group.name), KeyRole)
            self.model.appendRow([group_item] + [self._cell("") for _unused in HEADERS[1:]])
            self._add_nodes(group_item, universe, group.name, (), [], group.skills)
        if extras:
            other = self._cell(_("Not in {name}").format(name=universe.shown_name))
            self.model.appendRow([other] + [self._cell("") for _unused in HEADERS[1:]])
            for group, path in extras:
                skill = known[(group, path)]
                item = self._cell(f"{group}: {' > '.join(path)}")
                item.setCheckable(True)
                item.setData((group, path), KeyRole)
                chance, source, roll = self._cell(""), self._cell(""), self._cell(_(ROLL))
                self._rows[(group, path)] = (item, [], chance, source)
                self._roll_cells[(group, path)] = roll
                other.appendRow([item, self._cell(label(skill.attribute)), chance, source, roll])
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(HEADERS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self._restore_expanded(expanded, known)

    def _cell(self, text: str) -> QStandardItem:
        item = QStandardItem(text)
        item.setEditable(False)
        return item

    def _add_nodes(
        self,
        parent: QStandardItem,
        universe: Universe,
        group: str,
        prefix: tuple[str, ...],
        chain: list,
        nodes,
    ) -> None:
        for node in nodes:
            path = (*prefix, node.name)
            shown = universe.skill_name(group, path)
            item = self._cell(shown + (" *" if node.enhancement else ""))
            item.setCheckable(True)
            item.setData((group, path), KeyRole)
            if node.enhancement:
                item.setToolTip(_("An enhancement: a bonus when known, no penalty when not."))
            chance, source, roll = self._cell(""), self._cell(""), self._cell(_(ROLL))
            self._rows[(group, path)] = (item, [*chain, node], chance, source)
            self._roll_cells[(group, path)] = roll
            parent.appendRow([item, self._cell(label(node.attribute)), chance, source, roll])
            self._add_nodes(item, universe, group, path, [*chain, node], node.children)

    def _update(self, character: Character, universe, known: dict) -> None:
        """Ticks, availability, chances and sources, in place."""
        by_group = known_by_group(character)
        for (group, path), (item, chain, chance_item, source_item) in self._rows.items():
            is_known = (group, path) in known
            state = Qt.CheckState.Checked if is_known else Qt.CheckState.Unchecked
            if item.checkState() != state:
                item.setCheckState(state)
            parent_known = len(path) == 1 or (group, path[:-1]) in known
            item.setEnabled(is_known or parent_known)
            source_item.setText(SOURCES[known[(group, path)].source] if is_known else "")
            if not chain:
                continue
            chance = chain_chance(character, universe, group, chain, known=by_group.get(group, {}))
            text = f"{chance.effective}%" if chance.possible else _("cannot try")
            if not is_known and chance.possible and (not parent_known or len(path) == 1):
                text += _(" (untrained)")
            steps = "\n".join(
                f"{name}: {amount:+d}" if i else f"{name}: {amount}"
                for i, (name, amount) in enumerate(chance.steps)
            )
            if chance_item.text() != text:
                chance_item.setText(text)
            roll = self._roll_cells[(group, path)]
            if roll.text() != (offered := _(ROLL) if chance.possible else ""):
                roll.setText(offered)  # no button where the skill cannot be tried
            chance_item.setToolTip(steps + "\n\n" + _(CHECK_READING))

    def _item_changed(self, item: QStandardItem) -> None:
        key = item.data(KeyRole)
        if self._building or not key or key[0] == "group":
            return
        group, path = key
        character = self._character()
        universe, _unused = universe_or_generic(character.universe)
        wanted = item.checkState() == Qt.CheckState.Checked
        try:
            skills = (
                with_skill(character, universe, group, path)
                if wanted
                else without_skill(character, group, path)
            )
        except KeyError:
            skills = without_skill(character, group, path)
        verb = _("Learn") if wanted else _("Drop")
        self.document.edit(
            ("characters", self.index, "skills"), skills, f"{verb} {' > '.join(path)}"
        )

    def check_at(self, index: QModelIndex) -> Check | Unrollable | None:
        """The check of the skill on ``index``'s row; None on a group's row."""
        item = self.model.itemFromIndex(index.siblingAtColumn(0))
        key = item.data(KeyRole) if item else None
        if not key or key[0] == "group":
            return None
        character = self._character()
        universe, _unused = universe_or_generic(character.universe)
        return skill_check(character, universe, key[0], tuple(key[1]))

    def _expanded_keys(self) -> set:
        keys = set()

        def visit(parent) -> None:
            for row in range(self.model.rowCount(parent)):
                index = self.model.index(row, 0, parent)
                if self.view.isExpanded(index):
                    keys.add(self.model.data(index, KeyRole))
                visit(index)

        visit(QModelIndex())
        return keys

    def _restore_expanded(self, keys: set, known: dict) -> None:
        groups_known = {group for group, _unused in known}

        def visit(parent) -> None:
            for row in range(self.model.rowCount(parent)):
                index = self.model.index(row, 0, parent)
                key = self.model.data(index, KeyRole)
                if key in keys or (
                    key and key[0] == "group" and key[1] in groups_known and not keys
                ):
                    self.view.expand(index)
                visit(index)

        visit(QModelIndex())
