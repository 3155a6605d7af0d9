/** A self-signed certificate for --https, valid for localhost, 127.0.0.1 and ::1. It is kept in the
 * data folder when there is one, so clients that trust it keep trusting it across restarts. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "selfsigned";

export interface TlsMaterial {
  certPath: string;
  keyPath: string;
  cert: string;
  key: string;
}

export async function ensureCertificate(folder: string | undefined): Promise<TlsMaterial> {
  const directory = folder ?? mkdtempSync(join(tmpdir(), "platform-emulator-tls-"));
  mkdirSync(directory, { recursive: true });
  const certPath = join(directory, "emulator-cert.pem");
  const keyPath = join(directory, "emulator-key.pem");
  if (existsSync(certPath) && existsSync(keyPath)) {
    return { certPath, keyPath, cert: readFileSync(certPath, "utf8"), key: readFileSync(keyPath, "utf8") };
  }
  const now = new Date();
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + 825 * 24 * 3600_000),
    extensions: [
      // CA:true lets the certificate be its own trust anchor (NODE_EXTRA_CA_CERTS, curl --cacert).
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
          { type: 7, ip: "::1" },
        ],
      },
    ],
  });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { certPath, keyPath, cert: pems.cert, key: pems.private };
}
