"""Stat blocks as text, to paste into a chat, a forum post or notes: plain text and
Markdown, with the content of the PDF's stat blocks.

Each system's module, named after the system's folder (``amazing_engine``...), turns its
``block_figures`` (the same figures the PDF block prints) into ``TextBlock`` values;
``text`` writes them out. Pure Python: the command line and the app both use it, and
neither ReportLab nor Qt is imported.
"""
