#!/usr/bin/env bash
# Part of `npm run build`: compiles the generated Node.js SDK of the native plugin (sdk/native/nodejs,
# TypeScript sources) into dist/sdk/native/nodejs, which programs import as
# `pulumi-cluster-platform/native` (package.json "exports"). The sources cannot be used in place from
# node_modules: a TypeScript program's ts-node skips files under node_modules.
#
# Beside the JavaScript goes a package.json with the SDK's name and version only (utilities.ts reads
# the version from it). The generated package.json also says `"pulumi": {"resource": true, ...}`, and a
# Node.js language host scans every package.json under node_modules for that: shipped, it would make the
# engine of every program using this package, the dynamic form included, try to download a plugin
# `platform` from github.com/pulumi/pulumi-platform. For the same reason the generated sources of
# sdk/native/nodejs are not in the npm package ("files").
#
# Nothing is done when the output is newer than every input (the sources, this script), as `tsc -b`
# decides for the rest of dist/; `--force` (npm's prepare, after dependencies may have changed)
# compiles regardless.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out=dist/sdk/native/nodejs
if [ "${1:-}" != --force ] && [ -f "$out/package.json" ] &&
  [ -z "$(find sdk/native/nodejs "${BASH_SOURCE[0]}" -newer "$out/package.json" -print -quit)" ]; then
  exit 0
fi
rm -rf "$out"
tsc -p sdk/native/nodejs/tsconfig.json --outDir "$out" --sourceMap false --declarationMap false
node -e '
const { name, version, description, license } = require("./sdk/native/nodejs/package.json");
const text = JSON.stringify({ name, version, description, license, main: "index.js", types: "index.d.ts" }, null, 2);
require("node:fs").writeFileSync(process.argv[1], text + "\n");
' "$out/package.json"
