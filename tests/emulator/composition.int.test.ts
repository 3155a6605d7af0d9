import { type RunningEmulator, startEmulator } from "../../emulator";
import { DigestClient, OWNER_KEY, PROJECT } from "./core/helpers";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emu.close();
});

test("without `operations` the emulator serves the composed operations through the core", async () => {
  const operations = emu.core.router.operations;
  expect(operations.length).toBeGreaterThan(0);
  expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
  const answer = await new DigestClient(emu.url, OWNER_KEY).call(
    "GET",
    `/api/platform/v2/groups/${PROJECT}/awsCustomDNS`,
  );
  expect(answer.status).toBe(200);
  // Asked for 2025-03-12; operation 35 declares only 2023-01-01, the newest not later than that.
  expect(answer.headers["content-type"]).toBe("application/vnd.platform.2023-01-01+json");
  expect((answer.json as { links: unknown }).links).toEqual([
    { rel: "self", href: `${emu.baseUrl}/groups/${PROJECT}/awsCustomDNS` },
  ]);
});
