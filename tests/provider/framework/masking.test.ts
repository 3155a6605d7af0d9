import {
  isMasked,
  keepKnownSecret,
  mask,
  maskedSuffix,
  sameSecret,
} from "../../../provider/framework/masking";

describe("masking", () => {
  test("mask keeps the last four characters", () => {
    expect(mask("abcdefgh1234")).toBe("********1234");
    expect(mask("abcd")).toBe("****");
    expect(mask("ab")).toBe("**");
  });

  test("isMasked recognizes asterisks followed by at most four characters", () => {
    expect(isMasked("********1234")).toBe(true);
    expect(isMasked("****")).toBe(true);
    expect(isMasked("abcdefgh1234")).toBe(false);
    expect(isMasked("****12345")).toBe(false);
    expect(isMasked(undefined)).toBe(false);
    expect(isMasked(42)).toBe(false);
  });

  test("maskedSuffix returns the visible part", () => {
    expect(maskedSuffix("********1234")).toBe("1234");
    expect(maskedSuffix("abcdefgh1234")).toBe("1234");
  });

  test("sameSecret compares a full user value with a masked API value by the visible suffix", () => {
    expect(sameSecret("abcdefgh1234", "********1234")).toBe(true);
    expect(sameSecret("abcdefgh1234", "****1234")).toBe(true);
    expect(sameSecret("abcdefgh9999", "********1234")).toBe(false);
    expect(sameSecret("abcdefgh1234", "abcdefgh1234")).toBe(true);
    expect(sameSecret("abcdefgh1234", "abcdefgh1235")).toBe(false);
    // Nothing visible: the API cannot show a difference, so there is none.
    expect(sameSecret("abcd", "****")).toBe(true);
    // Both masked: suffixes decide.
    expect(sameSecret("****1234", "********1234")).toBe(true);
    expect(sameSecret(undefined, "****1234")).toBe(false);
  });

  test("keepKnownSecret keeps the user's value while it matches, else returns the API value", () => {
    expect(keepKnownSecret("abcdefgh1234", "********1234")).toBe("abcdefgh1234");
    expect(keepKnownSecret("abcdefgh1234", "********9999")).toBe("********9999");
    expect(keepKnownSecret(undefined, "********9999")).toBe("********9999");
  });
});
