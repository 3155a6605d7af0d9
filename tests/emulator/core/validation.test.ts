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
} from "../../../emulator/core/validation";
import { expectError } from "../operations/harness";

describe("validateBody", () => {
  const schema = {
    id: readOnly(str()),
    name: required(str({ minLength: 3, maxLength: 5 })),
    kind: oneOf(["A", "B"]),
    count: int({ min: 1 }),
    flag: bool(),
    items: arr(obj({ key: required(str()) }), { maxItems: 1 }),
  };

  test("accepts a valid body and drops nulls", () => {
    expect(validateBody({ name: "abc", kind: "A", count: 1, flag: null }, schema)).toEqual({
      name: "abc",
      kind: "A",
      count: 1,
    });
  });
  test("names an unknown field", () => {
    const error = expectError(
      () => validateBody({ name: "abc", colour: 1 }, schema),
      400,
      "INVALID_ATTRIBUTE",
    );
    expect(error.parameters).toEqual(["colour"]);
  });
  test("refuses a read-only field", () => {
    expectError(() => validateBody({ name: "abc", id: "x" }, schema), 400, "ATTRIBUTE_READ_ONLY");
  });
  test("refuses a missing required field unless the update is partial", () => {
    expectError(() => validateBody({}, schema), 400, "MISSING_ATTRIBUTE");
    expect(validateBody({}, schema, { partial: true })).toEqual({});
  });
  test("refuses values outside an enumeration, a type or a limit", () => {
    expectError(() => validateBody({ name: "abc", kind: "C" }, schema), 400, "INVALID_ENUM_VALUE");
    expectError(() => validateBody({ name: "abc", count: "1" }, schema), 400, "INVALID_ATTRIBUTE");
    expectError(() => validateBody({ name: "abc", count: 0 }, schema), 400, "INVALID_ATTRIBUTE");
    expectError(() => validateBody({ name: "abcdef" }, schema), 400, "INVALID_ATTRIBUTE");
    expectError(() => validateBody({ name: "abc", count: 1.5 }, schema), 400, "INVALID_ATTRIBUTE");
  });
  test("names nested fields by path", () => {
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
  test("refuses a body that is not an object", () => {
    expectError(() => validateBody([1], schema), 400, "VALIDATION_ERROR");
  });
});
