"""Wizards that walk a player through making Amazing Engine characters step by step.

The procedure has an order that matters (ranks before rolls, rolls before rank points, the
attributes before the skill counts), which a free-form sheet cannot enforce; a wizard can.
The wizards hold no rules of their own: every keystroke rebuilds the partial character with
the same generation builders the command line uses and runs ``rules.check`` over it, and each
page lets the player go on only when the findings for its step are cleared.

* :class:`PrimeCharacterWizard` makes a new Player Core together with its prime character.
* :class:`LaterCharacterWizard` makes a further character from an existing core's pool dice.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget, QWizard

from sheetapp.dice import Roller
from sheetapp.findings import join_path
from sheetapp.systems.amazing_engine.catalog import GENERIC_ID, universe_or_generic
from sheetapp.systems.amazing_engine.generation import (
    GenerationError,
    from_core_from_rolls,
    prime_from_rolls,
)
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Core
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.systems.amazing_engine.rules import check
from sheetapp.systems.amazing_engine.skill_choice import with_skill
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.ui.amazing_engine.wizard_pages import (
    CharacterPage,
    DicePage,
    Draft,
    FourDicePage,
    RankPointsPage,
    RanksPage,
    RollsPage,
    SkillsPage,
    Snapshot,
    StepPage,
)
from sheetapp.ui.help_window import add_help_key, set_help_topic

__all__ = ["LaterCharacterWizard", "PrimeCharacterWizard"]

# Fits a 1366x768 screen with room for a taskbar and the window frame.
MINIMUM_SIZE = (820, 560)
DEFAULT_SIZE = (880, 620)


class _CharacterWizard(QWizard):
    """What both wizards share: the draft, the roller and the check-and-refresh loop."""

    def __init__(
        self, parent: QWidget | None, roller: Roller | None, draft: Draft, index: int
    ) -> None:
        super().__init__(parent)
        self.setObjectName("character_wizard")
        set_help_topic(self, "amazing-engine")
        add_help_key(self)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setMinimumSize(*MINIMUM_SIZE)
        self.resize(*DEFAULT_SIZE)
        self.draft = draft
        self.roller = roller if roller is not None else Roller()
        # Where the new character sits in the checked sheet, so findings can be matched.
        self.index = index
        self._steps: list[StepPage] = []
        self._snapshot: Snapshot | None = None
        self._ready = False
        self._refreshing = False
        self._again = False

    def _add_steps(self, steps: list[StepPage]) -> None:
        for step in steps:
            self.addPage(step)
            self._steps.append(step)
        self._ready = True
        self.changed()

    # --- the Host protocol the pages call ----------------------------------------------

    def changed(self) -> None:
        """Rebuild and re-check the sheet, then let every page show what concerns it.

        A page refresh may itself change a value (a spin box clamped to a new maximum);
        that asks for another round instead of nesting one refresh inside another.
        """
        if not self._ready:
            return
        if self._refreshing:
            self._again = True
            return
        self._refreshing = True
        try:
            while True:
                self._again = False
                self._snapshot = None
                snapshot = self.snapshot()
                for step in self._steps:
                    step.present(snapshot)
                if not self._again:
                    break
        finally:
            self._refreshing = False

    def snapshot(self) -> Snapshot:
        if self._snapshot is None:
            universe, _ = universe_or_generic(self.draft.universe_id)
            sheet = self._build(universe)
            self._snapshot = Snapshot(
                sheet=sheet,
                index=self.index,
                universe=universe,
                findings=check(sheet),
                pool_dice=self._pool_dice(),
            )
        return self._snapshot

    # --- building -----------------------------------------------------------------------

    def _build(self, universe: Universe) -> AmazingEngineSheet:
        raise NotImplementedError

    def _pool_dice(self) -> dict[Pool, int] | None:
        return None

    def _finish(self, character: Character, universe: Universe, player: str) -> None:
        """Player and skills; each skill is filed by the backend as profession or free."""
        character.player = player
        for group, path in self.draft.skills:
            if universe.find_skill(group, path) is not None:
                character.skills = with_skill(character, universe, group, path)


class PrimeCharacterWizard(_CharacterWizard):
    """A new Player Core and its prime character: ranks, 4d10, rolls, points, skills."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        roller: Roller | None = None,
        universe_id: str = GENERIC_ID,
    ) -> None:
        universe, _ = universe_or_generic(universe_id)
        draft = Draft(universe_id=universe.id, ranks={pool: i for i, pool in enumerate(Pool, 1)})
        super().__init__(parent, roller, draft, index=0)
        self.setWindowTitle("New Player Core and prime character")
        self._add_steps(
            [
                RanksPage(self),
                FourDicePage(self),
                RollsPage(self),
                RankPointsPage(self),
                CharacterPage(self),
                SkillsPage(self, error_scope=""),
            ]
        )

    def _build(self, universe: Universe) -> AmazingEngineSheet:
        draft = self.draft
        character = prime_from_rolls(
            universe,
            four_dice=draft.four_dice,
            rolls={a: roll for a, roll in draft.rolls.items() if roll},
            rank_points=draft.rank_points,
            name=draft.name,
            profession=draft.profession,
        )
        self._finish(character, universe, draft.player)
        core = Core(player=draft.player, ranks=dict(draft.ranks))
        return AmazingEngineSheet(core=core, characters=[character])

    def result_sheet(self) -> AmazingEngineSheet:
        """The new core with its prime character, as entered (check it before saving)."""
        return self.snapshot().sheet.model_copy(deep=True)


class LaterCharacterWizard(_CharacterWizard):
    """A further character of an existing core: universe, dice, rolls, points, skills."""

    def __init__(
        self,
        sheet: AmazingEngineSheet,
        parent: QWidget | None = None,
        *,
        roller: Roller | None = None,
    ) -> None:
        if sheet.core is None:
            raise GenerationError("this sheet has no Player Core to make a character from")
        pools = current_pool_dice(sheet)
        if pools is None or len(sheet.core.ranks) < len(Pool):
            raise GenerationError("the core needs its four ranks and pool dice first")
        self._sheet = sheet
        self._pools = pools
        draft = Draft(universe_id=GENERIC_ID, player=sheet.core.player)
        super().__init__(parent, roller, draft, index=len(sheet.characters))
        self.setWindowTitle("New character from the Player Core")
        self._add_steps(
            [
                CharacterPage(self, later=True),
                DicePage(self),
                RollsPage(self, later=True),
                RankPointsPage(self),
                SkillsPage(self, error_scope=join_path("characters", self.index)),
            ]
        )

    def _pool_dice(self) -> dict[Pool, int] | None:
        return dict(self._pools)

    def _rolls(self) -> dict[Attribute, int]:
        """Rolls entered so far; an attribute given no dice can only have rolled 0."""
        draft = self.draft
        return {a: r for a, r in draft.rolls.items() if r or not draft.dice.get(a, 0)}

    def _build(self, universe: Universe) -> AmazingEngineSheet:
        draft = self.draft
        character = from_core_from_rolls(
            universe,
            dice=draft.dice,
            rolls=self._rolls(),
            rank_points=draft.rank_points,
            pool_dice=self._pools,
            name=draft.name,
            profession=draft.profession,
        )
        self._finish(character, universe, draft.player)
        # The existing characters are checked alongside, so a clash of universes shows up;
        # ``check`` never changes the sheet, so a shallow copy is enough.
        return self._sheet.model_copy(update={"characters": [*self._sheet.characters, character]})

    def result_character(self) -> Character:
        """The new character, for the caller to append to the sheet."""
        return self.snapshot().character.model_copy(deep=True)
