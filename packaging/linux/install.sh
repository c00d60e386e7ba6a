#!/usr/bin/env bash
# Add Warband to this account's desktop: run from the unpacked bundle folder (warband-<version>-linux-<arch>/).
#
#   ./install.sh                  into ~/.local (the data part: $XDG_DATA_HOME when it is set)
#   ./install.sh --prefix DIR     into DIR/bin and DIR/share instead (PREFIX=DIR does the same)
#
# It copies the bundle to <share>/warband-program/app (a copy, so that deleting or moving the download does not
# break the menu entry, and so that running a newer download's install.sh upgrades it), puts a launcher symlink
# <bin>/warband, the menu entry (its Exec naming the launcher by its full path: ~/.local/bin is not on every
# PATH), the icons, the file types and the software-centre metadata, then refreshes the desktop's databases with
# whichever of update-mime-database, update-desktop-database and gtk-update-icon-cache are installed (none is
# needed). Everything it puts there is listed in <share>/warband-program/manifest.txt, which uninstall.sh reads to
# remove exactly that. Run it again at will: it replaces its own files and nothing else. The player's armies,
# catalogs, settings and battles (~/.local/share/warband, ~/.config/warband, ~/.local/state/warband) are not
# touched, here or by uninstall.sh.
set -euo pipefail

ID=io.github.warband.Warband
say() { printf 'install: %s\n' "$*"; }
fail() { printf 'install: %s\n' "$*" >&2; exit 1; }

usage() { sed -n '2,5s/^# \{0,1\}//p' "$0"; }
prefix=${PREFIX:-}
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder"; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; fail "unknown argument: $1" ;;
    esac
done

here=$(cd "$(dirname "$0")" && pwd -P)
share_src=$here/share
if [ ! -f "$here/warband" ] || [ ! -x "$here/warband" ] || [ ! -d "$here/_internal" ]; then
    fail "run me from the unpacked Warband bundle (the folder with the program 'warband' and '_internal/'); $here is not one"
fi
for part in "applications/$ID.desktop" "mime/packages/$ID.xml" "metainfo/$ID.metainfo.xml" icons/hicolor; do
    [ -e "$share_src/$part" ] || fail "this bundle lacks share/$part: unpack the whole archive again"
done

if [ -n "$prefix" ]; then
    case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
    data=$prefix/share
    bin=$prefix/bin
