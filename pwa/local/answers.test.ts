import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../sync-server/test/harness.ts";
import { createDevice, homework, patient, writesOf } from "./testing.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the device decides on the server's error codes, not its words", () => {
  it("a change answered idempotency_in_progress stays waiting and goes out again, whatever the message says", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.client.post("/api/patients", patient("busy_key"));
    await device.engine.sync();

    let busy = true;
    device.network.answerInstead = (method) => {
      if (method !== "POST" || !busy) return undefined;
      busy = false;
      return json(409, { code: "idempotency_in_progress", message: "Un moment, s'il vous plaît" });
    };
    await device.engine.mutate({ kind: "homework.create", values: homework("busy_key", "Crowds") });
    await device.engine.sync();
    expect(device.engine.getState()).toMatchObject({ pending: 1, failed: [], error: { code: "server_unavailable" } });

    await device.engine.sync();
    expect(device.engine.getState()).toMatchObject({ pending: 0, failed: [], error: null });
    expect(writesOf(device)).toHaveLength(2);
    expect(await t.sql`SELECT fear FROM homework WHERE patient_name = 'busy_key'`).toEqual([{ fear: "Crowds" }]);
  });

  it("a change refused until the password is changed stays waiting, and goes out once it is", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.client.post("/api/patients", patient("reset_meanwhile"));
    await device.engine.sync();
    let mustChange = true;
    device.network.answerInstead = (method) =>
      method === "POST" && mustChange
        ? json(403, { code: "must_change_password", message: "You must change your password before continuing." })
        : undefined;
    await device.engine.mutate({ kind: "homework.create", values: homework("reset_meanwhile", "Lifts") });
    await device.engine.sync();
    expect(device.engine.getState()).toMatchObject({ pending: 1, failed: [] });

    mustChange = false;
    await device.engine.sync();
    expect(device.engine.getState()).toMatchObject({ pending: 0, failed: [], error: null });
    expect(await t.sql`SELECT fear FROM homework WHERE patient_name = 'reset_meanwhile'`).toEqual([{ fear: "Lifts" }]);
  });

  it("a refused change keeps the refusal's code and status, and no sentence of the device's own", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.client.post("/api/patients", patient("wordless"));
    await device.engine.sync();
    // A proxy's refusal: a status and no body.
    device.network.answerInstead = (method) => (method === "POST" ? new Response(null, { status: 400 }) : undefined);
    const { rowId } = await device.engine.mutate({ kind: "homework.create", values: homework("wordless", "Heights") });
    await device.engine.sync();
    const [failed] = device.engine.getState().failed;
    expect(failed?.refused).toEqual({ code: "validation", status: 400 });
    const [entry] = await device.store.outbox.toArray();
    expect(entry).toMatchObject({ status: "failed", refusal: { code: "validation", status: 400 } });
    expect(entry?.error).toBeUndefined();
    expect((await device.store.homework.get(rowId))?._failed).toEqual({ code: "validation", status: 400 });
  });

  it("a refused pull keeps its code, the server's words and its status for the status to show", async () => {
    const device = createDevice(t, await t.as("clinician"));
    device.network.answerInstead = (_method, path) =>
      path.startsWith("/api/sync/pull") ? json(403, { code: "forbidden", message: "Not today" }) : undefined;
    await device.engine.sync();
    expect(device.engine.getState().error).toEqual({ code: "forbidden", message: "Not today", status: 403 });
  });
});

/** The server's real answer with one change made to its JSON: what a broken proxy or server might send. */
const altered = async (real: Response, change: (body: any) => void) => {
  const body = await real.json();
  change(body);
  return json(real.status, body);
};

describe("the device parses what reaches it (schema/rows.ts)", () => {
  it("a malformed pull page leaves the store unchanged and the status shows the error", async () => {
    const clinician = await t.as("clinician");
    const device = createDevice(t, clinician);
    await clinician.post("/api/patients", patient("parsed_first"));
    await device.engine.sync();
    const before = await device.store.patients.toArray();
    const cursor = await device.store.meta.get("cursor");

    await clinician.post("/api/patients", patient("parsed_second"));
    device.network.answerInstead = (_method, path, real) =>
      path.startsWith("/api/sync/pull")
        ? altered(real, (page) => {
            page.changes.patients[0].age = "fifteen";
          })
        : undefined;
    await device.engine.sync();

    expect(device.engine.getState().error).toEqual({ code: "bad_answer" });
    expect(await device.store.patients.toArray()).toEqual(before);
    expect(await device.store.meta.get("cursor")).toEqual(cursor);

    device.network.answerInstead = undefined;
    await device.engine.sync();
    expect(device.engine.getState().error).toBeNull();
    expect((await device.store.patients.toArray()).map((p) => p.username).sort()).toEqual([
      "parsed_first",
      "parsed_second",
    ]);
  });

  it("a pushed change whose answer is a malformed row is confirmed without storing that row", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.engine.sync();
    device.network.answerInstead = async (method, path, real) => {
      if (method === "POST") return altered(real, (row) => (row.age = "fifteen"));
      // Keep the pull away, so only the push's answer could reach the store.
      if (path.startsWith("/api/sync/pull")) return json(503, { code: "server_error", message: "Down" });
      return undefined;
    };
    const { rowId } = await device.engine.mutate({ kind: "patient.create", values: patient("parsed_push") });
    await device.engine.sync();

    expect(device.engine.getState()).toMatchObject({ pending: 0, failed: [] });
    expect(await device.store.patients.get(rowId)).toMatchObject({ username: "parsed_push", age: 15 });
  });
});
