"""The Linux desktop files (packaging/linux): the menu entry, the file types, the software-centre metadata and the
icons are valid and agree with one another, and the bundle's install.sh and uninstall.sh put them into a home
folder and take exactly them away again. The desktop's own validators run when they are installed (Debian and
Ubuntu packages: desktop-file-utils, appstream, libxml2-utils, shared-mime-info); the tests skip them otherwise."""

from __future__ import annotations

import configparser
import filecmp
import fnmatch
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from warband import __version__

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "packaging" / "linux"
SHARE = LINUX / "share"
APP_ID = "io.github.warband.Warband"
DESKTOP = SHARE / "applications" / f"{APP_ID}.desktop"
MIME = SHARE / "mime" / "packages" / f"{APP_ID}.xml"
METAINFO = SHARE / "metainfo" / f"{APP_ID}.metainfo.xml"
ICONS = SHARE / "icons" / "hicolor"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ARMY, BATTLE = "application/x-warband-army", "application/x-warband-battle"
NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
LANG = "{http://www.w3.org/XML/1998/namespace}lang"
KNOWN_APPSTREAM_WARNINGS = {"url-homepage-missing"}
"""Warband has no public web address yet (AppStream 1.0 warns; 0.16 does not): add `<url type="homepage">` then."""
TOOLS = ("update-mime-database", "update-desktop-database", "gtk-update-icon-cache")

needs_bash = pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("bash") is None, reason="the scripts are bash, for Linux"
)


def desktop_entry(path: Path = DESKTOP) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",), comment_prefixes=("#",), strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  (keys are case-sensitive: Name[fr])
    parser.read_string(path.read_text(encoding="utf-8"))
    assert parser.sections() == ["Desktop Entry"]
    return parser["Desktop Entry"]


def listed(value: str) -> list[str]:
    """A Desktop Entry list (`a;b;`)."""
    return [item for item in value.split(";") if item]


def exec_argv(value: str) -> list[str]:
    """An Exec value as the Desktop Entry spec reads it: the string's escapes, then the quoting of arguments."""
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    text = re.sub(r"\\(.)", lambda found: escapes.get(found[1], found[0]), value)
    argv: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == " ":
            i += 1
        elif text[i] == '"':
            argument, i = "", i + 1
            while text[i] != '"':
                if text[i] == "\\" and text[i + 1] in '"`$\\':
                    i += 1
                argument += text[i]
                i += 1
            argv.append(argument.replace("%%", "%"))
            i += 1
        else:
            end = text.find(" ", i)
            end = len(text) if end < 0 else end
            argv.append(text[i:end].replace("%%", "%"))
            i = end
    return argv


def png_header(path: Path) -> tuple[int, int, int]:
    """Width, height and colour type from a PNG's IHDR chunk."""
    data = path.read_bytes()[:26]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height, data[25]


def mime_types() -> dict[str, ET.Element]:
    root = ET.parse(MIME).getroot()
    return {element.get("type", ""): element for element in root.findall("m:mime-type", NS)}


# --- the menu entry


def test_the_menu_entry_names_the_program_its_icon_and_its_file_types():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Warband"
    for key in ("GenericName", "Comment", "Keywords"):
        assert entry[key]
        for language in ("fr", "ru"):
            assert entry[f"{key}[{language}]"], (key, language)
    assert entry["Comment"] == "Army builder and battle tracker"
    assert exec_argv(entry["Exec"]) == ["warband", "%f"], "one file at a time, the program found on PATH"
    assert entry["Icon"] == "warband"
    assert entry["Terminal"] == "false"
    assert entry["StartupWMClass"] == "warband", "Qt's WM_CLASS instance: the program's file name"
    assert listed(entry["Categories"])[:2] == ["Game", "StrategyGame"]
    assert listed(entry["MimeType"]) == [ARMY, BATTLE]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_the_menu_entry_passes_desktop_file_validate():
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in (result.stdout + result.stderr).lower(), result.stdout + result.stderr


# --- the file types


