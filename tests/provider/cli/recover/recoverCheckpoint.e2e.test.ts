/**
 * `pulumi-cluster-platform recover` on a file backend whose checkpoint a killed CLI left unreadable
 * (provider/cli/recover/recover.ts, repairFileCheckpoint), through the real Pulumi CLI.
 *
 * The file backend writes `<stack>.json.attrs` (a sidecar of the blob library) before it renames the
 * new checkpoint into place; a SIGKILL between the two leaves the sidecar empty, and every command,
 * `pulumi stack select` included, then fails with "failed to load checkpoint: EOF". The crash trials
 * of `npm run soak` met it. No emulator: the stack has no resources, only its checkpoint matters.
 */
import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "../../../../emulator";
import type { LocalStack } from "../../../../scripts/lib/pulumi-stack";
import { quickstartStack, recover } from "../../../../scripts/lib/reliability";

describe("recover mends a file checkpoint a killed CLI left unreadable", () => {
  let stack: LocalStack;
  let checkpoint: string;

  beforeAll(async () => {
    // The stack is only created, never deployed: a base URL is all its config needs.
    stack = await quickstartStack({ baseUrl: "http://127.0.0.1:9" } as RunningEmulator, false);
    const project = /^name:\s*(\S+)/m.exec(readFileSync(join(stack.programDir, "Pulumi.yaml"), "utf8"))?.[1];
    const backend = (stack.env.PULUMI_BACKEND_URL as string).replace(/^file:\/\//, "");
    checkpoint = join(backend, ".pulumi", "stacks", project as string, "test.json");
  });

  afterAll(() => stack?.dispose());

  test("an empty sidecar: selecting the stack fails; recover removes it and the stack loads again", async () => {
    truncateSync(`${checkpoint}.attrs`, 0);
    const broken = await stack.pulumi(["stack", "export"], { allowFailure: true, quiet: true });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("failed to load checkpoint: EOF");

    const recovered = await recover(stack);
    expect(recovered.code).toBe(0);
    expect(recovered.stdout).toBe("Stack test: nothing to recover.\n");
    expect(recovered.stderr).toContain(`  removed the empty ${checkpoint}.attrs that a killed CLI left\n`);

    const exported = await stack.pulumi(["stack", "export"], { quiet: true });
    expect((JSON.parse(exported.stdout) as { version: number }).version).toBe(3);
  });

  test("a checkpoint cut off mid-write: recover puts the previous one back", async () => {
    const whole = readFileSync(checkpoint, "utf8");
    writeFileSync(checkpoint, whole.slice(0, Math.floor(whole.length / 2)));
    const broken = await stack.pulumi(["stack", "export"], { allowFailure: true, quiet: true });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("failed to load checkpoint");

    const recovered = await recover(stack);
    expect(recovered.code).toBe(0);
    expect(recovered.stderr).toContain(
      `  put back the previous checkpoint of ${checkpoint} (the last one was cut off)\n`,
    );
    const exported = await stack.pulumi(["stack", "export"], { quiet: true });
    expect((JSON.parse(exported.stdout) as { version: number }).version).toBe(3);
  });

  test("a healthy stack is left as it is", async () => {
    const before = readFileSync(checkpoint, "utf8");
    const recovered = await recover(stack);
    expect(recovered.code).toBe(0);
    expect(recovered.stdout).toBe("Stack test: nothing to recover.\n");
    expect(recovered.stderr).not.toContain("removed the empty");
    expect(recovered.stderr).not.toContain("put back");
    expect(JSON.parse(readFileSync(checkpoint, "utf8"))).toEqual(JSON.parse(before));
  });
});
