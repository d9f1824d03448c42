"""Allow ``python -m sheetapp`` as well as the ``sheetapp`` entry point."""

from sheetapp.cli.main import main

raise SystemExit(main())
