"""The Linux desktop bundle, as a player gets it: built by scripts/build-bundle.sh, unpacked in a fresh folder and
run with a clean environment (no venv, no PYTHONPATH, no Python of ours on PATH). Slow (a minute or two): run by
`.ci/run` with `pytest -m slow tests/test_bundle.py`, left out of the README's test command."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from warband import __version__

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "tests" / "files" / "armies_v2" / "confrontation-light-of-merin.warband.json"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bundle"),
    pytest.mark.skipif(
        shutil.which("git") is None or not (ROOT / ".git").exists(), reason="the bundle is built from a clone"
    ),
]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """The bundle built from HEAD and unpacked in a new folder; the program inside it."""
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "build-bundle.sh")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    machine = subprocess.run(["uname", "-m"], capture_output=True, text=True, check=True).stdout.strip()
    archive = ROOT / "dist" / f"warband-{__version__}-linux-{machine}.tar.gz"
    assert archive.is_file(), result.stdout
    target = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(archive) as packed:
        packed.extractall(target, filter="tar")
    [folder] = target.iterdir()
    assert folder.name == archive.name.removesuffix(".tar.gz")
    return folder


def clean_run(program: Path, *args: str, home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run the bundle's program with nothing of this test's Python in the environment."""
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(home), **env}
    return subprocess.run(
        [str(program), *args], capture_output=True, text=True, env=environment, timeout=120, check=False
    )


def test_the_bundle_holds_its_program_data_translations_and_licences(bundle):
    internal = bundle / "_internal"
    assert (bundle / "warband").is_file()
    assert (internal / "warband" / "data" / "confrontation").is_dir()
    assert list((internal / "warband" / "resources" / "locale").glob("*/LC_MESSAGES/warband.mo"))
    assert (internal / "PySide6" / "Qt" / "translations" / "qtbase_fr.qm").is_file()
    qt_libraries = list((internal / "PySide6" / "Qt" / "lib").glob("libQt6Core.so*"))
    assert qt_libraries, "Qt's libraries are separate files (LGPL: the player may replace them)"
    index = (bundle / "licenses" / "README.txt").read_text()
    for component in ("Python", "PySide6_Essentials", "shiboken6", "pydantic", "platformdirs", "pyinstaller"):
        assert component in index
    assert (bundle / "licenses" / "PySide6_Essentials" / "LGPL-3.txt").is_file()
    for size in (16, 48, 256, 512):  # what the desktop shows: the icons the repository holds reach the bundle
        assert (bundle / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "warband.png").is_file()
    assert (bundle / "install.sh").is_file() and (bundle / "uninstall.sh").is_file()
    assert not list(bundle.rglob("*.dist-info/direct_url.json")), "nothing of the build machine's paths"
    assert not [p for p in internal.rglob("*") if p.name in ("pytest", "hypothesis")]


def test_smoke_and_version_with_a_clean_environment(bundle, tmp_path):
    smoke = clean_run(bundle / "warband", "--smoke", home=tmp_path, QT_QPA_PLATFORM="offscreen")
    assert smoke.returncode == 0, smoke.stderr
    assert smoke.stdout.startswith("smoke: en: Warband: Start | "), smoke.stdout
    builder = clean_run(bundle / "warband", "--smoke", "builder", home=tmp_path, QT_QPA_PLATFORM="offscreen")
    assert builder.returncode == 0, builder.stderr
    assert "Army builder" in builder.stdout
    version = clean_run(bundle / "warband", "--version", home=tmp_path)
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith(f"warband {__version__}")
    for game in ("confrontation", "powerdice", "pfpv", "sbg"):
        assert f"  {game} " in version.stdout  # every game found through its entry point


def test_a_french_and_a_russian_start(bundle, tmp_path):
    """Our translations and Qt's own both reach the bundle."""
    french = clean_run(
        bundle / "warband", "--smoke", home=tmp_path, QT_QPA_PLATFORM="offscreen", LANG="fr_FR.UTF-8"
    )
    assert french.returncode == 0, french.stderr
    assert french.stdout.startswith("smoke: fr: Warband: Accueil | Suivi des tours"), french.stdout
    assert french.stdout.rstrip().endswith("Qt: Annuler")
    russian = clean_run(
        bundle / "warband", "--smoke", home=tmp_path, QT_QPA_PLATFORM="offscreen", LANG="ru_RU.UTF-8"
    )
    assert russian.stdout.startswith("smoke: ru: Warband: Начало"), russian.stdout
    assert russian.stdout.rstrip().endswith("Qt: Отмена")


