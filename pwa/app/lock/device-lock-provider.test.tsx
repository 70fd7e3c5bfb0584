import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetDeviceKey, holdDataKey } from "@/local/device-key.ts";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import { DeviceLockProvider } from "./device-lock-provider.tsx";
import { useDeviceLock } from "./lock-context.ts";

afterEach(() => {
  cleanup();
  forgetDeviceKey();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function Phase() {
  return <p>{useDeviceLock().phase}</p>;
}

/** The lock's phase as a signed-in page of `clinician` shows it. */
function renderPhase(clinician: ReturnType<typeof userOf>, device: ReturnType<typeof openTestDevice>) {
  renderSignedIn(
    <DeviceLockProvider userId={clinician.id}>
      <Phase />
    </DeviceLockProvider>,
    { user: clinician, device },
  );
}

describe("The device lock across tabs", () => {
  it("locks a tab that another tab locked after its PIN was taken, while its app was still opening", async () => {
    const clinician = userOf("clinician");
    const device = openTestDevice(clinician);
    vi.stubGlobal("fetch", async () => Response.json(clinician));
    // This tab took the PIN; before its app was open (and listening), another tab locked.
    holdDataKey(clinician.id, new Uint8Array(32));
    localStorage.setItem(`stepwise.lockedAt.${clinician.id}`, String(Date.now() + 1));
    renderPhase(clinician, device);
    expect(await screen.findByText("locked")).toBeTruthy();
  });

  it("stays open after a lock another tab made before this tab's PIN was taken", async () => {
    const clinician = userOf("clinician");
    const device = openTestDevice(clinician);
    vi.stubGlobal("fetch", async () => Response.json(clinician));
    localStorage.setItem(`stepwise.lockedAt.${clinician.id}`, String(Date.now() - 60_000));
    holdDataKey(clinician.id, new Uint8Array(32));
    renderPhase(clinician, device);
    expect(await screen.findByText("unlocked")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText("unlocked")).toBeTruthy();
  });
});
