import "fake-indexeddb/auto";
import { unreviewedSafetyFlag } from "@schema/rows.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../sync-server/test/harness.ts";
import { addPatient, addSummary } from "../../sync-server/test/sync-rows.ts";
import { createDevice, writesOf } from "./testing.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const isReview = (r: { path: string }) => r.path.endsWith("/safety-review");

describe("marking a safety flag reviewed", () => {
  it("offline on one tablet: shown at once, sent once on reconnecting, then no longer a risk on the other tablet", async () => {
    const clinician = await t.as("clinician", { first_name: "Maya", last_name: "Rivera" });
    const { username } = await addPatient(t.sql, clinician.user?.id ?? null);
    const id = await addSummary(t.sql, username);
    await t.sql`UPDATE conversation_summaries SET is_safetychecker = true WHERE id = ${id}`;
    const [{ version }] = await t.sql`SELECT version FROM conversation_summaries WHERE id = ${id}`;

    const tablet = createDevice(t, clinician);
    const other = createDevice(t, await t.signIn(clinician.user as NonNullable<typeof clinician.user>));
    await tablet.engine.sync();
    await other.engine.sync();
    expect(unreviewedSafetyFlag((await other.store.conversation_summaries.get(id))!)).toBe(true);

    tablet.network.offline = true;
    const before = Date.now();
    await tablet.engine.mutate({ kind: "summary.safetyReview", id });
    // An edit made after it on the same summary still goes through: a review is not an edit.
    await tablet.engine.mutate({ kind: "summary.update", id, values: { summary: "Called the patient" } });
    await tablet.engine.sync();
    const shown = await tablet.store.conversation_summaries.get(id);
    expect(shown).toMatchObject({
      safety_reviewed_by: tablet.user.id,
      safety_reviewed_by_name: "Maya Rivera",
      summary: "Called the patient",
      _pending: true,
    });
    expect(Date.parse(shown?.safety_reviewed_at ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect(unreviewedSafetyFlag(shown!)).toBe(false);
    expect(tablet.engine.getState()).toMatchObject({ online: false, pending: 2 });
    expect((await t.sql`SELECT safety_reviewed_at FROM conversation_summaries WHERE id = ${id}`)[0]).toEqual({
      safety_reviewed_at: null,
    });

    tablet.network.offline = false;
    await tablet.engine.sync();
    expect(tablet.engine.getState()).toMatchObject({ online: true, pending: 0, failed: [], conflicts: 0 });
    expect(writesOf(tablet).filter(isReview)).toHaveLength(1);
    const [row] = await t.sql`SELECT safety_reviewed_by, safety_reviewed_by_name, summary, version
      FROM conversation_summaries WHERE id = ${id}`;
    expect(row).toEqual({
      safety_reviewed_by: tablet.user.id,
      safety_reviewed_by_name: "Maya Rivera",
      summary: "Called the patient",
      version: version + 1,
    });
    const confirmed = await tablet.store.conversation_summaries.get(id);
    expect(confirmed?._pending).toBeUndefined();
    expect(confirmed).toMatchObject({ safety_reviewed_by_name: "Maya Rivera", version: version + 1 });

    await other.engine.sync();
    const pulled = await other.store.conversation_summaries.get(id);
    expect(pulled).toMatchObject({ safety_reviewed_by: tablet.user.id, safety_reviewed_by_name: "Maya Rivera" });
    expect(pulled?.safety_reviewed_at).toBe(confirmed?.safety_reviewed_at);
    expect((await other.store.conversation_summaries.toArray()).filter(unreviewedSafetyFlag)).toEqual([]);
  });

  it("a review whose answer was lost is sent again and stored once, the first time kept", async () => {
    const clinician = await t.as("clinician");
    const { username } = await addPatient(t.sql, clinician.user?.id ?? null);
    const id = await addSummary(t.sql, username);
    await t.sql`UPDATE conversation_summaries SET is_safetychecker = true WHERE id = ${id}`;
    const tablet = createDevice(t, clinician);
    await tablet.engine.sync();

    tablet.network.loseNextAnswer = true;
    await tablet.engine.mutate({ kind: "summary.safetyReview", id });
    await tablet.engine.sync();
    const [first] = await t.sql`SELECT safety_reviewed_at FROM conversation_summaries WHERE id = ${id}`;
    expect(first.safety_reviewed_at).not.toBeNull();
    await tablet.engine.sync();

    expect(tablet.engine.getState()).toMatchObject({ pending: 0, failed: [] });
    expect(writesOf(tablet).filter(isReview)).toHaveLength(2);
    const [after] = await t.sql`SELECT safety_reviewed_at FROM conversation_summaries WHERE id = ${id}`;
    expect(after.safety_reviewed_at).toEqual(first.safety_reviewed_at);
    expect((await tablet.store.conversation_summaries.get(id))?.safety_reviewed_at).toBe(
      first.safety_reviewed_at.toISOString(),
    );
  });

  it("a summary without the flag is refused and the change marked failed with the server's words", async () => {
    const clinician = await t.as("clinician");
    const { username } = await addPatient(t.sql, clinician.user?.id ?? null);
    const id = await addSummary(t.sql, username);
    const tablet = createDevice(t, clinician);
    await tablet.engine.sync();
    await tablet.engine.mutate({ kind: "summary.safetyReview", id });
    await tablet.engine.sync();
    expect(tablet.engine.getState().failed).toEqual([
      expect.objectContaining({
        refused: expect.objectContaining({ message: "This summary has no safety flag to mark reviewed" }),
      }),
    ]);
  });
});
