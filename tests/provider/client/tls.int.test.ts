/** HTTPS with a custom CA file: trusted through caCertPath, refused without it. */
import { startEmulator } from "../../../emulator";
import { createClient, type PlatformError } from "../../../provider/client";

type Emulator = Awaited<ReturnType<typeof startEmulator>>;
const GROUP = "5f1a000000000000000000a1";
const KEY = { publicKey: "demo-public-key", privateKey: "demo-private-key-0000-0000-000000000001" };

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: "default", https: true });
});
afterAll(async () => {
  await emu?.close();
});

test("trusts the emulator's self-signed certificate given as caCertPath", async () => {
  expect(emu.baseUrl.startsWith("https://")).toBe(true);
  const client = createClient({
    baseUrl: emu.baseUrl,
    ...KEY,
    caCertPath: emu.certPath,
    rateLimitPerMinute: 0,
  });
  try {
    await expect(client.customDns.get(GROUP)).resolves.toHaveProperty("enabled");
  } finally {
    await client.close();
  }
});

test("refuses the certificate without the CA (NETWORK_ERROR naming the TLS problem, no retries)", async () => {
  const client = createClient({ baseUrl: emu.baseUrl, ...KEY, rateLimitPerMinute: 0, maxRetries: 2 });
  try {
    const err = (await client.customDns.get(GROUP).catch((e: unknown) => e)) as PlatformError;
    expect(err.code).toBe("NETWORK_ERROR");
    expect(err.attempts).toBe(1);
    expect(err.message).toMatch(/CERT|certificate|SELF_SIGNED/i);
  } finally {
    await client.close();
  }
});
