"""The app fixtures of tests/ui, for reliability tests that drive the window."""

from tests.ui.conftest import hero_file, window  # noqa: F401
