"""The reader runs in the system Python (which has pyatspi), started by tests/ui/test_atspi.py;
collecting it here for doctests would import pyatspi in the test virtualenv, which has none."""

collect_ignore = ["read_sheet.py"]
