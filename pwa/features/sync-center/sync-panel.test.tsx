import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CloudDownloadIcon } from "lucide-react";
import { afterEach, describe, expect, it } from "vitest";
import type { Conflict, OutboxEntry, SyncState } from "@/local/index.ts";
import { describeSync } from "@/shared/sync/sync-status.tsx";
import { syncTexts } from "@/shared/sync/sync-texts.ts";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { homeworkRow, userOf } from "@/test/rows.ts";
import { SyncPanelBody } from "./sync-panel.tsx";

const clinician = userOf("clinician");
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  cleanup();
});

const server = homeworkRow({ id: "h1", patientName: "alex_k", exposurePractice: "Ride the bus", version: 2 });

const conflict: Conflict = {
  id: "c1",
  table: "homework",
  rowId: "h1",
  mine: { fear: server.fear, exposurePractice: "Ride the train", frequency: server.frequency },
  theirs: server,
  mutationId: "m1",
  method: "PUT",
  path: "/api/homework/h1",
  op: { kind: "update", fields: { exposurePractice: "Ride the train" } },
  createdAt: "2025-01-05T13:00:00.000Z",
};

const refused: OutboxEntry = {
  id: "m2",
  method: "PUT",
  path: "/api/homework/h1",
  body: { roundNumber: 0 },
  baseVersion: 2,
  table: "homework",
  rowId: "h1",
  op: { kind: "update", fields: { roundNumber: 0 } },
  createdAt: "2025-01-05T13:00:00.000Z",
  status: "failed",
  error: "Rounds must be a whole number of at least 1",
};

async function openPanel(put: { conflicts?: Conflict[]; outbox?: OutboxEntry[] }) {
  const device = openTestDevice(clinician);
  stop = device.engine.stop;
  await device.store.homework.put(server);
  await device.store.conflicts.bulkPut(put.conflicts ?? []);
  await device.store.outbox.bulkAdd(put.outbox ?? []);
  // The engine's one sync attempt (the test network is down) counts what waits.
  await device.engine.sync();
  return renderSignedIn(<SyncPanelBody />, { user: clinician, device });
}

