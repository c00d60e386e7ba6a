"""The installable package: data/ and resources/ reach the wheel, and are found both installed and in a checkout."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from warband.model.locations import data_dir, resources_dir

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    [built] = out.glob("warband-*.whl")
    return zipfile.ZipFile(built)


def test_wheel_holds_the_package_data_and_resources(wheel):
    names = set(wheel.namelist())
    for folder in ("data", "resources"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file():
                assert f"warband/{path.relative_to(ROOT).as_posix()}" in names, path
    assert "warband/__main__.py" in names
    assert "warband/model/systems/confrontation/rules.py" in names
    assert not [n for n in names if "/tests/" in n or n.startswith(("tests/", ".venv"))]


def test_wheel_declares_the_command(wheel):
    [entry_points] = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    assert "warband = warband.__main__:main" in wheel.read(entry_points).decode()


def test_data_and_resources_found_from_the_checkout():
    assert (data_dir() / "confrontation").is_dir()
    assert (resources_dir() / "icons" / "warband.svg").is_file()


def test_installed_wheel_finds_its_own_data(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), wheel.filename],
        check=True,
        capture_output=True,
    )
    probe = (
        "from warband.model.locations import data_dir, resources_dir; print(data_dir()); print(resources_dir())"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    data, resources = result.stdout.split()
    assert Path(data) == target / "warband" / "data"
    assert Path(resources) == target / "warband" / "resources"
    assert (Path(data) / "confrontation").is_dir()


def test_the_wheel_registers_the_built_in_games_through_entry_points(wheel, tmp_path):
    """The four games reach an installed program through the wheel's `entry_points.txt`, the way a plug-in's do."""
    [entry_points] = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    text = wheel.read(entry_points).decode()
    declared = text.split("[warband.systems]")[1].split("[")[0]
    ids = sorted(line.split("=")[0].strip() for line in declared.splitlines() if "=" in line)
    assert len(ids) == 4 and all(f"{i} = warband.model.systems.{i}:GAME" in text for i in ids)
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), wheel.filename],
        check=True,
        capture_output=True,
    )
    probe = "from warband.model.system import registered; print(sorted(registered())); print(registered()[{!r}])"
    result = subprocess.run(
        [sys.executable, "-c", probe.format(ids[0])],
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    found, first = result.stdout.splitlines()
    assert found == str(ids)
    assert f"package='warband.model.systems.{ids[0]}', distribution='warband'" in first


@pytest.mark.slow
def test_python_m_build_makes_an_sdist_and_a_wheel_that_pipx_installs(tmp_path):
    """The release path of a Python install: `python -m build` (the wheel built from the sdist, as build does),
    then `pipx install` of the wheel, whose `warband` runs and finds its games and translations. Both tools come
    into a throwaway venv (they are not the program's dependencies)."""
    tools = tmp_path / "tools"
    subprocess.run([sys.executable, "-m", "venv", str(tools)], check=True)
    python = tools / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "build", "pipx"],
        check=True,
        capture_output=True,
    )
    out = tmp_path / "dist"
    built = subprocess.run(
        [str(python), "-m", "build", "--outdir", str(out), str(ROOT)], capture_output=True, text=True, check=False
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    [sdist] = out.glob("warband-*.tar.gz")
    [wheel_file] = out.glob("warband-*.whl")
    names = set(zipfile.ZipFile(wheel_file).namelist())
    assert {
        "warband/resources/locale/fr/LC_MESSAGES/warband.mo",
        "warband/resources/locale/ru/LC_MESSAGES/warband.mo",
    } <= names
    assert "warband/data/confrontation" in {n.rsplit("/", 1)[0] for n in names}

    env = {
        "PATH": f"{tools / 'bin'}:/usr/bin:/bin",
        "HOME": str(tmp_path / "home"),
        "PIPX_HOME": str(tmp_path / "pipx"),
        "PIPX_BIN_DIR": str(tmp_path / "bin"),
        "PIPX_MAN_DIR": str(tmp_path / "man"),
        "QT_QPA_PLATFORM": "offscreen",
        "LANG": "fr_FR.UTF-8",
    }
    installed = subprocess.run(
        [str(tools / "bin" / "pipx"), "install", str(wheel_file)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stdout[-2000:] + installed.stderr[-2000:]
    program = tmp_path / "bin" / "warband"
    version = subprocess.run([str(program), "--version"], env=env, capture_output=True, text=True, check=True)
    assert version.stdout.count("(warband ") == 4, version.stdout  # the four games, through the entry points
    smoke = subprocess.run([str(program), "--smoke"], env=env, capture_output=True, text=True, check=False)
    assert smoke.returncode == 0, smoke.stderr
    assert smoke.stdout.startswith("smoke: fr: Warband: Accueil"), smoke.stdout
    assert sdist.stat().st_size > 0
