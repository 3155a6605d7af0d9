/**
 * Both TypeScript examples of every resource page type-check against the package as a user's
 * program imports it: `pulumi-cluster-platform` (the dynamic form's classes, sdk/) and
 * `pulumi-cluster-platform/native` (the SDK pulumi-sdkgen generated, sdk/native/nodejs), with the
 * repository's strict compiler options. The TypeScript compiler runs in this process on the sources
 * (no build needed); integration tier for its time (about half a minute over the whole SDK).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { ROOT } from "../../../scripts/generate";
import { pageExamples } from "./examplePages";

const folder = join(ROOT, ".test-state", `docs-examples-ts-${process.pid}`);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The diagnostics of `files` type-checked together, as `file(line,col): message` lines. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2023,
    lib: ["lib.es2023.d.ts"],
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    strict: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
    baseUrl: ROOT,
    // The package's two entry points, as package.json's "exports" name them, on their sources.
    paths: {
      "pulumi-cluster-platform": ["sdk/index.ts"],
      "pulumi-cluster-platform/native": ["sdk/native/nodejs/index.ts"],
    },
  });
  const wanted = new Set(files);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file === undefined || wanted.has(diagnostic.file.fileName))
    .map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${relative(folder, diagnostic.file.fileName)}(${line + 1},${character + 1}): ${message}`;
    });
}

test("every page's TypeScript examples, dynamic and native form, type-check against the package", () => {
  mkdirSync(folder, { recursive: true });
  const files: string[] = [];
  for (const { folder: name, programs } of pageExamples()) {
    for (const form of ["typescript-dynamic", "typescript-native"] as const) {
      // Each example is a module of its own (it imports), so their top-level names never collide.
      const file = join(folder, `${name}.${form}.ts`);
      writeFileSync(file, `${programs[form]}\n`);
      files.push(file);
    }
  }
  expect(files).toHaveLength(36);
  expect(typeErrors(files)).toEqual([]);
});

test("the check finds a property the SDK does not have", () => {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, "wrong.ts");
  writeFileSync(
    file,
    'import * as platform from "pulumi-cluster-platform/native";\n\nnew platform.CustomDns("dns", { groupId: "g", enabled: true, enable: true });\n',
  );
  expect(typeErrors([file])).toEqual([
    "wrong.ts(3,62): Object literal may only specify known properties, but 'enable' does not exist in type 'CustomDnsArgs'. Did you mean to write 'enabled'?",
  ]);
});
