"""`warband.api` as a script meets it: every name it lists is there, and importing it costs nothing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from warband import api


def test_every_listed_name_resolves() -> None:
    for name in api.__all__:
        assert getattr(api, name) is not None, name
    assert dir(api) == sorted(api.__all__)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'castle'"):
        api.castle  # noqa: B018


def test_importing_the_api_loads_neither_pydantic_nor_a_game() -> None:
    code = (
        "import sys, warband.api; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' or m.startswith('warband.model')))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_a_name_loads_its_module_when_first_used() -> None:
    code = "import sys, warband.api as api; api.games(); print('pydantic' in sys.modules, len(api.games()) > 0)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]
