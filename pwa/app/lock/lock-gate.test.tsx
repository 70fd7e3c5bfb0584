import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetDeviceKey } from "@/local/device-key.ts";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import { DeviceLockProvider } from "./device-lock-provider.tsx";
import { LockGate } from "./lock-gate.tsx";

afterEach(() => {
  cleanup();
  forgetDeviceKey();
  vi.unstubAllGlobals();
});

describe("The device lock's gate", () => {
  it("after the PIN is set, the form leaves first, then the app opens", async () => {
    const user = userEvent.setup();
    const clinician = userOf("clinician");
    const device = openTestDevice(clinician);
    // The session holds (the PIN set-up checks it).
    vi.stubGlobal("fetch", async () => Response.json(clinician));
    // A device this clinician has no PIN on yet.
    forgetDeviceKey();
    renderSignedIn(
      <DeviceLockProvider userId={clinician.id}>
        <LockGate>
          <h1>Chat History</h1>
        </LockGate>
      </DeviceLockProvider>,
      { user: clinician, device },
    );
    const form = await screen.findByRole("form", { name: "Set up device PIN" });
    await user.type(screen.getByLabelText("Device PIN"), "482913");
    await user.type(screen.getByLabelText("Confirm device PIN"), "482913");
    // What the screen shows at each change from the tap on, until the app is there.
    const seen: string[] = [];
    const note = () => {
      const now = screen.queryByRole("heading", { name: "Chat History" })
        ? "app"
        : form.isConnected
          ? "form"
          : (screen.queryByRole("status")?.textContent ?? "");
      if (seen.at(-1) !== now) seen.push(now);
    };
    const watch = new MutationObserver(note);
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    await user.click(screen.getByRole("button", { name: "Set PIN" }));
    await waitFor(() => expect(seen.at(-1)).toBe("app"), { timeout: 10_000 });
    watch.disconnect();
    // Its fields' unmounting updates the form's store synchronously: in the app's commit, that made
    // React run every effect of the app's first screen in the same task.
    expect(seen).toEqual(["form", "Opening Stepwise…", "app"]);
  });
});