describe("Sync panel", () => {
  it("during a first sync shows a progress bar and what is left; the status line says what is downloading", async () => {
    const device = openTestDevice(clinician);
    stop = device.engine.stop;
    const progress = { table: "conversation_messages", done: 12400, total: 50000, remaining: 37600 } as const;
    await device.store.meta.put({ key: "firstSync", value: JSON.stringify(progress) });
    await device.engine.start();
    renderSignedIn(<SyncPanelBody />, { user: clinician, device });
    const bar = await screen.findByRole("progressbar", { name: "First sync" });
    expect(bar.getAttribute("aria-valuenow")).toBe("12400");
    expect(bar.getAttribute("aria-valuemax")).toBe("50000");
    expect(screen.getByText("37,600 items left to download")).toBeTruthy();

    const syncing = { ...device.engine.getState(), online: true, syncing: true };
    expect(describeSync({ ...syncing, firstSync: { ...progress, secondsLeft: 20 } }, true).label).toBe(
      "Downloading 12,400 of 50,000 messages · about 20 s left",
    );
    expect(describeSync({ ...syncing, firstSync: { ...progress, secondsLeft: 130 } }, true).label).toBe(
      "Downloading 12,400 of 50,000 messages · about 3 min left",
    );
    expect(describeSync({ ...syncing, firstSync: null }, true).label).toBe("Syncing…");
  });

  it("a first sync's status icon stands still (its counts move), a short sync's icon spins", () => {
    const device = openTestDevice(clinician);
    stop = device.engine.stop;
    const state: SyncState = {
      ...device.engine.getState(),
      online: true,
      syncing: true,
      firstSync: { table: "patients", done: 10, total: 50, remaining: 40, secondsLeft: null },
    };
    const first = describeSync(state, true);
    expect(first.spin).toBeFalsy();
    expect(first.Icon).toBe(CloudDownloadIcon);
    expect(describeSync({ ...state, firstSync: null }, true).spin).toBe(true);
  });

  it("shows a conflict in the clinician's words, with only the fields that differ side by side", async () => {
    await openPanel({ conflicts: [conflict] });
    const card = await screen.findByRole("listitem", { name: "Conflict: Homework for alex_k" });
    within(card).getByText(
      "Homework for alex_k: you changed exposure practice to “Ride the train”, someone else changed it to “Ride the bus”.",
    );
    const rows = within(card).getAllByRole("row").slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ["Exposure practice", "Ride the train", "Ride the bus"],
    ]);
    screen.getByRole("heading", { name: "Conflicts (1)" });
  });

  it("Use theirs keeps the server's row, drops my change and says so", async () => {
    const user = userEvent.setup();
    const { store } = await openPanel({ conflicts: [conflict] });
    const card = await screen.findByRole("listitem", { name: "Conflict: Homework for alex_k" });
    await user.click(within(card).getByRole("button", { name: "Use theirs" }));
    await screen.findByText(syncTexts.keptTheirs);
    await screen.findByText("No conflicts and no refused changes.");
    expect(await store.conflicts.count()).toBe(0);
    expect(await store.outbox.count()).toBe(0);
    expect(await store.homework.get("h1")).toMatchObject({ exposurePractice: "Ride the bus" });
  });

  it("Keep mine queues my change again over the server's row and says so", async () => {
    const user = userEvent.setup();
    const { store } = await openPanel({ conflicts: [conflict] });
    const card = await screen.findByRole("listitem", { name: "Conflict: Homework for alex_k" });
    await user.click(within(card).getByRole("button", { name: "Keep mine" }));
    await screen.findByText(syncTexts.keptMine);
    expect(await store.conflicts.count()).toBe(0);
    const [queued] = await store.outbox.toArray();
    expect(queued).toMatchObject({ method: "PUT", path: "/api/homework/h1", body: conflict.mine, status: "pending" });
    expect(queued.baseVersion).toBeUndefined();
    expect(await store.homework.get("h1")).toMatchObject({ exposurePractice: "Ride the train", _pending: true });
  });

  it("a refused change shows the server's message and Try again sends it once more", async () => {
    const user = userEvent.setup();
    const { store } = await openPanel({ outbox: [refused] });
    const item = await screen.findByRole("listitem", { name: "Not saved: Changes to homework for alex_k" });
    within(item).getByText(/Rounds must be a whole number of at least 1/);
    await user.click(within(item).getByRole("button", { name: "Try again" }));
    await screen.findByText(syncTexts.retried);
    await waitFor(async () => expect((await store.outbox.toArray())[0]?.status).toBe("pending"));
    expect(screen.queryByRole("listitem", { name: /Not saved/ })).toBeNull();
  });

  it("a refusal without the server's words is worded from its status (Request failed with status {n})", async () => {
    const wordless: OutboxEntry = { ...refused, error: undefined, refusal: { code: "validation", status: 400 } };
    await openPanel({ outbox: [wordless] });
    const item = await screen.findByRole("listitem", { name: "Not saved: Changes to homework for alex_k" });
    within(item).getByText("The server did not accept it: Request failed with status 400");
  });

  it("Discard asks first; cancelling keeps the change, confirming drops it", async () => {
    const user = userEvent.setup();
    const { store } = await openPanel({ outbox: [refused] });
    const item = await screen.findByRole("listitem", { name: "Not saved: Changes to homework for alex_k" });
    await user.click(within(item).getByRole("button", { name: "Discard" }));
    const ask = await screen.findByRole("alertdialog", { name: "Discard this change?" });
    await user.click(within(ask).getByRole("button", { name: "Cancel" }));
    expect(await store.outbox.count()).toBe(1);

    await user.click(within(item).getByRole("button", { name: "Discard" }));
    const again = await screen.findByRole("alertdialog", { name: "Discard this change?" });
    await user.click(within(again).getByRole("button", { name: "Discard" }));
    await screen.findByText(syncTexts.discarded);
    expect(await store.outbox.count()).toBe(0);
    await screen.findByText("No conflicts and no refused changes.");
  });

  it("shows what waits, when it last synced, Sync now, and the install hint when storage may be cleared", async () => {
    Object.defineProperty(navigator, "storage", {
      configurable: true,
      value: { persist: async () => false, persisted: async () => false },
    });
    try {
      const device = openTestDevice(clinician);
      stop = device.engine.stop;
      await device.store.homework.put(server);
      await device.store.meta.put({ key: "lastSyncedAt", value: "2025-01-05T13:04:05.000Z" });
      await device.engine.mutate({ kind: "homework.update", id: "h1", values: { fear: "Crowds" } });
      await device.engine.requestPersistence();
      await device.engine.start();
      renderSignedIn(<SyncPanelBody />, { user: clinician, device });
      await screen.findByText("1 change");
      screen.getByText(syncTexts.storageNotice);
      expect(screen.getByText("Last synced").nextElementSibling?.textContent).toMatch(/^January 5, 2025 \d\d:04:05$/);
      // The last attempt failed, but the browser has a connection: the clinician may try again now.
      expect(screen.getByRole<HTMLButtonElement>("button", { name: "Sync now" }).disabled).toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, "storage");
    }
  });
});
