"""No code changes the case of a translated string.

``str.capitalize`` lowers every letter but the first: a German line "Fleischwunde:
Verlangsamt" read "Fleischwunde: verlangsamt", and "Unhurt" stood in English beside Arabic
because the word was never translated, only capitalised. ``str.title`` raises every word;
``str.lower`` puts German nouns in small letters. A translated phrase that starts a line
goes through ``sheetapp.i18n.upper_first`` (its first letter raised, the rest as the
translator wrote it), or the catalog holds the string as it is shown.

The scan reads every module of the package: ``.capitalize()`` and ``.title()`` on anything
but a literal, and ``.lower()`` on what the catalog gives (a ``_``/``pgettext``/``ngettext``
call, a ``label(...)`` of a names table, a lookup in a ``TranslatedTable``, a combo box's
text), fail unless listed below with why the string is an English identifier.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import sheetapp

PACKAGE = Path(sheetapp.__file__).parent
CASE_CHANGES = {"capitalize", "title"}
CATALOG_CALLS = {"_", "pgettext", "ngettext", "label", "currentText"}

# (module, the call as ast.unparse writes it): the receiver is an English identifier or
# not a string, never a translation.
IDENTIFIERS = {
    # a field's code name made into the English msgid the catalog holds (test_shown_words)
    ("systems/field_labels.py", "step.replace('_', ' ').capitalize()"),
    ("ui/document.py", "field.replace('_', ' ').capitalize()"),
    # the English plural helper: English nouns only (wording.py's counted nouns)
    ("systems/wording.py", "word.capitalize()"),
    # an FF skill's name as the rules' catalogue spells it (game data, not the catalog)
    ("systems/forgotten_futures/effect.py", "wanted.title()"),
    # a PDF form field's code name as its tooltip, where the caller gave none
    ("pdf/kit/forms.py", "' '.join(words).replace('-', ' ').capitalize()"),
    ("pdf/kit/forms.py", "' '.join([*words, last]).replace('-', ' ').capitalize()"),
    # Qt's QGroupBox.title(), a getter, not str.title
    ("ui/accessible_names.py", "parent.title()"),
    ("ui/button_mnemonics.py", "widget.title()"),
}
# Writing other tabletops' files: English identifiers on purpose.
IDENTIFIER_PACKAGES = ("interop/",)


def _translated_tables(trees: dict[str, ast.Module]) -> set[str]:
    """Names bound at a module's top to a ``TranslatedTable``: their lookups are
    translations."""
    names = set()
    for tree in trees.values():
        for node in tree.body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "TranslatedTable"
            ):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _from_the_catalog(node: ast.expr, tables: set[str]) -> bool:
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in CATALOG_CALLS:
            return True
        if name == "get" and isinstance(func, ast.Attribute):
            return _from_the_catalog(func.value, tables)
        if name == "format" and isinstance(func, ast.Attribute):
            return _from_the_catalog(func.value, tables)
    if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
        return isinstance(node.value, ast.Name) and node.value.id in tables
    return isinstance(node, ast.Name) and node.id in tables


def case_changes(trees: dict[str, ast.Module]) -> Iterator[str]:
    tables = _translated_tables(trees)
    for module, tree in trees.items():
        if module.startswith(IDENTIFIER_PACKAGES):
            continue
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and not node.args
            ):
                continue
            receiver, method = node.func.value, node.func.attr
            if isinstance(receiver, ast.Constant):
                continue
            changed = method in CASE_CHANGES or (
                method == "lower" and _from_the_catalog(receiver, tables)
            )
            if changed and (module, ast.unparse(node)) not in IDENTIFIERS:
                yield f"{module}:{node.lineno}: {ast.unparse(node)}"


def _package_trees() -> dict[str, ast.Module]:
    return {
        path.relative_to(PACKAGE).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
        if "resources" not in path.relative_to(PACKAGE).parts
    }


def test_no_translated_string_changes_case() -> None:
    found = list(case_changes(_package_trees()))
    assert not found, "use upper_first or a whole string of the catalog:\n" + "\n".join(found)


def test_the_scan_finds_a_case_change_on_a_translation() -> None:
    """The check itself, on the shapes that broke the German and Arabic windows."""
    source = """
TIPS = TranslatedTable({"a": N_("Light wound")})
shown = f"{w.condition.capitalize()} · {penalty}"
edit = _("Edit ") + " ".join(word.capitalize() for word in field.split("_"))
lowered = _("{lower}: slowed").format(lower=TIPS["a"].lower())
kind = self.kind.currentText().lower()
fine = "unhurt".capitalize() + key.lower()
"""
    found = list(case_changes({"ui/probe.py": ast.parse(source)}))
    assert sorted(line.split(":")[1] for line in found) == ["3", "4", "5", "6"]
