"""The bundle's entry point: the same ``sheetapp`` command line as the installed package."""

import sys

from sheetapp.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
