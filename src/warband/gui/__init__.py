"""The Qt window (Army builder, Turn tracker, Resolver), built on `warband.export` and `warband.model`.

Importing this package loads pydantic completely before PySide6: PySide6's import hook inspects every module
imported after it, and that inspection trips over pydantic's lazily loaded parts while they are half imported.
"""

import pydantic._internal._validators
import pydantic.fields  # noqa: F401

import warband.model.army  # noqa: F401
