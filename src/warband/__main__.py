"""Entry point: `warband` and `python -m warband`."""

import sys

import warband.cli as cli


def main(argv: list[str] | None = None) -> int:
    """Run a headless command; the window arrives with the Army builder."""
    return cli.main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
