"""Structural edits of one skill tree, on plain nodes (dicts with optional ``children``).

A skill is addressed by its index path from the group's top (``(2, 0)`` is the first
specialty of the third basic skill). Each edit returns a new tree and where the moved skill
ended up, so the editor can select it again; an edit that cannot apply (outdenting a basic
skill, indenting the first of its siblings) returns None and changes nothing. A skill can
only be moved under a sibling, never under itself or its own specialties, so no edit can
make a cycle.

>>> tree = [{"name": "A"}, {"name": "B"}]
>>> tree, at = indent(tree, (1,))
>>> tree, at
([{'name': 'A', 'children': [{'name': 'B'}]}], (0, 0))
>>> outdent(tree, at)
([{'name': 'A'}, {'name': 'B'}], (1,))
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

Node = dict[str, Any]
Where = tuple[int, ...]
Edit = tuple[list[Node], Where] | None


def _siblings(tree: list[Node], where: Where) -> list[Node]:
    nodes = tree
    for index in where[:-1]:
        nodes = nodes[index].setdefault("children", [])
    return nodes


def _tidy(tree: list[Node]) -> list[Node]:
    """Drop empty ``children`` lists, so a leaf is written without one."""
    for node in tree:
        if "children" in node:
            if node["children"]:
                _tidy(node["children"])
            else:
                del node["children"]
    return tree


def node_at(tree: Sequence[Node], where: Where) -> Node:
    node = tree[where[0]]
    for index in where[1:]:
        node = node["children"][index]
    return node


def exists(tree: Sequence[Node], where: Where) -> bool:
    nodes = tree
    for depth, index in enumerate(where):
        if not 0 <= index < len(nodes):
            return False
        if depth < len(where) - 1:
            nodes = nodes[index].get("children") or []
    return bool(where)


def add(tree: list[Node], parent: Where, node: Node) -> Edit:
    """``node`` as the last child of ``parent`` (``()``: a new basic skill)."""
    if parent and not exists(tree, parent):
        return None
    new = copy.deepcopy(tree)
    siblings = node_at(new, parent).setdefault("children", []) if parent else new
    siblings.append(dict(node))
    return _tidy(new), (*parent, len(siblings) - 1)


def remove(tree: list[Node], where: Where) -> Edit:
    if not exists(tree, where):
        return None
    new = copy.deepcopy(tree)
    siblings = _siblings(new, where)
    del siblings[where[-1]]
    if siblings:
        left = (*where[:-1], min(where[-1], len(siblings) - 1))
    else:
        left = where[:-1]
    return _tidy(new), left


def move(tree: list[Node], where: Where, step: int) -> Edit:
    """Up (-1) or down (+1) among its siblings."""
    if not exists(tree, where):
        return None
    new = copy.deepcopy(tree)
    siblings = _siblings(new, where)
    to = where[-1] + step
    if not 0 <= to < len(siblings):
        return None
    siblings.insert(to, siblings.pop(where[-1]))
    return _tidy(new), (*where[:-1], to)


def indent(tree: list[Node], where: Where) -> Edit:
    """Make the skill a specialty of the sibling above it (last among its children)."""
    if not exists(tree, where) or where[-1] == 0:
        return None
    new = copy.deepcopy(tree)
    siblings = _siblings(new, where)
    node = siblings.pop(where[-1])
    above = siblings[where[-1] - 1]
    children = above.setdefault("children", [])
    children.append(node)
    return _tidy(new), (*where[:-1], where[-1] - 1, len(children) - 1)


def outdent(tree: list[Node], where: Where) -> Edit:
    """Make the specialty a sibling of its parent, just after it."""
    if not exists(tree, where) or len(where) < 2:
        return None
    new = copy.deepcopy(tree)
    siblings = _siblings(new, where)
    node = siblings.pop(where[-1])
    parent_where = where[:-1]
    outer = _siblings(new, parent_where)
    outer.insert(parent_where[-1] + 1, node)
    return _tidy(new), (*parent_where[:-1], parent_where[-1] + 1)


def reparent(tree: list[Node], where: Where, parent: Where, index: int) -> Edit:
    """Move the skill under ``parent`` (``()``: to the top) at ``index``, as a drop does;
    None when ``parent`` is the skill itself or one of its specialties."""
    if not exists(tree, where) or (parent and not exists(tree, parent)):
        return None
    if parent[: len(where)] == where:
        return None  # into itself: a cycle
    new = copy.deepcopy(tree)
    target = node_at(new, parent) if parent else None
    siblings = _siblings(new, where)
    node = siblings.pop(where[-1])
    children = target.setdefault("children", []) if target is not None else new
    index = max(0, min(index, len(children)))
    children.insert(index, node)
    _tidy(new)
    return new, _find(new, node)


def _find(tree: list[Node], wanted: Node, prefix: Where = ()) -> Where:
    for index, node in enumerate(tree):
        here = (*prefix, index)
        if node is wanted:
            return here
        found = _find(node.get("children") or [], wanted, here)
        if found:
            return found
    return ()
