import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { notify } from "@/lib/notify.tsx";
import type { Conflict } from "@/local/index.ts";
import { type Unsent, useSyncDialogs } from "@/shared/sync/sync-dialogs-context.ts";
import { SyncStatus } from "@/shared/sync/sync-status.tsx";
import { syncTexts } from "@/shared/sync/sync-texts.ts";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { homeworkRow, userOf } from "@/test/rows.ts";

const clinician = userOf("clinician");
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  cleanup();
});

const server = homeworkRow({ id: "h1", patientName: "alex_k", version: 2 });
const conflict: Conflict = {
  id: "c1",
  table: "homework",
  rowId: "h1",
  mine: { exposurePractice: "Ride the train" },
  theirs: { ...server, exposurePractice: "Ride the bus" },
  mutationId: "m1",
  method: "PUT",
  path: "/api/homework/h1",
  op: { kind: "update", fields: { exposurePractice: "Ride the train" } },
  createdAt: "2025-01-05T13:00:00.000Z",
};

/** A device with one edit waiting (the test network is down) and, optionally, a conflict. */
async function device(withConflict = false) {
  const d = openTestDevice(clinician);
  stop = d.engine.stop;
  await d.store.homework.put(server);
  if (withConflict) await d.store.conflicts.put(conflict);
  await d.engine.mutate({ kind: "homework.update", id: "h1", values: { fear: "Crowds" } });
  await d.engine.sync();
  return d;
}

function SignOutProbe({ unsent = { unsent: 1, conflicts: 1, views: 0 } }: { unsent?: Unsent }) {
  const { confirmSignOut } = useSyncDialogs();
  const [answer, setAnswer] = useState("");
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await confirmSignOut(unsent)))}>
        Logout
      </button>
      <output>{answer}</output>
    </>
  );
}

// The signed-in providers hold the app's one SyncDialogsHost.
const render = async (withConflict = false) =>
  renderSignedIn(
    <>
      <SyncStatus />
      <SignOutProbe />
    </>,
    { user: clinician, device: await device(withConflict) },
  );

describe("the status line and the sign-out question", () => {
  it("the status line shows a conflict as a badge and opens the Sync panel", async () => {
    const user = userEvent.setup();
    await render(true);
    const line = await screen.findByRole("button", { name: /^Sync: .*1 conflict/ });
    within(line).getByText("1 conflict");
    await user.click(line);
    const panel = await screen.findByRole("dialog", { name: "Sync" });
    await within(panel).findByRole("listitem", { name: "Conflict: Homework for alex_k" });
  });

  it("signing out with unsent changes asks; Cancel keeps the user signed in", async () => {
    const user = userEvent.setup();
    await render(true);
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    const ask = await screen.findByRole("alertdialog", { name: "2 changes have not been sent yet" });
    within(ask).getByText("1 conflict needs your choice before it can be sent.");
    await user.click(within(ask).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.querySelector("output")?.textContent).toBe("false"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("Try to sync stays open and says what is still unsent; Discard and sign out signs out", async () => {
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    const ask = await screen.findByRole("alertdialog", { name: "2 changes have not been sent yet" });
    await user.click(within(ask).getByRole("button", { name: "Try to sync" }));
    await within(ask).findByText(/1 change still has not been sent\./);
    await user.click(within(ask).getByRole("button", { name: "Discard and sign out" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.querySelector("output")?.textContent).toBe("true");
  });

  it("signing out with only record views unsent says so, without Review changes, and Discard signs out", async () => {
    const user = userEvent.setup();
    const d = openTestDevice(clinician);
    stop = d.engine.stop;
    await d.engine.recordView({ patientName: "alex_k", what: "summary", targetId: "c-1" });
    const waiting = await d.engine.prepareSignOut();
    expect(waiting).toEqual({ unsent: 0, conflicts: 0, views: 1 });
    renderSignedIn(<SignOutProbe unsent={waiting} />, { user: clinician, device: d });
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    const ask = await screen.findByRole("alertdialog", { name: "1 record view has not been sent yet" });
    within(ask).getByText(syncTexts.viewsSignOutLoses(1));
    expect(within(ask).queryByRole("button", { name: "Review changes" })).toBeNull();
    await user.click(within(ask).getByRole("button", { name: "Try to sync" }));
    await within(ask).findByText(/1 record view has not been sent yet\./);
    await user.click(within(ask).getByRole("button", { name: "Discard and sign out" }));
    expect(document.querySelector("output")?.textContent).toBe("true");
  });

  it("Review changes opens the Sync panel instead of signing out", async () => {
    const user = userEvent.setup();
    await render(true);
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    const ask = await screen.findByRole("alertdialog");
    await user.click(within(ask).getByRole("button", { name: "Review changes" }));
    await screen.findByRole("dialog", { name: "Sync" });
    expect(document.querySelector("output")?.textContent).toBe("false");
  });

  it("warns once per device when changes are stuck and the browser may clear its storage", async () => {
    Object.defineProperty(navigator, "storage", {
      configurable: true,
      value: { persist: async () => false, persisted: async () => false },
    });
    localStorage.clear();
    try {
      const first = await device();
      await first.engine.requestPersistence();
      renderSignedIn(null, { user: clinician, device: first });
      await screen.findByText(syncTexts.storageNotice);
      notify.dismiss();
      await waitFor(() => expect(screen.queryByText(syncTexts.storageNotice)).toBeNull());
      cleanup();

      const again = await device();
      await again.engine.requestPersistence();
      renderSignedIn(null, { user: clinician, device: again });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByText(syncTexts.storageNotice)).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, "storage");
    }
  });
});