def test_the_file_types_are_json_with_compound_extensions_that_beat_plain_json():
    types = mime_types()
    assert set(types) == {ARMY, BATTLE}
    globs = {}
    for name, element in types.items():
        assert [parent.get("type") for parent in element.findall("m:sub-class-of", NS)] == ["application/json"]
        comments = {comment.get(LANG): comment.text for comment in element.findall("m:comment", NS)}
        assert set(comments) == {None, "fr", "ru"} and all(comments.values()), name
        [glob] = element.findall("m:glob", NS)
        assert int(glob.get("weight", "50")) > 50, "the default weight of *.json (freedesktop.org.xml) is 50"
        globs[name] = glob.get("pattern", "")
    for file_name, expected in (("army.warband.json", ARMY), ("x.battle.json", BATTLE), ("plain.json", None)):
        matching = [name for name, pattern in globs.items() if fnmatch.fnmatchcase(file_name, pattern)]
        assert matching == ([expected] if expected else []), file_name
    assert globs == {ARMY: "*.warband.json", BATTLE: "*.battle.json"}  # the suffixes of model/file_names.py


@pytest.mark.skipif(shutil.which("xmllint") is None, reason="xmllint (libxml2-utils) is not installed")
def test_the_xml_files_are_well_formed_for_xmllint():
    result = subprocess.run(
        ["xmllint", "--noout", str(MIME), str(METAINFO)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def mime_database(tmp_path_factory) -> Path:
    """A MIME database of the desktop's own types (when this system has them) and Warband's, as
    update-mime-database builds it: the folder that holds `mime/`."""
    if shutil.which("update-mime-database") is None:
        pytest.skip("update-mime-database (shared-mime-info) is not installed")
    share = tmp_path_factory.mktemp("share")
    packages = share / "mime" / "packages"
    packages.mkdir(parents=True)
    shutil.copy(MIME, packages)
    system = Path("/usr/share/mime/packages/freedesktop.org.xml")
    if system.is_file():
        shutil.copy(system, packages)
    result = subprocess.run(
        ["update-mime-database", str(share / "mime")], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr.lower(), result.stderr
    return share


def test_update_mime_database_takes_the_types_with_their_weights(mime_database):
    weights = {}
    for line in (mime_database / "mime" / "globs2").read_text().splitlines():
        if not line.startswith("#"):
            weight, mime_type, pattern = line.split(":")[:3]
            weights[mime_type, pattern] = int(weight)
    json_weight = weights.get(("application/json", "*.json"), 50)
    assert weights[ARMY, "*.warband.json"] > json_weight
    assert weights[BATTLE, "*.battle.json"] > json_weight
    subclasses = (mime_database / "mime" / "subclasses").read_text().splitlines()
    assert f"{ARMY} application/json" in subclasses and f"{BATTLE} application/json" in subclasses


def test_a_desktop_names_the_files_by_their_compound_extension(mime_database, tmp_path):
    """Qt's MIME database (as a desktop's file manager would) reads the database and picks Warband's types."""
    pytest.importorskip("PySide6.QtCore")
    code = (
        "import sys\nfrom PySide6.QtCore import QMimeDatabase\ndb = QMimeDatabase()\n"
        "mode = QMimeDatabase.MatchMode.MatchExtension\n"
        "print(' '.join(db.mimeTypeForFile(name, mode).name() for name in sys.argv[1:]))\n"
        f"print(db.mimeTypeForName({ARMY!r}).inherits('application/json'))\n"
    )
    environment = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_DATA_DIRS": str(mime_database)}
    result = subprocess.run(
        [sys.executable, "-c", code, "army.warband.json", "x.battle.json", "plain.json"],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    names, inherits = result.stdout.split("\n")[:2]
    assert names == f"{ARMY} {BATTLE} application/json"
    assert inherits == "True"


# --- the software-centre metadata


def test_the_metadata_agrees_with_the_menu_entry_the_file_types_and_the_version():
    root = ET.parse(METAINFO).getroot()
    entry = desktop_entry()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == "LicenseRef-proprietary"  # pyproject.toml: "Proprietary"
    assert root.findtext("name") == entry["Name"]
    summaries = {summary.get(LANG): summary.text for summary in root.findall("summary")}
    assert summaries == {None: entry["Comment"], "fr": entry["Comment[fr]"], "ru": entry["Comment[ru]"]}
    assert len(root.findall("description/p")) >= 2
    [launchable] = root.findall("launchable")
    assert launchable.get("type") == "desktop-id" and launchable.text == DESKTOP.name
    assert [media.text for media in root.findall("provides/mediatype")] == listed(entry["MimeType"])
    assert root.findtext("provides/binary") == exec_argv(entry["Exec"])[0]
    assert [category.text for category in root.findall("categories/category")] == listed(entry["Categories"])
    assert root.find("content_rating").get("type") == "oars-1.1"  # type: ignore[union-attr]
    releases = root.findall("releases/release")
    assert releases and releases[0].get("version") == __version__, "the newest release is this version"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", releases[0].get("date", ""))
    for image in root.findall("screenshots/screenshot/image"):  # AppStream takes no relative address
        assert (image.text or "").startswith("https://"), image.text


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli (appstream) is not installed")
def test_the_metadata_passes_appstreamcli_validate():
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--no-color", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert not re.search(r"^E: ", output, re.MULTILINE), output
    warnings = set(re.findall(r"^W: \S+ (\S+)", output, re.MULTILINE))
    assert warnings <= KNOWN_APPSTREAM_WARNINGS, output


# --- the icons


def test_every_icon_size_is_there_with_its_pixels_and_the_drawing_is_the_scalable_one():
    for size in SIZES:
        path = ICONS / f"{size}x{size}" / "apps" / "warband.png"
        assert path.is_file(), path
        assert png_header(path) == (size, size, 6), f"{path}: {size}x{size}, RGBA (a transparent ground)"
    scalable = ICONS / "scalable" / "apps" / "warband.svg"
    assert scalable.read_bytes() == (ROOT / "resources" / "icons" / "warband.svg").read_bytes(), (
        "run scripts/render_icons.py after changing the drawing"
    )
    found = {path.relative_to(ICONS).as_posix() for path in ICONS.rglob("*") if path.is_file()}
    assert found == {f"{n}x{n}/apps/warband.png" for n in SIZES} | {"scalable/apps/warband.svg"}
    assert desktop_entry()["Icon"] == "warband"


def test_render_icons_check_finds_them_up_to_date():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "render_icons.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


# --- install.sh and uninstall.sh in an unpacked bundle


@pytest.fixture
def bundle(tmp_path) -> Path:
    """An unpacked bundle as scripts/build-bundle.sh lays it out, with a stand-in for the program: `warband` and
    `_internal/` at its top, `share/{applications,icons,mime,metainfo}` from packaging/linux/share, and the two
    scripts beside the program."""
    folder = tmp_path / f"warband-{__version__}-linux-x86_64"
    (folder / "_internal").mkdir(parents=True)
    program = folder / "warband"
    program.write_text('#!/bin/sh\necho "fake warband: $*"\n')
    program.chmod(0o755)
    for part in ("applications", "icons", "mime", "metainfo"):
        shutil.copytree(SHARE / part, folder / "share" / part)
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy(LINUX / script, folder / script)
        (folder / script).chmod(0o755)
    return folder


def run(script: Path, home: Path, *args: str, path: str | None = None, **env: str) -> subprocess.CompletedProcess:
    """Run a script with a home of the test's own (nothing of the real one: XDG_DATA_HOME only when given)."""
    environment = {"PATH": path or os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LC_ALL": "C.UTF-8"}
    environment.update(env)
    return subprocess.run(
        [str(script), *args], capture_output=True, text=True, env=environment, timeout=120, check=False
    )


def tree(folder: Path) -> dict[str, bytes | str]:
    """Every file, link and folder under `folder`, with its contents (a link: where it points)."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[key] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            found[key] = "dir"
        else:
            found[key] = path.read_bytes()
    return found


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def others_files(home: Path, data: Path) -> list[Path]:
    """Files of other programs and of the player, in the folders install.sh writes to."""
    other_mime = (
        '<?xml version="1.0"?>\n<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
        '  <mime-type type="application/x-other"><comment>Other</comment><glob pattern="*.other"/></mime-type>\n'
        "</mime-info>\n"
    )
    other_desktop = "[Desktop Entry]\nType=Application\nName=Other\nExec=other %f\nMimeType=application/x-other;\n"
    launcher = write(home / ".local" / "bin" / "other", "#!/bin/sh\necho other\n")
    launcher.chmod(0o755)
    return [
        write(data / "applications" / "other.desktop", other_desktop),
        write(data / "mime" / "packages" / "other.xml", other_mime),
        write(
            data / "icons" / "hicolor" / "48x48" / "apps" / "other.png",
            (ICONS / "48x48/apps/warband.png").read_bytes(),
        ),
        write(data / "metainfo" / "other.metainfo.xml", "<component/>\n"),
        launcher,
        write(data / "warband" / "catalogs" / "mine.json", '{"format": "warband-catalog"}\n'),  # the player's
        write(data / "warband" / "autosave" / "army.warband.json", "{}\n"),
    ]


@needs_bash
def test_install_puts_everything_in_place_and_uninstall_takes_exactly_that_away(bundle, tmp_path):
    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    theirs = others_files(home, data)
    before = {path: path.read_bytes() for path in theirs}

    installed = run(bundle / "install.sh", home, XDG_DATA_HOME=str(data))
    assert installed.returncode == 0, installed.stdout + installed.stderr
    app = data / "warband-program" / "app"
    launcher = home / ".local" / "bin" / "warband"
    assert tree(app) == tree(bundle), "the bundle is copied whole"
    assert launcher.is_symlink() and launcher.resolve() == (app / "warband").resolve()
    ran = subprocess.run([str(launcher), "army.warband.json"], capture_output=True, text=True, check=True)
    assert ran.stdout == "fake warband: army.warband.json\n"

    desktop = data / "applications" / DESKTOP.name
    assert exec_argv(desktop_entry(desktop)["Exec"]) == [str(launcher), "%f"], "~/.local/bin may not be on PATH"
    source_lines = DESKTOP.read_text().splitlines()
    installed_lines = desktop.read_text().splitlines()
    assert [line for line in installed_lines if not line.startswith("Exec=")] == [
        line for line in source_lines if not line.startswith("Exec=")
    ]
    for size in SIZES:
        icon = f"hicolor/{size}x{size}/apps/warband.png"
        assert filecmp.cmp(data / "icons" / icon, SHARE / "icons" / icon, shallow=False), icon
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "warband.svg").is_file()
    assert filecmp.cmp(data / "mime" / "packages" / MIME.name, MIME, shallow=False)
    assert filecmp.cmp(data / "metainfo" / METAINFO.name, METAINFO, shallow=False)
    if shutil.which("update-mime-database"):
        assert ARMY in (data / "mime" / "globs2").read_text()
    if shutil.which("update-desktop-database"):
        assert DESKTOP.name in (data / "applications" / "mimeinfo.cache").read_text()
    manifest = data / "warband-program" / "manifest.txt"
    first_manifest = manifest.read_text()
    assert f"link {launcher}" in first_manifest and f"file {desktop}" in first_manifest
    assert "catalogs" not in first_manifest and "other" not in first_manifest

    again = run(bundle / "install.sh", home, XDG_DATA_HOME=str(data))
    assert again.returncode == 0, again.stdout + again.stderr
    assert "replaced the program" in again.stdout
    assert manifest.read_text() == first_manifest, "a second install installs the same things"
    assert launcher.resolve() == (app / "warband").resolve()

    removed = run(bundle / "uninstall.sh", home, XDG_DATA_HOME=str(data))
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not (data / "warband-program").exists()
    assert not launcher.exists() and not launcher.is_symlink()
    for line in first_manifest.splitlines()[1:]:
        kind, path = line.split(" ", 1)
        if kind != "dir":
            assert not os.path.lexists(path), path
    assert {path: path.read_bytes() for path in theirs} == before, "other programs' and the player's files stay"
    assert not list(data.rglob("*warband.png")) and not list(data.rglob(f"{APP_ID}*"))
    if shutil.which("update-mime-database"):
        assert "warband" not in (data / "mime" / "globs2").read_text(), "the database forgets Warband's types"
    if shutil.which("update-desktop-database"):
        assert DESKTOP.name not in (data / "applications" / "mimeinfo.cache").read_text()

    twice = run(bundle / "uninstall.sh", home, XDG_DATA_HOME=str(data))
    assert twice.returncode == 0 and "nothing to do" in twice.stdout, twice.stdout + twice.stderr


@needs_bash
def test_a_fresh_home_is_left_as_it_was_and_an_odd_home_name_is_quoted_in_exec(bundle, tmp_path):
    home = tmp_path / 'the "home" of $me'
    home.mkdir()
    installed = run(bundle / "install.sh", home)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    launcher = home / ".local" / "bin" / "warband"
    desktop = home / ".local" / "share" / "applications" / DESKTOP.name
    assert exec_argv(desktop_entry(desktop)["Exec"]) == [str(launcher), "%f"]
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(
            ["desktop-file-validate", str(desktop)], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, result.stdout + result.stderr
    # the installed copy's uninstall.sh, as the installer's last line offers
    removed = run(home / ".local" / "share" / "warband-program" / "app" / "uninstall.sh", home)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert tree(home) == {}, "every file and folder made, the databases' output with them, is gone"


@needs_bash
def test_without_the_desktop_tools_install_and_uninstall_still_work(bundle, tmp_path):
    tools = tmp_path / "tools"
    tools.mkdir()
    for folder in ("/usr/local/bin", "/usr/bin", "/bin"):
        for program in Path(folder).iterdir() if Path(folder).is_dir() else ():
            if program.name not in TOOLS and not (tools / program.name).exists():
                (tools / program.name).symlink_to(program)
    home = tmp_path / "home"
    home.mkdir()
    installed = run(bundle / "install.sh", home, path=str(tools))
    assert installed.returncode == 0, installed.stdout + installed.stderr
    for tool in ("update-mime-database", "update-desktop-database"):
        assert f"{tool} is not installed: skipped" in installed.stdout
    assert (home / ".local" / "share" / "applications" / DESKTOP.name).is_file()
    removed = run(bundle / "uninstall.sh", home, path=str(tools))
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert tree(home) == {}


@needs_bash
def test_another_programs_warband_launcher_is_left_alone(bundle, tmp_path):
    home = tmp_path / "home"
    theirs = write(home / ".local" / "bin" / "warband", "#!/bin/sh\necho pipx\n")
    theirs.chmod(0o755)
    installed = run(bundle / "install.sh", home)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert "belongs to another program" in installed.stdout
    assert theirs.read_text() == "#!/bin/sh\necho pipx\n" and not theirs.is_symlink()
    desktop = home / ".local" / "share" / "applications" / DESKTOP.name
    program = home / ".local" / "share" / "warband-program" / "app" / "warband"
    assert exec_argv(desktop_entry(desktop)["Exec"]) == [str(program), "%f"]
    removed = run(bundle / "uninstall.sh", home)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert tree(home) == {".local": "dir", ".local/bin": "dir", ".local/bin/warband": b"#!/bin/sh\necho pipx\n"}


@needs_bash
def test_a_prefix_installs_into_its_bin_and_share(bundle, tmp_path):
    home, prefix = tmp_path / "home", tmp_path / "prefix"
    home.mkdir()
    installed = run(bundle / "install.sh", home, "--prefix", str(prefix), XDG_DATA_HOME=str(tmp_path / "unused"))
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (prefix / "bin" / "warband").is_symlink()
    assert (prefix / "share" / "applications" / DESKTOP.name).is_file()
    assert tree(home) == {} and not (tmp_path / "unused").exists()
    removed = run(bundle / "uninstall.sh", home, f"--prefix={prefix}")
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not prefix.exists()
    by_variable = run(bundle / "install.sh", home, PREFIX=str(prefix))
    assert by_variable.returncode == 0 and (prefix / "bin" / "warband").is_symlink()
    assert run(bundle / "uninstall.sh", home, PREFIX=str(prefix)).returncode == 0
    assert not prefix.exists()


@needs_bash
@pytest.mark.parametrize("script", ["install.sh", "uninstall.sh"])
def test_the_scripts_refuse_to_run_outside_a_bundle(script, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    result = run(LINUX / script, home)  # the repository's copy: no program beside it
    assert result.returncode != 0
    assert "run me from the unpacked Warband bundle" in result.stderr
    assert tree(home) == {}


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_the_scripts_pass_shellcheck():
    result = subprocess.run(
        ["shellcheck", str(LINUX / "install.sh"), str(LINUX / "uninstall.sh")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout
