#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a browser downloaded by a test tool).
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing: run 'sudo apt-get install chromium' (the browser tests need it)" >&2
  exit 1
fi
echo "installing Debian's chromium for the browser tests" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends chromium >/dev/null
