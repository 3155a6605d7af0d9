import { parseInputDate } from "../../../emulator/core/dates";

describe("parseInputDate", () => {
  test("reads a date without a zone as UTC", () => {
    expect(parseInputDate("2026-01-01T00:00:00")).toBe(Date.UTC(2026, 0, 1));
    expect(parseInputDate("2026-01-01T01:00:00+01:00")).toBe(Date.UTC(2026, 0, 1));
    expect(parseInputDate("yesterday")).toBeUndefined();
  });
});