else
    [ -n "${HOME:-}" ] || fail "HOME is not set"
    case ${XDG_DATA_HOME:-} in
        /*) data=$XDG_DATA_HOME ;;  # the XDG spec: a relative path is to be ignored
        *) data=$HOME/.local/share ;;
    esac
    bin=$HOME/.local/bin
fi
case "$data$bin" in *$'\n'*) fail "a folder name with a line break is not supported" ;; esac
home_dir=$data/warband-program
app=$home_dir/app
manifest=$home_dir/manifest.txt
launcher=$bin/warband

# The manifest: one "<kind> <path>" a line (file, link, dir, tree), in the order made; a second install keeps the
# first one's lines (what it created is still ours), so that uninstall.sh takes it all away.
entries=()
if [ -f "$manifest" ]; then
    while IFS= read -r line; do
        case $line in file\ /* | link\ /* | dir\ /* | tree\ /*) entries+=("$line") ;; esac
    done <"$manifest"
fi
record() {
    local line="$1 $2" known
    for known in ${entries[@]+"${entries[@]}"}; do [ "$known" = "$line" ] && return 0; done
    entries+=("$line")
}
make_dir() {  # mkdir -p, recording each folder it creates
    local dir=$1 missing=()
    while [ ! -d "$dir" ]; do
        missing=("$dir" ${missing[@]+"${missing[@]}"})
        dir=$(dirname "$dir")
    done
    for dir in ${missing[@]+"${missing[@]}"}; do
        mkdir "$dir"
        record dir "$dir"
    done
}
write_manifest() {
    make_dir "$home_dir"
    {
        echo "# What Warband's install.sh put here; uninstall.sh removes exactly these (kind, path)."
        printf '%s\n' "${entries[@]}"
    } >"$manifest.new"
    mv -f "$manifest.new" "$manifest"
}
put() {  # copy one file into place (mode 644)
    make_dir "$(dirname "$2")"
    install -m 644 "$1" "$2"
    record file "$2"
}

# The program: a copy of this folder, swapped in whole (a failed copy leaves the previous one working).
make_dir "$home_dir"
if [ "$(cd "$app" 2>/dev/null && pwd -P || true)" = "$here" ]; then
    say "the program is already in $app (this is the installed copy): left as it is"
else
    fresh=$(mktemp -d "$home_dir/app.new.XXXXXX")
    trap 'rm -rf "$fresh"' EXIT
    cp -a "$here/." "$fresh/"
    chmod 755 "$fresh"
    if [ -e "$app" ]; then
        old="$home_dir/app.old.$$"
        mv "$app" "$old"
        mv "$fresh" "$app"
        rm -rf "$old"
        say "replaced the program in $app"
    else
        mv "$fresh" "$app"
        say "copied the program to $app"
    fi
    trap - EXIT
fi
record tree "$app"
write_manifest  # from here on, an interrupted install can still be uninstalled

# The launcher: ours, unless another program (pipx's warband, say) has the name already.
exec_path=$launcher
make_dir "$bin"
if [ -L "$launcher" ] && [ "$(readlink "$launcher")" = "$app/warband" ]; then
    record link "$launcher"
    say "the launcher $launcher is in place"
elif [ -e "$launcher" ] || [ -L "$launcher" ]; then
    exec_path=$app/warband
    say "note: $launcher belongs to another program: left as it is; the menu entry starts $exec_path"
else
    ln -s "$app/warband" "$launcher"
    record link "$launcher"
    say "made the launcher $launcher -> $app/warband"
fi
case ":${PATH:-}:" in
    *":$bin:"*) ;;
    *) say "note: $bin is not on your PATH: the menu entry works; in a terminal, run $exec_path" ;;
esac
write_manifest

# The menu entry, its Exec naming the program by its full path (quoted as the Desktop Entry spec says, if need be).
exec_quote() {
    local s=$1
    if [[ $s =~ ^[A-Za-z0-9/._+-]+$ ]]; then
        printf '%s' "$s"
        return
    fi
    s=${s//\\/\\\\\\\\}
    s=${s//\"/\\\\\"}
    s=${s//\`/\\\\\`}
    s=${s//\$/\\\\\$}
    s=${s//%/%%}
    printf '"%s"' "$s"
}
desktop=$data/applications/$ID.desktop
make_dir "$data/applications"
exec_line="Exec=$(exec_quote "$exec_path") %f"
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        Exec=*) printf '%s\n' "$exec_line" ;;
        *) printf '%s\n' "$line" ;;
    esac
done <"$share_src/applications/$ID.desktop" >"$desktop.new"
chmod 644 "$desktop.new"
mv -f "$desktop.new" "$desktop"
record file "$desktop"
say "installed $desktop ($exec_line)"

# The icons, the file types, the software-centre metadata.
icons=0
while IFS= read -r icon; do
    put "$share_src/icons/$icon" "$data/icons/$icon"
    icons=$((icons + 1))
done < <(cd "$share_src/icons" && find hicolor -type f | LC_ALL=C sort)
say "installed $icons icons in $data/icons/hicolor"
for part in "mime/packages/$ID.xml" "metainfo/$ID.metainfo.xml"; do
    put "$share_src/$part" "$data/$part"
    say "installed $data/$part"
done
write_manifest
say "listed what was installed in $manifest"

# The desktop's databases, with whichever tools this system has.
refresh() {  # refresh TOOL ARGS...: run it if it is installed, and never fail because of it
    if command -v "$1" >/dev/null 2>&1; then
        if "$@" >/dev/null 2>&1; then say "ran $*"; else say "note: $* failed (the desktop may need a new login)"; fi
    else
        say "note: $1 is not installed: skipped (the desktop may need a new login to see the change)"
    fi
}
refresh update-mime-database "$data/mime"
refresh update-desktop-database "$data/applications"
if [ -f "$data/icons/hicolor/icon-theme.cache" ]; then  # never a cache of our making: one there is kept fresh
    refresh gtk-update-icon-cache --force --ignore-theme-index --quiet "$data/icons/hicolor"
else
    touch "$data/icons/hicolor"  # the folder's time tells icon lookups to look again
fi
say "done: Warband is in the menu; $app/uninstall.sh takes it away again"
