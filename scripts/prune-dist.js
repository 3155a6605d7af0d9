#!/usr/bin/env node
// Removes from dist/ the outputs of TypeScript sources that no longer exist, before `tsc -b` (npm run
// build). tsc never deletes an output, so after a source moves (provider/cli/engine.ts to
// provider/cli/engine/index.ts) the old dist/provider/cli/engine.js stays, and `require("./engine")`
// resolves to it before the folder's index.js: the build runs old code with no error. A clean clone
// has nothing to remove; a working copy that changed branches may.

const { existsSync, readdirSync, rmSync } = require("node:fs");
const { join, relative } = require("node:path");

/** What tsc writes for a source `x.ts`: x.js, x.js.map, x.d.ts (and x.d.ts.map). */
const OUTPUT = /(\.d\.ts\.map|\.d\.ts|\.js\.map|\.js)$/;
/** Built by build:native-sdk from generated sources, not by tsc from this tree. */
const NOT_TSC = [join("sdk", "native")];

/** The files under `root`/dist whose source `<path>.ts` is gone, as paths relative to `root`. */
function staleOutputs(root) {
  const dist = join(root, "dist");
  const stale = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const built = relative(dist, path);
      if (NOT_TSC.some((skipped) => built === skipped || built.startsWith(`${skipped}/`))) continue;
      if (entry.isDirectory()) walk(path);
      else if (OUTPUT.test(entry.name) && !existsSync(join(root, `${built.replace(OUTPUT, "")}.ts`)))
        stale.push(relative(root, path));
    }
  };
  if (existsSync(dist)) walk(dist);
  return stale.sort();
}

module.exports = { staleOutputs };

if (require.main === module) {
  const root = join(__dirname, "..");
  const stale = staleOutputs(root);
  for (const file of stale) rmSync(join(root, file));
  if (stale.length > 0)
    console.error(`[build] removed ${stale.length} outputs of deleted sources from dist/`);
}
