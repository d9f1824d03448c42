"""Read the open sheet as a screen reader does, from outside the app, over AT-SPI.

Run by the system's Python (Debian's python3-pyatspi lives there), inside a D-Bus session
(``dbus-run-session``) with an X display: it starts the app given after ``--``, waits for
its window in the accessibility registry, and prints one JSON line: every control shown,
as [role, name, value, labelled by]. Used by tests/ui/test_atspi.py; Qt-free and
sheetapp-free, as Orca is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pyatspi

CONTROLS = {"text", "spin button", "combo box", "check box", "push button", "password text"}
APP = "sheetapp"


def find_app(deadline: float):
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is not None and app.name == APP:
                return app
        time.sleep(0.2)
    return None


def value_of(node) -> str:
    role = node.getRoleName()
    if role == "spin button":
        try:
            text = node.queryText()
            return text.getText(0, -1)
        except NotImplementedError:
            return str(node.queryValue().currentValue)
    if role in ("text", "password text"):
        try:
            text = node.queryText()
            return text.getText(0, -1)
        except NotImplementedError:
            return ""
    if role == "check box":
        return "checked" if node.getState().contains(pyatspi.STATE_CHECKED) else "unchecked"
    return ""


def labelled_by(node) -> str:
    names = []
    for relation in node.getRelationSet():
        if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
            for i in range(relation.getNTargets()):
                names.append(relation.getTarget(i).name)
    return " ".join(names)


def walk(node, found: list, depth: int = 0) -> None:
    if node is None or depth > 60:
        return
    try:
        states = node.getState()
        if not states.contains(pyatspi.STATE_SHOWING):
            return
        role = node.getRoleName()
        if role in CONTROLS and states.contains(pyatspi.STATE_FOCUSABLE):
            found.append([role, node.name, value_of(node), labelled_by(node)])
        for index in range(node.childCount):
            walk(node.getChildAtIndex(index), found, depth + 1)
    except Exception:  # a node gone while read: the tree is live
        return


def main(argv: list[str]) -> int:
    command = argv[argv.index("--") + 1 :]
    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb")
    app_process = subprocess.Popen(command, env=env)
    try:
        app = find_app(time.time() + 30)
        if app is None:
            print(json.dumps({"error": "the app never showed in the registry"}))
            return 1
        found: list = []
        deadline = time.time() + 20
        while time.time() < deadline:  # until the sheet's page is built and named
            found = []
            for index in range(app.childCount):
                walk(app.getChildAtIndex(index), found)
            if any(row[1] and row[0] == "text" for row in found):
                time.sleep(1.0)  # the names are given once the page has shown
                found = []
                for index in range(app.childCount):
                    walk(app.getChildAtIndex(index), found)
                break
            time.sleep(0.3)
        print(json.dumps({"controls": found}))
        return 0
    finally:
        app_process.terminate()
        try:
            app_process.wait(10)
        except subprocess.TimeoutExpired:
            app_process.kill()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
