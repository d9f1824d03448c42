"""How many NPCs one batch makes, declared once for the command line's parser, the
generate dialog and the batch itself. Imports nothing: the parser is built on every start."""

MAX_COUNT = 100_000
