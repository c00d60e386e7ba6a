"""Entry point: `warband` opens the window, `warband --smoke` checks it can, anything else is a command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args == ["--smoke"]:
        if args:
            import os

            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from warband.desktop import platform_problem

        problem = platform_problem()  # no desktop, or Qt's platform cannot load: say so instead of aborting
        if problem is not None:
            print(problem, file=sys.stderr)
            return 2
        from warband import app  # the window and Qt load only when they are wanted

        return app.run(smoke=bool(args))
    import warband.cli as cli

    return cli.main(args)


if __name__ == "__main__":
    sys.exit(main())
