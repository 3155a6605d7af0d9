/**
 * Bad input through the real engine: `pulumi up` fails at check with a message that names the field
 * and the rule, and the emulator's request log shows that no API request was sent.
 */
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type E2EStack, emulatorStack } from "./harness";
import {
  type DeclaredResource,
  fromOutput,
  type PlatformResourceType,
  RESOURCES_PROGRAM,
  removeResource,
  resourcesConfig,
  setResource,
  setResources,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
/** The inputs the test makes invalid one at a time. */
interface Inputs {
  nodeCount: number;
  bucketName: string;
  numPartitions: number;
  instanceSize: string;
}
const VALID: Inputs = {
  nodeCount: 2,
  bucketName: "valid-bucket",
  numPartitions: 2,
  instanceSize: "S30_HIGHCPU_NVME",
};

function resources(inputs: Inputs): Record<string, DeclaredResource> {
  return {
    nodes: {
      type: "SearchDeployment",
      args: {
        groupId: GROUP,
        clusterName: "demo-cluster",
        specs: [{ instanceSize: inputs.instanceSize, nodeCount: inputs.nodeCount }],
      },
    },
    bucket: {
      type: "ExportBucket",
      args: { groupId: GROUP, bucketName: inputs.bucketName, iamRoleId: "5f1a000000000000000000c1" },
    },
    index: {
      type: "SearchIndex",
      args: {
        groupId: GROUP,
        clusterName: "demo-cluster",
        database: "db",
        collectionName: "things",
        name: "things",
        definition: { mappings: { dynamic: true }, numPartitions: inputs.numPartitions },
      },
    },
  };
}

describe("validation before any request, through the real engine", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;

  /** Paths of the API requests the emulator saw (the control API is not logged). */
  const requestedPaths = async (): Promise<string[]> =>
    ((await (await fetch(`${emulator.url}/__emulator/requests`)).json()) as Array<{ path: string }>).map(
      (entry) => entry.path,
    );

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default" });
    stack = await emulatorStack(emulator, {
      program: join(__dirname, "programs", RESOURCES_PROGRAM),
      config: resourcesConfig(resources(VALID)),
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  // The engine stops a preview at the first resource whose check fails, so one invalid input at a time.
  test.each<[keyof Inputs, string | number, string, string, string]>([
    [
      "nodeCount",
      1,
      "SearchDeployment resource 'nodes'",
      "/search/deployment",
      "specs[0].nodeCount must be at least 2",
    ],
    [
      "instanceSize",
      "S31_HIGHCPU_NVME",
      "SearchDeployment resource 'nodes'",
      "/search/deployment",
      "specs[0].instanceSize must be a search node size: S20_HIGHCPU_NVME … S80_HIGHCPU_NVME, S30_LOWCPU_NVME … S140_LOWCPU_NVME or S40_STORAGE_NVME … S90_STORAGE_NVME",
    ],
    [
      "bucketName",
      "ab",
      "ExportBucket resource 'bucket'",
      "/backup/exportBuckets",
      "bucketName must be at least 3 characters",
    ],
    [
      "numPartitions",
      3,
      "SearchIndex resource 'index'",
      "/search/indexes",
      "definition.numPartitions must be 1, 2 or 4",
    ],
  ])(
    "%s = %s fails pulumi up at check, naming the field and the rule, before any API request",
    async (key, bad, resource, apiPath, reason) => {
      await setResources(stack, resources({ ...VALID, [key]: bad }));
      await fetch(`${emulator.url}/__emulator/requests`, { method: "DELETE" });
      const result = await stack.pulumi(["up", "--yes", "--skip-preview"], { allowFailure: true });
      await setResources(stack, resources(VALID));
      expect(result.code).not.toBe(0);
      expect(result.stdout + result.stderr).toContain(`pulumi-nodejs:dynamic/platform:${resource}: property`);
      expect(result.stdout + result.stderr).toContain(`has a problem: ${reason}`);
      // The engine goes on with the valid resources; the invalid one never reached the API.
      expect((await requestedPaths()).filter((path) => path.includes(apiPath))).toEqual([]);
    },
  );

  test("with valid inputs the same program converges, and its requests do reach the log", async () => {
    // The failed runs above created the resources that were valid; start from nothing.
    await stack.destroy();
    await fetch(`${emulator.url}/__emulator/requests`, { method: "DELETE" });
    await stack.up();
    const paths = await requestedPaths();
    for (const apiPath of ["/search/deployment", "/backup/exportBuckets", "/search/indexes"]) {
      expect(paths.some((path) => path.includes(apiPath))).toBe(true);
    }
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
  });

  // The generic program's own config: a wrong one fails the program, naming the key and the rule.
  test.each<[string, DeclaredResource, string]>([
    [
      "a type that is no resource class",
      { type: "SearchIndx" as PlatformResourceType, args: { groupId: GROUP } },
      'resources:typo: type must name a resource class of pulumi-cluster-platform; got "SearchIndx"',
    ],
    [
      "a reference to no output",
      { type: "CustomDns", args: { groupId: GROUP, enabled: fromOutput("bucket", "noSuchOutput") } },
      'resources:typo: fromOutput "bucket.noSuchOutput" names no output of object bucket',
    ],
  ])("an object with %s fails pulumi preview naming its config key", async (_what, resource, message) => {
    await setResource(stack, "typo", resource);
    const result = await stack.pulumi(["preview"], { allowFailure: true });
    await removeResource(stack, "typo");
    expect(result.code).not.toBe(0);
    expect(result.stdout + result.stderr).toContain(message);
  });
});
