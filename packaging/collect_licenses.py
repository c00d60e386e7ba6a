"""Write the licences of what a bundle ships into its `licenses/` folder, with an index (README.txt).

Run with the Python that built the bundle (its venv): `python collect_licenses.py BUNDLE [--texts DIR]`. It covers
Python itself, every distribution Warband needs at run time (found from Warband's requirements, recursively),
PyInstaller's bootloader, Qt (LGPL-3.0 / GPL texts: PySide6's wheels carry none) and, on Debian-like systems, the
packages of the system libraries the bundle carries (their `copyright` files). The standard texts (LGPL-3, GPL-3,
GPL-2) come from Debian's common-licenses, or from `--texts DIR` where the system has none (Windows, macOS: the
release workflow fetches them from gnu.org). It exits non-zero when a licence it must ship cannot be found, so
that a bundle never goes out without one.
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

LICENSE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)
COMMON_LICENSES = Path("/usr/share/common-licenses")
QT_TEXTS = ("LGPL-3", "GPL-3", "GPL-2")  # Qt for Python: LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only
QT_DISTRIBUTIONS = {"pyside6-essentials", "shiboken6"}


def requirement_names(distribution: str) -> list[str]:
    """The distributions `distribution` needs at run time, itself first, each once (extras and markers that do not
    apply here are left out)."""
    from packaging.requirements import Requirement  # PyInstaller needs packaging: it is in the build venv

    seen: list[str] = []
    todo = [distribution]
    while todo:
        name = todo.pop(0)
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        seen.append(key)
        for text in metadata.requires(name) or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
    return seen


def copy_distribution(name: str, target: Path, texts: Path) -> str:
    """Copy one distribution's licence files into `target/<name>/`; the index line for it."""
    dist = metadata.distribution(name)
    expression = dist.metadata.get("License-Expression") or dist.metadata.get("License") or "see the files"
    folder = target / dist.metadata["Name"]
    folder.mkdir(parents=True, exist_ok=True)
    copied = 0
    for file in dist.files or []:
        if ".dist-info" in str(file) and LICENSE_FILE.search(file.name):
            shutil.copyfile(Path(str(file.locate())), folder / file.name)
            copied += 1
    key = re.sub(r"[-_.]+", "-", name).lower()
    if key in QT_DISTRIBUTIONS:
        copied += copy_common(QT_TEXTS, folder, texts)
    if copied == 0:
        raise SystemExit(f"no licence text found for {name} {dist.version} ({expression})")
    return f"{dist.metadata['Name']} {dist.version}: {expression.splitlines()[0]}"


def copy_common(names: tuple[str, ...], folder: Path, texts: Path) -> int:
    """Copy the standard licence texts (Debian's common-licenses, or `--texts`) into `folder`; how many were
    found."""
    copied = 0
    for name in names:
        source = texts / name
        if source.is_file():
            shutil.copyfile(source, folder / f"{name}.txt")
            copied += 1
    return copied


def copy_python(target: Path) -> str:
    """Python's own licence (PSF), from the interpreter the bundle carries."""
    version = sysconfig.get_python_version()
    for source in (
        Path(sys.base_prefix) / "lib" / f"python{version}" / "LICENSE.txt",  # Linux, macOS
        Path(sys.base_prefix) / "LICENSE.txt",  # Windows
        Path(f"/usr/share/doc/python{version}/copyright"),
    ):
        if source.is_file():
            folder = target / "Python"
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, folder / source.name)
            return f"Python {sys.version.split()[0]}: PSF-2.0"
    raise SystemExit("Python's licence (LICENSE.txt) not found")


def copy_system_libraries(bundle: Path, target: Path) -> list[str]:
    """The Debian packages of the system libraries PyInstaller copied into the bundle (outside PySide6), each
    with its `copyright` file. Elsewhere (no dpkg) nothing is done, and the index says so."""
    if shutil.which("dpkg") is None:
        return ["system libraries: no dpkg on the build machine; see each library's own package"]
    internal = bundle / "_internal"
    names = sorted(
        p.name
        for p in internal.glob("lib*.so*")
        if not p.name.startswith(("libpython", "libpyside6", "libshiboken6", "libQt6"))
    )
    lines = []
    found = subprocess.run(
        ["dpkg", "-S", *(f"*/{name}" for name in names)], capture_output=True, text=True, check=False
    )
    owner: dict[str, str] = {}
    for line in found.stdout.splitlines():  # "libfoo1:amd64: /usr/lib/x86_64-linux-gnu/libfoo.so.1"
        package, _colon, path = line.rpartition(": ")
        owner.setdefault(Path(path).name, package.split(":")[0])
    packages: dict[str, list[str]] = {}
    for name in names:
        packages.setdefault(owner.get(name, ""), []).append(name)
    icu = packages.pop("", [])
    if icu:  # Qt's wheel carries its own ICU (Unicode-3.0); Debian's ICU package has the same licence text
        folder = target / "ICU"
        folder.mkdir(parents=True, exist_ok=True)
        texts = sorted(Path("/usr/share/doc").glob("libicu[0-9]*/copyright"))
        if texts:
            shutil.copyfile(texts[0], folder / "copyright")
        lines.append(f"ICU, carried by Qt ({', '.join(icu)}): Unicode-3.0, see ICU/")
    for package, libraries in sorted(packages.items()):
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        folder = target / "system" / package
        folder.mkdir(parents=True, exist_ok=True)
        if copyright_file.is_file():
            shutil.copyfile(copyright_file, folder / "copyright")
        lines.append(f"{package} ({', '.join(libraries)}): see system/{package}/copyright")
    return lines


def main(argv: list[str]) -> int:
    texts = COMMON_LICENSES
    if len(argv) == 3 and argv[1] == "--texts":
        texts = Path(argv[2])
        argv = argv[:1]
    if len(argv) != 1 or not (Path(argv[0]) / "_internal").is_dir():
        print(
            "usage: collect_licenses.py BUNDLE [--texts DIR] (BUNDLE: a PyInstaller one-folder build; DIR: the\n"
            "LGPL-3, GPL-3 and GPL-2 texts, where the system has no /usr/share/common-licenses)",
            file=sys.stderr,
        )
        return 2
    bundle = Path(argv[0])
    target = bundle / "licenses"
    target.mkdir(exist_ok=True)
    index = [
        "The licences of what this Warband bundle carries.",
        "",
        f"Warband {metadata.version('warband')}: proprietary; all rights reserved by its authors.",
        "Qt (PySide6's Qt libraries in _internal/PySide6/Qt/lib) is used under the LGPL-3.0: the libraries are",
        "separate files, which you may replace with your own build of the same Qt version.",
        "",
        copy_python(target),
    ]
    index += [copy_distribution(name, target, texts) for name in requirement_names("warband")[1:]]
    index.append(copy_distribution("pyinstaller", target, texts) + " (its bootloader starts the program)")
    index += copy_system_libraries(bundle, target)
    (target / "README.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    print(f"licences of {len(index) - 7} components written to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
