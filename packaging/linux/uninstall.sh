#!/usr/bin/env bash
# Take Warband out of this account's desktop again: what install.sh put there, and nothing else.
#
#   ./uninstall.sh                from the bundle folder, or from the installed copy (~/.local/share/warband-program/app)
#   ./uninstall.sh --prefix DIR   what `install.sh --prefix DIR` installed (PREFIX=DIR does the same)
#
# It reads <share>/warband-program/manifest.txt, written by install.sh, and removes each thing listed there: the
# copy of the program, the launcher (unless another program has taken its name since), the menu entry, the icons,
# the file types, the metadata, and the folders install.sh had to create once they are empty; the desktop's
# databases are refreshed so that they forget Warband. Files of other programs in the same folders stay. The
# player's armies, catalogs, settings and battles (~/.local/share/warband, ~/.config/warband,
# ~/.local/state/warband) are never touched. Run it again at will: with nothing installed it says so.
set -euo pipefail

say() { printf 'uninstall: %s\n' "$*"; }
fail() { printf 'uninstall: %s\n' "$*" >&2; exit 1; }

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
if [ ! -f "$here/warband" ] || [ ! -x "$here/warband" ] || [ ! -d "$here/_internal" ]; then
    fail "run me from the unpacked Warband bundle or its installed copy (the folder with the program 'warband' and '_internal/'); $here is not one"
fi

if [ -n "$prefix" ]; then
    case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
    data=$prefix/share
    bin=$prefix/bin
else
    [ -n "${HOME:-}" ] || fail "HOME is not set"
    case ${XDG_DATA_HOME:-} in
        /*) data=$XDG_DATA_HOME ;;
        *) data=$HOME/.local/share ;;
    esac
    bin=$HOME/.local/bin
fi
home_dir=$data/warband-program
app=$home_dir/app
manifest=$home_dir/manifest.txt

if [ ! -f "$manifest" ]; then
    say "Warband is not installed in $data (there is no $manifest): nothing to do"
    exit 0
fi

entries=()
while IFS= read -r line; do
    case $line in file\ /* | link\ /* | dir\ /* | tree\ /*) entries+=("$line") ;; esac
done <"$manifest"

ours() {  # is this folder one that install.sh created?
    local entry
    for entry in ${entries[@]+"${entries[@]}"}; do [ "$entry" = "dir $1" ] && return 0; done
    return 1
}
inside() {  # only paths under the two install folders are ever removed (a damaged manifest cannot do harm)
    case $1 in "$data"/* | "$bin"/*) return 0 ;; *) return 1 ;; esac
}
above() {  # is $1 one of the install folders, or a folder they are in? (only ever removed when empty)
    case $data/ in "${1%/}"/*) return 0 ;; esac
    case $bin/ in "${1%/}"/*) return 0 ;; esac
    return 1
}
case $here/ in "$app"/*) cd / ;; esac  # the installed copy removes itself: not from inside it

# Files, the launcher and the program, newest first; the folders once they are empty, after the databases.
dirs=()
icons=0
for ((i = ${#entries[@]} - 1; i >= 0; i--)); do
    kind=${entries[i]%% *}
    path=${entries[i]#* }
    if ! inside "$path" && ! { [ "$kind" = dir ] && above "$path"; }; then
        say "note: $path is outside $data and $bin: left as it is"
        continue
    fi
    case $kind in
        file)
            if [ -f "$path" ] || [ -L "$path" ]; then
                rm -f -- "$path"
                case $path in "$data"/icons/*) icons=$((icons + 1)) ;; *) say "removed $path" ;; esac
            fi ;;
        link)
            if [ -L "$path" ] && [ "$(readlink "$path")" = "$app/warband" ]; then
                rm -f -- "$path" && say "removed the launcher $path"
            elif [ -e "$path" ] || [ -L "$path" ]; then
                say "note: $path is another program's now: left as it is"
            fi ;;
        tree)
            if [ "$path" = "$app" ] && [ -d "$path" ]; then rm -rf -- "$path" && say "removed the program $path"; fi ;;
        dir)
            dirs+=("$path") ;;  # newest first: a folder comes before the one it was made in
    esac
done
[ "$icons" = 0 ] || say "removed $icons icons from $data/icons"
rm -f -- "$manifest"
say "removed $manifest"

refresh() {  # refresh TOOL ARGS...: run it if it is installed, and never fail because of it
    if command -v "$1" >/dev/null 2>&1; then
        if "$@" >/dev/null 2>&1; then say "ran $*"; else say "note: $* failed (the desktop may need a new login)"; fi
    else
        say "note: $1 is not installed: skipped (the desktop may need a new login to see the change)"
    fi
}
only_holds() {  # only_holds DIR NAME...: DIR holds those names and nothing else
    local dir=$1 entry name found
    shift
    for entry in "$dir"/* "$dir"/.[!.]* "$dir"/..?*; do
        [ -e "$entry" ] || [ -L "$entry" ] || continue
        found=0
        for name in "$@"; do [ "${entry##*/}" = "$name" ] && found=1; done
        [ "$found" = 1 ] || return 1
    done
}

# The databases forget Warband. In a folder that install.sh created, what is left is the tools' own output
# about Warband's files alone: it goes too.
mime=$data/mime
if [ -d "$mime" ]; then
    if ours "$mime" && { [ ! -d "$mime/packages" ] || only_holds "$mime/packages"; }; then
        rm -rf -- "$mime" && say "removed $mime (the MIME database made for Warband's types alone)"
    elif [ -d "$mime/packages" ]; then
        refresh update-mime-database "$mime"
    fi
fi
applications=$data/applications
if [ -d "$applications" ]; then
    refresh update-desktop-database "$applications"
    if ours "$applications" && [ -f "$applications/mimeinfo.cache" ] && only_holds "$applications" mimeinfo.cache; then
        rm -f -- "$applications/mimeinfo.cache"
    fi
fi
if [ -f "$data/icons/hicolor/icon-theme.cache" ]; then
    refresh gtk-update-icon-cache --force --ignore-theme-index --quiet "$data/icons/hicolor"
elif [ -d "$data/icons/hicolor" ]; then
    touch "$data/icons/hicolor"
fi

removed=0
for dir in ${dirs[@]+"${dirs[@]}"}; do
    if [ -d "$dir" ] && rmdir -- "$dir" 2>/dev/null; then removed=$((removed + 1)); fi
done
[ "$removed" = 0 ] || say "removed $removed folders install.sh had made, now empty"
say "done: Warband is out of the menu; your armies, catalogs and battles are where they were"
