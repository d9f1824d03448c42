"""No module of the package takes part in an import cycle, and the rules never reach into
the library's storage.

The graph is read statically (``ast``) from every file under ``sheetapp/`` and counts every
import statement wherever it stands: at the top, inside a function (a deferred import
still runs, only later), and under ``if TYPE_CHECKING:`` (it runs for the type checker,
and a module that names its caller's type is tied to it all the same). A cycle between
modules means neither can be understood, tested or loaded without the other; the one the
window and the library's actions made is what this test was written against.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sheetapp"


def module_files() -> dict[str, tuple[Path, bool]]:
    """Every module's dotted name: its file, and whether it is a package's ``__init__``."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def imports_of(name: str, path: Path, is_package: bool) -> set[str]:
    """Every module ``name`` names in an import: ``from a import b`` names ``a`` and, when
    ``b`` is a submodule, ``a.b``; relative imports are resolved."""
    package = name if is_package else name.rpartition(".")[0]
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            named.add(module)
            named.update(f"{module}.{alias.name}" for alias in node.names)
    return named


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    return {
        name: {m for m in imports_of(name, path, is_package) if m in files and m != name}
        for name, (path, is_package) in files.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without
    recursion so a deep package cannot overflow the stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_finder_sees_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]


def test_the_graph_sees_deferred_and_type_checking_imports() -> None:
    graph = import_graph()
    # main imports its verbs inside a function; the verbs name the shared exit codes.
    assert "sheetapp.cli.verbs" in graph["sheetapp.cli.main"]
    assert "sheetapp.cli.exits" in graph["sheetapp.cli.verbs"]
    assert len(graph) > 200


def test_no_module_takes_part_in_an_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_the_rules_import_nothing_from_the_storage() -> None:
    graph = import_graph()
    offences = [
        f"{name} imports {module}"
        for name, modules in graph.items()
        if name.startswith("sheetapp.systems")
        for module in modules
        if module == "sheetapp.storage" or module.startswith("sheetapp.storage.")
    ]
    assert offences == []
