"""Small shared pieces of the library's menus: counts in words, an action with its tip, and
the disabled-with-a-reason state of an action."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from sheetapp.i18n import _
from sheetapp.plural import ngettext
from sheetapp.storage.library import RosterRow
from sheetapp.ui.menu_actions import make_action

# Each noun a count is shown with, as whole counted strings (a language has its own forms).
COUNTED: dict[str, Callable[[int], str]] = {
    "sheet": lambda n: ngettext("{n} sheet", "{n} sheets", n),
    "character": lambda n: ngettext("{n} character", "{n} characters", n),
    "copy": lambda n: ngettext("{n} copy", "{n} copies", n),
    "file": lambda n: ngettext("{n} file", "{n} files", n),
    "NPC": lambda n: ngettext("{n} NPC", "{n} NPCs", n),
    "stat block": lambda n: ngettext("{n} stat block", "{n} stat blocks", n),
    "error": lambda n: ngettext("{n} error", "{n} errors", n),
    "warning": lambda n: ngettext("{n} warning", "{n} warnings", n),
    "problem": lambda n: ngettext("{n} problem", "{n} problems", n),
    "profession": lambda n: ngettext("{n} profession", "{n} professions", n),
    "skill": lambda n: ngettext("{n} skill", "{n} skills", n),
}


def plural(count: int, noun: str) -> str:
    """A count with its noun (one of ``COUNTED``), in the reader's language and digits.

    >>> plural(1, "sheet"), plural(3, "sheet"), plural(2, "copy")
    ('1 sheet', '3 sheets', '2 copies')
    """
    from sheetapp.locale_format import number

    return COUNTED[noun](count).format(n=number(count))


def enable(action: QAction, enabled: bool, reason: str) -> None:
    """Enable ``action``, or disable it; a disabled action's tooltip gives ``reason`` (why
    the library cannot be changed) when there is one."""
    action.setEnabled(enabled)
    tip = action.property("tip") or ""
    action.setToolTip(reason if not enabled and reason else tip)


def library_action(
    parent: QObject,
    text: str,
    slot: Callable[[], object],
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None,
    tip: str,
) -> QAction:
    """A Library menu action whose tooltip is its tip (``enable`` swaps in a reason)."""
    action = make_action(parent, text, slot, shortcut, tip)
    action.setToolTip(tip)
    action.setProperty("tip", tip)
    return action


def names_list(names: Sequence[str]) -> str:
    """Names as a sentence lists them.

    >>> names_list(["Kess"]), names_list(["Kess", "Tomas"]), names_list(["A", "B", "C"])
    ('Kess', 'Kess and Tomas', 'A, B and C')
    """
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def whole_sheet(characters: Sequence[RosterRow]) -> str:
    """A sheet of several characters named with all of them, as a command on the whole sheet
    takes them all ("Wolfgang's core with Kess Marrow and Tomas Pell"); a sheet of one, by
    its name."""
    if len(characters) == 1:
        return characters[0].name
    names = names_list([c.name for c in characters])
    players = {c.player for c in characters}
    if len(players) == 1 and (player := players.pop()):
        return _("{player}'s core with {names}").format(player=player, names=names)
    return _("the core with {names}").format(names=names)


def chosen_characters(
    keys: Sequence[tuple[int, int]], characters: Mapping[int, Sequence[RosterRow]]
) -> str:
    """What a filing command on roster rows acts on, in words: each sheet whose characters
    are all chosen as a whole sheet, the others by the characters' names; a count past
    three."""
    parts: list[str] = []
    for sheet_id in dict.fromkeys(sheet_id for sheet_id, _position in keys):
        every = characters.get(sheet_id, ())
        chosen = {p for i, p in keys if i == sheet_id}
        if len(every) > 1 and chosen >= {c.character for c in every}:
            parts.append(whole_sheet(every))
        else:
            parts += [c.name for c in every if c.character in chosen]
    if len(parts) > 3:
        return ngettext("{n} character", "{n} characters", len(keys)).format(n=len(keys))
    return names_list(parts)
