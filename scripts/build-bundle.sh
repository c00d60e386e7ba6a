#!/usr/bin/env bash
# Build Warband's Linux desktop bundle: dist/warband-<version>-linux-<arch>.tar.gz, a folder that runs with no
# Python installed (PyInstaller one-folder build: the program, its data, resources, translations, Qt's libraries
# as separate files, the licences, the desktop files and their install script).
#
# It builds what is committed (a fresh clone of HEAD), with its tools in a throwaway venv, so that nothing of this
# checkout's venv or working tree leaks in. PYTHON names the interpreter (default python3); it must be built with
# a shared libpython (Debian's and pyenv's --enable-shared builds are). Usage: scripts/build-bundle.sh [--keep]
# (--keep leaves the work folder and prints where it is).
set -euo pipefail

PYINSTALLER="pyinstaller==6.22.3"
HOOKS="pyinstaller-hooks-contrib==2026.9"

repo=$(cd "$(dirname "$0")/.." && pwd)
keep=0
[ "${1:-}" = "--keep" ] && keep=1
python=${PYTHON:-python3}
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$repo/src/warband/__init__.py")
[ -n "$version" ] || { echo "build-bundle: no __version__ in src/warband/__init__.py" >&2; exit 1; }
arch=$(uname -m)
name="warband-$version-linux-$arch"

if [ "$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("Py_ENABLE_SHARED") or 0)')" != 1 ]; then
    echo "build-bundle: $python has no shared libpython, which PyInstaller needs; set PYTHON to one that has" >&2
    exit 1
fi
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
    echo "build-bundle: note: uncommitted changes are not in the bundle (it builds HEAD)" >&2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/warband-bundle.XXXXXX")
if [ "$keep" = 1 ]; then
    echo "build-bundle: work folder $work"
else
    trap 'rm -rf "$work"' EXIT
fi

echo "--- a fresh clone of $(git -C "$repo" rev-parse --short HEAD)"
git clone --quiet --no-hardlinks "$repo" "$work/src"

echo "--- tools in a throwaway venv ($("$python" --version))"
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check "$work/src" "$PYINSTALLER" "$HOOKS"

echo "--- PyInstaller"
(cd "$work/src" && "$work/venv/bin/pyinstaller" --noconfirm --log-level WARN \
    --distpath "$work/dist" --workpath "$work/build" packaging/warband.spec)
bundle="$work/$name"
mv "$work/dist/warband" "$bundle"

echo "--- licences, desktop files"
"$work/venv/bin/python" "$work/src/packaging/collect_licenses.py" "$bundle"
linux="$work/src/packaging/linux"
if [ -d "$linux" ]; then
    mkdir -p "$bundle/share"
    for part in applications icons mime metainfo; do
        [ -d "$linux/share/$part" ] && cp -r "$linux/share/$part" "$bundle/share/"
    done
    for script in install.sh uninstall.sh; do
        [ -f "$linux/$script" ] && install -m 755 "$linux/$script" "$bundle/$script"
    done
fi
cat > "$bundle/README.txt" <<TXT
Warband $version for Linux ($arch): army builder and battle tracker.

Run ./warband from this folder (no Python needed). ./install.sh adds it to your desktop's menu, with its icon
and its army and battle file types (into ~/.local); ./uninstall.sh takes that away again. Your armies, catalogs
and battles are never touched by either.

The licences of everything this folder carries are in licenses/ (README.txt there is the index).
TXT

echo "--- checks"
# Every library the bundle carries finds what it needs, in the bundle or on any desktop (Wayland's client
# libraries and the GL drivers belong to the desktop, never to a bundle).
missing=$(cd "$bundle/_internal" && find . -name '*.so*' -type f -print0 |
    xargs -0 -n 20 env LD_LIBRARY_PATH="$PWD:$PWD/PySide6/Qt/lib" ldd 2>/dev/null |
    awk '/not found/ {print $1}' | grep -v -E '^lib(wayland-|GL|EGL|OpenGL|GLX|vulkan)' | sort -u || true)
if [ -n "$missing" ]; then
    echo "build-bundle: libraries the bundle needs and neither carries nor may expect: $missing" >&2
    exit 1
fi
env -i PATH=/usr/bin:/bin HOME="$work/home" QT_QPA_PLATFORM=offscreen "$bundle/warband" --smoke >/dev/null

mkdir -p "$repo/dist"
tar -C "$work" -czf "$repo/dist/$name.tar.gz" "$name"
size=$(du -sm "$bundle" | cut -f1)
echo "built dist/$name.tar.gz ($(du -m "$repo/dist/$name.tar.gz" | cut -f1) MB packed, $size MB unpacked)"
