"""Before Qt opens a window: can its platform plugin load on this machine?

When a system library that Qt's platform plugin needs is missing, Qt prints a paragraph
that names the wrong package (it suggests libxcb-cursor0 whatever is missing) and aborts
the process with SIGABRT, so a newcomer on a minimal Linux sees a crash before any window.
We ask the dynamic loader first: if it refuses the plugin, we name the missing libraries
and the Debian packages that hold them, and exit with one line instead.

The plugin's dependencies include everything Qt's GUI modules need (OpenGL, GLib, xkbcommon),
so this one check also covers an import of PySide6 that would fail. Loading the plugin
ourselves costs nothing extra on the good path: Qt loads the same file, with the same
dependencies, a moment later, and the loader hands back the same copy.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from sheetapp.i18n import _

# Where the one list of system packages lives: README's Quick start and .ci/run use it too.
PACKAGES_FILE = ("system-packages", "debian.txt")
_NOT_FOUND = re.compile(r"^\s*(\S+) => not found", re.MULTILINE)
_LOADER_ERROR = re.compile(r"([\w.+-]+\.so(?:\.\d+)*): cannot open shared object file")


def chosen_platform(environ: Mapping[str, str] = os.environ) -> str | None:
    """The platform plugin Qt will try first on Linux, or None where we do not check."""
    if not sys.platform.startswith("linux"):
        return None
    requested = environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if requested:
        return requested
    if environ.get("XDG_SESSION_TYPE") == "wayland" and environ.get("WAYLAND_DISPLAY"):
        return None  # Qt tries Wayland and then falls back to xcb by itself
    return "xcb"


def plugin_path(platform: str) -> Path | None:
    """Where PySide6 keeps the plugin, found without loading Qt (which may itself fail to
    load for the same missing libraries); the app bundle keeps the wheel's layout."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / _("Qt") / "plugins" / "platforms" / f"libq{platform}.so"


def missing_libraries(plugin: Path) -> list[str]:
    """The shared libraries the loader cannot find for ``plugin`` (empty when it loads)."""
    try:
        ctypes.CDLL(str(plugin), mode=os.RTLD_LAZY)
    except OSError as exc:
        listed = _ldd_not_found(plugin)
        if listed:
            return listed
        named = _LOADER_ERROR.search(str(exc))
        return [named.group(1)] if named else [str(exc)]
    return []


def _ldd_not_found(library: Path) -> list[str]:
    """Every missing library at once (the loader itself stops at the first)."""
    import shutil  # both only on this failing path, off every good start
    import subprocess

    ldd = shutil.which("ldd")
    if not ldd:
        return []
    try:
        listing = subprocess.run(
            [ldd, str(library)], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return list(dict.fromkeys(_NOT_FOUND.findall(listing)))


def debian_packages() -> list[str]:
    """The system packages a minimal Debian or Ubuntu needs for the window."""
    from importlib import resources  # only on the failing path, off every good start

    text = resources.files("sheetapp.resources").joinpath(*PACKAGES_FILE).read_text("utf-8")
    return [word for line in text.splitlines() for word in line.split("#")[0].split()]


def platform_problem(environ: Mapping[str, str] = os.environ) -> str | None:
    """One line saying why the window cannot start, or None when it can."""
    platform = chosen_platform(environ)
    if platform is None:
        return None
    plugin = plugin_path(platform)
    if plugin is None or not plugin.is_file():
        return None  # Qt lists the plugins it has; nothing we can add to that
    missing = missing_libraries(plugin)
    if not missing:
        return None
    return _(
        "the window cannot start: Qt's {platform} platform plugin needs "
        "{join}, which this system lacks. On Debian or Ubuntu: sudo apt "
        "install {join2}. The commands (sheetapp --help) work without "
        "them."
    ).format(platform=platform, join=", ".join(missing), join2=" ".join(debian_packages()))
