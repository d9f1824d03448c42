"""A universe pack as an editable document: the game master's TOML, changed key by key.

The pack editor changes a pack through these methods, never by writing the file anew, so
what a game master wrote by hand survives an edit made in the app: comments, blank lines,
the order of keys and tables, the way numbers and strings were written. tomlkit keeps that
layout; this module adds the pack's shapes on top (its arrays of tables, the skill trees
nested in inline arrays) and renders new parts in the style the shipped packs use.

The one exception is a skill group's tree: a structural change (a skill added, removed,
moved, indented) renders that group's ``skills`` array again, two spaces a level as the
shipped packs do, because tomlkit cannot indent nested inline arrays it creates. Comments
inside that one array are then lost; everything outside it is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tomlkit
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT, Array, InlineTable, Table, Whitespace

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.packs import PackReport, parse_pack
from sheetapp.systems.amazing_engine.toml_limits import structure_problem

Path = tuple[str | int, ...]
NODE_KEYS = ("name", "attribute", "enhancement", "learned")  # then others, children last


class PackTextError(ValueError):
    """The text is not TOML the editor can hold; the message says where."""


def parse_document(text: str) -> tomlkit.TOMLDocument:
    """The TOML document of ``text``; PackTextError when it cannot be read at all."""
    shape = structure_problem(text)
    if shape is not None:
        line, _code, message = shape
        raise PackTextError(_("line {line}: {message}").format(line=line, message=message))
    try:
        return tomlkit.parse(text)
    except (TOMLKitError, ValueError, RecursionError) as exc:
        raise PackTextError(" ".join(str(exc).split())[:300]) from None


class PackDocument:
    """One pack's TOML, with the edits the pack editor makes."""

    def __init__(self, text: str) -> None:
        self._doc = parse_document(text)

    @property
    def text(self) -> str:
        return tomlkit.dumps(self._doc)

    def replace(self, text: str) -> None:
        """Hold ``text`` instead (PackTextError, and nothing changed, if it cannot)."""
        self._doc = parse_document(text)

    def data(self) -> dict[str, Any]:
        """The pack as plain Python values, to show."""
        return self._doc.unwrap()

    def report(self, file: str) -> PackReport:
        """The same checks ``sheetapp universes check`` makes, on the text as it stands."""
        return parse_pack(self.text, file)

    # --- plain values --------------------------------------------------------------------

    def value(self, path: Path, default: Any = None) -> Any:
        node: Any = self._doc
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return default
        return node.unwrap() if hasattr(node, "unwrap") else node

    def set_value(self, path: Path, value: Any) -> None:
        """Set the key at ``path`` (its table must exist); None removes the key."""
        container = self._container(path[:-1])
        key = path[-1]
        if value is None:
            if isinstance(key, str) and key in container:
                del container[key]
            return
        if isinstance(key, str) and key not in container and isinstance(container, Table):
            _insert_key(container, key, value)
            return
        container[key] = _item(value)

    def rename_key(self, table: str, old: str, new: str) -> None:
        """Rename ``table``'s key ``old`` to ``new`` where it stands (its comments kept)."""
        container = self._container((table,))
        value = container[old]
        try:
            container.value._replace(old, new, value)  # tomlkit keeps the place and trivia
        except (AttributeError, KeyError, TOMLKitError):
            del container[old]
            container[new] = value

    def _container(self, path: Path) -> Any:
        node: Any = self._doc
        for part in path:
            if isinstance(part, str) and part not in node:
                node[part] = tomlkit.table()
            node = node[part]
        return node

    # --- arrays of tables ----------------------------------------------------------------

    def records(self, table: str) -> list[dict[str, Any]]:
        return list(self.value((table,), []) or [])

    def insert_record(self, table: str, index: int, record: dict[str, Any]) -> None:
        """A new ``[[table]]`` at ``index``, its keys in the order given."""
        made = tomlkit.table()
        for key, value in record.items():
            made[key] = _string_array(value) if isinstance(value, list) else value
        if table not in self._doc:
            array = tomlkit.aot()
            array.append(made)
            self._doc.add(tomlkit.nl())
            self._doc[table] = array
            return
        array = self._doc[table]
        if not isinstance(array, AoT):
            raise PackTextError(
                _("'{table}' is not written as [[{table}]] tables").format(table=table)
            )
        index = max(0, min(index, len(array)))
        if index == len(array):
            array.append(made)
        else:
            array.insert(index, made)

    def remove_record(self, table: str, index: int) -> None:
        array = self._doc[table]
        del array[index]
        if not len(array):
            del self._doc[table]

    def move_record(self, table: str, index: int, to: int) -> None:
        array = self._doc[table]
        if not (0 <= index < len(array) and 0 <= to < len(array)) or index == to:
            return
        array.insert(to, array.pop(index))

    # --- skill trees ---------------------------------------------------------------------

    def set_skills(self, group: int, nodes: Sequence[dict[str, Any]]) -> None:
        """Render group ``group``'s skill tree anew from plain nodes."""
        table = self._doc["skill_groups"][group]
        rendered = tomlkit.parse("skills = " + render_nodes(nodes, 0) + "\n")["skills"]
        table["skills"] = rendered

    def set_node_value(self, group: int, where: Sequence[int], key: str, value: Any) -> None:
        """Change one key of one skill in place (its comments and layout kept); None
        removes the key."""
        node = _node(self._doc["skill_groups"][group]["skills"], where)
        if value is None:
            if key in node:
                del node[key]
        else:
            node[key] = value


