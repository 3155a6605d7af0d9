/** Settings: platform:* config with PLATFORM_* fallback, and errors that say what to set. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { PlatformError, resolveClientConfig } from "../../../provider/client";

const BASE = "https://cloud.example.com/api/platform/v2";
const keys = {
  "platform:baseUrl": BASE,
  "platform:publicKey": "pub",
  "platform:privateKey": "config-private-0001",
};

function failure(fn: () => unknown): PlatformError {
  try {
    fn();
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error("expected a PlatformError");
}

describe("resolveClientConfig", () => {
  test("reads the configure request's config.get('platform:...')", () => {
    const source = new Map(Object.entries(keys));
    const config = resolveClientConfig({ get: (key) => source.get(key) }, {});
    expect(config).toMatchObject({
      baseUrl: BASE,
      origin: "https://cloud.example.com",
      serviceName: "platform",
      apiBasePath: "/api/platform/v2",
      legacyBasePath: "/api/platform/v1.0",
      auth: { kind: "digest", publicKey: "pub" },
      maxConnections: 8,
      rateLimit: { limit: 100, windowMs: 60_000 },
      digestNonceReuse: true,
      apiVersion: "2025-03-12",
    });
  });

  test("reads the real dynamic provider Config class that `configure` receives", () => {
    // The class @pulumi/pulumi's dynamic provider host builds from the stack config.
    const { Config } = require("@pulumi/pulumi/cmd/dynamic-provider/config") as {
      Config: new (raw: Record<string, string>, project: string) => { get(key: string): string | undefined };
    };
    const config = resolveClientConfig(new Config({ ...keys, "other:baseUrl": "ignored" }, "my-project"), {});
    expect(config.baseUrl).toBe(BASE);
    expect(config.auth.kind).toBe("digest");
  });

  test("accepts a plain map with or without the namespace, and numbers/booleans as strings", () => {
    const config = resolveClientConfig(
      {
        baseUrl: `${BASE}/`,
        clientId: "id",
        clientSecret: "secret-0001",
        maxRetries: "2",
        digestNonceReuse: "false",
      },
      {},
    );
    expect(config.baseUrl).toBe(BASE);
    expect(config.auth.kind).toBe("oauth");
    expect(config.maxRetries).toBe(2);
    expect(config.digestNonceReuse).toBe(false);
  });

  test("falls back to PLATFORM_* environment variables", () => {
    const config = resolveClientConfig(undefined, {
      PLATFORM_BASE_URL: "http://127.0.0.1:8080/api/svc/v2",
      PLATFORM_CLIENT_ID: "id",
      PLATFORM_CLIENT_SECRET: "env-secret-0001",
      PLATFORM_RATE_LIMIT_PER_MINUTE: "0",
    });
    expect(config.serviceName).toBe("svc");
    expect(config.auth.kind).toBe("oauth");
    expect(config.rateLimit).toBeUndefined();
  });

  test("takes credentials as a group: config credentials ignore credential env variables", () => {
    const config = resolveClientConfig(keys, {
      PLATFORM_CLIENT_ID: "id",
      PLATFORM_CLIENT_SECRET: "stale-0001",
    });
    expect(config.auth.kind).toBe("digest");
  });

  test("names the missing base URL with its config key and env variable", () => {
    const err = failure(() => resolveClientConfig({ publicKey: "a", privateKey: "b" }, {}));
    expect(err.code).toBe("CONFIG_MISSING");
    expect(err.message).toContain("platform:baseUrl");
    expect(err.message).toContain("PLATFORM_BASE_URL");
  });

  test("says how to configure credentials when none are given", () => {
    const err = failure(() => resolveClientConfig({ baseUrl: BASE }, {}));
    expect(err.code).toBe("CONFIG_MISSING");
    for (const part of [
      "platform:publicKey",
      "PLATFORM_PRIVATE_KEY",
      "platform:clientId",
      "PLATFORM_CLIENT_SECRET",
    ]) {
      expect(err.message).toContain(part);
    }
  });

  test.each([
    [{ publicKey: "pub" }, "platform:privateKey", "PLATFORM_PRIVATE_KEY"],
    [{ privateKey: "p-0001" }, "platform:publicKey", "PLATFORM_PUBLIC_KEY"],
    [{ clientId: "id" }, "platform:clientSecret", "PLATFORM_CLIENT_SECRET"],
    [{ clientSecret: "s-0001" }, "platform:clientId", "PLATFORM_CLIENT_ID"],
  ])("names the missing half of a credential pair (%o)", (given, key, env) => {
    const err = failure(() => resolveClientConfig({ baseUrl: BASE, ...given }, {}));
    expect(err.code).toBe("CONFIG_MISSING");
    expect(err.message).toContain(key);
    expect(err.message).toContain(env);
    expect(err.message).toContain("both halves");
  });

  test("refuses two authentication methods", () => {
    const err = failure(() =>
      resolveClientConfig({ ...keys, "platform:clientId": "id", "platform:clientSecret": "s-0001" }, {}),
    );
    expect(err.code).toBe("CONFIG_INVALID");
    expect(err.message).toContain("exactly one");
  });

  test.each([
    ["http://cloud.example.com/api/platform/v2", "plain http is allowed only to loopback"],
    ["https://cloud.example.com/api/platform/v1.0", "/api/<service>/v2"],
    ["https://cloud.example.com/platform/v2", "/api/<service>/v2"],
    ["ftp://cloud.example.com/api/platform/v2", "https"],
    ["not a url", "not a URL"],
    ["https://cloud.example.com/api/platform/v2?x=1", "no query"],
  ])("rejects the base URL %s", (url, fragment) => {
    const err = failure(() => resolveClientConfig({ ...keys, "platform:baseUrl": url }, {}));
    expect(err.code).toBe("CONFIG_INVALID");
    expect(err.message).toContain(fragment);
  });

  test.each([
    "http://127.0.0.1:1/api/p/v2",
    "http://127.8.9.10/api/p/v2",
    "http://localhost:9/api/p/v2",
    "http://[::1]:9/api/p/v2",
  ])("accepts plain http to loopback %s", (url) => {
    expect(resolveClientConfig({ ...keys, "platform:baseUrl": url }, {}).baseUrl).toBe(url);
  });

  test("never echoes credentials embedded in the base URL", () => {
    const err = failure(() =>
      resolveClientConfig(
        { ...keys, "platform:baseUrl": "https://user:url-secret-pass@cloud.example.com/api/p/v2" },
        {},
      ),
    );
    expect(JSON.stringify(err)).not.toContain("url-secret-pass");
    expect(err.message).not.toContain("url-secret-pass");
  });

  test("rejects bad numbers and booleans naming the setting", () => {
    expect(failure(() => resolveClientConfig({ ...keys, maxRetries: "many" }, {})).message).toContain(
      "platform:maxRetries",
    );
    expect(failure(() => resolveClientConfig({ ...keys, digestNonceReuse: "maybe" }, {})).message).toContain(
      "PLATFORM_DIGEST_NONCE_REUSE",
    );
  });

  test("reads a custom CA file, and names an unreadable one", () => {
    const dir = mkdtempSync(join(tmpdir(), "client-ca-"));
    const file = join(dir, "ca.pem");
    writeFileSync(file, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    expect(resolveClientConfig({ ...keys, caCertPath: file }, {}).ca).toContain("BEGIN CERTIFICATE");
    const err = failure(() => resolveClientConfig({ ...keys, caCertPath: join(dir, "missing.pem") }, {}));
    expect(err.code).toBe("CONFIG_INVALID");
    expect(err.message).toContain("platform:caCertPath");
    expect(err.message).toContain("ENOENT");
  });

  test("holds the private key as a Secret that does not print", () => {
    const config = resolveClientConfig(keys, {});
    expect(JSON.stringify(config)).not.toContain("config-private-0001");
    expect(inspect(config, { depth: 10 })).not.toContain("config-private-0001");
    expect(String(config.auth.kind === "digest" && config.auth.privateKey)).toBe("[REDACTED]");
  });
});
