"""The universe pack editor: a game master's universe as a document of its own."""
