/**
 * scripts/prune-dist.js: which outputs in dist/ have lost their TypeScript source (the build removes
 * them before `tsc -b`, so a moved module's old output cannot shadow the new one).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const { staleOutputs } = require("../../scripts/prune-dist.js") as {
  staleOutputs: (root: string) => string[];
};

describe("staleOutputs", () => {
  let root: string;
  const touch = (...files: string[]) => {
    for (const file of files) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), "");
    }
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "prune-dist-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("the outputs of a moved source are stale; those of a present source, JSON and the native SDK are not", () => {
    touch(
      "provider/cli/engine/index.ts",
      "dist/provider/cli/engine/index.js",
      "dist/provider/cli/engine/index.d.ts",
      "dist/provider/cli/engine.js",
      "dist/provider/cli/engine.js.map",
      "dist/provider/cli/engine.d.ts",
      "dist/provider/cli/engine.d.ts.map",
      "emulator/seed/default.json",
      "dist/emulator/seed/default.json",
      "dist/sdk/native/nodejs/index.js",
    );
    expect(staleOutputs(root)).toEqual([
      "dist/provider/cli/engine.d.ts",
      "dist/provider/cli/engine.d.ts.map",
      "dist/provider/cli/engine.js",
      "dist/provider/cli/engine.js.map",
    ]);
  });

  test("no dist/ (a clean clone): nothing", () => {
    expect(staleOutputs(root)).toEqual([]);
  });
});
