/**
 * The provider host ends when the engine does (provider/framework/engineWatch.ts): it finds the
 * engine's address in its arguments and notices, by probing it, when nothing listens there any more.
 */
import { createServer, type Server } from "node:net";
import { engineAddressOf, isListening, watchEngine } from "../../../provider/framework/engineWatch";

const HOST_SCRIPT = "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

function listen(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy());
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address !== null ? address.port : 0 });
    });
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe("engineAddressOf", () => {
  test("the dynamic provider host's first argument is the engine's address", () => {
    expect(engineAddressOf(["node", HOST_SCRIPT, "127.0.0.1:36597"])).toEqual({
      host: "127.0.0.1",
      port: 36597,
    });
    expect(engineAddressOf(["node", HOST_SCRIPT.replace("/index.js", ""), "[::1]:4000"])).toEqual({
      host: "::1",
      port: 4000,
    });
  });

  test("any other process (a test, a tool) has none: nothing is watched", () => {
    expect(engineAddressOf(["node", "/p/node_modules/.bin/jest", "127.0.0.1:36597"])).toBeUndefined();
    expect(engineAddressOf(["node", HOST_SCRIPT])).toBeUndefined();
    expect(engineAddressOf(["node", HOST_SCRIPT, "not-an-address"])).toBeUndefined();
  });
});

describe("watchEngine", () => {
  test("a listening engine is not gone; a closed one is, after two refused probes", async () => {
    const { server, port } = await listen();
    const address = { host: "127.0.0.1", port };
    expect(await isListening(address)).toBe(true);
    let gone = 0;
    const goneCalled = new Promise<void>((resolve) => {
      watchEngine({
        address,
        intervalMs: 20,
        onGone: () => {
          gone += 1;
          resolve();
        },
      });
    });
    // Several probes while it listens: nothing happens.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(gone).toBe(0);
    await close(server);
    expect(await isListening(address)).toBe(false);
    await goneCalled;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gone).toBe(1);
  });

  test("stop ends the watch", async () => {
    const { server, port } = await listen();
    let gone = 0;
    const stop = watchEngine({ address: { host: "127.0.0.1", port }, intervalMs: 10, onGone: () => gone++ });
    stop();
    await close(server);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gone).toBe(0);
  });
});
