#!/usr/bin/env bash
# Runs a command on an X server with two monitors, as a lecture's laptop and projector: Xorg with the dummy
# driver (xserver-xorg-video-dummy), DUMMY0 1280×720 (the primary: the laptop) and DUMMY1 1920×1080 to its
# right (the projector). Xvfb has one output only, and GLFW reads the outputs, not RandR's --setmonitor
# monitors. The server gets a free display number and is stopped when the command ends.
#
#   two_monitors.sh WORK_DIR COMMAND...    exit 77 (skip) when Xorg or its dummy driver is missing
set -uo pipefail
work=$1
shift
xorg=$(command -v Xorg || true)
[ -x /usr/lib/xorg/Xorg ] && xorg=/usr/lib/xorg/Xorg # the server itself, not Debian's console wrapper
if [ -z "$xorg" ] || [ ! -e /usr/lib/xorg/modules/drivers/dummy_drv.so ] || ! command -v xrandr >/dev/null; then
  echo "two_monitors.sh: Xorg, its dummy driver or xrandr is missing (xserver-xorg-video-dummy, x11-xserver-utils)" >&2
  exit 77
fi
mkdir -p "$work/xorg.d"
cat >"$work/xorg.conf" <<'CONF'
Section "Device"
    Identifier "dummy"
    Driver "dummy"
    VideoRam 256000
EndSection
Section "Monitor"
    Identifier "monitor"
    HorizSync 5.0 - 1000.0
    VertRefresh 5.0 - 200.0
EndSection
Section "Screen"
    Identifier "screen"
    Device "dummy"
    Monitor "monitor"
    DefaultDepth 24
    SubSection "Display"
        Depth 24
        Virtual 3840 1440
    EndSubSection
EndSection
CONF
for n in $(seq 70 99); do
  [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
  "$xorg" ":$n" -noreset -nolisten tcp -config "$work/xorg.conf" -configdir "$work/xorg.d" \
    -logfile "$work/xorg.log" >"$work/xorg.out" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    [ -e "/tmp/.X11-unix/X$n" ] && DISPLAY=":$n" xrandr >/dev/null 2>&1 && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
  done
  if ! kill -0 "$server" 2>/dev/null; then
    continue # another server took the number first
  fi
  export DISPLAY=":$n"
  xrandr --addmode DUMMY1 1920x1080 &&
    xrandr --output DUMMY0 --mode 1280x720 --pos 0x0 --primary --output DUMMY1 --mode 1920x1080 --pos 1280x0 ||
    { kill "$server"; wait "$server"; echo "two_monitors.sh: xrandr could not set the two monitors" >&2; exit 1; }
  for _ in $(seq 50); do # the change reaches clients a moment later
    [ "$(xrandr --listmonitors | head -1)" = "Monitors: 2" ] && break
    sleep 0.1
  done
  "$@"
  status=$?
  kill "$server"
  wait "$server" 2>/dev/null
  exit $status
done
echo "two_monitors.sh: no free display number for Xorg (see $work/xorg.out)" >&2
exit 1
