"""The bundle's entry script: PyInstaller freezes this file, which runs Warband's own entry point."""

import sys

from warband.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
