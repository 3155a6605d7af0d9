/**
 * A stack opened without `pulumi stack select` (provider/cli/engine.ts `stackOfListed`): it rests on
 * `Stack.select` asking nothing of the workspace but `selectStack`. A new @pulumi/pulumi whose
 * `Stack.select` reads anything else of the workspace fails here first.
 */
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { stackOfListed } from "../../../provider/cli/engine";

/** A workspace that records every property of it read other than its own two. */
function recordingWorkspace(read: string[]): LocalWorkspace {
  const own = { workDir: "/programs/app", envVars: { PULUMI_CONFIG_PASSPHRASE: "p" } };
  return new Proxy(own, {
    get(target, property, receiver) {
      if (typeof property === "string" && !(property in target)) read.push(property);
      return Reflect.get(target, property, receiver);
    },
  }) as unknown as LocalWorkspace;
}

describe("stackOfListed", () => {
  test("makes the stack without selecting it or reading anything else of the workspace", async () => {
    const read: string[] = [];
    const workspace = recordingWorkspace(read);
    const stack = await stackOfListed("dev", workspace);
    expect(read).toEqual([]);
    expect(stack.name).toBe("dev");
    expect(stack.workspace.workDir).toBe("/programs/app");
  });

  test("settings made through the stack's workspace stay on it, not on the workspace", async () => {
    const workspace = recordingWorkspace([]);
    const stack = await stackOfListed("dev", workspace);
    stack.workspace.envVars = { ...stack.workspace.envVars, PULUMI_NODEJS_TRANSPILE_ONLY: "true" };
    expect(stack.workspace.envVars).toEqual({
      PULUMI_CONFIG_PASSPHRASE: "p",
      PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    });
    expect(workspace.envVars).toEqual({ PULUMI_CONFIG_PASSPHRASE: "p" });
  });
});
