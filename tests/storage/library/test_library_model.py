"""Random sequences of what a GM does, checked against a plain model of the library:
the roster, the trash and every sheet's history always agree with it."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, rule

from sheetapp.storage.library import LibraryError, RosterQuery, open_library
from sheetapp.storage.library.documents import encode

from .conftest import npc

NAMES = st.sampled_from(["Brannoc", "Zoë", "Алёша", "O'Hara <b>", "山田", "Ann & Co"])


class LibraryModel(RuleBasedStateMachine):
    sheets = Bundle("sheets")

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory(prefix="sheetapp-model-")
        self.lib = open_library(Path(self.folder.name) / "library.sqlite3")
        self.history: dict[int, list[str]] = {}  # sheet id -> documents, oldest first
        self.current: dict[int, str] = {}
        self.trashed: set[int] = set()

    def teardown(self) -> None:
        self.lib.close()
        self.folder.cleanup()

    @rule(target=sheets, seed=st.integers(0, 50), name=NAMES)
    def add(self, seed: int, name: str) -> int:
        sheet = npc(seed, name)
        sheet_id = self.lib.add(sheet)
        self.history[sheet_id] = [encode(sheet)]
        self.current[sheet_id] = encode(sheet)
        return sheet_id

    @rule(sheet_id=sheets, seed=st.integers(0, 50), name=NAMES)
    def save(self, sheet_id: int, seed: int, name: str) -> None:
        sheet = npc(seed, name)
        if sheet_id in self.trashed:
            try:
                self.lib.save(sheet_id, sheet)
            except LibraryError:
                return
            raise AssertionError("a trashed sheet was saved")
        self.lib.save(sheet_id, sheet)
        if encode(sheet) != self.current[sheet_id]:
            self.history[sheet_id].append(encode(sheet))
            self.current[sheet_id] = encode(sheet)

    @rule(sheet_id=sheets, back=st.integers(0, 5))
    def restore(self, sheet_id: int, back: int) -> None:
        if sheet_id in self.trashed:
            return
        number = max(1, len(self.history[sheet_id]) - back)
        self.lib.restore(sheet_id, number)
        wanted = self.history[sheet_id][number - 1]
        if wanted != self.current[sheet_id]:
            self.history[sheet_id].append(wanted)
            self.current[sheet_id] = wanted

    @rule(sheet_id=sheets)
    def delete(self, sheet_id: int) -> None:
        self.lib.delete([sheet_id])
        self.trashed.add(sheet_id)

    @rule(sheet_id=sheets)
    def untrash(self, sheet_id: int) -> None:
        self.lib.untrash([sheet_id])
        self.trashed.discard(sheet_id)

    @invariant()
    def roster_trash_and_history_agree(self) -> None:
        living = set(self.history) - self.trashed
        assert {r.id for r in self.lib.roster()} == living
        assert {r.id for r in self.lib.trash()} == self.trashed
        assert set(self.lib.roster_ids(RosterQuery(sort="updated"))) == living
        for sheet_id, documents in self.history.items():
            assert self.lib.document(sheet_id) == self.current[sheet_id]
            assert [r.number for r in self.lib.revisions(sheet_id)] == list(
                range(len(documents), 0, -1)
            )


TestLibraryModel = LibraryModel.TestCase
# Every step commits to disk (synchronous=FULL): a quarter of the profile's examples, in
# short walks (HYPOTHESIS_PROFILE=large still runs over a thousand).
TestLibraryModel.settings = settings(
    settings.default,
    max_examples=max(20, settings.default.max_examples // 4),
    stateful_step_count=15,
)
