"""PySide6's scan of every module imported after it, turned off for the app's process.

Once PySide6 is imported it looks at each module imported later and reads that module's
whole source file (``inspect.getsource``) to see whether it names PySide6, so that its opt-in
``from __feature__ import snake_case, true_property`` switches know which modules to affect.
sheetapp uses no such switch, and the window paints before the sheet's half of the program
(pydantic, the models, storage) is imported, so every one of those modules was read twice:
about 0.3x of a bare PySide6 window before the sheet is ready for input
(docs/performance.md). With the scan off, every module is recorded as taking no part in the
switches; as no module of sheetapp (nor of what it imports) turns one on, nothing else
changes. ``sheetapp.cli.main`` turns it off just before importing the window.
"""

from __future__ import annotations

import sys
from types import ModuleType


def _takes_no_part(_module: ModuleType) -> bool:
    return False


def skip_pyside_import_scan() -> bool:
    """Import PySide6 and turn its scan off; False when this PySide6 has no such scan."""
    import PySide6.QtCore  # noqa: F401  (installs the scan)

    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    feature._mod_uses_pyside = _takes_no_part  # type: ignore[attr-defined]
    return True
