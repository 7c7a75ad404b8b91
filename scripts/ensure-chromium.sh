#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core. Install it when missing
# (never `npx playwright install`: nothing can be downloaded from outside the package mirrors).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
else
  echo "chromium is missing: run 'sudo apt-get install -y chromium'" >&2; exit 1
fi
