import { readFileSync } from "node:fs";
import { join } from "node:path";
import { OPERATION_VERSIONS } from "../../../api/versions";
import { operations } from "../../../emulator/operations";

const EXPECTED_IDS = [
  ...Array.from({ length: 78 }, (_, i) => String(i + 1)).flatMap((id) => {
    if (id === "62") return ["62-create", "62-get", "62-list"];
    if (id === "63") return ["63-get", "63-list"];
    if (id === "74") return ["74", "74a", "74b"];
    if (id === "76") return ["76", "76a"];
    return [id];
  }),
];

describe("operation registry", () => {
  test("defines every operation of the spec exactly once", () => {
    const ids = operations.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...EXPECTED_IDS].sort());
  });

  test("has one operation per root, method and path", () => {
    const keys = operations.map((o) => `${o.root} ${o.method} ${o.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("serves exactly the versions api/versions.ts declares (newest first) on v2, and 1.0 on the legacy root", () => {
    const served = Object.fromEntries(
      operations
        .filter((o) => o.root === "v2")
        .map((o) => [o.id, { method: o.method, path: o.path, versions: [...o.versions].reverse() }]),
    );
    expect(served).toEqual(OPERATION_VERSIONS);
    const legacy = operations.filter((o) => o.root === "v1.0");
    expect(legacy.map((o) => [o.id, o.versions])).toEqual([
      ["77", ["1.0"]],
      ["78", ["1.0"]],
    ]);
  });

  test("refuses pretty exactly for the spec's exceptions", () => {
    const noPretty = operations.filter((o) => !o.pretty).map((o) => o.id);
    expect(noPretty.sort()).toEqual(["39", "40", "45", "46", "51", "63-get", "66", "70"].sort());
  });

  test("paginates the list operations", () => {
    const paginated = operations.filter((o) => o.paginated).map((o) => o.id);
    expect(paginated.sort()).toEqual(
      ["4", "10", "11", "12", "37", "44", "47", "54", "58", "62-list", "63-list", "78"].sort(),
    );
  });

  test("uses the legacy root only for 77 and 78", () => {
    expect(operations.filter((o) => o.root === "v1.0").map((o) => o.id)).toEqual(["77", "78"]);
  });
});

describe("emulator/COVERAGE.md", () => {
  test("has a row for every operation", () => {
    const coverage = readFileSync(join(__dirname, "../../../emulator/COVERAGE.md"), "utf8");
    for (const op of operations) {
      expect(coverage).toContain(`| ${op.id} | ${op.method} |`);
    }
  });
});
