"""Entry point: `warband` opens the window (`warband ARMY.warband.json` or `BATTLE.battle.json` opens that file in
it), `warband --smoke` checks it can (the start page painted; `warband --smoke builder`: the builder of the last
game played, with its catalogs), anything else is a command."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from warband.model.file_names import DOCUMENT_SUFFIXES

if TYPE_CHECKING:
    from collections.abc import Callable, MutableMapping


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if getattr(sys, "frozen", False):  # the desktop bundle: its interpreter is embedded, not `python`
        import os

        utf8_locale(os.environ)
    opened = _file_to_open(args)
    smoke = args in (["--smoke"], ["--smoke", "builder"])
    if not args or smoke or opened is not None:
        if smoke:
            import os

            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from warband.desktop import platform_problem

        problem = platform_problem()  # no desktop, or Qt's platform cannot load: say so instead of aborting
        if problem is not None:
            print(problem, file=sys.stderr)
            return 2
        import gc

        gc.disable()  # the collector waits until the first window is painted (app.py turns it back on)
        try:
            from warband import app  # the window and Qt load only when they are wanted

            return app.run(smoke=smoke, builder=args == ["--smoke", "builder"], path=opened)
        finally:
            gc.enable()
    if len(args) == 1 and args[0].endswith(DOCUMENT_SUFFIXES):
        print(f"warband: no such file: {args[0]!r}", file=sys.stderr)  # quoted: control characters escaped
        return 2
    import warband.cli as cli

    return cli.main(args)


def utf8_locale(environ: MutableMapping[str, str], resolves: Callable[[], str | None] | None = None) -> None:
    """Under the C or POSIX locale, ask for C.UTF-8, as `python` itself does (PEP 538) and an embedded interpreter
    (the bundle's) does not: Qt would warn of it on every start and fall back the same. As with `python`, that is
    when the locale asked for is C, or cannot be set (not installed here), and LC_ALL is not set; `resolves`
    gives the character locale the environment sets (None: it cannot be set)."""
    if environ.get("LC_ALL"):
        return
    asked = environ.get("LC_CTYPE") or environ.get("LANG") or "C"
    if asked not in ("C", "POSIX") and (resolves or _character_locale)() not in (None, "C", "POSIX"):
        return
    environ["LC_CTYPE"] = "C.UTF-8"


def _character_locale() -> str | None:
    import locale

    try:
        return locale.setlocale(locale.LC_CTYPE, "")
    except locale.Error:
        return None


def _file_to_open(args: list[str]) -> Path | None:
    """The one existing army or battle file given, with no command: the window opens it. So does any other JSON
    file given alone, as an army: on Windows "Open with" hands Warband a `.json` (the type Explorer knows, from the
    last suffix alone), and the window tells what is wrong with it where a windowed program's output would be lost.
    """
    if len(args) != 1 or not args[0].lower().endswith(".json"):
        return None
    path = Path(args[0])
    return path.resolve() if path.is_file() else None


if __name__ == "__main__":
    sys.exit(main())
