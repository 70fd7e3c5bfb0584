import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, type TestContext } from "../../sync-server/test/harness.ts";
import { createDevice, patient, writesOf } from "./testing.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
const logged = (patientName: string) =>
  t.sql`SELECT user_id, timestamp, metadata FROM user_activity
    WHERE activity_type = 'record_view' AND metadata->>'patient_name' = ${patientName} ORDER BY timestamp, id`;

describe("record views on a device", () => {
  it("a view recorded offline is sent once when the connection returns, with its original time", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.client.post("/api/patients", patient("viewed_offline"));
    await device.engine.sync();
    device.network.offline = true;

    // Only Date is faked: the device's clock says the view happened two hours before it could send it.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 2 * HOUR });
    const openedAt = Date.now();
    await device.engine.recordView({ patientName: "viewed_offline", what: "conversation", targetId: "conv-7" });
    await device.engine.sync();
    expect(await logged("viewed_offline")).toEqual([]);
    expect(await device.store.views.count()).toBe(1);

    vi.setSystemTime(openedAt + 2 * HOUR);
    device.network.offline = false;
    device.network.loseNextAnswer = true; // the first answer is lost: the view is sent again, stored once
    await device.engine.sync();
    await device.engine.sync();

    const rows = await logged("viewed_offline");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: device.user.id,
      metadata: { what: "conversation", target_id: "conv-7", patient_name: "viewed_offline" },
    });
    expect(Math.abs((rows[0].timestamp as Date).getTime() - openedAt)).toBeLessThan(5_000);
    expect(writesOf(device).filter((w) => w.path === "/api/activity/views")).toHaveLength(2);
    expect(await device.store.views.count()).toBe(0);

    await device.engine.sync();
    expect(writesOf(device).filter((w) => w.path === "/api/activity/views")).toHaveLength(2);
  });

  it("keeps the views of its own patients when one in the batch is no longer the user's", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.client.post("/api/patients", patient("still_mine"));
    device.network.offline = true;
    await device.engine.recordView({ patientName: "still_mine", what: "homework" });
    await device.engine.recordView({ patientName: "someone_elses", what: "summary", targetId: "c-1" });
    await device.engine.recordView({ patientName: "still_mine", what: "chat_history" });
    device.network.offline = false;
    await device.engine.sync();

    // Both views may carry the same millisecond, so their order in the log is not part of the answer.
    expect((await logged("still_mine")).map((r) => r.metadata.what).sort()).toEqual(["chat_history", "homework"]);
    expect(await logged("someone_elses")).toEqual([]);
    expect(await device.store.views.count()).toBe(0);
    expect(device.engine.getState()).toMatchObject({ pending: 0, failed: [], error: null });
  });

  it("sign-out counts the views still queued, and none once they were sent", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.client.post("/api/patients", patient("before_leaving"));
    device.network.offline = true;
    await device.engine.recordView({ patientName: "before_leaving", what: "chat_history" });
    expect(await device.engine.prepareSignOut()).toEqual({ unsent: 0, conflicts: 0, views: 1 });
    device.network.offline = false;
    expect(await device.engine.prepareSignOut()).toEqual({ unsent: 0, conflicts: 0, views: 0 });
    expect(await logged("before_leaving")).toHaveLength(1);
  });
});
