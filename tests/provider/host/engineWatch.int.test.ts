/**
 * The provider host ends when the engine does (provider/host/engineWatch.ts): it finds the engine
 * among its ancestors and notices when that process is gone.
 */
import { spawn } from "node:child_process";
import {
  enginePidOf,
  isAlive,
  type ProcessInfo,
  readProcess,
  watchEngine,
} from "../../../provider/host/engineWatch";

describe("enginePidOf", () => {
  const tree: Record<number, ProcessInfo> = {
    30: { ppid: 20, command: "node" },
    20: { ppid: 10, command: "sh" },
    10: { ppid: 5, command: "/work/.tools/bin/pulumi" },
    5: { ppid: 1, command: "bash" },
  };
  const read = (pid: number) => tree[pid];

  test("the nearest ancestor named pulumi: through the shell wrapper, or the parent itself", () => {
    expect(enginePidOf(20, read)).toBe(10);
    expect(enginePidOf(10, read)).toBe(10);
  });

  test("none within three levels, or an unreadable process: undefined (no watch)", () => {
    expect(enginePidOf(5, read)).toBeUndefined();
    expect(enginePidOf(30, (pid) => (pid === 30 ? tree[30] : undefined))).toBeUndefined();
  });

  test("reads this process's parent and command", () => {
    expect(readProcess(process.pid)).toEqual({
      ppid: process.ppid,
      command: expect.stringMatching(/node|jest/),
    });
  });
});

describe("watchEngine", () => {
  test("a live engine is not gone; once it is killed, onGone is called once", async () => {
    const engine = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const pid = engine.pid as number;
    let gone = 0;
    const goneCalled = new Promise<void>((resolve) => {
      watchEngine({
        enginePid: pid,
        intervalMs: 20,
        onGone: () => {
          gone += 1;
          resolve();
        },
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(gone).toBe(0);
    const exited = new Promise((resolve) => engine.once("exit", resolve));
    engine.kill("SIGKILL");
    await exited;
    await goneCalled;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gone).toBe(1);
    expect(isAlive(pid)).toBe(false);
  });

  test("stop ends the watch", async () => {
    const engine = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    let gone = 0;
    const stop = watchEngine({ enginePid: engine.pid as number, intervalMs: 10, onGone: () => gone++ });
    stop();
    const exited = new Promise((resolve) => engine.once("exit", resolve));
    engine.kill("SIGKILL");
    await exited;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gone).toBe(0);
  });
});
