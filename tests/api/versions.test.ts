/**
 * api/versions.ts against the vendored public contract: every operation's method, path and declared
 * resource versions equal what api/openapi/openapi-v2.yml declares (one success media type per
 * version), every contract operation is in the table, and the version choice rules.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import {
  DEFAULT_API_VERSION,
  LEGACY_OPERATIONS,
  newestNotLater,
  OPERATION_VERSIONS,
  type OperationId,
  resolveServedVersion,
  versionFor,
} from "../../api/versions";

interface ContractOperation {
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Contract {
  paths: Record<string, Record<string, ContractOperation>>;
}

function readContract(file: string): Contract {
  return parse(readFileSync(join(__dirname, "../../api/openapi", file), "utf8")) as Contract;
}

const MEDIA_TYPE = /^application\/vnd\.platform\.(\d{4}-\d{2}-\d{2})\+json$/;

/** `METHOD path` (relative to the root) -> what the contract declares. */
function contractOperations(contract: Contract, root: string) {
  const found = new Map<string, { successTypes: string[]; bodyTypes: string[] | undefined }>();
  for (const [fullPath, item] of Object.entries(contract.paths)) {
    expect(fullPath.startsWith(root)).toBe(true);
    for (const [method, operation] of Object.entries(item)) {
      const successTypes = Object.entries(operation.responses)
        .filter(([status]) => status.startsWith("2"))
        .flatMap(([, response]) => Object.keys(response.content ?? {}));
      const bodyTypes = operation.requestBody ? Object.keys(operation.requestBody.content ?? {}) : undefined;
      found.set(`${method.toUpperCase()} ${fullPath.slice(root.length)}`, { successTypes, bodyTypes });
    }
  }
  return found;
}

function versionsOf(mediaTypes: string[]): string[] {
  return [
    ...new Set(mediaTypes.map((type) => MEDIA_TYPE.exec(type)?.[1] ?? `not versioned: ${type}`)),
  ].sort();
}

const v2 = contractOperations(readContract("openapi-v2.yml"), "/api/platform/v2");
const table = Object.entries(OPERATION_VERSIONS) as Array<
  [OperationId, (typeof OPERATION_VERSIONS)[OperationId]]
>;

describe("the version table against the contract", () => {
  test("has one entry per contract operation, and no other", () => {
    const tableKeys = table.map(([, op]) => `${op.method} ${op.path}`);
    expect(new Set(tableKeys).size).toBe(tableKeys.length);
    expect([...tableKeys].sort()).toEqual([...v2.keys()].sort());
    expect(table).toHaveLength(82);
  });

  test.each(table)("operation %s declares the contract's versions, oldest first", (_id, op) => {
    const declared = v2.get(`${op.method} ${op.path}`);
    expect(declared).toBeDefined();
    expect(op.versions).toEqual(versionsOf(declared?.successTypes ?? []));
  });

  test("takes a request body in exactly the versions it answers (Content-Type = Accept)", () => {
    const mismatched = table.flatMap(([id, op]) => {
      const bodyTypes = v2.get(`${op.method} ${op.path}`)?.bodyTypes;
      if (bodyTypes === undefined) return [];
      const bodyVersions = versionsOf(bodyTypes);
      return JSON.stringify(bodyVersions) === JSON.stringify(op.versions) ? [] : [[id, bodyVersions]];
    });
    expect(mismatched).toEqual([]);
  });

  test("counts: most operations do not declare the spec's date", () => {
    const declaring = (version: string) =>
      table
        .filter(([, op]) => (op.versions as readonly string[]).includes(version))
        .map(([id]) => id)
        .sort();
    expect(declaring("2025-03-12")).toEqual(["21"]);
    expect(declaring("2024-11-13")).toEqual(["41"]);
    expect(declaring("2024-08-05")).toEqual(["51", "52", "53"]);
    expect(declaring("2023-10-01")).toEqual(["42", "43"]);
    expect(declaring("2024-05-30")).toHaveLength(19);
    expect(declaring("2023-01-01")).toHaveLength(72);
  });

  test("lists the legacy v1.0 operations as the v1.0 contract does, answering application/json", () => {
    const v1 = contractOperations(readContract("openapi-v1.0.yml"), "/api/platform/v1.0");
    const legacy = Object.values(LEGACY_OPERATIONS).map((op) => `${op.method} ${op.path}`);
    expect([...legacy].sort()).toEqual([...v1.keys()].sort());
    for (const declared of v1.values()) expect(declared.successTypes).toEqual(["application/json"]);
  });
});

describe("choosing a version", () => {
  test("newestNotLater: the newest version on or before the date, undefined before all", () => {
    const versions = ["2023-01-01", "2024-05-30", "2025-03-12"];
    expect(newestNotLater(versions, "2025-03-12")).toBe("2025-03-12");
    expect(newestNotLater(versions, "2025-03-11")).toBe("2024-05-30");
    expect(newestNotLater(versions, "2024-05-30")).toBe("2024-05-30");
    expect(newestNotLater(versions, "2023-01-01")).toBe("2023-01-01");
    expect(newestNotLater(versions, "2022-12-31")).toBeUndefined();
    expect(newestNotLater([], "2025-03-12")).toBeUndefined();
  });

  test("versionFor: by default the spec's date, 2025-03-12", () => {
    expect(DEFAULT_API_VERSION).toBe("2025-03-12");
    expect(versionFor("21")).toBe("2025-03-12");
    expect(versionFor("20")).toBe("2024-05-30");
    expect(versionFor("41")).toBe("2024-11-13");
    expect(versionFor("42")).toBe("2023-10-01");
    expect(versionFor("52")).toBe("2024-08-05");
    expect(versionFor("7")).toBe("2023-01-01");
  });

  test("versionFor: a pinned date picks the newest version not later than it", () => {
    expect(versionFor("21", "2024-12-31")).toBe("2024-05-30");
    expect(versionFor("21", "2023-06-01")).toBe("2023-01-01");
    expect(versionFor("52", "2024-08-04")).toBe("2023-01-01");
    expect(versionFor("42", "2023-10-01")).toBe("2023-10-01");
  });

  test("versionFor: a date before every declared version sends the oldest (no earlier shape exists)", () => {
    expect(versionFor("41", "2023-01-01")).toBe("2024-11-13");
    expect(versionFor("7", "2020-01-01")).toBe("2023-01-01");
  });

  test("resolveServedVersion: newest not later than the request, undefined (406) before all", () => {
    expect(resolveServedVersion("7", "2025-03-12")).toBe("2023-01-01");
    expect(resolveServedVersion("23", "2025-03-12")).toBe("2024-05-30");
    expect(resolveServedVersion("23", "2024-05-29")).toBe("2023-01-01");
    expect(resolveServedVersion("41", "2024-11-12")).toBeUndefined();
    expect(resolveServedVersion("7", "2022-12-31")).toBeUndefined();
  });
});
