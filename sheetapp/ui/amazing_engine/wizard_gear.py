"""The wizard page where the player ticks the gear the character starts with, from the
universe's catalogue: the profession's kit comes ticked, and the load shows as it grows.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem

from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.systems.amazing_engine.derived import carry_limits, load_kg, load_status
from sheetapp.systems.amazing_engine.kit import catalogue_line
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.ui.amazing_engine.gear_tab import LOAD_STATUS
from sheetapp.ui.amazing_engine.wizard_draft import CharacterStepPage, Host, Snapshot
from sheetapp.ui.labels import literal


class GearPage(CharacterStepPage):
    """Weapons, armour and equipment of the universe; what is ticked goes on the sheet."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Gear"),
            _(
                "Your profession's gear comes ticked; tick or untick anything in the "
                "universe's catalogue. Weapons keep their damage and lethality, and every "
                "weight counts towards the load."
            ),
        )
        self.load = QLabel(objectName="wizard_load")
        self.load.setProperty("role", "figure")
        self.body.addWidget(self.load)
        self.tree = QTreeWidget(objectName="gear")
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.itemChanged.connect(self._item_changed)
        self.body.addWidget(self.tree, 1)
        self.mark(self.character_path("equipment"), self.tree)
        self._built_for: tuple[str, str] | None = None
        self._names: dict[int, str] = {}

    def prefixes(self) -> tuple[str, ...]:
        return (self.character_path("weapons"), self.character_path("equipment"))

    def _build(self, universe: Universe) -> None:
        self._names.clear()
        with QSignalBlocker(self.tree):
            self.tree.clear()
            for heading, entries in (
                (_("Weapons"), universe.weapons),
                (_("Armour"), universe.armour),
                (_("Equipment"), universe.equipment),
            ):
                if not entries:
                    continue
                top = QTreeWidgetItem([heading])
                top.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.tree.addTopLevelItem(top)
                for entry in entries:
                    item = QTreeWidgetItem(
                        [literal(catalogue_line(entry, universe.gear_name(entry.name)))]
                    )
                    item.setFlags(
                        Qt.ItemFlag.ItemIsEnabled
                        | Qt.ItemFlag.ItemIsSelectable
                        | Qt.ItemFlag.ItemIsUserCheckable
                    )
                    item.setCheckState(0, Qt.CheckState.Unchecked)
                    top.addChild(item)
                    self._names[id(item)] = entry.name
            if not self._names:
                empty = QTreeWidgetItem([_("This universe's pack lists no gear.")])
                empty.setFlags(Qt.ItemFlag.NoItemFlags)
                self.tree.addTopLevelItem(empty)
            self.tree.expandAll()

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if column != 0 or id(item) not in self._names:
            return
        self.host.draft.gear = [
            self._names[id(i)] for i in self._items() if i.checkState(0) == Qt.CheckState.Checked
        ]
        self.host.changed()

    def _items(self) -> list[QTreeWidgetItem]:
        found = []
        for row in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(row)
            found += [top.child(i) for i in range(top.childCount())]
        return found

    def update_view(self, snapshot: Snapshot) -> None:
        character = snapshot.character
        ticked = {w.name for w in character.weapons} | {e.name for e in character.equipment}
        signature = (snapshot.universe.id, character.profession)
        if signature != self._built_for:
            self._built_for = signature
            self._build(snapshot.universe)
        with QSignalBlocker(self.tree):
            for item in self._items():
                on = self._names[id(item)] in ticked
                item.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        load = load_kg(character.equipment, character.weapons)
        limits = carry_limits(character.attributes.get(Attribute.FITNESS, 0))
        self.load.setText(
            _("Load {load} kg of {free} kg free: {status}").format(
                load=number(load),
                free=limits.unhindered,
                status=LOAD_STATUS[load_status(load, limits)],
            )
        )
