"""Allow ``python -m sheetapp`` as well as the ``sheetapp`` entry point."""

from sheetapp.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
