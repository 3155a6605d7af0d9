import { computeDigestResponse, DigestSession, parseDigestChallenge } from "../../../provider/client/digest";
import { Secret } from "../../../provider/client/secrets";

// RFC 7616 section 3.9.1 example.
const rfc = {
  username: "Mufasa",
  password: "Circle of Life",
  realm: "http-auth@example.org",
  method: "GET",
  uri: "/dir/index.html",
  nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
  nc: "00000001",
  cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
  qop: "auth" as const,
};

describe("computeDigestResponse (RFC 7616 section 3.9.1)", () => {
  test("MD5", () => {
    expect(computeDigestResponse({ ...rfc, algorithm: "MD5" })).toBe("8ca523f5e9506fed4657c9700eebdbec");
  });
  test("SHA-256", () => {
    expect(computeDigestResponse({ ...rfc, algorithm: "SHA-256" })).toBe(
      "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
    );
  });
});

describe("parseDigestChallenge", () => {
  test("reads the RFC example challenges and prefers SHA-256", () => {
    const challenge = parseDigestChallenge([
      `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="${rfc.nonce}", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`,
      `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="${rfc.nonce}", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`,
    ]);
    expect(challenge).toMatchObject({
      realm: "http-auth@example.org",
      algorithm: "SHA-256",
      nonce: rfc.nonce,
      qop: ["auth", "auth-int"],
      stale: false,
    });
  });
  test("reads stale=true and defaults the algorithm to MD5", () => {
    expect(
      parseDigestChallenge('Digest realm="MMS Public API", nonce="abc", qop="auth", stale=true'),
    ).toMatchObject({
      algorithm: "MD5",
      stale: true,
    });
  });
  test("ignores other schemes and unusable challenges", () => {
    expect(parseDigestChallenge('Bearer realm="x"')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="x", nonce="n", qop="auth-int"')).toBeUndefined();
    expect(parseDigestChallenge(undefined)).toBeUndefined();
  });
});

describe("DigestSession", () => {
  const header = (nonce: string, stale = false) =>
    `Digest realm="MMS Public API", nonce="${nonce}", algorithm=MD5, qop="auth", stale=${stale}`;

  test("sends nothing before the first challenge, then reuses the nonce with increasing nc", () => {
    const session = new DigestSession("user", new Secret("password-0001"), { reuseNonce: true });
    expect(session.authorize("GET", "/a")).toBeUndefined();
    expect(session.acceptChallenge(header("n1"), undefined).retry).toBe(true);
    const ncs = [1, 2, 3].map(() => /nc=(\w+)/.exec(session.authorize("GET", "/a")?.header ?? "")?.[1]);
    expect(ncs).toEqual(["00000001", "00000002", "00000003"]);
    expect(session.authorize("GET", "/a")?.nonce).toBe("n1");
  });

  test("gives every concurrent request its own nc", async () => {
    const session = new DigestSession("user", new Secret("password-0001"), { reuseNonce: true });
    session.acceptChallenge(header("n1"), undefined);
    const headers = await Promise.all(
      Array.from({ length: 50 }, async () => session.authorize("GET", "/x")?.header ?? ""),
    );
    const ncs = new Set(headers.map((h) => /nc=(\w+)/.exec(h)?.[1]));
    expect(ncs.size).toBe(50);
  });

  test("renews on stale=true and on a new nonce, but not when the same nonce was rejected", () => {
    const session = new DigestSession("user", new Secret("password-0001"), { reuseNonce: true });
    session.acceptChallenge(header("n1"), undefined);
    const sent = session.authorize("GET", "/a");
    expect(session.acceptChallenge(header("n2", true), sent).retry).toBe(true);
    const renewed = session.authorize("GET", "/a");
    expect(renewed?.nonce).toBe("n2");
    expect(renewed?.header).toContain("nc=00000001");
    // Same nonce rejected without stale: the key is wrong, no retry.
    expect(session.acceptChallenge(header("n2"), renewed).retry).toBe(false);
  });

  test("without nonce reuse, every challenge serves one request", () => {
    const session = new DigestSession("user", new Secret("password-0001"), { reuseNonce: false });
    const { challenge } = session.acceptChallenge(header("n1"), undefined);
    expect(session.authorize("GET", "/a")).toBeUndefined();
    expect(session.authorize("GET", "/a", challenge)?.header).toContain("nc=00000001");
    expect(session.authorize("GET", "/b")).toBeUndefined();
  });

  test("computes the same response as the RFC for a session built from the RFC challenge", () => {
    const session = new DigestSession(rfc.username, new Secret(rfc.password), {
      reuseNonce: true,
      cnonce: () => rfc.cnonce,
    });
    session.acceptChallenge(
      `Digest realm="${rfc.realm}", qop="auth", algorithm=SHA-256, nonce="${rfc.nonce}", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`,
      undefined,
    );
    const attempt = session.authorize("GET", rfc.uri);
    expect(attempt?.header).toContain(
      'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"',
    );
    expect(attempt?.header).toContain('opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"');
  });
});
