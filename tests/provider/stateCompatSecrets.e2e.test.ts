/**
 * The plaintext stateCompat.int.test.ts gives the 0.1.0 fixture's secrets is what the Pulumi CLI
 * decrypts: the fixture imported into a stack and exported with --show-secrets has exactly those
 * secrets, with exactly those values (the in-process test cannot open the passphrase's encryption
 * itself: that is the CLI's).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { LocalStack } from "../../scripts/lib/pulumi-stack";
import { readFixtureInfo, STACK_FILE } from "../../scripts/state-compat/fixture";
import { type E2EStack, repoRoot } from "../e2e/harness";

const FIXTURE = join(repoRoot, "tests", "e2e", "fixtures", "state-0.1.0");
const DYNAMIC_TYPE = "pulumi-nodejs:dynamic/platform:";

interface Exported {
  deployment: {
    resources?: Array<{ type: string } & Partial<Record<"inputs" | "outputs", Record<string, unknown>>>>;
  };
}

let stack: E2EStack | undefined;
afterAll(() => stack?.dispose());

test("the fixture's secrets, decrypted by pulumi stack export --show-secrets, are stateCompat.secrets.json's", async () => {
  const info = readFixtureInfo(FIXTURE);
  stack = await LocalStack.create({
    program: join(repoRoot, info.program),
    stackName: info.stack,
    echo: false,
  });
  await stack.pulumi(["stack", "import", "--file", join(FIXTURE, STACK_FILE)]);
  const exported = JSON.parse(
    (await stack.pulumi(["stack", "export", "--show-secrets"], { quiet: true })).stdout,
  ) as Exported;
  const decrypted: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const resource of exported.deployment.resources ?? []) {
    if (!resource.type.startsWith(DYNAMIC_TYPE)) continue;
    const type = resource.type.slice(DYNAMIC_TYPE.length);
    for (const part of ["inputs", "outputs"] as const)
      for (const [name, value] of Object.entries(resource[part] ?? {})) {
        const envelope = value as Record<string, unknown> | null;
        if (typeof envelope !== "object" || envelope === null || envelope[specialSigKey] !== specialSecretSig)
          continue;
        const parts = decrypted[type] ?? {};
        decrypted[type] = parts;
        parts[part] = { ...parts[part], [name]: JSON.parse(String(envelope.plaintext)) };
      }
  }
  const file = JSON.parse(readFileSync(join(__dirname, "stateCompat.secrets.json"), "utf8")) as {
    secrets: unknown;
  };
  expect(decrypted).toEqual(file.secrets);
});
