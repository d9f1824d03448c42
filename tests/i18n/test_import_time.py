"""Nothing a person reads is translated while the package is imported.

The language is chosen after the modules are imported (``sheetapp.cli.main``), so a
``_()`` run at import (a module-level table, a decorator's argument, a list built from a
names table) holds English for good. The package is imported in a fresh interpreter with a
catalog that records every lookup; a lookup made then is a string that will not follow the
reader's language.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

RECORD = r'''
import gettext, importlib, json, pkgutil, traceback
from sheetapp import i18n

calls = []

class Recording(gettext.NullTranslations):
    def gettext(self, message):
        frames = [f for f in traceback.extract_stack()
                  if "/sheetapp/" in f.filename and not f.filename.endswith("i18n.py")]
        caller = frames[-1]
        calls.append([caller.filename.rsplit("/sheetapp/", 1)[1], caller.lineno, message])
        return message

    def ngettext(self, singular, plural, n):
        return self.gettext(singular)

    def pgettext(self, context, message):
        return self.gettext(message)

i18n._Active.catalog = Recording()
import sheetapp
for module in pkgutil.walk_packages(sheetapp.__path__, "sheetapp."):
    if not module.name.endswith("__main__"):
        importlib.import_module(module.name)
print(json.dumps(calls))
'''

# Argument names for a refusal the dice code words eagerly while a module builds its
# distributions; they are read only if a distribution is refused, never at import.
ALLOWED = {"dice/distribution.py"}


def test_no_string_is_translated_at_import(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SHEETAPP_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", RECORD], capture_output=True, text=True, env=env, check=True
    )
    calls = json.loads(done.stdout.strip().splitlines()[-1])
    early = sorted({f"{where}:{line}: {message!r}" for where, line, message in calls
                    if where not in ALLOWED})
    assert not early, "translated at import (mark with N_, translate where shown):\n" + "\n".join(
        early
    )
