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

from PySide6.QtWidgets import QWidget

from sheetapp.dice import Roller
from sheetapp.findings import join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import GENERIC_ID, universe_or_generic
from sheetapp.systems.amazing_engine.generation import (
    GenerationError,
    from_core_from_rolls,
    prime_from_rolls,
)
from sheetapp.systems.amazing_engine.kit import add_gear, give_kit
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Core
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.systems.amazing_engine.rules import check
from sheetapp.systems.amazing_engine.skill_choice import with_skill
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.ui.amazing_engine.wizard_character import CharacterPage
from sheetapp.ui.amazing_engine.wizard_dice import DicePage, FourDicePage, RollsPage
from sheetapp.ui.amazing_engine.wizard_draft import Draft, Snapshot
from sheetapp.ui.amazing_engine.wizard_gear import GearPage
from sheetapp.ui.amazing_engine.wizard_ranks import RankPointsPage, RanksPage
from sheetapp.ui.amazing_engine.wizard_skills import SkillsPage
from sheetapp.ui.settings import Settings
from sheetapp.ui.wizard.stepped import StepWizard

__all__ = ["LaterCharacterWizard", "PrimeCharacterWizard", "create_wizard"]

class _CharacterWizard(StepWizard):
    """What both Amazing Engine wizards share: the draft and how a snapshot is built."""

    def __init__(
        self, parent: QWidget | None, roller: Roller | None, draft: Draft, index: int
    ) -> None:
        super().__init__(parent, roller, "amazing-engine")
        self.draft = draft
        # Where the new character sits in the checked sheet, so findings can be matched.
        self.index = index

    def build_snapshot(self) -> Snapshot:
        universe, _unused = universe_or_generic(self.draft.universe_id)
        sheet = self._build(universe)
        findings = check(sheet)
        if not self.draft.name.strip():
            # The sheet may stay nameless; a character made here is named, as in every
            # other system's wizard.
            path = join_path("characters", self.index, "name")
            findings.append(warning("ae.wizard.name", path, _("Give the character a name.")))
        return Snapshot(
            sheet=sheet,
            index=self.index,
            universe=universe,
            findings=findings,
            pool_dice=self._pool_dice(),
        )

    # --- building -----------------------------------------------------------------------

    def _build(self, universe: Universe) -> AmazingEngineSheet:
        raise NotImplementedError

    def _pool_dice(self) -> dict[Pool, int] | None:
        return None

    def _add_steps(self, steps: list) -> None:
        """The gear step is optional (the profession's kit is the default), so Finish is
        offered from the skills step on."""
        for step in steps:
            if isinstance(step, SkillsPage):
                step.setFinalPage(True)
        super()._add_steps(steps)

    def _finish(self, character: Character, universe: Universe, player: str) -> None:
        """Player and skills; each skill is filed by the backend as profession or free."""
        character.player = player
        if any(s.id == self.draft.species for s in universe.species):
            character.species = self.draft.species
        for group, path in self.draft.skills:
            if universe.find_skill(group, path) is not None:
                character.skills = with_skill(character, universe, group, path)
        if self.draft.gear is None:
            give_kit(character, universe)
        else:
            found = (universe.gear_item(name) for name in self.draft.gear)
            add_gear(character, [entry for entry in found if entry is not None])


class PrimeCharacterWizard(_CharacterWizard):
    """A new Player Core and its prime character: ranks, 4d10, rolls, points, skills."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        roller: Roller | None = None,
        universe_id: str = GENERIC_ID,
    ) -> None:
        universe, _unused = universe_or_generic(universe_id)
        draft = Draft(universe_id=universe.id, ranks={pool: i for i, pool in enumerate(Pool, 1)})
        super().__init__(parent, roller, draft, index=0)
        self.setWindowTitle(_("New Player Core and prime character"))
        self._add_steps(
            [
                RanksPage(self),
                FourDicePage(self),
                RollsPage(self),
                RankPointsPage(self),
                CharacterPage(self),
                SkillsPage(self, error_scope=""),
                GearPage(self),
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
            species=draft.species or None,
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
            raise GenerationError(_("this sheet has no Player Core to make a character from"))
        pools = current_pool_dice(sheet)
        if pools is None or len(sheet.core.ranks) < len(Pool):
            raise GenerationError(_("the core needs its four ranks and pool dice first"))
        self._sheet = sheet
        self._pools = pools
        draft = Draft(universe_id=GENERIC_ID, player=sheet.core.player)
        super().__init__(parent, roller, draft, index=len(sheet.characters))
        self.setWindowTitle(_("New character from the Player Core"))
        self._add_steps(
            [
                CharacterPage(self, later=True),
                DicePage(self),
                RollsPage(self, later=True),
                RankPointsPage(self),
                SkillsPage(self, error_scope=join_path("characters", self.index)),
                GearPage(self),
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
            species=draft.species or None,
        )
        self._finish(character, universe, draft.player)
        # The existing characters are checked alongside, so a clash of universes shows up;
        # ``check`` never changes the sheet, so a shallow copy is enough.
        return self._sheet.model_copy(update={"characters": [*self._sheet.characters, character]})

    def result_character(self) -> Character:
        """The new character, for the caller to append to the sheet."""
        return self.snapshot().character.model_copy(deep=True)


def create_wizard(parent: QWidget | None, settings: Settings) -> PrimeCharacterWizard:
    """File > New Character for this system: a Player Core and its prime character."""
    return PrimeCharacterWizard(parent, universe_id=settings.default_universe())
