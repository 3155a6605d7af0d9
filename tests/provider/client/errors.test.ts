/** PlatformError: fields, JSON form, and the helpers waiters use. */
import { inspect } from "node:util";
import {
  ClientErrorCode,
  hasErrorCode,
  isNotFound,
  isPlatformError,
  isTransient,
  PlatformError,
} from "../../../provider/client";

describe("PlatformError", () => {
  const err = new PlatformError({
    code: "SEARCH_DUPLICATE_INDEX",
    errorCode: "SEARCH_DUPLICATE_INDEX",
    status: 409,
    detail: "Index default already exists.",
    parameters: ["default"],
    method: "POST",
    path: "/groups/g/clusters/c/search/indexes",
    requestId: "req-1",
    attempts: 1,
    operation: "Creating search index",
    message:
      "Creating search index failed: POST /groups/g/clusters/c/search/indexes answered 409 SEARCH_DUPLICATE_INDEX: Index default already exists.",
    cause: Object.assign(new Error("inner"), { code: "ECONNRESET", secretField: "x" }),
  });

  test("carries every field and serializes them", () => {
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("PlatformError");
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({
      name: "PlatformError",
      code: "SEARCH_DUPLICATE_INDEX",
      status: 409,
      errorCode: "SEARCH_DUPLICATE_INDEX",
      detail: "Index default already exists.",
      parameters: ["default"],
      method: "POST",
      path: "/groups/g/clusters/c/search/indexes",
      requestId: "req-1",
      attempts: 1,
      operation: "Creating search index",
      cause: { name: "Error", code: "ECONNRESET", message: "inner" },
    });
    expect(inspect(err)).toContain("SEARCH_DUPLICATE_INDEX");
  });

  test("keeps only a reduced cause (name, code, masked message)", () => {
    expect(err.cause).toEqual({ name: "Error", code: "ECONNRESET", message: "inner" });
  });

  test("helpers", () => {
    expect(isPlatformError(err)).toBe(true);
    expect(isPlatformError(new Error("x"))).toBe(false);
    expect(hasErrorCode(err, "SEARCH_DUPLICATE_INDEX")).toBe(true);
    expect(isNotFound(err)).toBe(false);
    expect(isNotFound(new PlatformError({ code: "RESOURCE_NOT_FOUND", status: 404, message: "gone" }))).toBe(
      true,
    );
    expect(isTransient(new PlatformError({ code: "HTTP_503", status: 503, message: "busy" }))).toBe(true);
    expect(isTransient(new PlatformError({ code: ClientErrorCode.NETWORK_ERROR, message: "reset" }))).toBe(
      true,
    );
    expect(isTransient(err)).toBe(false);
    // A PlatformError from another copy of the module (brand check).
    const foreign = Object.assign(new Error("x"), { name: "PlatformError", code: "X", status: 404 });
    expect(isPlatformError(foreign)).toBe(true);
    expect(isNotFound(foreign)).toBe(true);
  });
});
