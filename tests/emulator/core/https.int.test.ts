import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent } from "undici";
import { startEmulator } from "../../../emulator";
import { DigestClient, http, OWNER_KEY, PROJECT, testOperations } from "./helpers";

jest.setTimeout(30_000);

test("--https: TLS with a self-signed certificate kept in the data folder and trusted through ca", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "emulator-tls-"));
  try {
    const emu = await startEmulator({ https: true, dataDir, operations: testOperations });
    const certPath = emu.certPath as string;
    expect(certPath).toBe(join(dataDir, "emulator-cert.pem"));
    expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const cert = readFileSync(certPath, "utf8");
    expect(cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const trusting = new Agent({ connect: { ca: cert } });
    try {
      const client = new DigestClient(emu.url, OWNER_KEY, "MD5", trusting);
      const answer = await client.call("GET", `/api/platform/v2/groups/${PROJECT}/widgets`);
      expect(answer.status).toBe(200);
      // Without trusting the certificate the TLS handshake fails.
      await expect(http(`${emu.url}/__emulator/`)).rejects.toThrow(/self-signed certificate/);
      await emu.close();
      // A restart reuses the certificate, so clients keep trusting it.
      const again = await startEmulator({ https: true, dataDir, operations: testOperations });
      expect(readFileSync(again.certPath as string, "utf8")).toBe(cert);
      expect((await http(`${again.url}/__emulator/`, { dispatcher: trusting })).status).toBe(200);
      await again.close();
    } finally {
      await trusting.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
