# Sourced by the screenshot scripts (tools/screenshots.sh, screenshots_ai.sh,
# editor_screenshots.sh): a throw-away DRAGONNOIR_HOME with the window size in its
# settings, an Xvfb screen of that size, and the clean-up when the script ends.
# In: OUT, DISPLAY_NUM, W, H, and SETTINGS_EXTRA (more settings fields, ', "k": v', may
# be empty). Out: HOME_DIR, XVFB, APP (the client's pid, set by the script), DISPLAY.
mkdir -p "$OUT"
HOME_DIR="$(mktemp -d)"
mkdir -p "$HOME_DIR/config"
printf '{"window_width": %d, "window_height": %d%s}\n' "$W" "$H" "${SETTINGS_EXTRA:-}" \
  >"$HOME_DIR/config/settings.json"

Xvfb "$DISPLAY_NUM" -screen 0 "${W}x${H}x24" >/dev/null 2>&1 &
XVFB=$!
APP=""
cleanup() {
  [ -n "$APP" ] && kill -KILL "$APP" 2>/dev/null || true
  kill "$XVFB" 2>/dev/null || true
  rm -rf "$HOME_DIR"
}
trap cleanup EXIT
export DISPLAY="$DISPLAY_NUM" DRAGONNOIR_HOME="$HOME_DIR" SDL_AUDIODRIVER=dummy
sleep 1
