/**
 * How functions get their client: from the program's `platform:*` stack config, else `PLATFORM_*`
 * variables, one client per configuration (rebuilt when it changes); an incomplete configuration is
 * an error naming the setting. No request is sent.
 */
import { functionClient, resetFunctionClient } from "../../../provider/functions";

const source = (values: Record<string, string>) => ({ get: (key: string) => values[key] });
const KEY = {
  "platform:baseUrl": "http://127.0.0.1:8787/api/platform/v2",
  "platform:publicKey": "demo-public-key",
  "platform:privateKey": "demo-private-key-0000-0000-000000000001",
};

afterEach(() => resetFunctionClient());

test("the same configuration gives the same client; a changed one a new client", () => {
  const first = functionClient(source(KEY), {});
  expect(functionClient(source({ ...KEY }), {})).toBe(first);
  expect(first.config.baseUrl).toBe("http://127.0.0.1:8787/api/platform/v2");
  const other = functionClient(
    source({ ...KEY, "platform:baseUrl": "http://127.0.0.1:9999/api/platform/v2" }),
    {},
  );
  expect(other).not.toBe(first);
  expect(other.config.baseUrl).toBe("http://127.0.0.1:9999/api/platform/v2");
});

test("PLATFORM_* variables are the fallback, and a change of them is a new configuration", () => {
  const env = {
    PLATFORM_BASE_URL: "http://127.0.0.1:8787/api/platform/v2",
    PLATFORM_CLIENT_ID: "mdb_sa_id_demo",
    PLATFORM_CLIENT_SECRET: "mdb_sa_sk_demo_0000000000000001",
  };
  const fromEnv = functionClient(source({}), env);
  expect(fromEnv.config.auth.kind).toBe("oauth");
  expect(
    functionClient(source({}), { ...env, PLATFORM_BASE_URL: "http://127.0.0.1:1/api/platform/v2" }),
  ).not.toBe(fromEnv);
});

test("an incomplete configuration names the setting to set", () => {
  expect(() => functionClient(source({ "platform:baseUrl": KEY["platform:baseUrl"] }), {})).toThrow(
    /^Missing credentials: configure exactly one authentication method/,
  );
  expect(() => functionClient(source({}), {})).toThrow(/Missing setting `platform:baseUrl`/);
});