def _node(skills: Array, where: Sequence[int]) -> InlineTable:
    node = skills[where[0]]
    for index in where[1:]:
        node = node["children"][index]
    return node


def _item(value: Any) -> Any:
    """A value as the pack writes it: lists on one line, small tables inline
    (``modifiers = { fitness = 10 }``), so a record stays one block of keys."""
    if isinstance(value, list):
        return _string_array(value)
    if isinstance(value, dict):  # written as a person would: spaces inside the braces
        parts = ", ".join(
            f"{tomlkit.key(str(k)).as_string()} = {toml_value(v)}" for k, v in value.items()
        )
        return tomlkit.parse(f"x = {{ {parts} }}" if parts else "x = {}")["x"]
    return tomlkit.item(value)


def _insert_key(table: Table, key: str, value: Any) -> None:
    """Add a key after the table's last key, before the blank lines that end it, so the
    file keeps its spacing between tables."""
    item = _item(value)
    try:
        body = table.value.body
        at = len(body)
        while at > 0 and body[at - 1][0] is None and isinstance(body[at - 1][1], Whitespace):
            at -= 1
        if at == len(body):
            table[key] = item
        else:
            table.value._insert_at(at, key, item)  # tomlkit's own insertion, keeps trivia
    except (AttributeError, TypeError, ValueError, TOMLKitError):
        table[key] = item


def _string_array(values: list[Any]) -> Array:
    array = tomlkit.array()
    array.extend(values)
    return array


def toml_value(value: Any) -> str:
    """One value as TOML writes it."""
    return tomlkit.item(value).as_string()


def render_nodes(nodes: Sequence[dict[str, Any]], depth: int) -> str:
    """A skill array in the shipped packs' layout: one skill a line, children indented."""
    if not nodes:
        return "[]"
    pad = "  " * (depth + 1)
    lines = ["["]
    for node in nodes:
        keys = [k for k in NODE_KEYS if k in node]
        keys += [k for k in node if k not in NODE_KEYS and k != "children"]
        parts = ", ".join(f"{tomlkit.key(k).as_string()} = {toml_value(node[k])}" for k in keys)
        children = node.get("children") or []
        if children:
            inner = render_nodes(children, depth + 1)
            lines.append(f"{pad}{{ {parts}, children = {inner} }},")
        else:
            lines.append(f"{pad}{{ {parts} }},")
    lines.append("  " * depth + "]")
    return "\n".join(lines)


NEW_PACK = """\
# {name}: a universe for the Amazing Engine system, made in sheetapp's pack editor.
format = 1
id = {id}
name = {name_value}
description = ""

[formulas]
stamina = "ceil((willpower + reflexes) / 2)"
body = "ceil(fitness / 5)"
"""


def new_pack_text(pack_id: str, name: str) -> str:
    return NEW_PACK.format(name=" ".join(name.split()), id=toml_value(pack_id),
                           name_value=toml_value(name))


def copy_text(text: str, pack_id: str, name: str) -> str:
    """A shipped pack's text under a new id and name, everything else as it was."""
    document = PackDocument(text)
    document.set_value(("id",), pack_id)
    document.set_value(("name",), name)
    return document.text
