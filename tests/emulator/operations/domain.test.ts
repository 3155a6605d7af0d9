import { lifecycleDone, lifecyclePhase } from "../../../emulator/domain/lifecycle";
import { maskSecret } from "../../../emulator/domain/masking";
import { parseInputDate } from "../../../emulator/domain/time";
import {
  arr,
  bool,
  int,
  obj,
  oneOf,
  readOnly,
  required,
  str,
  validateBody,
} from "../../../emulator/domain/validation";
import { expectError } from "./harness";

describe("maskSecret", () => {
  it("keeps only the last four characters", () => {
    expect(maskSecret("abcdefgh1234")).toBe("********1234");
  });
  it("masks short values entirely", () => {
    expect(maskSecret("abcd")).toBe("****");
    expect(maskSecret("")).toBe("");
  });
});

describe("lifecyclePhase", () => {
  const phases = ["PENDING", "BUILDING", "READY"] as const;
  it("is done at once when the delay is 0", () => {
    expect(lifecyclePhase(phases, 1000, 1000, 0)).toBe("READY");
    expect(lifecycleDone(1000, 1000, 0)).toBe(true);
  });
  it("shares the delay between the intermediate phases", () => {
    expect(lifecyclePhase(phases, 0, 0, 1000)).toBe("PENDING");
    expect(lifecyclePhase(phases, 0, 499, 1000)).toBe("PENDING");
    expect(lifecyclePhase(phases, 0, 500, 1000)).toBe("BUILDING");
    expect(lifecyclePhase(phases, 0, 999, 1000)).toBe("BUILDING");
    expect(lifecyclePhase(phases, 0, 1000, 1000)).toBe("READY");
    expect(lifecycleDone(0, 999, 1000)).toBe(false);
  });
});

describe("parseInputDate", () => {
  it("reads a date without a zone as UTC", () => {
    expect(parseInputDate("2026-01-01T00:00:00")).toBe(Date.UTC(2026, 0, 1));
    expect(parseInputDate("2026-01-01T01:00:00+01:00")).toBe(Date.UTC(2026, 0, 1));
    expect(parseInputDate("yesterday")).toBeUndefined();
  });
});

describe("validateBody", () => {
  const schema = {
    id: readOnly(str()),
    name: required(str({ minLength: 3, maxLength: 5 })),
    kind: oneOf(["A", "B"]),
    count: int({ min: 1 }),
    flag: bool(),
    items: arr(obj({ key: required(str()) }), { maxItems: 1 }),
  };

  it("accepts a valid body and drops nulls", () => {
    expect(validateBody({ name: "abc", kind: "A", count: 1, flag: null }, schema)).toEqual({
      name: "abc",
      kind: "A",
      count: 1,
    });
  });
  it("names an unknown field", () => {
    const error = expectError(
      () => validateBody({ name: "abc", colour: 1 }, schema),
      400,
      "INVALID_ATTRIBUTE",
    );
    expect(error.parameters).toEqual(["colour"]);
  });
  it("refuses a read-only field", () => {
    expectError(() => validateBody({ name: "abc", id: "x" }, schema), 400, "ATTRIBUTE_READ_ONLY");
  });
  it("refuses a missing required field unless the update is partial", () => {
    expectError(() => validateBody({}, schema), 400, "MISSING_ATTRIBUTE");
    expect(validateBody({}, schema, { partial: true })).toEqual({});
  });
  it("refuses values outside an enumeration, a type or a limit", () => {
    expectError(() => validateBody({ name: "abc", kind: "C" }, schema), 400, "INVALID_ENUM_VALUE");
    expectError(() => validateBody({ name: "abc", count: "1" }, schema), 400, "INVALID_ATTRIBUTE");
    expectError(() => validateBody({ name: "abc", count: 0 }, schema), 400, "INVALID_ATTRIBUTE");
    expectError(() => validateBody({ name: "abcdef" }, schema), 400, "INVALID_ATTRIBUTE");
    expectError(() => validateBody({ name: "abc", count: 1.5 }, schema), 400, "INVALID_ATTRIBUTE");
  });
  it("names nested fields by path", () => {
    const error = expectError(
      () => validateBody({ name: "abc", items: [{ key: "k", other: 1 }] }, schema),
      400,
      "INVALID_ATTRIBUTE",
    );
    expect(error.parameters).toEqual(["items[0].other"]);
    expectError(
      () => validateBody({ name: "abc", items: [{ key: "a" }, { key: "b" }] }, schema),
      400,
      "INVALID_ATTRIBUTE",
    );
  });
  it("refuses a body that is not an object", () => {
    expectError(() => validateBody([1], schema), 400, "VALIDATION_ERROR");
  });
});
