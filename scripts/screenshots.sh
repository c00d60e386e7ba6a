#!/usr/bin/env bash
# Refresh the README's screenshots from the real program under Xvfb.
# Needs (Debian): xvfb imagemagick libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1
# libxcb-image0 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libx11-xcb1
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-.venv/bin/python}"
display=":${DISPLAY_NUMBER:-99}"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 50); do DISPLAY="$display" xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
home=$(mktemp -d)
HOME="$home" DISPLAY="$display" QT_QPA_PLATFORM=xcb "$python" scripts/tour.py docs/screenshots
rm -rf "$home"
echo "screenshots in docs/screenshots/"
