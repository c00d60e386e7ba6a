"""Litany's own translations: gather its strings, merge them into each language's .po, compile the .mo files.

    python tests/plugins/site/litany/locale/update.py           write the files that change
    python tests/plugins/site/litany/locale/update.py --check   exit 1 when a .po or a .mo is stale

The game's strings (those given to `_()` and `N_()` anywhere in the package, its window side too) are found and
compiled with the functions of Warband's own `scripts/i18n.py`, in the game's own domain `warband-litany`:
Warband's catalogs never hold them (its `load_language` asks this game's catalogs after its own).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
ROOT = HERE.parents[4]
DOMAIN = "warband-litany"
LANGUAGES = ("fr",)


def _i18n() -> ModuleType:
    """Warband's `scripts/i18n.py`, loaded from the checkout (it is no module of the installed program)."""
    spec = importlib.util.spec_from_file_location("warband_i18n", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def expected_files() -> dict[Path, bytes]:
    i18n = _i18n()
    pot = i18n.template(i18n.extract(PACKAGE))
    files: dict[Path, bytes] = {}
    for lang in LANGUAGES:
        path = HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        old = i18n.parse_po(path.read_text(encoding="utf-8")) if path.exists() else None
        po = i18n.merge(pot, old, lang)
        if old is None or not old.header.msgstr:
            fields = [f"Project-Id-Version: {DOMAIN}", f"Language: {lang}", "MIME-Version: 1.0"]
            fields += ["Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit"]
            if lang in i18n.PLURAL_FORMS:
                fields.append(f"Plural-Forms: {i18n.PLURAL_FORMS[lang]}")
            po.header = i18n.Entry("", "".join(f"{f}\n" for f in fields), comments=["Litany's own strings."])
        files[path] = i18n.format_catalog(po).encode("utf-8")
        files[path.with_suffix(".mo")] = i18n.compile_mo(po)
    return files


def main(argv: list[str]) -> int:
    files = expected_files()
    stale = [path for path, data in files.items() if not path.exists() or path.read_bytes() != data]
    for path in stale:
        print(("stale: " if "--check" in argv else "wrote: ") + str(path.relative_to(ROOT)))
        if "--check" not in argv:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[path])
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
