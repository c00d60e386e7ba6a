"""The Qt window (Army builder, Turn tracker, Resolver), built on `warband.export` and `warband.model`.

PySide6 installs an import hook that, for its optional `__feature__` switches, reads the source of every module
imported after it (`inspect.getsource`) to see whether it names PySide6. That costs each of the window's imports a
file read and a parse, and trips over modules that load their parts lazily (pydantic's) while they are half
imported. Warband uses no `__feature__`: importing this package tells PySide6 whether a module uses it from what
the module holds once imported, without reading its source (`quiet_feature_hook`), so that pydantic and the games
load whenever they are first needed, after the first window is painted.

Before PySide6 loads, this package also turns off its enum "forgiveness" shortcuts (`Qt.AlignCenter` for
`Qt.AlignmentFlag.AlignCenter`, ENOPT_NO_FAKESHORTCUT): Warband names every enum by its scope, and faking the
shortcuts costs the `Qt` namespace alone about 20 ms at launch. A player's own PYSIDE6_OPTION_PYTHON_ENUM wins.
"""

from __future__ import annotations

import importlib
import os
import sys
import types

_PYSIDE = ("PySide6", "shiboken6")
ENUM_OPTIONS = 0x01 | 0x10
"""PySide6's Python enums (ENOPT_NEW_ENUM) without the faked unscoped shortcuts (ENOPT_NO_FAKESHORTCUT)."""


def _uses_pyside(module: types.ModuleType) -> bool:
    """Whether a module just imported holds anything from PySide6: what PySide6's hook wants to know, read from
    the module's names instead of its source."""
    try:
        held = list(vars(module).values())
    except TypeError:
        return False
    for value in held:
        if isinstance(value, types.ModuleType):
            owner = value.__name__
        elif isinstance(value, type | types.FunctionType | types.BuiltinFunctionType):
            owner = getattr(value, "__module__", None) or ""
        else:
            owner = type(value).__module__
        if isinstance(owner, str) and owner.startswith(_PYSIDE):
            return True
    return False


def quiet_feature_hook() -> bool:
    """Answer PySide6's import hook without reading sources; False when this PySide6 has no such hook (nothing
    to do)."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    setattr(feature, "_mod_uses_pyside", _uses_pyside)  # noqa: B010  (a module's function, replaced)
    return True


if "PySide6" not in sys.modules and "PYSIDE6_OPTION_PYTHON_ENUM" not in os.environ:
    sys.pyside6_option_python_enum = getattr(sys, "pyside6_option_python_enum", ENUM_OPTIONS)  # type: ignore[attr-defined]

try:  # installs the import hook that `quiet_feature_hook` answers
    importlib.import_module("PySide6.QtCore")
except ImportError:  # no Qt: the window cannot open, but its plain parts (the settings file) still import
    pass
else:
    quiet_feature_hook()
