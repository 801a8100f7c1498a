#!/bin/sh
# Installs the Debian packages a purpose needs, only those that are missing.
#   venv: python3-venv (Debian's Python lacks the venv module without it)
#   test: the AVR toolchain and simavr (firmware builds, the simulated buzzer
#         box), Xvfb and xdotool (real-window screenshots), gettext tools,
#         PostgreSQL (the kiosk statistics run against a real server that the
#         tests start themselves), systemd (`systemd-analyze verify` on
#         deploy/systemd/wok-arcade.service) and Chromium (the phone page's
#         real-browser tests, driven by Playwright with this browser:
#         Playwright's own browser downloads are never used).
set -eu
case "${1:-test}" in
  venv) want="python3-venv" ;;
  test) want="gcc-avr avr-libc arduino-core-avr arduino-mk simavr libsimavr-dev libelf-dev xvfb xdotool make gcc postgresql systemd chromium" ;;
  *) echo "usage: $0 venv|test" >&2; exit 2 ;;
esac
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
