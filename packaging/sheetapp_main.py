"""The bundle's entry point: the same ``sheetapp`` command line as the installed package.

``sheetapp --self-check`` exists only in the bundle (and is not in ``--help``): the build
runs it to prove the bundle carries what PyInstaller cannot see (``bundle_self_check``).
"""

import sys

if __name__ == "__main__":
    if sys.argv[1:] == ["--self-check"]:
        from bundle_self_check import main as self_check

        sys.exit(self_check())
    from sheetapp.cli.main import main

    sys.exit(main())
