import { maskSecret } from "../../../emulator/core/masking";

describe("maskSecret", () => {
  test("keeps only the last four characters", () => {
    expect(maskSecret("abcdefgh1234")).toBe("********1234");
  });
  test("masks short values entirely", () => {
    expect(maskSecret("abcd")).toBe("****");
    expect(maskSecret("")).toBe("");
  });
});
