"""The Qt window (Army builder, Turn tracker, Resolver), built on `warband.export` and `warband.model`.

PySide6 installs an import hook that, for its optional `__feature__` switches, reads the source of every module
imported after it (`inspect.getsource`) to see whether it names PySide6. That costs each of the window's imports a
file read and a parse, and trips over modules that load their parts lazily (pydantic's) while they are half
imported. Warband uses no `__feature__`: importing this package tells PySide6 whether a module uses it from what
the module holds once imported, without reading its source (`quiet_feature_hook`), so that pydantic and the games
load whenever they are first needed, after the first window is painted.
"""

from __future__ import annotations

import importlib
import sys
import types

_PYSIDE = ("PySide6", "shiboken6")


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


try:  # installs the import hook that `quiet_feature_hook` answers
    importlib.import_module("PySide6.QtCore")
except ImportError:  # no Qt: the window cannot open, but its plain parts (the settings file) still import
    pass
else:
    quiet_feature_hook()
