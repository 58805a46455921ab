#!/usr/bin/env bash
# Installs the harness CLIs for the live suite into a cache folder outside node_modules, so a
# newcomer's `npm ci` never downloads them. LIVE_VERSIONS=pinned (default) takes the exact versions of
# e2e/live/versions.json; LIVE_VERSIONS=latest takes the newest published ones. Prints the folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
set_name="${LIVE_VERSIONS:-pinned}"
dir="${LIVE_CLI_DIR:-$PWD/.cache/live/$set_name}"
specs=$(node -e '
  const v = require("./e2e/live/versions.json"); const set = process.argv[1];
  if (set !== "pinned" && set !== "latest") { console.error("LIVE_VERSIONS must be pinned or latest"); process.exit(2); }
  console.log(Object.values(v).map((c) => `${c.package}@${set === "pinned" ? c.pinned : "latest"}`).join(" "));
' "$set_name")
stamp="$dir/.installed"
# A pinned set is installed once; "latest" is re-resolved on every run (that is its point).
if [ "$set_name" = pinned ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$specs" ]; then echo "$dir"; exit 0; fi
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo '{"name":"agentihooks-live-clis","private":true}' > "$dir/package.json"
# --ignore-scripts: Claude Code's postinstall only links a launcher; the suite runs the native binary.
npm install --prefix "$dir" --no-audit --no-fund --no-save --ignore-scripts --loglevel=error $specs >&2
echo "$specs" > "$stamp"
echo "$dir"
