"""The live campaign service's showing side: what the GM shows the players (shared NPCs,
the encounter on the Table, universe packs) and a shared pack installed where it arrives.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pycrdt import Doc

from sheetapp.bounded_read import read_limited
from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.contracts import Kind, Refused, Role
from sheetapp.data_dir import private_folder
from sheetapp.i18n import _
from sheetapp.storage.atomic import write_atomic
from sheetapp.ui.campaign.live_state import LiveState


class ShowingSide(LiveState):
    """What the GM reveals and shows, and packs that arrive."""

    def shareable_packs(self) -> list[tuple[str, str]]:
        """The GM's own universe packs (id, name): the ones players may lack."""
        from sheetapp.systems.amazing_engine.catalog import catalogue

        return [
            (universe_id, entry.universe.shown_name)
            for universe_id, entry in catalogue().entries.items()
            if entry.source == "user"
        ]

    def share_pack(self, universe_id: str) -> str:
        """GM: give every player one of their universe packs, so sheets set in it read the
        same everywhere; returns its document's name. Shared again, it is sent anew."""
        from sheetapp.systems.amazing_engine.catalog import catalogue
        from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES

        self._require_gm(_("only the GM shares universe packs"))
        entry = catalogue().entries.get(universe_id)
        if entry is None or entry.source != "user":
            raise Refused(
                _("'{universe_id}' is not one of your universe packs").format(
                    universe_id=universe_id
                )
            )
        try:
            text = read_limited(Path(entry.file), MAX_PACK_BYTES).decode("utf-8")
        except (OSError, ValueError) as exc:
            raise Refused(
                _("{file}: cannot read the pack ({exc})").format(file=entry.file, exc=exc)
            ) from None
        name = self._packs.setdefault(universe_id, f"pack:{uuid.uuid4()}")
        pack = {"universe": universe_id, "file": Path(entry.file).name, "text": text}
        self._run(self._write_shown(name, pack, True), lambda _unused: None)  # for the players' use
        return name

    def show_encounter(
        self,
        name: str,
        lines: list[str],
        standing: Mapping[int, tuple[str, list[str]]] | None = None,
    ) -> None:
        self._require_gm(_("only the GM shows encounters"))
        self._encounter = self._encounter or f"encounter:{uuid.uuid4()}"
        shown = {
            "name": name,
            "lines": [str(line) for line in lines],
            "party": self._party_standing(standing or {}),
        }
        self._run(self._write_shown(self._encounter, shown, True), lambda _unused: None)

    def _party_standing(
        self, standing: Mapping[int, tuple[str, list[str]]]
    ) -> dict[str, dict[str, Any]]:
        """The players' characters of ``standing`` by their campaign document (the host
        says whose each is): NPCs and sheets not shared stay on the GM's Table."""
        library = self._session.library
        party: dict[str, dict[str, Any]] = {}
        for sheet_id, (who, conditions) in standing.items():
            link = library.document_for(sheet_id) if library is not None else None
            if link is not None and wire.kind_of(link.name) is Kind.CHARACTER:
                party[link.name] = {"name": who, "conditions": [str(c) for c in conditions]}
        return party

    def hide_encounter(self) -> None:
        if self._encounter:
            self._run(self._set_revealed(self._encounter, False), lambda _unused: None)
            self._encounter = ""

    def shows_encounter(self) -> bool:
        return bool(self._encounter)

    def reveal(self, sheet_id: int, revealed: bool = True) -> None:
        """Show one of the GM's shared sheets to every player, read-only (or stop)."""
        self._require_gm(_("only the GM reveals sheets to the players"))
        link = self._library().document_for(sheet_id)
        if link is None or wire.kind_of(link.name) in (Kind.CHARACTER, None):
            raise Refused(_("share the sheet as an NPC first (Share This Sheet)"))
        self._run(self._set_revealed(link.name, revealed), lambda _unused: None)

    def is_revealed(self, sheet_id: int) -> bool:
        library = self._session.library
        link = library.document_for(sheet_id) if library is not None else None
        return link is not None and bool(self._listing.get(link.name, {}).get("revealed"))

    def _pack_arrived(self, name: str, doc: Doc) -> None:
        """A universe pack the GM shared: checked as any pack is, then kept in this
        machine's pack folder under a name of the campaign's own (never a file the person
        made), and the catalogue read again."""
        from sheetapp.systems.amazing_engine.catalog import reload_catalogue, user_pack_folder
        from sheetapp.systems.amazing_engine.packs import parse_pack

        membership = self._membership
        pack = ydoc.read(doc)
        if membership is None or membership.member.role is Role.GM or not pack:
            return
        universe, text = pack.get("universe"), pack.get("text")
        if not isinstance(universe, str) or not isinstance(text, str):
            self.notice.emit(_("The GM's universe pack arrived damaged; it was not installed"))
            return
        report = parse_pack(text, _("the campaign's pack {universe}").format(universe=universe))
        if not report.usable or report.universe is None or report.universe.id != universe:
            why = report.problems[0].message if report.problems else _("not the universe named")
            self.notice.emit(
                _("The GM's universe pack {universe} was not installed: {why}").format(
                    universe=universe, why=why
                )
            )
            return
        from sheetapp.play.npcs import slug

        name = f"campaign-{membership.campaign_id[:8]}-{slug(universe)[:60]}.toml"
        target = user_pack_folder() / name
        data = text.encode("utf-8")
        try:
            if target.is_file() and read_limited(target, len(data)) == data:
                return
            private_folder(target.parent)
            write_atomic(target, data)
        except OSError as exc:
            self.notice.emit(
                _("{target}: cannot install the GM's universe pack ({exc})").format(
                    target=target, exc=exc
                )
            )
            return
        reload_catalogue()
        self.notice.emit(
            _("Installed the universe {name} from the campaign").format(
                name=report.universe.shown_name
            )
        )
