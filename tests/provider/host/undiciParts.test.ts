/**
 * The transport loads undici's Agent and request API from their own modules, not undici's index
 * (provider/host/undiciParts.ts). These are the same classes and function the index exports, and
 * loading them does not load the index; a new undici version that moves them fails here.
 */
import * as undici from "undici";
import type * as UndiciParts from "../../../provider/host/undiciParts";
import { Agent, request } from "../../../provider/host/undiciParts";

afterEach(() => {
  jest.resetModules();
});

test("Agent is undici's Agent", () => {
  expect(Agent).toBe(undici.Agent);
});

test("the request module is the function undici's index puts on Dispatcher.prototype", () => {
  jest.isolateModules(() => {
    const index = require("undici") as typeof undici;
    expect(require("undici/lib/api/api-request")).toBe(index.Dispatcher.prototype.request);
    expect(require("undici/lib/dispatcher/agent")).toBe(index.Agent);
  });
});

test("loading the parts does not load undici's index", () => {
  let indexLoaded = false;
  let parts: typeof UndiciParts | undefined;
  jest.isolateModules(() => {
    jest.doMock("undici", () => {
      indexLoaded = true;
      return jest.requireActual("undici");
    });
    parts = require("../../../provider/host/undiciParts") as typeof UndiciParts;
  });
  expect(typeof parts?.Agent).toBe("function");
  expect(indexLoaded).toBe(false);
});

test("request sends through any dispatcher, a MockAgent of undici's index included", async () => {
  const mockAgent = new undici.MockAgent();
  mockAgent.disableNetConnect();
  mockAgent
    .get("http://api.test")
    .intercept({ path: "/ping", method: "GET" })
    .reply(200, '{"ok":true}', { headers: { "content-type": "application/json" } });
  try {
    const response = await request(mockAgent, { origin: "http://api.test", path: "/ping", method: "GET" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(await response.body.text()).toBe('{"ok":true}');
  } finally {
    await mockAgent.close();
  }
});
