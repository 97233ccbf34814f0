#!/usr/bin/env bash
# Run by `npm test` (its pretest step) and so by .ci/run: the browser tests need Debian's Chromium and the
# fonts-noto-cjk fonts (Chinese text). Installs what is missing when it can (root with apt-get), otherwise prints
# the one command to run and stops before the tests fail on a missing browser.
set -euo pipefail

packages=()
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] || packages+=(chromium)
if command -v dpkg >/dev/null 2>&1; then
  dpkg -s fonts-noto-cjk >/dev/null 2>&1 || packages+=(fonts-noto-cjk)
fi
[ ${#packages[@]} -eq 0 ] && exit 0

command="apt-get update && apt-get install -y ${packages[*]}"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${packages[*]} for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  exit 0
fi

echo "The browser tests need ${packages[*]} (Debian packages). Install them, then run npm test again:" >&2
if command -v apt-get >/dev/null 2>&1; then
  echo "  sudo sh -c '$command'" >&2
else
  echo "  a Chromium at /usr/bin/chromium (or CHROMIUM_PATH=/path/to/chromium) and the Noto CJK fonts" >&2
fi
exit 1