def test_a_pdf_roster_from_the_bundle(bundle, tmp_path):
    target = tmp_path / "roster.pdf"
    result = clean_run(
        bundle / "warband", "roster", str(ARMY), "--format", "pdf", "-o", str(target), home=tmp_path
    )
    assert (result.returncode, result.stderr) == (0, "")
    data = target.read_bytes()
    assert data.startswith(b"%PDF-") and len(data) > 10_000
    assert b"/FontFile" in data, "the roster's font is embedded: its text is there"
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, text=True, check=True).stdout
        assert "Light of Merin" in text


def test_a_broken_army_is_told_from_the_bundle(bundle, tmp_path):
    broken = tmp_path / "broken.warband.json"
    broken.write_text('{"format": "warband-army", "version": 2, ', encoding="utf-8")
    result = clean_run(bundle / "warband", "validate", str(broken), home=tmp_path)
    assert result.returncode == 2
    assert "broken.warband.json" in result.stderr


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb (.ci/run installs it)")
def test_the_bundle_opens_on_an_x_desktop(bundle, tmp_path):
    """On a real X server (Xvfb) through Qt's xcb platform, as a desktop session opens it (--smoke alone would
    draw offscreen)."""
    display = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(
        ["Xvfb", f":{display}", "-screen", "0", "1280x800x24"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{display}").exists():
                break
            time.sleep(0.05)
        result = clean_run(
            bundle / "warband", "--smoke", "builder", home=tmp_path, DISPLAY=f":{display}", QT_QPA_PLATFORM="xcb"
        )
        assert result.returncode == 0, result.stderr
        assert "Army builder" in result.stdout
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_bundle_installs_into_a_home_and_uninstalls(bundle, tmp_path):
    """install.sh from the unpacked bundle: the menu entry, the launcher and the file types; uninstall.sh takes
    them away and leaves the player's own folder alone."""
    home = tmp_path / "home"
    own = home / ".local" / "share" / "warband" / "catalogs" / "mine.json"  # the player's catalogs
    own.parent.mkdir(parents=True)
    own.write_text("{}")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home)}
    installed = subprocess.run(
        ["bash", str(bundle / "install.sh")], env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert installed.returncode == 0, installed.stderr
    entry = home / ".local" / "share" / "applications" / "io.github.warband.Warband.desktop"
    text = entry.read_text()
    assert "MimeType=application/x-warband-army;application/x-warband-battle;" in text
    assert (home / ".local" / "share" / "mime" / "packages" / "io.github.warband.Warband.xml").is_file()
    launcher = home / ".local" / "bin" / "warband"
    version = clean_run(launcher, "--version", home=home)
    assert version.returncode == 0 and version.stdout.startswith(f"warband {__version__}"), version.stderr
    removed = subprocess.run(
        ["bash", str(bundle / "uninstall.sh")], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert removed.returncode == 0, removed.stderr
    assert not entry.exists() and not launcher.exists()
    assert not (home / ".local" / "share" / "warband-program").exists()
    assert own.read_text() == "{}"


def _can_hide_folders() -> bool:
    if shutil.which("unshare") is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True, check=False)
    return probe.returncode == 0


@pytest.mark.skipif(not _can_hide_folders(), reason="needs root and mount namespaces (unshare -m) to hide Python")
def test_the_bundle_runs_where_no_python_is_installed(bundle, tmp_path):
    """Every Python of this machine hidden (its interpreters, standard libraries and this venv, under empty
    folders in a private mount namespace), the bundle still starts and prints a roster."""
    hidden = {Path(sys.base_prefix), Path(sys.prefix)}
    for pattern in (
        "/usr/lib/python3*",
        "/usr/local/lib/python3*",
        "/usr/bin/python3*",
        "/usr/local/bin/python3*",
    ):
        hidden.update(Path("/").glob(pattern.lstrip("/")))
    empty_dir, empty_file = tmp_path / "empty", tmp_path / "empty-file"
    empty_dir.mkdir()
    empty_file.write_bytes(b"")
    mounts = " && ".join(
        f"mount --bind {shlex.quote(str(empty_dir if path.is_dir() else empty_file))} {shlex.quote(str(path))}"
        for path in sorted(hidden)
        if path.exists() and not path.is_symlink()
    )
    roster = tmp_path / "roster.pdf"
    script = (
        f"{mounts} && ! python3 -c pass 2>/dev/null && "
        f"{shlex.quote(str(bundle / 'warband'))} --smoke && "
        f"{shlex.quote(str(bundle / 'warband'))} roster {shlex.quote(str(ARMY))} --format pdf -o {roster}"
    )
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        ["unshare", "-m", "sh", "-c", script],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("smoke: en: Warband: Start"), result.stdout
    assert roster.read_bytes().startswith(b"%PDF-")
