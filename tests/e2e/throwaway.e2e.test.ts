/**
 * The first proof that the real engine runs offline: a throwaway dynamic resource (one file) goes
 * through `pulumi up`, a clean `preview --expect-no-changes`, `refresh` with and without drift, and
 * `pulumi destroy`.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { E2EStack } from "./harness";

describe("real Pulumi engine, throwaway dynamic resource", () => {
  let stack: E2EStack;
  let filePath: string;

  beforeAll(async () => {
    stack = await E2EStack.create({ program: join(__dirname, "programs", "throwaway") });
    filePath = join(stack.workDir, "greeting.txt");
    await stack.setConfig("throwaway:path", filePath);
  });

  afterAll(() => stack?.dispose());

  test("pulumi up creates the resource", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 2 created");
    expect(readFileSync(filePath, "utf8")).toBe("hello from the real engine");
    expect(await stack.outputs()).toEqual({ fileContent: "hello from the real engine", filePath });
  });

  test("pulumi preview --expect-no-changes passes after up", async () => {
    const result = await stack.preview({ expectNoChanges: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("2 unchanged");
  });

  test("pulumi refresh right after up changes nothing", async () => {
    const result = await stack.refresh({ expectNoChanges: true });
    expect(result.code).toBe(0);
  });

  test("pulumi refresh detects an out-of-band change, and up converges it back", async () => {
    writeFileSync(filePath, "edited by hand");
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain('~ content: "hello from the real engine" => "edited by hand"');
    expect(refresh.stdout).toContain("~ 1 updated");
    const state = await stack.exportState();
    const file = state.deployment.resources?.find(
      (r) => r.type === "pulumi-nodejs:dynamic/e2e:ThrowawayFile",
    );
    expect(file?.outputs).toMatchObject({ content: "edited by hand", path: filePath });

    const up = await stack.up();
    expect(up.stdout).toContain("~ 1 updated");
    expect(readFileSync(filePath, "utf8")).toBe("hello from the real engine");
  });

  test("pulumi destroy removes the resource", async () => {
    const result = await stack.destroy();
    expect(result.stdout).toContain("- 2 deleted");
    expect(existsSync(filePath)).toBe(false);
  });
});
