"""What every page of the Amazing Engine character wizards shares: the draft they edit, the
snapshot they read, what they ask of their wizard, and the pool boxes they lay out.

Each page edits one part of a shared :class:`Draft` and then asks its host wizard to rebuild
the partial sheet and run the rules over it. A page never decides on its own whether its step
is done: it looks at the findings whose path belongs to the step, shows them, and allows Next
only when none of them is an error or a warning. That keeps the wizard and the sheet form
agreeing on every rule, because both read the same ``rules.check``. The pages themselves live
in the ``wizard_*`` modules beside this one, one per part of the procedure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout

from sheetapp.findings import Finding, join_path
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import Attribute, Pool, label
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.ui.wizard.steps import StepHost, StepPage

SkillKey = tuple[str, tuple[str, ...]]


@dataclass
class Draft:
    """Everything the person has entered so far, in the shape the generation builders take.

    Rolls of 0 mean "not rolled yet" and are left out of the built character.
    """

    universe_id: str = "generic"
    player: str = ""
    ranks: dict[Pool, int] = field(default_factory=dict)
    four_dice: list[Attribute] = field(default_factory=list)
    dice: dict[Attribute, int] = field(default_factory=lambda: dict.fromkeys(Attribute, 0))
    rolls: dict[Attribute, int] = field(default_factory=lambda: dict.fromkeys(Attribute, 0))
    rank_points: dict[Attribute, int] = field(default_factory=lambda: dict.fromkeys(Attribute, 0))
    name: str = ""
    profession: str = ""
    species: str = ""  # one of the universe's species ("": its first)
    skills: list[SkillKey] = field(default_factory=list)
    # Catalogue names of the starting gear; None until the player changes it: the
    # profession's kit.
    gear: list[str] | None = None


@dataclass(frozen=True)
class Snapshot:
    """The partial sheet built from the draft, and what the rules say about it."""

    sheet: AmazingEngineSheet
    index: int
    universe: Universe
    findings: list[Finding]
    pool_dice: dict[Pool, int] | None = None

    @property
    def character(self) -> Character:
        return self.sheet.characters[self.index]


class Host(StepHost, Protocol):
    """What an Amazing Engine page needs from its wizard."""

    draft: Draft
    index: int

    def snapshot(self) -> Snapshot:
        """The partial sheet as the draft stands now."""


class CharacterStepPage(StepPage):
    """A step about the character the wizard is making (the sheet may hold others)."""

    host: Host

    def character_path(self, *parts: str | int) -> str:
        return join_path("characters", self.host.index, *parts)


def pool_box(pool: Pool) -> tuple[QGroupBox, QGridLayout]:
    box = QGroupBox(label(pool), objectName=f"pool_{pool.value}")
    grid = QGridLayout(box)
    grid.setColumnStretch(0, 1)
    return box, grid


def pools_row() -> QHBoxLayout:
    row = QHBoxLayout()
    row.setSpacing(10)
    return row
