#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core. Install it when missing
# (never `npx playwright install`: nothing can be downloaded from outside the package mirrors),
# with a Japanese font: the screenshots in the five languages (tests/e2e/screens.test.ts) measure
# overflow on real glyphs, not on the empty boxes drawn without one.
set -euo pipefail
want=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || want+=(chromium)
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=ja 2>/dev/null)" ]; then want+=(fonts-ipafont-gothic); fi
[ ${#want[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${want[@]}" >/dev/null
elif [[ " ${want[*]} " == *" chromium "* ]]; then
  echo "chromium is missing: run 'sudo apt-get install -y chromium fonts-ipafont-gothic'" >&2; exit 1
else
  echo "no Japanese font: the Japanese screenshots show boxes ('sudo apt-get install -y fonts-ipafont-gothic')" >&2
fi
