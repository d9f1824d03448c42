"""The GM's tools: NPCs in batches, XP for a group, damage and encounters at the table.

Pure Python over the rules and the library (no Qt). ``support`` says what each system
provides; ``damage`` and ``encounter`` are values and functions a UI drives; ``table`` and
``batch`` apply them to library sheets.
"""
